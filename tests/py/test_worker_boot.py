"""The worker's boot steps in CPython (the same module the web worker imports)."""
import json
import sys

import pytest

from perceptron_lab import worker_boot


def test_write_fontlist_puts_both_copies(tmp_path):
    text = json.dumps({"_version": 330, "ttflist": [], "afmlist": []})
    pkg, cfg = tmp_path / "matplotlib", tmp_path / "config"
    pkg.mkdir()
    assert worker_boot.write_fontlist(text, str(pkg), str(cfg)) == 330
    assert (pkg / "fontlist.json").read_text() == text
    assert (cfg / "fontlist-v330.json").read_text() == text


def test_write_fontlist_rejects_a_list_without_version(tmp_path):
    with pytest.raises(KeyError):
        worker_boot.write_fontlist("{}", str(tmp_path), str(tmp_path))


def test_matplotlib_dir_is_the_installed_package():
    import matplotlib

    assert worker_boot.matplotlib_dir() == matplotlib.__path__[0]


def test_import_app_uses_agg_and_times_both_steps():
    times = worker_boot.import_app()
    import matplotlib

    assert matplotlib.get_backend().lower() == "agg"
    assert "perceptron_lab.bridge" in sys.modules
    assert set(times) == {"import_matplotlib", "import_app"} and all(v >= 0 for v in times.values())


def test_handle_json_is_the_bridge_door():
    # An unknown command gets the bridge's own settings error (the door answers, never raises).
    out = json.loads(worker_boot.handle_json(json.dumps({"cmd": "no-such-command"})))
    assert out["ok"] is False and out["error"]["kind"] == "settings"
