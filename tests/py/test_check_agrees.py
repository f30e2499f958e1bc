"""`check` agrees with the page: on generated runs and answers, the page's own code (share.js
buildHash / parseHash, state.js's requests, exercise-check.js's decode, replay, tally and verdict,
run in Node) and Python's (exercise/result_link.py, exercise/grading.py) read the same request out of every link
and give every answer the same mark, the same score and the same sentence."""

import base64
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from perceptron_lab.bridge import handle
from perceptron_lab.bridge.linear_fit import fit
from perceptron_lab.exercise.grading import LinkError, grade, read_exercise_keys
from perceptron_lab.exercise.result_link import raw_pairs, read_link, settings_request

ROOT = Path(__file__).resolve().parents[2]

# Step 1: the page writes each run's link and reads it back into its requests.
LINKS_JS = r"""
import * as state from "./site/js/state/state.js";
import * as share from "./site/js/state/share.js";
const runs = JSON.parse(await new Promise((ok) => { let s = ""; process.stdin.on("data", (d) => s += d); process.stdin.on("end", () => ok(s)); }));
const out = [];
for (const r of runs) {
  const values = { ...state.defaults(), ...r.values };
  const { hash } = await share.buildHash(values, r.data, r.csvName ?? null);
  const link = share.parseHash(hash);
  let data = link.data;
  if (link.values.source === "preset") data = state.presetRequest(link.values);
  else if (data.kind === "csv") data = { kind: "csv", text: new TextDecoder().decode(await share.readCsv(data.z)) };
  else if (data.z) data = { kind: "points", points: await share.readPoints(data.z) };
  out.push({ hash, notices: link.notices, data, settings: state.settingsRequest(link.values) });
}
console.log(JSON.stringify(out));
"""

# Step 2: the page's exercise replays each result link against the visits Python gave it.
GRADE_JS = r"""
import * as ex from "./site/js/exercise/exercise-check.js";
const cases = JSON.parse(await new Promise((ok) => { let s = ""; process.stdin.on("data", (d) => s += d); process.stdin.on("end", () => ok(s)); }));
const out = [];
for (const c of cases) {
  if (c.answers) { out.push(ex.exerciseKeys(c.answers, c.score)); continue; }
  const link = ex.readExerciseLink(c.hash);
  const d = ex.decodeAnswers(link.answersText, ex.answerWidth(c.res));
  if ("error" in d) { out.push({ error: d.error }); continue; }
  const answers = d.answers.slice(0, c.res.visits.length);
  const results = ex.replay(c.res.visits, answers);
  out.push({ results, tally: ex.tally(results), verdict: ex.verdict(link, results), notices: link.notices });
}
console.log(JSON.stringify(out));
"""

CSV = b"x1;x2;y\n0,5;1;a\n1,5;-2;b\n-1;0,25;a\n2;2;b\n0;-1;a\n"


def _node(script, payload):
    node = shutil.which("node")
    assert node, "Node runs the page's side (tests/run.sh installs it)"
    p = subprocess.run([node, "--input-type=module", "-e", script], input=json.dumps(payload), cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def _run(rng):
    """Random page values and data (a bridge DATA object) the exercise accepts."""
    algorithm = rng.choice(["online", "online", "averaged", "voted", "pocket", "kernel"])
    v = {"algorithm": algorithm, "order": rng.choice(["fixed", "shuffle-once", "shuffle-each"]),
         "seed": rng.randrange(0, 2 ** 32), "bias": rng.random() < 0.8, "normalize": rng.random() < 0.3,
         "eta": rng.choice([1, 0.5, 0.1, 2, 0.25]), "epochs": rng.randrange(1, 30),
         "early_stop": rng.random() < 0.2, "test_fraction": rng.choice([0, 0, 0.25])}
    if algorithm == "kernel":
        v["kernel"] = rng.choice(["linear", "poly", "rbf"])
        v.update(degree=rng.choice([2, 3]), coef0=rng.choice([0, 1]), gamma=rng.choice([0.5, 1, 2]))
    elif rng.random() < 0.2:
        v["feature_map"] = "poly2"
    kind = rng.choice(["preset", "preset", "preset", "points", "csv"])
    if kind == "points":
        pts = [[round(rng.uniform(-3, 3), rng.choice([0, 1, 2])), round(rng.uniform(-3, 3), 1), rng.choice([1, -1])]
               for _ in range(rng.randrange(4, 12))]
        pts[0][2], pts[1][2] = 1, -1
        return {"values": {**v, "source": "points"}, "data": {"kind": "points", "points": pts}}
    if kind == "csv":
        return {"values": {**v, "source": "csv"}, "csvName": "grades.csv",
                "data": {"kind": "csv", "base64": base64.b64encode(CSV).decode(), "label": None}}
    preset = rng.choice(["and", "or", "nand", "xor", "clouds", "overlap", "circles", "iris"])
    v.update(source="preset", preset=preset)
    if preset in ("clouds", "overlap", "circles"):
        v.update(n=rng.randrange(6, 40), spread=rng.choice([0.5, 1, 1.5]), data_seed=rng.randrange(0, 1000))
        if preset == "clouds":
            v["margin"] = rng.choice([0.1, 0.3, 0.5])
    if preset == "iris":
        v.update(classes=rng.choice([None, ["versicolor", "virginica"], ["setosa", "versicolor"]]),
                 feature_set=rng.choice(["all", "plotted"]), plot_features=rng.choice([[0, 1], [2, 3], [3, 1]]))
    return {"values": v, "data": None}


def _answers(rng, visits):
    """A student's answers: mostly right (some within the 1e-9 tolerance), some wrong calls, wrong w."""
    out = []
    for v in visits[: rng.randrange(0, min(len(visits), 40) + 1)]:
        want = [v["alpha_after"]] if "alpha_after" in v else v["w_after"]
        roll = rng.random()
        if roll < 0.15:
            out.append({"mistake": not v["mistake"], "w": [0] * len(want) if not v["mistake"] else None})
        elif not v["mistake"]:
            out.append({"mistake": False, "w": None})
        elif roll < 0.3:
            w = list(want)
            w[rng.randrange(len(w))] += rng.choice([1, -0.5, 1e-6 * (1 + abs(w[0]))])
            out.append({"mistake": True, "w": w})
        elif roll < 0.4:
            out.append({"mistake": True, "w": [x * (1 + 3e-10) for x in want]})  # within the tolerance
        else:
            out.append({"mistake": True, "w": list(want)})
    return out


def _forge(rng, visits, answers):
    """-> (answers to write, the score to claim, how it was forged or None): as a student might,
    claim a better score, mend a wrong answer without the score, drop an answer, garble one."""
    from perceptron_lab.exercise.grading import check_answer

    score = sum(check_answer(v, a)["right"] for v, a in zip(visits, answers))
    roll = rng.random()
    wrong = [i for i, (v, a) in enumerate(zip(visits, answers)) if not check_answer(v, a)["right"]]
    if roll < 0.2:
        return answers, score + 1, "score"
    if roll < 0.3 and wrong:
        i, v = wrong[0], visits[wrong[0]]
        mended = {"mistake": v["mistake"], "w": ([v["alpha_after"]] if "alpha_after" in v else v["w_after"])
                  if v["mistake"] else None}
        return answers[:i] + [mended] + answers[i + 1:], score, "answer"
    if roll < 0.36 and answers:
        return answers, score, "count"  # exn is lowered after encoding
    if roll < 0.42:
        return answers, score, "garbled"
    return answers, score, None


@pytest.fixture(scope="module")
def cases():
    rng = random.Random(22)
    runs = [_run(rng) for _ in range(60)]
    page = _node(LINKS_JS, runs)
    out = []
    for run, p in zip(runs, page):
        res = handle({"cmd": "visits", "data": p["data"] if p["data"].get("kind") != "csv" else run["data"],
                      "settings": p["settings"], "limit": 200})
        assert res["ok"], (p["hash"], res)
        out.append({"run": run, "page": p, "res": res, "answers": _answers(rng, res["visits"])})
    return out, rng


def test_python_reads_every_link_into_the_pages_request(cases):
    cases, _ = cases
    for c in cases:
        p = c["page"]
        assert p["notices"] == [], p
        mine = read_link(p["hash"])
        assert settings_request(mine["values"]) == p["settings"], p["hash"]
        if p["data"]["kind"] == "csv":
            assert mine["data"]["bytes"] == CSV and p["data"]["text"] == CSV.decode()
        else:
            assert mine["data"] == p["data"], p["hash"]


def test_every_mark_score_and_verdict_agrees_with_the_page(cases):
    cases, rng = cases
    from perceptron_lab.exercise.grading import replay, tally

    plans = [_forge(rng, c["res"]["visits"], c["answers"]) for c in cases]
    keys = _node(GRADE_JS, [{"answers": a, "score": score} for a, score, _ in plans])
    links, forged = [], []
    for c, k, (answers, _, how) in zip(cases, keys, plans):
        link = f"https://example.org/lab/#{c['page']['hash']}&{k}"
        if how == "count":
            link = link.replace(f"exn={len(answers)}&", f"exn={len(answers) - 1}&")
        elif how == "garbled":
            link += "_m1~x" if "exa=" in link else "&exa=m1~x"
        links.append(link)
        forged.append(how)
    page = _node(GRADE_JS, [{"hash": link.split("#", 1)[1], "res": c["res"]} for link, c in zip(links, cases)])
    kinds = set()
    for link, how, c, p in zip(links, forged, cases, page):
        kinds.add(how)
        if "error" in p:
            with pytest.raises(LinkError, match=p["error"]):
                grade(link, handle, fit)
            continue
        g = grade(link, handle, fit)
        assert g["right"] == [r["right"] for r in p["results"]], link
        assert (g["score"], g["answered"], g["best_streak"]) == (p["tally"]["score"], p["tally"]["answered"],
                                                                 p["tally"]["best"]), link
        assert g["verdict"] == p["verdict"], link
        ex = read_exercise_keys(raw_pairs(link.split("#", 1)[1]))
        assert ex["valid"] == (p["notices"] == [])
        # The page's sentence says "does not match" exactly when the grader finds a forged score or count.
        page_mismatch = "does not match" in p["verdict"]
        assert page_mismatch == any("claims" in r for r in g["reasons"]), (link, g["reasons"])
        if how is None:
            assert g["status"] == "genuine", (link, g["reasons"])
        else:
            assert g["status"] == "altered", (link, how)
    assert {None, "score", "count", "answer", "garbled"} <= kinds, kinds
