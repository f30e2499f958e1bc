"""Python's compiled catalogs are standard gettext .mo files (msgid -> msgstr, as msgfmt writes them), read by the
standard library with nothing of the lab's; the page's wheel carries none, the build gives each language's
file to the worker in a content-hashed folder, and the page's Python installs it where gettext looks.

Independent references: GNU msgfmt (the gettext tools) compiles the same .po files; the standard library's
gettext reads the .mo files; the .po files (read with Babel's parser) hold the translations."""

import gettext
import hashlib
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from perceptron_lab import i18n

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "py" / "perceptron_lab" / "locale"
CATALOGS = [(lang, domain) for lang in ("de", "es") for domain in ("perceptron_lab", "perceptron_lab_pip")]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use_language("en")


def read_mo(path):
    with open(path, "rb") as f:
        return gettext.GNUTranslations(f)


@pytest.mark.parametrize("lang, domain", CATALOGS)
def test_the_shipped_mo_is_what_msgfmt_makes_of_the_po(tmp_path, lang, domain):
    po = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
    made = tmp_path / f"{domain}.mo"
    subprocess.run([shutil.which("msgfmt") or "msgfmt", "--check-format", "-o", str(made), str(po)], check=True)
    shipped, reference = read_mo(po.with_suffix(".mo")), read_mo(made)
    # Every message under its English msgid (plural forms as (msgid, i)); the header is the tools' own words.
    assert {k: v for k, v in shipped._catalog.items() if k != ""} == {k: v for k, v in reference._catalog.items() if k != ""}
    assert len(reference._catalog) > 100
    assert [shipped.plural(n) for n in range(30)] == [reference.plural(n) for n in range(30)]


@pytest.mark.parametrize("lang", ["de", "es"])
def test_the_standard_library_alone_finds_every_translation(lang):
    found = 0
    for domain in ("perceptron_lab", "perceptron_lab_pip"):
        t = gettext.translation(domain, str(LOCALE), languages=[lang])  # no fallback: the file must be there
        with open(LOCALE / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
            for m in read_po(f):
                if not m.id:
                    continue
                if isinstance(m.id, tuple):
                    assert [t.ngettext(*m.id, n) for n in (1, 5)] == list(m.string[:2]), m.id
                else:
                    assert t.gettext(m.id) == m.string, m.id
                found += 1
    assert found > 700


def test_the_pages_wheel_carries_no_compiled_catalog(tmp_path):
    from tools.appwheel import build_app_wheel
    names = zipfile.ZipFile(build_app_wheel(tmp_path)).namelist()
    assert not [n for n in names if n.endswith((".mo", ".po", ".pot"))]
    assert "perceptron_lab/i18n.py" in names


def test_the_build_gives_each_languages_catalog_its_own_content_hashed_file_kept_out_of_the_precache(tmp_path):
    from tools.python_catalogs import write_python_catalogs
    from tools.sitefiles import write_precache_list
    py = tmp_path / "py"
    catalogs = write_python_catalogs(py)
    assert sorted(catalogs) == ["de", "es"]
    for lang, entry in catalogs.items():
        data = (tmp_path / entry["path"]).read_bytes()
        assert data == (LOCALE / lang / "LC_MESSAGES" / "perceptron_lab.mo").read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        assert entry == {"path": f"py/{digest[:12]}/perceptron_lab.mo", "sha256": digest}  # sw.js checks the folder's name
    assert not list(tmp_path.rglob("perceptron_lab_pip.mo"))  # the command lines' words never go to the page
    (tmp_path / "index.html").write_text("<html>")
    info = {"python_catalogs": catalogs}
    write_precache_list(tmp_path, info)
    assert info["precache"] == ["index.html"]  # an English first visit downloads none
    # ... yet each is part of the build's id: a changed translation is a new build (sw.js fetches it again).
    (tmp_path / catalogs["de"]["path"]).write_bytes(b"another translation")
    again = {"python_catalogs": catalogs}
    write_precache_list(tmp_path, again)
    assert again["build"] != info["build"]


def test_the_pages_python_speaks_a_language_once_its_catalog_is_installed(tmp_path, monkeypatch):
    # The page's Python: the wheel brought no catalog, the worker hands over the downloaded bytes.
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(tmp_path / "locale"))
    monkeypatch.setattr(i18n, "_cache", {})
    german = (LOCALE / "de" / "LC_MESSAGES" / "perceptron_lab.mo").read_bytes()
    msgid = next(k for k in read_mo(LOCALE / "de" / "LC_MESSAGES" / "perceptron_lab.mo")._catalog if isinstance(k, str) and k)
    assert i18n.available() == ["en"] and i18n.use_language("de") == "en"
    for bad in (b"", b"not a catalog", german[:40]):
        with pytest.raises(ValueError):
            i18n.install_catalog("de", bad)
    with pytest.raises(ValueError):
        i18n.install_catalog("../de", german)
    assert not (tmp_path / "locale").exists() or not list((tmp_path / "locale").rglob("*.mo"))
    assert i18n.install_catalog("de-AT", memoryview(german)) == "de"
    assert i18n.available() == ["en", "de"]
    assert i18n.use_language("de") == "de"
    assert i18n._(msgid) == read_mo(LOCALE / "de" / "LC_MESSAGES" / "perceptron_lab.mo").gettext(msgid) != msgid
    assert i18n._("A sentence no catalog has.") == "A sentence no catalog has."
