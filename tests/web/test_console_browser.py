"""The console in a real headless Chromium: sign in, dashboard, filter systems, open a system, diff two
reviews, open a rule, submit pasted outputs, chat with a follow-up; XSS and CSRF; nothing leaves 127.0.0.1."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from api.examples import LPARSTAT_I, PS_EZ, VMO_AME
from tests.web.conftest import XSS


@pytest.fixture(scope="package")
def signed_in(page, console, shots):
    """Signing in: / sends an anonymous browser to /login; a wrong key is refused; the right one lands back."""
    url, key, _ = console
    page.goto(url + "/")
    assert urlsplit(page.url).path == "/login"
    page.fill("#key", "pa_000000000000_wrong")
    page.click("button[type=submit]")
    assert page.locator("[role=alert]").inner_text().startswith("This API key is not valid")
    page.screenshot(path=str(shots / "sign-in.png"))
    page.fill("#key", key)
    page.click("button[type=submit]")
    page.wait_for_url(url + "/")
    cookie = next(c for c in page.context.cookies() if c["name"] == "pa_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"
    assert key not in cookie["value"]  # the cookie names the key, it does not hold it
    return url


def test_dashboard(page, signed_in, shots):
    response = page.goto(signed_in + "/")
    csp = response.headers["content-security-policy"]
    assert "default-src 'none'" in csp and "script-src" not in csp  # no script may run at all
    assert page.locator("#systems-count").inner_text() == "7"
    assert page.locator("svg.bars").count() == 4 and page.locator("svg.columns").count() == 1
    assert page.locator("#missing tbody tr").count() >= 5
    page.screenshot(path=str(shots / "dashboard.png"), full_page=True)


def test_filter_systems(page, signed_in, shots):
    page.goto(signed_in + "/systems")
    assert page.locator("tr.system").count() == 7
    page.select_option("select[name=kind]", "aix-lpar")
    page.select_option("select[name=severity]", "high")
    page.click("form.filters button")
    page.wait_for_url(re.compile(r".*severity=high.*"))
    names = page.locator("tr.system").evaluate_all("rows => rows.map(r => r.dataset.name)")
    assert names == [XSS]  # the only AIX LPAR whose latest review has a high finding
    page.fill("input[name=prefix]", "sap")
    page.select_option("select[name=severity]", "")
    page.select_option("select[name=sort]", "name")
    page.click("form.filters button")
    page.wait_for_url(re.compile(r".*prefix=sap.*"))
    names = page.locator("tr.system").evaluate_all("rows => rows.map(r => r.dataset.name)")
    assert names == ["sapapp01", "sapapp02"]
    page.screenshot(path=str(shots / "systems.png"), full_page=True)


def test_system_and_diff_of_two_reviews(page, signed_in, shots):
    page.goto(signed_in + "/systems?sort=name&prefix=sap")
    page.click("a:text-is('sapapp01')")
    page.wait_for_url(re.compile(r".*/systems/sapapp01$"))
    assert page.locator("#history tbody tr").count() == 2
    # the default diff is the last two reviews: AME-001 was fixed by switching to 64K pages
    assert "resolved" in page.locator("#diff-summary").inner_text()
    rows = page.locator("#history tbody tr")
    newest, oldest = rows.nth(0), rows.nth(1)
    newest.locator("input[name=from]").check()
    oldest.locator("input[name=to]").check()
    page.click("#compare button")
    page.wait_for_url(re.compile(r".*from=rv_.*to=rv_.*"))
    summary = page.locator("#diff-summary").inner_text()
    assert re.match(r"[1-9]\d* introduced · 0 resolved", summary), summary
    assert page.locator("article[data-rule='AME-001'] .tag").first.inner_text() == "introduced"
    page.screenshot(path=str(shots / "system.png"), full_page=True)


def test_rule_page(page, signed_in, shots):
    page.goto(signed_in + "/rules")
    page.click("a:text-is('AME-001')")
    page.wait_for_url(re.compile(r".*/rules/AME-001$"))
    assert "AME-001" in page.locator("h1").inner_text()
    assert page.locator("text=Sources").count() == 1
    affected = page.locator("#affected tbody tr td:nth-child(2)").all_inner_texts()
    assert affected == [XSS]  # sapapp01 no longer has it; the system named like a script does
    page.screenshot(path=str(shots / "rule.png"), full_page=True)


def test_submit_pasted_outputs_shows_findings(page, signed_in, shots):
    page.goto(signed_in + "/submit")
    session = "# lparstat -i\n" + LPARSTAT_I + "# vmo -o ame_mpsize_support\n" + VMO_AME + "# ps -eZ\n" + PS_EZ
    page.fill("#text", session.replace("sapapp01", "sapapp07"))
    page.screenshot(path=str(shots / "submit.png"), full_page=True)
    page.click("form button.primary")
    page.wait_for_url(re.compile(r".*/systems/sapapp07$"))
    assert page.locator("article.finding[data-rule='AME-001']").count() == 1
    # a bad paste is explained, not stored
    page.goto(signed_in + "/submit")
    page.fill("#text", "hello, this is not a command output")
    page.click("form button.primary")
    assert page.locator("[role=alert]").count() == 1
    assert urlsplit(page.url).path == "/submit"


def test_chat_follow_up(page, signed_in, shots):
    page.goto(signed_in + "/chat")
    page.fill("#message", "What does AME-001 check?")
    page.click("form button.primary")
    page.wait_for_url(re.compile(r".*/chat/cs_[0-9a-f]+$"))
    first_url = page.url
    assert page.locator(".turn").count() == 2
    page.fill("#message", "why?")
    page.click("form button.primary")
    page.wait_for_url(first_url)
    turns = page.locator(".turn")
    assert turns.count() == 4  # the same session: its history shown in order
    assert turns.nth(2).inner_text().endswith("why?")
    answer = turns.nth(3).inner_text()
    assert "AME-001" in answer and "Sources:" in answer  # "why?" is read in the session's context, cited
    page.screenshot(path=str(shots / "chat.png"), full_page=True)


def test_script_in_a_system_name_is_text(page, signed_in):
    for path in ("/systems", "/rules/AME-001"):
        page.goto(signed_in + path)
        assert page.get_by_text(XSS).count() >= 1, path  # shown, as text
        assert page.locator("script").count() == 0, path
    page.click(f"a:text-is('{XSS}')")  # its link opens its page (the name holds a slash)
    assert page.locator("#system-name").inner_text() == XSS
    assert page.locator("script").count() == 0
    assert page.dialogs == []  # no alert ever ran


def test_cross_site_form_is_refused(page, context, signed_in, console):
    """A page on another origin (127.0.0.1, another port: the same *site*, so SameSite does not stop
    the cookie) posts a chat message: the missing token and the foreign Origin refuse it."""
    _, key, db = console
    evil = "http://127.0.0.1:9/evil.html"
    html = (
        f'<form id="f" method="post" action="{signed_in}/chat">'
        '<input name="message" value="stolen turn"></form><script>document.getElementById("f").submit()</script>'
    )
    page.route(evil, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
    try:
        with page.expect_navigation(url=signed_in + "/chat"):
            page.goto(evil)
        assert "another site" in page.locator("[role=alert]").inner_text()
    finally:
        page.unroute(evil)
    # and a forged token from the right origin is refused as stale
    page.goto(signed_in + "/chat")
    page.locator("main input[name=csrf]").evaluate("e => e.value = 'f'.repeat(32)")  # a guessed token
    page.fill("#message", "forged token")
    page.click("form button.primary")
    assert "security token" in page.locator("[role=alert]").inner_text()
    from advisor.store import open_store

    store = open_store(db)
    try:
        texts = store._read(lambda tx: [r[0] for r in tx.execute("SELECT text FROM chat_turns").fetchall()])
    finally:
        store.close()
    assert texts and "stolen turn" not in texts and "forged token" not in texts


def test_no_request_left_127_0_0_1(page, signed_in, requests_seen):
    assert len(requests_seen) > 20
    hosts = {urlsplit(u).hostname for u in requests_seen}
    assert hosts == {"127.0.0.1"}, hosts
    assert any(u.endswith("/static/console.css") for u in requests_seen)
