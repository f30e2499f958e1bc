"""Quiz items whose data, answers and feedback all come from the engine (pure: no files).

Each variant trains on small seeded data (generated clouds rounded to one decimal, so a student
can work with the numbers) and asks one thing with one answer, so every LMS format can grade it:
  next-update  which example makes the next update (choice)
  new-w        one component of w after an update (number)
  converge     does the perceptron stop making mistakes on this data (choice)
  hand-bias    with w1, w2 given, a bias b that separates the data (number; any separating b is
               accepted: the answer is the middle of the open interval of separating b, the
               tolerance just under its half-width)
  bound        the mistake bound (R/γ)² from the given R and γ (number, 1 % tolerance)
An item: {id, kind, title, stem (HTML), image {name, png, alt}, answer, feedback (HTML)};
answer {type: "choice", options, correct} or {type: "numeric", value, tolerance}.
"""

import math

import numpy as np

from ..core.features import prepare
from ..core import train
from ..data.dataset import points_dataset
from ..data.presets import preset
from ..exercise.visits import VisitRecord
from ..plots.boundary import boundary_figure
from ..plots.figure import render
from ..theory import margin as theory

KINDS = ("next-update", "new-w", "converge", "hand-bias", "bound")
BOUND_RTOL = 0.01
IMAGE_PX = (480, 400)  # the data area stays large under the legend
W_NAMES = ("w₁", "w₂", "b")


def num(v):
    """A number as the item shows it: up to 4 significant digits, no trailing zeros, minus as −."""
    t = f"{v:.4g}" if abs(v) >= 1e-9 else "0"
    return t.replace("-", "−")


def vec(v):
    return "(" + ", ".join(num(c) for c in v) + ")"


def rounded_data(name, n, seed, margin=0.3):
    """Generated 2-D data with coordinates rounded to one decimal (the numbers the student sees)."""
    ds = preset(name, n=n, seed=seed, margin=margin)
    pts = [[round(float(a), 1), round(float(b), 1), int(c)] for (a, b), c in zip(ds.X, ds.y)]
    return points_dataset(pts)


def _table(ds):
    rows = "".join(f"<tr><td>{i + 1}</td><td>{num(a)}</td><td>{num(b)}</td><td>{'+1' if c > 0 else '−1'}</td></tr>"
                   for i, ((a, b), c) in enumerate(zip(ds.X, ds.y)))
    return ("<table><thead><tr><th>example</th><th>x₁</th><th>x₂</th><th>y</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>")


def _image(ds, w, name, title):
    fig = boundary_figure(ds.X, ds.y, w=np.asarray(w, float), title=title, width_px=IMAGE_PX[0],
                          height_px=IMAGE_PX[1], feature_names=["x₁", "x₂"], label_names={-1: "−1", 1: "+1"})
    return {"name": f"{name}.png", "png": render(fig, "png"), "alt": fig.alt_text, "size": IMAGE_PX}


def _visits(ds, limit):
    Z = prepare(ds.X)
    record = VisitRecord(Z, ds.y, 1.0, limit)
    train(Z, ds.y, algorithm="online", max_epochs=math.ceil(limit / len(Z)), order="fixed", trace_cap=2,
          visitor=record)
    return record.visits


RULE = ("The online perceptron (bias on: x̃ = (x₁, x₂, 1), η = 1) starts from w = (0, 0, 0) and visits the "
        "examples in the table's order; on a mistake (y·w·x̃ ≤ 0) it updates w ← w + y·x̃.")


def next_update(seed, ident):
    """Which example makes the second update (the first is always example 1: w = 0 errs on it)."""
    for s in range(seed, seed + 1000):
        ds = rounded_data("clouds", 6, s)
        vs = _visits(ds, 6)
        later = [v for v in vs[1:] if v["mistake"]]
        if len(set(ds.y.tolist())) == 2 and later:
            break
    first, nxt = vs[0], later[0]
    options = [f"Example {i + 1}" for i in range(1, len(ds.y))]
    checks = "; ".join(f"example {v['index'] + 1}: y·w·x̃ = {num(v['ya'])}" for v in vs[1:nxt["t"]])
    return {
        "id": ident, "kind": "next-update", "title": f"Predict the next update ({ident})",
        "stem": f"<p>{RULE}</p>{_table(ds)}<p>After the first update (on example 1) w = {vec(first['w_after'])}. "
                "Which example makes the next update?</p>",
        "image": _image(ds, first["w_after"], ident, "w after the first update"),
        "answer": {"type": "choice", "options": options, "correct": nxt["index"] - 1},
        "feedback": f"<p>With w = {vec(first['w_after'])}: {checks}. The first y·w·x̃ ≤ 0 is example "
                    f"{nxt['index'] + 1}, so it is updated next: w becomes {vec(nxt['w_after'])}.</p>",
    }


def new_w(seed, ident, component):
    """One component of w after the second update."""
    for s in range(seed, seed + 1000):
        ds = rounded_data("clouds", 6, s)
        ups = [v for v in _visits(ds, 6) if v["mistake"]]
        if len(ups) >= 2:
            break
    u = ups[1]
    k = component % 3
    x, y = u["x"], u["y"]
    return {
        "id": ident, "kind": "new-w", "title": f"The new w ({ident})",
        "stem": f"<p>{RULE}</p>{_table(ds)}<p>Before its second update w = {vec(u['w_before'])}, and example "
                f"{u['index'] + 1} is a mistake (y·w·x̃ = {num(u['ya'])}). What is {W_NAMES[k]} after this "
                "update?</p>",
        "image": _image(ds, u["w_before"], ident, "w before the second update"),
        "answer": {"type": "numeric", "value": u["w_after"][k], "tolerance": 0.001},
        "feedback": f"<p>w ← w + y·x̃ = {vec(u['w_before'])} + ({'+1' if y > 0 else '−1'})·{vec(x)} = "
                    f"{vec(u['w_after'])}, so {W_NAMES[k]} = {num(u['w_after'][k])}.</p>",
    }


def converge(seed, ident, separable_wanted):
    """Separable clouds or overlapping clouds; the answer is the engine's exact verdict."""
    for s in range(seed, seed + 1000):
        ds = rounded_data("clouds" if separable_wanted else "overlap", 20, s)
        Z = prepare(ds.X)
        th = theory.summary(Z, ds.y)
        if th["separable"] is separable_wanted:
            break
    run = train(Z, ds.y, algorithm="online", max_epochs=100, order="fixed", trace_cap=2)
    if th["separable"]:
        why = (f"The data is linearly separable: the largest margin is γ = {num(th['gamma'])} with radius "
               f"R = {num(th['R'])}, so Novikoff's theorem allows at most (R/γ)² = {num(th['bound'])} mistakes. "
               f"This run stopped after {run.mistakes} mistakes, in epoch {run.n_epochs}.")
    else:
        why = ("No line separates the two classes (the engine proves it: a combination of the examples "
               "with non-negative weights cancels out), so every epoch makes at least one mistake: in "
               f"{run.n_epochs} epochs this run made {run.mistakes} mistakes and never a clean epoch.")
    return {
        "id": ident, "kind": "converge", "title": f"Will it converge? ({ident})",
        "stem": "<p>The online perceptron (bias on) trains on the 20 points in the picture, for as many epochs "
                f"as it needs.</p>{_table(ds)}<p>Does it reach an epoch without mistakes?</p>",
        # The first update's w: the run's last w would give the answer away (rings only when not separable).
        "image": _image(ds, _visits(ds, 1)[0]["w_after"], ident, "w after the first update"),
        "answer": {"type": "choice", "options": ["Yes: it stops making mistakes after finitely many updates",
                                                 "No: it makes mistakes in every epoch, forever"],
                   "correct": 0 if th["separable"] else 1},
        "feedback": f"<p>{why}</p>",
    }


def hand_bias(seed, ident):
    """w1, w2 given (the max-margin direction, rounded); any b that separates is right."""
    for s in range(seed, seed + 1000):
        ds = rounded_data("clouds", 10, s, margin=0.6)
        th = theory.summary(prepare(ds.X), ds.y)
        if not th["separable"]:
            continue
        d = np.array(th["u"][:2])
        w12 = np.round(d / np.abs(d).max(), 1)
        # The generated clouds are split by a line through the origin, where b = 0 would already be
        # an answer: the data moves 2 along the line's normal, one way or the other by seed (rounded).
        ds = points_dataset([[round(a + dx, 1), round(b_ + dy, 1), int(c)] for (a, b_), c, (dx, dy)
                             in zip(ds.X, ds.y, [(2 if s % 2 else -2) * d / np.linalg.norm(d)] * len(ds.y))])
        proj = ds.X @ w12  # the line w·x + b separates when y·(proj + b) > 0 for every example
        lo, hi = float(np.max(-proj[ds.y > 0])), float(np.min(-proj[ds.y < 0]))
        if hi - lo >= 0.2 and not lo < 0 < hi:  # b = 0, the line drawn, must not already separate
            break
    mid, half = (lo + hi) / 2, (hi - lo) / 2
    i_lo = int(np.flatnonzero(ds.y > 0)[np.argmax(-proj[ds.y > 0])])
    i_hi = int(np.flatnonzero(ds.y < 0)[np.argmin(-proj[ds.y < 0])])
    return {
        "id": ident, "kind": "hand-bias", "title": f"Find the weights by hand ({ident})",
        "stem": f"<p>Choose the bias b so that the line {num(w12[0])}·x₁ + {num(w12[1])}·x₂ + b = 0 separates the "
                f"data: y·(w₁x₁ + w₂x₂ + b) &gt; 0 for every example, with w₁ = {num(w12[0])}, "
                f"w₂ = {num(w12[1])}.</p>{_table(ds)}<p>Give one such b (any b that separates is right).</p>",
        "image": _image(ds, [w12[0], w12[1], 0.0], ident, "the line with b = 0"),
        "answer": {"type": "numeric", "value": mid, "tolerance": half * 0.99, "lo": lo, "hi": hi},
        "feedback": f"<p>The +1 examples need b &gt; −(w₁x₁ + w₂x₂); the tightest is example {i_lo + 1}: "
                    f"b &gt; {num(lo)}. The −1 examples need b &lt; −(w₁x₁ + w₂x₂); the tightest is example "
                    f"{i_hi + 1}: b &lt; {num(hi)}. Every b between {num(lo)} and {num(hi)} separates; "
                    f"b = {num(mid)}, the middle, keeps the line farthest from both.</p>",
    }


def bound(seed, ident):
    ds = rounded_data("clouds", 20, seed, margin=0.5)
    Z = prepare(ds.X)
    th = theory.summary(Z, ds.y)
    run = train(Z, ds.y, algorithm="online", max_epochs=1000, order="fixed", trace_cap=2)
    R, g, b = th["R"], th["gamma"], th["bound"]
    return {
        "id": ident, "kind": "bound", "title": f"The mistake bound ({ident})",
        "stem": f"<p>On these 20 examples (bias on: x̃ = (x₁, x₂, 1)) the radius is R = max‖x̃ᵢ‖ = {R:.6g} and the "
                f"largest margin of a unit vector u is γ = {g:.6g}.</p>{_table(ds)}"
                "<p>At most how many mistakes can the perceptron make, by Novikoff's theorem: what is (R/γ)²? "
                f"(within {BOUND_RTOL:.0%})</p>",
        "image": _image(ds, run.model.w, ident, "the data and the run's last w"),
        "answer": {"type": "numeric", "value": b, "tolerance": BOUND_RTOL * b},
        "feedback": f"<p>(R/γ)² = ({R:.6g} / {g:.6g})² = {b:.6g}. The online run on this data made {run.mistakes} "
                    "mistakes, within the bound.</p>",
    }


def bank(count, seed=0, kinds=KINDS):
    """count variants of each kind; variant v of a kind uses data seed seed + 1000·k + v."""
    makers = {
        "next-update": lambda s, i, v: next_update(s, i),
        "new-w": lambda s, i, v: new_w(s, i, v),
        "converge": lambda s, i, v: converge(s, i, v % 2 == 0),
        "hand-bias": lambda s, i, v: hand_bias(s, i),
        "bound": lambda s, i, v: bound(s, i),
    }
    items = []
    for k, kind in enumerate(kinds):
        for v in range(count):
            items.append(makers[kind](seed + 1000 * KINDS.index(kind) + v, f"{kind}-{v + 1:03d}", v))
    return items
