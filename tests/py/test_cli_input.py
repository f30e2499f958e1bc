"""The command line's hostile inputs: devices, pipes, giant sparse files, non-UTF-8 names, a closed
stdout, a line break inside a cell: one line on stderr (status 2) or a quiet stop, never a traceback."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from perceptron_lab import cli, settings
from perceptron_lab.cli_input import InputError, read_data_file

PY = Path(__file__).resolve().parents[2] / "py"
ENV = {**os.environ, "PYTHONPATH": str(PY), "MPLBACKEND": "Agg"}


def cli_run(*args, cwd=None, timeout=60, **kw):
    return subprocess.run([sys.executable, "-m", "perceptron_lab", "train", *args], capture_output=True,
                          env=ENV, cwd=cwd, timeout=timeout, **kw)


def one_error_line(p, *words):
    err = p.stderr.decode("utf-8")
    assert p.returncode == 2 and "Traceback" not in err, err
    assert err.count("\n") == 1 and err.startswith("perceptron-lab: cannot read "), err
    for w in words:
        assert w in err, err
    return err


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/full"])
def test_endless_devices_are_refused_at_once(device):
    # Each used to be read without end (about 1 GB every 2 s) until memory ran out.
    one_error_line(cli_run(device, timeout=20), device, "character device")


def test_a_fifo_without_writer_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "data.csv"
    os.mkfifo(fifo)
    one_error_line(cli_run(str(fifo), timeout=20), "named pipe")


def test_a_100_gb_sparse_file_is_refused_before_reading(tmp_path):
    big = tmp_path / "huge.csv"
    with open(big, "wb") as f:
        f.truncate(100 * 10**9)  # sparse: no disk used, reads as zeros (was: MemoryError traceback)
    err = one_error_line(cli_run(str(big), timeout=20), "too large", "the limit is 20 MB")
    assert "MemoryError" not in err


def test_read_stops_at_the_limit_even_if_the_file_lies(tmp_path):
    f = tmp_path / "grows.csv"
    f.write_bytes(b"a,y\n" + b"1,1\n" * 10)
    assert read_data_file(str(f), 1000) == f.read_bytes()
    with pytest.raises(InputError, match="too large"):
        read_data_file(str(f), 20)
    with pytest.raises(InputError, match="folder"):
        read_data_file(str(tmp_path), 10**6)


def test_non_utf8_file_names_with_plot_and_script(tmp_path):
    name = os.fsdecode(b"d\xffata.csv")
    (tmp_path / name).write_text("a,b,y\n0,0,-1\n1,1,1\n2,0,1\n", encoding="utf-8")
    out_py, out_png = os.fsdecode(b"r\xffun.py"), os.fsdecode(b"p\xfflot.png")
    p = cli_run(name, "--script", out_py, "--plot", out_png, cwd=tmp_path)
    assert p.returncode == 0 and b"Traceback" not in p.stderr, p.stderr.decode()
    script = (tmp_path / out_py).read_text(encoding="utf-8")  # was: UnicodeEncodeError writing it
    assert "d\ufffdata.csv" in script
    assert (tmp_path / out_png).read_bytes()[:4] == b"\x89PNG"
    # A folder that does not exist: the name is shown with its byte escaped, on one line.
    p = cli_run(name, "--plot", os.fsdecode(b"/nonexistent/p\xfflot.png"), cwd=tmp_path)
    err = p.stderr.decode("utf-8")
    assert p.returncode == 2 and "Traceback" not in err and "p\\xfflot.png" in err and err.count("\n") == 1


def test_a_closed_stdout_stops_quietly():
    r, w = os.pipe()
    os.close(r)  # the reader is gone before the first line (as `| head` after its lines)
    p = subprocess.run([sys.executable, "-m", "perceptron_lab", "train", "--preset", "xor", "--algorithm", "kernel",
                        "--kernel", "linear"], stdout=w, stderr=subprocess.PIPE, env=ENV, timeout=60)
    os.close(w)
    assert p.returncode == 141 and p.stderr == b"", p.stderr.decode()


def test_a_line_break_in_a_cell_is_escaped_in_the_one_line_error(tmp_path):
    f = tmp_path / "nl.csv"
    f.write_text('a,b,y\n"1\n2",3,1\n4,5,-1\n', encoding="utf-8")
    p = cli_run(str(f))
    err = p.stderr.decode("utf-8")
    assert p.returncode == 2 and err.count("\n") == 1, err
    assert "'1\\n2' is not a number" in err
    assert cli.one_line("a\r\nb\x1b[31m") == "a\\x0d\\nb\\x1b[31m"


def test_the_limit_is_the_schema_one():
    assert settings.LIMITS["csv_max_bytes"] == 20_000_000
    data = cli._request(cli._parser().parse_args(["train", "--preset", "and"]))["data"]
    assert data == {"kind": "preset", "name": "and", "seed": 0}
