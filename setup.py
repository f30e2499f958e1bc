"""The wheel's Project-URLs from the configured site address (py/perceptron_lab/site_address.py):
the lab's Pages address and its GitHub repository when known, none when not (nothing invented).
Built from an sdist (no .git there), the sdist's own PKG-INFO keeps what the checkout said."""

import importlib.util
import re
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("site_address", HERE / "py" / "perceptron_lab" / "site_address.py")
site = importlib.util.module_from_spec(spec)
spec.loader.exec_module(site)


def project_urls():
    pkg_info = HERE / "PKG-INFO"
    if pkg_info.exists() and not (HERE / ".git").exists():  # an unpacked sdist: what it was built with
        return dict(re.findall(r"^Project-URL: ([^,]+), (.+)$", pkg_info.read_text(encoding="utf-8"), re.M))
    urls = {}
    address = site.site_address(root=HERE)
    if address:
        urls["Homepage"] = address
    repo = site.repository(HERE)
    if repo:
        urls["Source"] = f"https://github.com/{repo[0]}/{repo[1]}"
    return urls


setup(project_urls=project_urls())
