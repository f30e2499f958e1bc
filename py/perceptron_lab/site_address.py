"""The address the lab is served at, from one place, never guessed.

In order: an explicit value (an option), the PERCEPTRON_LAB_URL environment variable, in GitHub
Actions the Pages address of GITHUB_REPOSITORY, in a git checkout the Pages address of its
`origin` remote when that names a GitHub repository; else None (nothing is invented).
build.py, setup.py (the wheel's Project-URLs) and `quiz --cartridge` ask here. This file imports
nothing from the package: setup.py loads it alone, before numpy or matplotlib exist.
"""

import os
import re
import subprocess
from pathlib import Path

ENV = "PERCEPTRON_LAB_URL"
# https://github.com/OWNER/REPO(.git), git@github.com:OWNER/REPO(.git), ssh://git@github.com/OWNER/REPO
_GITHUB = re.compile(r"^(?:https?://(?:[^@/]+@)?github\.com/|git@github\.com:|ssh://git@github\.com/)"
                     r"([A-Za-z0-9-]+)/([A-Za-z0-9._-]+?)(?:\.git)?/?$")


def pages_address(owner, repo):
    """GitHub Pages' address of OWNER/REPO (a user site OWNER.github.io is served at the root)."""
    host = f"{owner.lower()}.github.io"
    return f"https://{host}/" if repo.lower() == host else f"https://{host}/{repo}/"


def github_repository(remote_url):
    """(owner, repo) when a remote URL names a GitHub repository, else None."""
    m = _GITHUB.match((remote_url or "").strip())
    return (m.group(1), m.group(2)) if m else None


def _origin(root):
    try:
        p = subprocess.run(["git", "-C", str(root), "remote", "get-url", "origin"], capture_output=True,
                           text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return p.stdout.strip() if p.returncode == 0 else None


def repository(root=".", env=None):
    """(owner, repo) of the checkout: GITHUB_REPOSITORY in GitHub Actions, else the origin remote."""
    env = os.environ if env is None else env
    if env.get("GITHUB_ACTIONS") == "true" and "/" in env.get("GITHUB_REPOSITORY", ""):
        owner, repo = env["GITHUB_REPOSITORY"].split("/", 1)
        return owner, repo
    return github_repository(_origin(Path(root)))


def normalized(url):
    """An http(s) address ending in "/" (the lab's folder), or ValueError."""
    url = url.strip()
    if not re.match(r"^https?://[^/\s#?]+(/[^\s#?]*)?$", url):
        raise ValueError(f"the site address must be an http(s) address without ? or #: {url!r}")
    return url if url.endswith("/") else url + "/"


def site_address(explicit=None, root=".", env=None):
    """The lab's address (ending in "/"), or None when nothing names one."""
    env = os.environ if env is None else env
    for given in (explicit, env.get(ENV)):
        if given:
            return normalized(given)
    repo = repository(root, env)
    return pages_address(*repo) if repo else None
