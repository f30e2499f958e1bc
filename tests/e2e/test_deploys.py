"""Issue 25 items 9 and 12 (page parts): the page always runs the build the server has now,
a rolled-back deploy included; a tab opened before a deploy never switches to the new build's
Python after a worker restart (it says to reload); the service worker, which no CSP reaches
on static hosting, runs no code from strings and fetches nothing off the site."""
from __future__ import annotations

import json
import os
import shutil
import time

from conftest import SUBPATH, devserver, page_csp, wait_ready_of
from test_delivery import BUNDLE, change_ready_sentence, fresh, wait_first_run, wait_offline_ready

from conftest import check_log

UPDATED = "Perceptron Lab was updated on the server since this page was opened: reload the page to use the new version."


def deploy_b(site) -> dict[str, bytes]:
    """Serve deploy B over A (index.html, a JS module and build-info.json change, with newer
    file dates as a real deploy gives them); -> A's bytes of the changed files."""
    kept = {}
    later = time.time() + 60
    for rel in ("index.html", BUNDLE):
        kept[rel] = (site / rel).read_bytes()
    index = site / "index.html"
    assert "<title>Perceptron Lab</title>" in index.read_text()
    index.write_text(index.read_text().replace("<title>Perceptron Lab</title>", "<title>Perceptron Lab, deploy B</title>"))
    change_ready_sentence(site)
    for rel in ("index.html", BUNDLE):
        os.utime(site / rel, (later, later))
    info_path = site / "build-info.json"
    kept["build-info.json"] = info_path.read_bytes()
    info = json.loads(info_path.read_text())
    info["build"] = "b" * 16
    info_path.write_text(json.dumps(info))
    os.utime(info_path, (later, later))
    return kept


def roll_back(site, kept: dict[str, bytes], dates: dict[str, float]) -> None:
    """Deploy A again: its bytes, with its own (older) file dates."""
    for rel, data in kept.items():
        (site / rel).write_bytes(data)
        os.utime(site / rel, (dates[rel], dates[rel]))


def shown_build(page) -> tuple[str, str]:
    return page.title(), page.evaluate("document.getElementById('load-detail').textContent")


def test_a_rolled_back_deploy_is_what_the_next_visit_runs(browser, dist_dir, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    srv, url = devserver.start_server(site, prefix=SUBPATH, cache_control="max-age=600", csp=page_csp(site))
    context, page, log = fresh(browser)
    try:
        page.goto(url)
        wait_first_run(page)
        build_a = wait_offline_ready(page)
        dates = {rel: (site / rel).stat().st_mtime for rel in ("index.html", BUNDLE, "build-info.json")}
        kept = deploy_b(site)
        page.reload()
        wait_first_run(page)
        seen_b = shown_build(page), wait_offline_ready(page)
        roll_back(site, kept, dates)
        page.reload()
        wait_first_run(page)
        seen_a = shown_build(page), wait_offline_ready(page)
        problems = check_log(log)
    finally:
        context.close()
        srv.shutdown()
    assert seen_b == (("Perceptron Lab, deploy B", "Python is ready (deploy B)."), "b" * 16), seen_b
    assert seen_a == (("Perceptron Lab", "Python is ready."), build_a), seen_a
    assert not problems, problems


def test_a_tab_opened_before_a_deploy_says_to_reload_instead_of_running_the_new_python(browser, dist_dir, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    srv, url = devserver.start_server(site, prefix=SUBPATH, cache_control="max-age=600", csp=page_csp(site))
    context, page, log = fresh(browser)
    try:
        page.goto(url)
        wait_first_run(page)
        deploy_b(site)
        page.evaluate("window.__pyclient.restart()")  # as a cancel or a watchdog would
        page.wait_for_selector('body[data-py-state="error"]', state="attached", timeout=60_000)
        detail = page.evaluate("document.getElementById('load-detail').textContent")
        state = page.evaluate("window.__pyclient.state")
        problems = check_log(log)
    finally:
        context.close()
        srv.shutdown()
    assert detail == UPDATED, detail
    assert state == "failed"
    assert not problems, problems


def test_the_service_worker_runs_no_code_from_strings(browser, base_url):
    """Code handed to the service worker as a string (here: the test driver's own evaluate,
    which compiles its script with eval) is refused: no CSP reaches sw.js on static hosting.
    What each guard refuses, one by one: tests/js/service-worker.test.mjs."""
    import pytest
    from playwright.sync_api import Error

    context, page, log = fresh(browser)
    try:
        page.goto(base_url)
        wait_ready_of(page)
        wait_offline_ready(page)
        sw = context.service_workers[0]
        with pytest.raises(Error, match="Perceptron Lab's service worker runs no code from strings"):
            sw.evaluate("1 + 1")
        # ... and the page it serves still works: a reload is served by it (offline-ready).
        page.reload()
        wait_ready_of(page)
        problems = check_log(log)
    finally:
        context.close()
    assert not problems, problems
