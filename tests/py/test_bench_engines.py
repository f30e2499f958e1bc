"""bench/warm_visit.py (and bench/reload_gaps.py): --no-build serves build.py's dist/ without
being told (it needed --dist dist), and an engine that times out is recorded as failed while the
engines after it still run (a WebKit timeout used to lose the whole bench's table)."""
import importlib
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))


@pytest.fixture()
def warm_visit(monkeypatch, tmp_path):
    module = importlib.import_module("warm_visit")
    served = []

    class Server:
        def shutdown(self):
            pass

    def start_server(dist, **_kw):
        served.append(Path(dist))
        return Server(), "http://127.0.0.1:1/perceptron-lab/"

    monkeypatch.setattr(module, "start_server", start_server)
    return module, served


def test_no_build_serves_the_default_dist(warm_visit, monkeypatch, tmp_path):
    module, served = warm_visit
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "build-info.json").write_text("{}")
    monkeypatch.setattr(module, "ROOT", tmp_path)
    monkeypatch.setattr(module, "one_engine", lambda *a: (_ for _ in ()).throw(TimeoutError("stop")))
    monkeypatch.setattr(sys, "argv", ["warm_visit.py", "--no-build", "--engines", "chromium"])
    assert module.main() == 0
    assert served == [tmp_path / "dist"]


def test_chosen_dist():
    from benchkit import chosen_dist

    assert chosen_dist(ROOT, None, True) == ROOT / "dist"
    assert chosen_dist(ROOT, None, False) == ROOT / ".cache" / "bench-dist"
    assert chosen_dist(ROOT, Path("/tmp/x"), True) == Path("/tmp/x")


def test_an_engine_that_times_out_is_recorded_and_the_next_runs(warm_visit, monkeypatch, tmp_path, capsys):
    module, _ = warm_visit
    (tmp_path / "build-info.json").write_text("{}")
    ran = []

    def one_engine(engine, url, timeout_s):
        ran.append(engine)
        if engine == "webkit":
            raise TimeoutError("webkit: still false after 240 s: () => ...")
        visit = {"stages": {"ready": 1500.0}, "marks": {}, "boundary": None, "moving": 900.0, "plot": 2000.0,
                 "worker": None, "pageOrigin": 0.0, "snapshot": "restored", "retries": 0, "again": 200.0}
        return {"load": "1 -> 1", "cold": dict(visit, snapshot=None), "warm": visit, "made": "ready", "offline": "ready"}

    monkeypatch.setattr(module, "one_engine", one_engine)
    monkeypatch.setattr(sys, "argv", ["warm_visit.py", "--no-build", "--dist", str(tmp_path), "--engines", "webkit,firefox"])
    assert module.main() == 0
    out = capsys.readouterr().out
    assert ran == ["webkit", "firefox"]
    assert "webkit: FAILED TimeoutError: webkit: still false after 240 s" in out
    table = out.split("\n\n")[-1]
    assert re.search(r"^  1 webkit +failed: TimeoutError", table, re.M)
    assert re.search(r"^  1 firefox +0\.90 ", table, re.M)
