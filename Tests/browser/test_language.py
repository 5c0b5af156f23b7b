"""One language per page: no English of the model on a page in another language.

Every page of the repository's site, in every language, from disk and through `lifecycle-docs
serve`, is scanned in Chromium: its text (visible or for screen readers, the diagrams' SVG
titles included) and the accessible names of its elements (`aria-label`, `title`, `alt`,
`placeholder`, and the text that names buttons and options). The playground is scanned again
after each machine is chosen and some of its events fired, since the player writes its text
then; every example of an article is stepped through first for the same reason.

What must not appear is the model's English wherever the page's language has its own: the
machine titles, the names of states whose name is translated ("Process dead (activity
remembered)"), the events' camelCase ids as names and their summaries, "process", "(archived)";
the check keywords (`never`, `path`, `callbacks`) are held by a test of their own, since the
prose may quote English that holds the words. Text inside an element with `lang="en"` (an official page title, a platform's
term kept as is) and inside `code`, `pre`, `kbd` (ids and API names) is exempt. The English
comes from the model the build exported (`assets/model.*.js`), the page language's names from
`assets/model-names-<lang>.*.js`, so a name kept in English on purpose (UIKit's "Not Running",
androidx's `RESUMED`) is not looked for.
"""
import json
import re

import pytest
from selenium.webdriver.common.by import By

LANGS = ("es", "pt", "bg", "it")

# Strings the generator used to add in English, besides the model's names.
FIXED = ["Process dead", "process:", "(archived)", "activity remembered"]

SCAN = r"""
const strings = arguments[0], words = arguments[1];
const skip = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "CODE", "PRE", "KBD"]);
const pageLang = document.documentElement.lang || "";
function exempt(element) {
  for (let e = element; e; e = e.parentElement) {
    if (skip.has(e.tagName.toUpperCase())) return true;
    const lang = e.getAttribute("lang");
    if (lang !== null) return /^en\b/i.test(lang) && !/^en\b/i.test(pageLang);
  }
  return false;
}
const patterns = words.map(function (w) {
  return [w, new RegExp("(?<![\\p{L}\\p{N}_])" + w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "(?![\\p{L}\\p{N}_])", "u")];
});
const found = [];
function check(text, where) {
  strings.forEach(function (s) { if (text.indexOf(s) >= 0) found.push([s, where, text.slice(0, 160)]); });
  patterns.forEach(function (p) { if (p[1].test(text)) found.push([p[0], where, text.slice(0, 160)]); });
}
function describe(element) {
  const id = element.closest("[id]");
  return element.tagName.toLowerCase() + (element.className && typeof element.className === "string" ? "." + element.className.trim().split(/\s+/).join(".") : "")
    + (id ? " in #" + id.id : "");
}
const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const parent = node.parentElement;
  if (!parent || exempt(parent) || !node.nodeValue.trim()) continue;
  check(node.nodeValue, "text of " + describe(parent));
}
document.querySelectorAll("[aria-label], [title], [alt], [placeholder], [aria-description]").forEach(function (element) {
  if (exempt(element)) return;
  ["aria-label", "title", "alt", "placeholder", "aria-description"].forEach(function (name) {
    const value = element.getAttribute(name);
    if (value) check(value, name + " of " + describe(element));
  });
});
return found;
"""


def asset(site, prefix):
    matches = sorted((site / "assets").glob(prefix + ".*.js"))
    assert len(matches) == 1, f"expected one {prefix}.*.js in {site / 'assets'}, found {matches}"
    text = matches[0].read_text(encoding="utf-8")
    return json.loads(text[text.index("=") + 1:].strip().rstrip(";"))


def english_strings(site, lang):
    """(substrings, words) of the model's English that the page language `lang` translates."""
    model = asset(site, "model")
    names_file = sorted((site / "assets").glob(f"model-names-{lang}.*.js"))
    names = asset(site, f"model-names-{lang}") if names_file else {"machines": {}}
    strings, words = set(FIXED), set()
    for machine in model["machines"]:
        local = names["machines"].get(machine["id"], {})
        if local.get("title") != machine["title"]:
            strings.add(machine["title"])
        for state in machine["states"]:
            if local.get("states", {}).get(state["id"], {}).get("name") != state["name"]:
                strings.add(state["name"])
                if re.search(r"[a-z][A-Z]", state["id"]):
                    words.add(state["id"])
        for event in machine["events"]:
            entry = local.get("events", {}).get(event["id"], {})
            if entry.get("summary") != event["summary"]:
                strings.add(event["summary"])
            # An id that is a plain English word ("home", "back") may be the Markdown's own
            # (a quote, a block's comment): only the camelCase ones can only come from the model.
            if entry.get("name") != event["id"] and re.search(r"[a-z][A-Z]", event["id"]):
                words.add(event["id"])
    return sorted(strings), sorted(words)


def site_pages(site):
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    assert len(pages) >= 20, pages
    return pages


def page_lang(browser):
    return browser.execute_script("return document.documentElement.lang")


def scan(browser, site, where):
    lang = page_lang(browser)
    if lang.startswith("en"):
        return []
    strings, words = english_strings(site, lang)
    return [f"{where}: '{s}' in {place}: {text!r}" for s, place, text in browser.execute_script(SCAN, strings, words)]


def run_examples(browser):
    for button in browser.find_elements(By.CSS_SELECTOR, ".player [data-action='step']"):
        browser.execute_script("for (let i = 0; i < 40 && !arguments[0].disabled; i++) arguments[0].click();", button)


def run_playground(browser, site, path):
    problems = []
    select = browser.find_element(By.CSS_SELECTOR, "select[data-role='machine']")
    for value in [o.get_attribute("value") for o in select.find_elements(By.TAG_NAME, "option")]:
        browser.execute_script(
            "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'));", select, value)
        # Some enabled events, one at a time, so the log, the state and the process have text.
        for _ in range(6):
            fired = browser.execute_script(
                "const b = Array.from(document.querySelectorAll(\"[data-role='events'] button[data-event]:not(:disabled)\"));"
                "const pick = b[b.length > 1 ? 1 : 0]; if (pick) pick.click(); return !!pick;")
            if not fired:
                break
        problems += scan(browser, site, f"{path} ({value}, after events)")
    return problems


def test_no_english_of_the_model_on_any_page(page, site):
    problems = []
    for path in site_pages(site):
        browser = page(path)
        problems += scan(browser, site, path)
        if "/playground/" in path:
            problems += run_playground(browser, site, path)
        elif browser.find_elements(By.CSS_SELECTOR, "[data-lifecycle-example]"):
            run_examples(browser)
            problems += scan(browser, site, path + " (examples run)")
    assert not problems, f"{len(problems)} English strings of the model:\n" + "\n".join(problems[:60])


# English words that none of the site's languages writes (Portuguese writes "for", "a", "to" is
# no word of theirs but "of" stands in API names such as `onChange(of:initial:_:)`): on a page in
# another language they can only be English left unmarked, such as an official page title.
ENGLISH_WORDS = ["the", "The", "your", "with", "and", "can"]


def test_english_text_is_marked_english(page, site):
    """Text that stays in English (official page titles, a quoted sentence of a reference) is
    written `[words]{lang=en}` and rendered `<span lang="en">`: no English word is left outside
    such an element, code, or an element of the model's English names."""
    problems = []
    for path in site_pages(site):
        browser = page(path)
        if page_lang(browser).startswith("en"):
            continue
        problems += [f"{path}: '{w}' in {place}: {text!r}" for w, place, text in browser.execute_script(SCAN, [], ENGLISH_WORDS)]
    assert not problems, f"{len(problems)} English words outside lang=\"en\":\n" + "\n".join(problems[:40])
    # The titles are there, marked: the scan looked at them.
    browser = page("es/active/index.html")
    marked = browser.execute_script(
        "return Array.from(document.querySelectorAll('a[href^=\"https://developer.apple.com\"] span[lang=en]')).map(s => s.textContent)")
    assert "Transitioning to the UIKit scene-based life cycle" in marked, marked


def test_checks_are_sentences_with_a_text_alternative(page, site):
    """A check reads "Nunca: Not Running → Active ✓": a keyword in the page's language, not
    the block's `never`, and the ✓ has text for screen readers."""
    seen = 0
    for lang in LANGS:
        for slug in ("inactive", "active"):
            browser = page(f"{lang}/{slug}/index.html")
            for check in browser.find_elements(By.CSS_SELECTOR, "li.check"):
                seen += 1
                first = browser.execute_script("return arguments[0].firstChild && arguments[0].firstChild.nodeType", check)
                assert first == 3, f"{lang}/{slug}: a check starts with markup, not its keyword: {check.get_attribute('outerHTML')}"
                mark = check.find_element(By.CSS_SELECTOR, ".check-ok")
                alternative = browser.execute_script(
                    "const m = arguments[0]; if (m.getAttribute('aria-hidden') !== 'true') return m.getAttribute('aria-label') || '';"
                    "const n = m.nextElementSibling; return n && n.classList.contains('visually-hidden') ? n.textContent.trim() : '';", mark)
                assert alternative.strip("() "), f"{lang}/{slug}: a ✓ without a text alternative"
    assert seen >= 8


@pytest.mark.parametrize("lang", LANGS)
def test_names_script_covers_every_id(site, lang):
    """The page language's names (what the player shows) name every machine, state and event."""
    model, names = asset(site, "model"), asset(site, f"model-names-{lang}")
    assert names["lang"] == lang
    for machine in model["machines"]:
        local = names["machines"][machine["id"]]
        assert local["title"]
        assert set(local["states"]) == {s["id"] for s in machine["states"]}
        assert set(local["events"]) == {e["id"] for e in machine["events"]}
        assert all(e["name"] and e["summary"] for e in local["events"].values())
