"""An English first visit downloads no other language's catalog: the build's precache list (what
the service worker stores after a first visit, tools/sitefiles.py) leaves the page catalogs out;
the page names its own to the service worker (js/offline.js). The catalogs still count in the
build's id, so a changed translation is a new build."""
from tools.sitefiles import write_precache_list


def staging_with(tmp_path, catalog_text):
    for rel, text in {"index.html": "<html>", "js/main.js": "x", "locale/de/page.json": catalog_text,
                      "locale/es/page.json": "{}", "ahead/abc/and.json": "{}"}.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    info = {}
    write_precache_list(tmp_path, info)
    return info


def test_the_page_catalogs_are_not_precached_but_make_the_build(tmp_path):
    info = staging_with(tmp_path / "a", "{}")
    assert "index.html" in info["precache"] and "js/main.js" in info["precache"]
    assert not [r for r in info["precache"] if r.startswith("locale/")], info["precache"]
    # A changed German catalog is another build (a return visit fetches it again).
    assert staging_with(tmp_path / "b", '{"messages": {}}')["build"] != info["build"]
