"""The lab's address from one place (site_address.py): an option, PERCEPTRON_LAB_URL, GitHub Actions'
repository, the checkout's GitHub remote, else nothing; and the wheel's metadata built from a temp
checkout names the repository and its Pages address only when its remote is on GitHub."""

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from perceptron_lab.site_address import github_repository, pages_address, site_address

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("remote", ["https://github.com/Alice/perceptron-lab.git", "https://github.com/Alice/perceptron-lab",
                                    "git@github.com:Alice/perceptron-lab.git", "ssh://git@github.com/Alice/perceptron-lab",
                                    "https://token@github.com/Alice/perceptron-lab.git/"])
def test_every_way_git_writes_a_github_remote_names_the_repository(remote):
    assert github_repository(remote) == ("Alice", "perceptron-lab")


@pytest.mark.parametrize("remote", ["https://gitlab.com/alice/lab.git", "https://github.com/alice", "", None,
                                    "https://github.com.evil.example/alice/lab", "/srv/git/lab.git"])
def test_other_remotes_name_no_repository(remote):
    assert github_repository(remote) is None


def test_pages_address_of_a_project_and_of_a_user_site():
    assert pages_address("Alice", "perceptron-lab") == "https://alice.github.io/perceptron-lab/"
    assert pages_address("Alice", "alice.github.io") == "https://alice.github.io/"


def git_checkout(where, remote):
    where.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(where)], check=True)
    if remote:
        subprocess.run(["git", "-C", str(where), "remote", "add", "origin", remote], check=True)
    return where


def test_the_address_comes_from_the_option_then_the_environment_then_actions_then_the_remote(tmp_path):
    repo = git_checkout(tmp_path / "c", "git@github.com:Alice/perceptron-lab.git")
    bare = git_checkout(tmp_path / "b", None)
    actions = {"GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "Course/lab"}
    assert site_address(root=repo, env={}) == "https://alice.github.io/perceptron-lab/"
    assert site_address(root=repo, env=actions) == "https://course.github.io/lab/"
    assert site_address(root=repo, env={**actions, "PERCEPTRON_LAB_URL": "https://lab.uni.example/p"}) == \
        "https://lab.uni.example/p/"
    assert site_address("https://x.example/lab/", root=repo, env=actions) == "https://x.example/lab/"
    assert site_address(root=bare, env={}) is None
    assert site_address(root=tmp_path / "not-a-checkout", env={}) is None
    with pytest.raises(ValueError, match="http"):
        site_address("javascript:alert(1)", root=bare, env={})


def _wheel_metadata(tmp_path, remote):
    src = git_checkout(tmp_path / "src", remote)
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(ROOT / "py", src / "py", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "GITHUB_REPOSITORY", "PERCEPTRON_LAB_URL")}
    # No isolation: the build backend of this venv, no package index (the sdist first, the wheel from it).
    p = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(tmp_path / "dist"), str(src)],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
    wheel = zipfile.ZipFile(next((tmp_path / "dist").glob("*.whl")))
    return wheel.read(next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))).decode()


def test_a_wheel_built_in_a_github_checkout_names_the_repository_and_its_pages_address(tmp_path):
    meta = _wheel_metadata(tmp_path, "https://github.com/Alice/perceptron-lab.git")
    assert "Project-URL: Homepage, https://alice.github.io/perceptron-lab/\n" in meta
    assert "Project-URL: Source, https://github.com/Alice/perceptron-lab\n" in meta


def test_a_wheel_built_without_a_remote_names_no_address(tmp_path):
    meta = _wheel_metadata(tmp_path, None)
    assert "Name: perceptron-lab" in meta and "Project-URL" not in meta and "Home-page" not in meta


def test_the_build_names_the_address_in_index_html_only_when_one_is_known(tmp_path):
    sys.path.insert(0, str(ROOT))
    from tools.sitefiles import write_site_address
    page = (ROOT / "site" / "index.html").read_text()
    (tmp_path / "index.html").write_text(page)
    assert write_site_address(tmp_path, None) is None and (tmp_path / "index.html").read_text() == page
    write_site_address(tmp_path, "https://alice.github.io/perceptron-lab/")
    head = (tmp_path / "index.html").read_text().split("</head>")[0]
    assert '<meta charset="utf-8">\n<meta name="perceptron-lab-site" content="https://alice.github.io/perceptron-lab/">' in head
