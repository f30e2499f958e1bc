"""What every bench script that drives the page shares: Debian's Chromium and its switches
(Playwright cannot download browsers here), and the load average to print beside a figure
(the machine is shared and noisy)."""
import os

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def loadavg() -> str:
    """The 1, 5 and 15 minute load averages, as printed next to every figure."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def chosen_dist(root, dist, no_build):
    """The build a bench serves: --dist if given; else with --no-build build.py's own dist/ (what
    `python build.py` and the e2e suite build), else .cache/bench-dist (built by the bench, so
    an e2e run's rebuild of dist/ cannot change it under the bench)."""
    if dist is not None:
        return dist.resolve()
    return (root / "dist") if no_build else (root / ".cache" / "bench-dist")
