"""The README's Python example runs and prints what its comments say."""

import re
from pathlib import Path

import numpy as np

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def test_python_example_matches_its_comments():
    block = re.search(r"```python\n(.*?)```", README, re.S).group(1)
    ns = {}
    exec(compile(block, "README.md", "exec"), ns)
    clf = ns["clf"]
    assert "(array([[3., 2.]]), array([-4.]))" in block
    assert np.array_equal(clf.coef_, [[3.0, 2.0]]) and np.array_equal(clf.intercept_, [-4.0])
    assert "('converged', 18)" in block and (clf.run_.status, clf.run_.mistakes) == ("converged", 18)
    assert list(clf.predict([[1, 1]])) == [1]


def test_the_two_setup_commands_are_the_ones_ci_runs():
    setup = re.search(r"## Set up\n(.*?)\n## ", README, re.S).group(1)
    commands = re.search(r"```sh\n(.*?)```", setup, re.S).group(1).strip().splitlines()
    assert [c.split("#")[0].strip() for c in commands] == ["python3 build.py serve", "bash tests/run.sh"]
    ci = (Path(__file__).resolve().parents[2] / ".ci" / "run").read_text()
    assert "bash tests/run.sh" in ci
