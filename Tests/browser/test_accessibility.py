"""Accessibility with axe-core (PyPI axe-selenium-python) in the same headless
Chromium: no violation of impact "serious" or "critical" on the article page,
home, playground and status page of every language, the language chooser, the
markup fixture's pages, an article mid-run in the player and a playground after
a few events; in the light and the dark colour scheme (emulated through Chrome
DevTools), from disk and through `lifecycle-docs serve`. No axe rule is turned off.

axe cannot judge the text of the SVG state diagrams (it reports their contrast as
"incomplete"), so `diagram_contrast` measures it from the computed colours.
"""
import re

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BLOCKING = ("critical", "serious")
LANGS = ("es", "pt", "bg", "it")
REPOSITORY_PAGES = ([f"{lang}/{slug}/index.html" for lang in LANGS for slug in ("inactive", "active")]
                    + [f"{lang}/index.html" for lang in LANGS]
                    + [f"{lang}/playground/index.html" for lang in LANGS]
                    + [f"{lang}/status/index.html" for lang in LANGS]
                    + [f"{lang}/tutorials/index.html" for lang in LANGS]
                    + [f"{lang}/model/index.html" for lang in LANGS]
                    # Machines' pages of the model reference, in three languages. Not Android's: its
                    # 211 transitions are 7,000 elements, which take axe 15-30 s a run (four runs
                    # here); its markup is the same template's, with conditions of the same form.
                    + ["es/model/ios-scene/index.html", "bg/model/ios-app/index.html", "it/model/swiftui/index.html"]
                    + ["index.html"])
FIXTURE_PAGES = ["es/muestra/index.html", "pt/muestra/index.html", "bg/muestra/index.html",
                 "es/sin-titulo/index.html", "it/solo/index.html", "es/index.html", "es/status/index.html",
                 "es/archivos/index.html", "es/ejercicios/index.html", "es/leccion/index.html", "es/tutorials/index.html"]
# WCAG AA for normal text: the diagrams' labels are 14px.
MINIMUM_CONTRAST = 4.5


def report(violations):
    """Every violation, blocking ones first: id, impact, what it means, and each node."""
    order = sorted(violations, key=lambda v: (v["impact"] not in BLOCKING, v["id"]))
    lines = []
    for violation in order:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']} [{len(violation['nodes'])} nodes]")
        for node in violation["nodes"]:
            checks = node["any"] + node["all"] + node["none"]
            why = "; ".join(check["message"] for check in checks)
            lines.append(f"    {', '.join(node['target'])}: {why}")
            lines.append(f"        {node['html'][:200]}")
    return "\n".join(lines)


def settle(browser):
    """Waits for running transitions (a step's, or the diagrams' when a page
    loads) to end: colours are judged as they come to rest."""
    WebDriverWait(browser, 10).until(lambda _: browser.execute_script("return document.getAnimations().length === 0"))


def assert_accessible(browser, where):
    settle(browser)
    axe = Axe(browser)
    axe.inject()
    results = axe.run()
    blocking = [v for v in results["violations"] if v["impact"] in BLOCKING]
    assert not blocking, (f"axe found {len(blocking)} serious or critical violations on {where} "
                          f"({len(results['violations'])} in all):\n{report(results['violations'])}")


def parse_color(value):
    found = re.fullmatch(r"rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)", value)
    assert found, f"cannot read the colour {value!r}"
    red, green, blue, alpha = found.groups()
    return (int(red), int(green), int(blue)), float(alpha) if alpha is not None else 1.0


def contrast(first, second):
    def luminance(rgb):
        channels = [c / 255 for c in rgb]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def diagram_contrast(browser):
    """Each visible state label of the page's diagrams against its box (or the
    page, where the box is not filled): the problems as text lines."""
    settle(browser)
    nodes = browser.execute_script("""
        const page = getComputedStyle(document.body).backgroundColor;
        return [...document.querySelectorAll('.state-diagram .node')]
            .filter(node => node.getBoundingClientRect().width > 0)
            .map(node => ({
                state: node.dataset.state,
                classes: node.getAttribute('class'),
                machine: node.closest('svg').dataset.machine,
                text: getComputedStyle(node.querySelector('text')).fill,
                box: getComputedStyle(node.querySelector('rect')).fill,
                page: page,
            }));
    """)
    assert nodes, "no state diagram on the page"
    problems = []
    for node in nodes:
        text, _ = parse_color(node["text"])
        box, alpha = parse_color(node["box"]) if node["box"] != "none" else ((0, 0, 0), 0.0)
        if alpha < 1:
            box = parse_color(node["page"])[0]
        ratio = contrast(text, box)
        if ratio < MINIMUM_CONTRAST:
            problems.append(f"{node['machine']} {node['state']} ({node['classes']}): {ratio:.2f}:1, "
                            f"text {node['text']} on {node['box']}")
    return problems


@pytest.mark.parametrize("path", REPOSITORY_PAGES)
def test_repository_pages(page, color_scheme, path):
    browser = page(path)
    assert_accessible(browser, f"{path} ({color_scheme})")


@pytest.mark.parametrize("path", FIXTURE_PAGES)
def test_fixture_pages(fixture_page, color_scheme, path):
    browser = fixture_page(path)
    assert_accessible(browser, f"the fixture's {path} ({color_scheme})")


def test_player_mid_run(page, color_scheme):
    """Stepping lights the handler in the code, marks the current row and the
    diagram's current state, and fills the callback log: all of it readable."""
    browser = page("es/inactive/index.html")
    figures = browser.find_elements(By.CSS_SELECTOR, "[data-lifecycle-example]")
    for figure in figures[:3]:
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", figure)
        figure.find_element(By.CSS_SELECTOR, "[data-action='step']").click()
    assert browser.find_elements(By.CSS_SELECTOR, ".lit"), "a step lights a handler in the article's code"
    assert browser.find_elements(By.CSS_SELECTOR, ".trace tr[aria-current='step']")
    assert browser.find_elements(By.CSS_SELECTOR, ".callback-log li")
    assert_accessible(browser, f"es/inactive/index.html after three steps ({color_scheme})")
    assert not diagram_contrast(browser), "\n".join(diagram_contrast(browser))


def test_playground_after_events(page, color_scheme):
    browser = page("pt/playground/index.html")
    playground = browser.find_element(By.CSS_SELECTOR, "[data-lifecycle-playground]")
    for event in ("launch", "interruption", "interruptionEnded", "home"):
        playground.find_element(By.CSS_SELECTOR, f"[data-role='events'] button[data-event='{event}']").click()
    WebDriverWait(browser, 5).until(lambda _: len(playground.find_elements(By.CSS_SELECTOR, "[data-role='log'] li")) == 4)
    assert_accessible(browser, f"pt/playground/index.html after four events ({color_scheme})")
    assert not diagram_contrast(browser), "\n".join(diagram_contrast(browser))


def test_diagram_labels_are_readable(fixture_page, color_scheme):
    """Every kind of state box: plain, on the example's path, unobservable."""
    browser = fixture_page("es/muestra/index.html")
    classes = " ".join(browser.execute_script(
        "return [...document.querySelectorAll('.state-diagram .node')].map(n => n.getAttribute('class'))"))
    assert "on-path" in classes and "unobservable" in classes
    assert not diagram_contrast(browser), "\n".join(diagram_contrast(browser))


def test_task_list_boxes_are_named_by_their_items(fixture_page):
    browser = fixture_page("es/muestra/index.html")
    boxes = browser.find_elements(By.CSS_SELECTOR, ".task-list-item > input, .task-list-item > label > input, "
                                                   ".task-list-item > p > label > input")
    names = [box.accessible_name for box in boxes]
    assert names == ["Hecha, con un enlace", "Pendiente, con código y énfasis", "Una subtarea",
                     "Otra subtarea hecha", "Tarea", "Una tarea en una lista suelta", "Otra tarea suelta"]
    assert all(not box.is_enabled() for box in boxes)
    assert [box.is_selected() for box in boxes] == [True, False, False, True, False, True, False]
