"""What `train` prints is each family's record's own (the Fit's json_keys, lists_weights): --json
prints exactly those keys with the answer's values, every one of them in the answer, and the plain
summary lists w only for a family with one w. cli.py keeps no table keyed by family."""

import ast
import contextlib
import io
import json
from pathlib import Path

import pytest

from perceptron_lab import cli, settings
from perceptron_lab.bridge import handle
from perceptron_lab.bridge.train import FAMILY_OF

OPTIONS = settings.param("algorithm")["options"]
ALGORITHMS = [o["value"] for o in OPTIONS]
FAMILIES = {o["family"] for o in OPTIONS}


def printed(*argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(list(argv)) == 0
    return out.getvalue()


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_json_prints_the_familys_keys_and_the_answer_has_each(algorithm):
    argv = ["train", "--preset", "and", "--algorithm", algorithm, "--epochs", "4"]
    shown = json.loads(printed(*argv, "--json"))
    fit = FAMILY_OF[algorithm]
    assert list(shown) == list(fit.json_keys)
    answer = handle({"cmd": "train", "data": {"kind": "preset", "name": "and", "seed": 0},
                     "settings": {"algorithm": algorithm, "epochs": 4, "plots": False}})
    assert answer["ok"] and set(fit.json_keys) <= set(answer)
    assert shown["status_text"] == answer["status_text"] and shown["mistakes"] == answer["mistakes"]
    summary = printed(*argv)
    assert ("weights: " in summary) == fit.lists_weights == (settings.option("algorithm", algorithm)["family"] == "linear")
    assert answer["status_text"] in summary


def test_cli_keeps_no_table_keyed_by_family():
    tree = ast.parse(Path(cli.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            assert len(keys & FAMILIES) < 2, f"cli.py line {node.lineno}: a table keyed by family {sorted(keys & FAMILIES)}"
