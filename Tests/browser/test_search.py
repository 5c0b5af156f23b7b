"""The search box in the header of every page (Templates/partials/search.mustache and
assets/search.js): from disk and through `lifecycle-docs serve`, in every language; by
keyboard alone (/ focuses, arrows move, Enter opens, Escape closes), with the ARIA combobox
pattern; hidden, not broken, without JavaScript; axe-clean with its results open."""
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from test_accessibility import assert_accessible

# A word of each language, inflected as the reader types it, and the section that is about it.
SEARCHES = {
    "es": ("visibilidad", "inactive", "inactive-en-android-onpause-y-visibilidad", "Ningún resultado para «qzxwv»"),
    "pt": ("visibilidade", "inactive", "inactive-no-android-onpause-e-visibilidade", "Nenhum resultado para “qzxwv”"),
    "it": ("interruzioni", "app-lifecycle", "interruzioni-da-active-a-inactive-e-ritorno", "Nessun risultato per «qzxwv»"),
    "bg": ("ВИДИМОСТ", "inactive", "inactive-на-android-onpause-и-видимост", "Няма резултати за „qzxwv“"),
}


def search_input(browser):
    return browser.find_element(By.ID, "ld-search-input")


def options(browser):
    return browser.find_elements(By.CSS_SELECTOR, "#ld-search-results [role=option]")


def type_query(browser, text):
    """Focuses the box with / (as a reader would) and types `text`; waits for the answer."""
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys("/")
    box = search_input(browser)
    assert browser.switch_to.active_element == box, "/ focuses the search box"
    box.send_keys(text)
    WebDriverWait(browser, 10).until(
        lambda _: browser.find_element(By.CSS_SELECTOR, ".ld-search-status").get_attribute("textContent").strip())
    return box


def combobox(browser):
    return browser.find_element(By.CSS_SELECTOR, "[role=combobox]")


def opened_location(browser):
    url = urllib.parse.urlsplit(browser.current_url)
    return urllib.parse.unquote(url.path), urllib.parse.unquote(url.fragment)


@pytest.mark.parametrize("lang", sorted(SEARCHES))
def test_search_finds_the_section_and_enter_opens_it(page, lang):
    query, slug, anchor, _ = SEARCHES[lang]
    browser = page(f"{lang}/active/index.html")
    box = type_query(browser, query)
    assert combobox(browser).get_attribute("aria-expanded") == "true"
    found = options(browser)
    assert found, "results are listed"
    first = found[0]
    assert first.find_element(By.TAG_NAME, "mark").text, "the excerpt marks the words found"
    box.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda _: opened_location(browser)[0].endswith(f"/{lang}/{slug}/index.html"))
    assert opened_location(browser)[1] == anchor


MARK_LIST = """return [...document.querySelectorAll('mark.ld-highlight')].map(m =>
    [m.textContent, !!m.closest('main article'), !!m.closest('[data-search-ignore], svg, button, .heading-anchor')])"""


def marks_of(browser):
    """The page's marks, once it has marked (the marks wait for the shards of the page's words)."""
    WebDriverWait(browser, 10).until(lambda _: browser.execute_script(
        "return document.documentElement.hasAttribute('data-ld-highlighted')"))
    return browser.execute_script(MARK_LIST)


@pytest.mark.parametrize("lang", sorted(SEARCHES))
def test_the_page_a_result_opens_marks_the_words_found(page, lang):
    query, slug, anchor, _ = SEARCHES[lang]
    browser = page(f"{lang}/active/index.html")
    type_query(browser, query).send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda _: opened_location(browser)[0].endswith(f"/{lang}/{slug}/index.html"))
    url = urllib.parse.urlsplit(browser.current_url)
    assert urllib.parse.parse_qs(url.query).get("highlight"), browser.current_url
    assert urllib.parse.unquote(url.fragment) == anchor
    marks = marks_of(browser)
    assert marks, "the opened page marks the words found"
    # The query's word, inflected or not, only where the index read it (the article's text).
    assert all(text.lower().startswith(query.lower()[:5]) for text, _, _ in marks), marks
    assert all(inside and not ignored for _, inside, ignored in marks), marks
    # ...and the section the result named holds some.
    assert browser.execute_script("""
        const heading = document.getElementById(arguments[0]);
        let found = !!heading.querySelector('mark.ld-highlight');
        for (let next = heading.nextElementSibling; next && !/^H[23]$/.test(next.tagName); next = next.nextElementSibling) {
          if (next.querySelector('mark.ld-highlight') || next.matches('mark.ld-highlight')) found = true;
        }
        return found;""", anchor)


def test_highlighting_leaves_the_models_words_and_pages_without_it_alone(page):
    browser = page("es/surviving-interruptions/index.html")
    assert browser.execute_script(MARK_LIST) == [], "no marks without ?highlight="
    browser.get(browser.current_url + "?highlight=interrup")
    marks = marks_of(browser)
    assert len(marks) > 5 and all(text.lower().startswith("interrup") for text, _, _ in marks), marks
    assert all(inside and not ignored for _, inside, ignored in marks), marks
    # The traces name the event "Interrupción" too, left unmarked as the index left it out.
    assert browser.execute_script("return [...document.querySelectorAll('[data-search-ignore] .event-name')].some(e => /Interrup/.test(e.textContent))")
    browser.get(browser.current_url.split("?")[0] + "?highlight=qzxwv")
    assert marks_of(browser) == []


EXCERPT_MARKS = """return [...document.querySelectorAll('#ld-search-results [role=option] mark')].map(m => m.textContent)"""


def test_words_that_only_bind_others_neither_rank_nor_mark(page):
    """ "captura de pantalla": the section about a screenshot comes first, and neither its excerpt
    nor the page it opens marks "desde" or "del" for the "de" between the words."""
    browser = page("es/active/index.html")
    type_query(browser, "captura de pantalla")
    marks = browser.execute_script(EXCERPT_MARKS)
    assert marks and all(m.lower().startswith(("captur", "pantall")) for m in marks), marks
    first = options(browser)[0]
    assert "captura" in first.text.lower(), first.text
    search_input(browser).send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda _: "highlight=" in browser.current_url)
    url = urllib.parse.urlsplit(browser.current_url)
    stems = urllib.parse.parse_qs(url.query)["highlight"][0].split()
    assert stems and all(stem.startswith(("captur", "pantall")) for stem in stems), browser.current_url
    marks = marks_of(browser)
    assert marks and all(text.lower().startswith(("captur", "pantall")) for text, _, _ in marks), marks

    # A stem shorter than three letters marks only itself ("la" alone is a query too).
    browser.get(url._replace(query="highlight=la").geturl())
    marks = marks_of(browser)
    assert marks and all(text.lower() == "la" for text, _, _ in marks), marks[:20]


def test_a_word_that_only_starts_like_the_stem_is_not_marked(page):
    """pt "cena" has the stem "cen": "cenas" is marked, but not "Center", "Central" or
    "cenários", whose own stems the index's shards know ("cent…", "cenari"), neither in the
    excerpts nor on the page a result opens."""
    browser = page("pt/active/index.html")
    type_query(browser, "cena ")
    marks = browser.execute_script(EXCERPT_MARKS)
    assert marks and all(m.lower() in ("cena", "cenas") for m in marks), marks
    browser.get(browser.current_url.split("?")[0].replace("/active/", "/inactive/") + "?highlight=cen")
    marks = marks_of(browser)
    assert {text.lower() for text, _, _ in marks} == {"cena", "cenas"}, marks
    assert browser.execute_script("return document.querySelector('main article').textContent.includes('Control Center')")


# A word mistyped by one letter (missing, extra, wrong or swapped), and the word as it is spelt.
TYPOS = [
    ("bg", "прекъсвне", "прекъсване"),  # no stemming: a prefix one edit away
    ("es", "interupciones", "interrupciones"),  # a stem one edit from the word's start
    ("it", "interuzioni", "interruzioni"),
    ("pt", "backgorund", "background"),  # two letters swapped
]


def first_results(browser, query):
    """The first three results' pages and the words their excerpts mark, for `query` typed at once."""
    browser.execute_script("""
        const box = document.getElementById('ld-search-input');
        document.querySelector('.ld-search-status').textContent = '';
        box.focus(); box.value = arguments[0]; box.dispatchEvent(new Event('input', {bubbles: true}));""", query)
    WebDriverWait(browser, 10).until(
        lambda _: browser.find_element(By.CSS_SELECTOR, ".ld-search-status").get_attribute("textContent").strip())
    return browser.execute_script("""
        const found = [...document.querySelectorAll('#ld-search-results [role=option]')];
        return [found.slice(0, 3).map(o => o.getAttribute('data-href').split('?')[0]),
                [...document.querySelectorAll('#ld-search-results mark')].map(m => m.textContent.toLowerCase())];""")


@pytest.mark.parametrize("lang, typo, word", TYPOS)
def test_a_word_mistyped_by_one_letter_finds_what_the_word_finds(page, lang, typo, word):
    browser = page(f"{lang}/active/index.html")
    spelt, spelt_marks = first_results(browser, word)
    assert spelt and spelt_marks, (spelt, spelt_marks)
    mistyped, marks = first_results(browser, typo)
    assert mistyped[:1] == spelt[:1], f"'{typo}' leads to {mistyped}, '{word}' to {spelt}"
    # The excerpts mark the words as spelt (the same as the spelt word's, "прекъсването" for the prefix "прекъсване").
    assert marks and set(marks) <= set(spelt_marks) | {word}, (marks, spelt_marks)


def test_words_found_are_marked_alike_in_headings_and_excerpts(page):
    """One colour for the words found, in a result's heading as in its excerpt (headings had the
    browser's yellow)."""
    browser = page("es/active/index.html")
    type_query(browser, "visibilidad")
    colours = browser.execute_script("""
        return [...document.querySelectorAll('#ld-search-results mark')].map(m =>
            [m.closest('.ld-search-excerpt') ? 'excerpt' : 'heading', getComputedStyle(m).backgroundColor]);""")
    assert "heading" in {place for place, _ in colours}, colours
    tint = browser.execute_script("""
        const probe = document.createElement('span');
        probe.style.background = 'var(--accent-tint)';
        document.body.appendChild(probe);
        const colour = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return colour;""")
    assert {colour for _, colour in colours} == {tint}, colours


def test_two_slips_find_nothing(page):
    """Only one edit is forgiven: a word two edits away is another word."""
    browser = page("es/active/index.html")
    type_query(browser, "interupcinoes")
    assert not options(browser)


@pytest.mark.parametrize("lang", sorted(SEARCHES))
def test_no_results_are_said_in_the_page_language(page, lang):
    browser = page(f"{lang}/index.html")
    box = type_query(browser, "qzxwv")
    status = browser.find_element(By.CSS_SELECTOR, ".ld-search-status")
    assert status.get_attribute("role") == "status"
    assert status.get_attribute("textContent") == SEARCHES[lang][3]
    assert combobox(browser).get_attribute("aria-expanded") == "false"
    assert not options(browser)
    # A query of punctuation alone has no word to look for: it says so too, not nothing.
    box.clear()
    box.send_keys("->")
    WebDriverWait(browser, 10).until(lambda _: status.get_attribute("textContent") == SEARCHES[lang][3].replace("qzxwv", "->"))


def test_keyboard_moves_through_results_and_escape_closes(page):
    browser = page("es/inactive/index.html")
    box = type_query(browser, "inactive")
    listbox = browser.find_element(By.ID, "ld-search-results")
    assert combobox(browser).get_attribute("aria-owns") == "ld-search-results" and box.get_attribute("aria-controls") == "ld-search-results"
    assert listbox.get_attribute("role") == "listbox"
    found = options(browser)
    assert len(found) >= 2
    assert box.get_attribute("aria-activedescendant") in (None, "")

    box.send_keys(Keys.ARROW_DOWN)
    assert box.get_attribute("aria-activedescendant") == found[0].get_attribute("id")
    assert found[0].get_attribute("aria-selected") == "true"
    box.send_keys(Keys.ARROW_DOWN)
    assert box.get_attribute("aria-activedescendant") == found[1].get_attribute("id")
    assert found[0].get_attribute("aria-selected") == "false"
    box.send_keys(Keys.ARROW_UP, Keys.ARROW_UP)
    assert box.get_attribute("aria-activedescendant") == found[-1].get_attribute("id"), "up from the first wraps to the last"
    assert browser.switch_to.active_element == box, "the focus stays in the box"

    box.send_keys(Keys.ESCAPE)
    assert combobox(browser).get_attribute("aria-expanded") == "false"
    assert not listbox.is_displayed()
    assert box.get_attribute("aria-activedescendant") in (None, "")
    box.send_keys(Keys.ESCAPE)
    assert box.get_attribute("value") == ""

    # Back in the box, the arrows reopen the list of a new query; Enter opens the chosen one.
    box.send_keys("scenePhase")
    WebDriverWait(browser, 10).until(lambda _: options(browser) and combobox(browser).get_attribute("aria-expanded") == "true")
    box.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda _: opened_location(browser)[0].endswith("/es/active/index.html"))
    assert opened_location(browser)[1] == "swiftui-scenephase"


def test_slash_in_a_text_field_is_typed_not_captured(page):
    browser = page("es/inactive/index.html")
    box = type_query(browser, "on")
    box.send_keys("/")
    assert box.get_attribute("value") == "on/"


def test_the_slash_hint_shows_only_where_there_is_a_keyboard(page):
    """The `/` key cap beside the box is a keyboard shortcut: shown with a mouse, not on a touch
    screen (a phone emulated with touch), where no key can be pressed."""
    browser = page("es/inactive/index.html")
    key = browser.find_element(By.CSS_SELECTOR, ".ld-search-key")
    assert key.is_displayed()
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 800, "deviceScaleFactor": 2, "mobile": True})
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    try:
        browser.refresh()
        assert browser.execute_script("return matchMedia('(hover: none) and (pointer: coarse)').matches")
        assert not browser.find_element(By.CSS_SELECTOR, ".ld-search-key").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_search_results_are_accessible(page):
    browser = page("bg/inactive/index.html")
    box = type_query(browser, "прекъсване")
    box.send_keys(Keys.ARROW_DOWN)
    assert options(browser)
    assert_accessible(browser, "the Bulgarian article with search results open")


@pytest.mark.parametrize("width", [1280, 1024, 800, 600, 360])
def test_results_stay_on_the_screen(page, width):
    # The list is wider than the box; it grows away from the screen's edge, never past it.
    browser = page("es/inactive/index.html")
    size = browser.get_window_size()
    browser.set_window_size(width, 900)
    try:
        type_query(browser, "interrupciones")
        assert options(browser)
        left, right, inner, scroll = browser.execute_script(
            "const r = document.getElementById('ld-search-results').getBoundingClientRect();"
            "return [r.left, r.right, document.documentElement.clientWidth, document.documentElement.scrollWidth]")
        assert left >= 0 and right <= inner, f"the results span {left:.0f}–{right:.0f} px of a {inner} px wide page"
        assert scroll <= inner, f"the page scrolls sideways ({scroll} px of content in {inner} px)"
    finally:
        browser.set_window_size(size["width"], size["height"])


def test_without_javascript_the_box_is_hidden(site, browser_without_javascript):
    browser = browser_without_javascript
    for path in ("es/inactive/index.html", "bg/index.html", "index.html"):
        browser.get((site / path).as_uri())
        assert browser.execute_script("return 1") is None or True  # scripts are off: nothing to ask
        box = browser.find_element(By.CSS_SELECTOR, "[data-ld-search]")
        assert not box.is_displayed(), path
        assert not search_input(browser).is_displayed(), path
