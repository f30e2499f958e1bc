"""The bridge's quiz request (the page's "Download quiz bank"): the files the quiz command writes
for the same count and seed, the cartridge only for an http(s) address, bad counts refused."""
import base64
import io
import zipfile

from perceptron_lab.bridge import handle


def test_the_request_returns_the_command_lines_files_for_the_same_seed(tmp_path):
    import subprocess
    import sys
    r = handle({"cmd": "quiz", "count": 2, "seed": 7, "url": "https://lab.example/lab/"})
    assert r["ok"] and r["questions"] == 10
    out = subprocess.run([sys.executable, "-m", "perceptron_lab", "quiz", "--count", "2", "--seed", "7",
                          "--cartridge", "--url", "https://lab.example/lab/", "-o", str(tmp_path)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert sorted(r["files"]) == sorted(p.name for p in tmp_path.iterdir())
    for name, b64 in r["files"].items():
        assert base64.b64decode(b64) == (tmp_path / name).read_bytes(), name
    assert "web_resources/perceptron-lab.html" in zipfile.ZipFile(io.BytesIO(base64.b64decode(r["files"]["unit.imscc"]))).namelist()


def test_no_cartridge_without_an_address_and_bad_counts_refused():
    r = handle({"cmd": "quiz", "count": 1, "seed": 0, "url": "javascript:alert(1)"})
    assert r["ok"] and "unit.imscc" not in r["files"] and len(r["files"]) == 4
    for bad in (0, 21, "5", 2.5, True):
        r = handle({"cmd": "quiz", "count": bad})
        assert not r["ok"] and r["error"]["field"] == "count", bad
    assert handle({"cmd": "quiz", "seed": -1})["error"]["field"] == "seed"
