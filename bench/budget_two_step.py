#!/usr/bin/env python3
"""The run budget's two steps against the real times, in the page's Python (Pyodide in Chromium):

    python bench/budget_two_step.py [--no-build] [--dist DIR] [--full] [--only WORD|WORD]

Step one is the estimate before the run (budget.js `estimate`): it decides whether a link's run is
asked for, and must bound the whole run. Step two comes once training has answered: the later plots
(main.js asks for them after the picture) priced from the run's real counts (budget.js
`laterEstimate`: the votes kept, the rows, the width of x̃). Each run goes as the page sends it
(train with the boundary and the theory later, the theory, then the other plots, 480 × 360 px at
pixel ratio 1) on a warm worker; the runs are bench/run_budget.py's (issue 36's named ones among
them). Prints, per run: step one's estimate / the whole real time, step two's estimate / the later
plots' real time, step one's estimate / the CPU seconds Chromium spent on the whole run (nearer
the time in an unloaded tab than the wall time: bench/budget_cpu.py), the counts it used, and the load average before
and after (the machine is shared: every wall time moves with it; compare ratios measured in one run).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from benchkit import loadavg  # noqa: E402
from budget_cpu import tree_cpu_seconds  # noqa: E402
from run_budget import arguments, chosen_cases, warmed_page  # noqa: E402

RUN = """async ({data, settings, later}) => {
  const c = window.__pyclient;
  const budget = await import(new URL("js/run/budget.js", document.baseURI).href);
  const before = budget.estimate(data, settings, null).seconds;
  const t0 = performance.now();
  const r = await c.call({cmd: "train", data, settings: {...settings, plot_kinds: ["boundary"]}, theory: "later"});
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  const t1 = performance.now();
  await c.call({cmd: "theory"});
  const sizes = Object.fromEntries(later.map((k) => [k, settings.plot_px]));
  const step2 = budget.laterEstimate(r, settings, sizes);
  const t2 = performance.now();
  const p = await c.call({cmd: "plots", kinds: later, sizes});
  const t3 = performance.now();
  return {before, train: (t1 - t0) / 1e3, later: (t3 - t2) / 1e3, all: (t3 - t0) / 1e3, step2,
          votes: r.votes, mistakes: r.mistakes, epochs: r.epochs, plots: !!(p && p.ok)};
}"""

ESTIMATE_WITH_INFO = """async ({data, settings, info}) => {
  const m = await import(new URL("js/run/budget.js", document.baseURI).href);
  return m.estimate(data, settings, info).seconds;
}"""


def main() -> int:
    args = arguments(__doc__)
    with warmed_page(args, RUN) as page:
        print(f"{'run':64} {'step 1':>7} {'all':>7} {'ratio':>6} {'/CPU':>5} | {'step 2':>7} {'later':>7} {'ratio':>6}"
              "  counts; load before → after", flush=True)
        for name, data, settings, info, later in chosen_cases(args):
            before, cpu0 = loadavg().split()[0], tree_cpu_seconds()
            r = page.evaluate(RUN, {"data": data, "settings": settings, "later": later})
            cpu = tree_cpu_seconds() - cpu0
            est = page.evaluate(ESTIMATE_WITH_INFO, {"data": data, "settings": settings, "info": info})
            s2 = r["step2"]["seconds"]
            print(f"{name:64} {est:6.1f}s {r['all']:6.1f}s {est / r['all']:6.2f} {est / cpu:5.2f} | {s2:6.2f}s {r['later']:6.2f}s "
                  f"{s2 / max(r['later'], 1e-3):6.2f}  train {r['train']:.1f} s; {r['votes']} votes, "
                  f"{r['mistakes']} mistakes, {r['epochs']} epochs; {before} → {loadavg().split()[0]}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
