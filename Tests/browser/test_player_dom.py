"""docs/player-dom.md, the page contract of player.js and site.js, held to the code.

Every row's selector must match on a real built page: `build` rows in the HTML as the
build wrote it (parsed without running a script, inside <template> too), `run` rows in
the live page at some point while this test steps, plays, resets and breaks the examples
of an article and fires events on the playground. And every selector, attribute and
class the two scripts name must appear in a selector of the document.
"""
import re
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT

DOC = ROOT / "docs" / "player-dom.md"
SCRIPTS = [ROOT / "Templates" / "assets" / name for name in ("player.js", "exercise.js", "site.js")]
PAGES = {"article": "es/inactive/index.html", "playground": "es/playground/index.html", "tutorial": "es/leccion/index.html",
         "scenes": "es/swiftui-scene-phase/index.html", "tutorials": "es/tutorials/index.html"}
# The site each page is taken from: the tutorial is the markup fixture's (not the real content's).
SITES = {"article": "site", "playground": "site", "tutorial": "fixture_site", "scenes": "site", "tutorials": "fixture_site"}
HEADER = ["Selector", "Page", "When", "Written by", "Read by", "Meaning"]
WHEN = {"build", "run"}

# The selectors of `selectors` (arguments[0]) that match in the page: the live document, or
# the HTML in arguments[1] parsed without running scripts. Template contents count for the
# built page (the playground keeps its diagrams there), and `template[...] inner` looks
# inside the matching templates.
QUERY = """
const selectors = arguments[0];
const html = arguments[1];
const doc = html === null ? document : new DOMParser().parseFromString(html, "text/html");
const templates = html === null ? [] : Array.prototype.slice.call(doc.querySelectorAll("template"));
function found(selector) {
  if (doc.querySelector(selector)) return true;
  if (templates.some(function (t) { return t.content.querySelector(selector); })) return true;
  const space = selector.indexOf(" ");
  if (space < 0) return false;
  const outer = selector.slice(0, space), inner = selector.slice(space + 1);
  return templates.some(function (t) { return t.matches(outer) && t.content.querySelector(inner); });
}
return selectors.filter(found);
"""


def table_cells(line):
    """The cells of a Markdown table line; `\\|` is a pipe inside a cell."""
    line = line.strip()
    if not (line.startswith("|") and line.endswith("|")):
        return None
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", line[1:-1])]


def contract():
    """Every row of every table of the document: (selector, pages, when)."""
    assert DOC.exists(), f"{DOC} is missing"
    lines = DOC.read_text(encoding="utf-8").splitlines()
    rows = []
    index = 0
    while index < len(lines):
        if table_cells(lines[index]) != HEADER:
            index += 1
            continue
        separator = table_cells(lines[index + 1]) if index + 1 < len(lines) else None
        assert separator and set(separator) == {"---"}, f"{DOC.name}:{index + 2}: no separator under the header"
        index += 2
        while index < len(lines) and table_cells(lines[index]) is not None:
            cells = table_cells(lines[index])
            where = f"{DOC.name}:{index + 1}"
            assert len(cells) == len(HEADER), f"{where}: {len(cells)} cells, not {len(HEADER)}"
            code = re.fullmatch(r"`([^`]+)`", cells[0])
            assert code, f"{where}: the selector must be one code span: {cells[0]}"
            pages = [p.strip() for p in cells[1].split(",")]
            assert pages and all(p in PAGES for p in pages), f"{where}: unknown page in '{cells[1]}'"
            assert cells[2] in WHEN, f"{where}: When must be build or run, not '{cells[2]}'"
            assert cells[3] and cells[5], f"{where}: who writes it and what it means are required"
            rows.append((code.group(1), pages, cells[2]))
            index += 1
    assert len(rows) >= 80, f"only {len(rows)} rows read from {DOC}: is the table header still {HEADER}?"
    return rows


def selectors(rows, page, when):
    return sorted({s for s, pages, w in rows if page in pages and w == when})


class Observer:
    """The `run` selectors of one page that have matched at some point."""

    def __init__(self, browser, wanted):
        self.browser = browser
        self.wanted = set(wanted)
        self.seen = set()

    def look(self):
        missing = sorted(self.wanted - self.seen)
        if missing:
            self.seen.update(self.browser.execute_script(QUERY, missing, None))

    def missing(self):
        return sorted(self.wanted - self.seen)


def click(browser, element, observer):
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()
    observer.look()


def article_session(browser, observer):
    """Every example stepped to its end, played, reset; one broken on purpose; the TOC followed."""
    figures = browser.find_elements(By.CSS_SELECTOR, "[data-lifecycle-example]")
    assert len(figures) >= 6
    observer.look()
    for figure in figures:
        rows = figure.find_elements(By.CSS_SELECTOR, "tbody tr[data-event]")
        for _ in rows:
            click(browser, figure.find_element(By.CSS_SELECTOR, "[data-action='step']"), observer)
        click(browser, figure.find_element(By.CSS_SELECTOR, "[data-action='reset']"), observer)
    play = figures[0].find_element(By.CSS_SELECTOR, "[data-action='play']")
    click(browser, play, observer)
    click(browser, play, observer)
    # A row that says something else than the model: the player marks it.
    browser.execute_script(
        "arguments[0].querySelector('tbody tr[data-event]').setAttribute('data-to', 'not-a-state')", figures[0])
    click(browser, figures[0].find_element(By.CSS_SELECTOR, "[data-action='reset']"), observer)
    click(browser, figures[0].find_element(By.CSS_SELECTOR, "[data-action='step']"), observer)
    # site.js: the theme toggle (its choice forgotten at the end) and a copy button (the
    # clipboard stubbed: the session is about the page, not the browser's permissions).
    toggle = browser.find_element(By.CSS_SELECTOR, "button[data-theme-toggle]")
    click(browser, toggle, observer)
    click(browser, toggle, observer)
    browser.execute_script("localStorage.removeItem('lifecycle-docs-theme')")
    browser.execute_script("navigator.clipboard.writeText = function () { return Promise.resolve(); }")
    click(browser, browser.find_element(By.CSS_SELECTOR, "button.code-copy"), observer)
    observer.look()
    # site.js marks the section being read (an IntersectionObserver: give it time).
    headings = browser.find_elements(By.CSS_SELECTOR, "main h2[id]")
    assert len(headings) >= 3
    for heading in headings[1:4]:
        browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", heading)
        for _ in range(20):
            observer.look()
            if not observer.missing():
                return
            browser.execute_script("return new Promise(function (done) { setTimeout(done, 50); })")


def scenes_session(browser, observer):
    """Every example of the SwiftUI tutorial stepped to its end and reset: two start with given
    scenes; the exercise that asks for the app-level value answered right."""
    figures = browser.find_elements(By.CSS_SELECTOR, "[data-lifecycle-example]")
    assert len(figures) >= 5
    observer.look()
    for figure in figures:
        for _ in figure.find_elements(By.CSS_SELECTOR, "tbody tr[data-event]"):
            click(browser, figure.find_element(By.CSS_SELECTOR, "[data-action='step']"), observer)
        click(browser, figure.find_element(By.CSS_SELECTOR, "[data-action='reset']"), observer)
    app = browser.find_element(By.CSS_SELECTOR, "figure.exercise[data-asks='app']")
    click(browser, app.find_element(By.CSS_SELECTOR, "input[value='active']"), observer)
    click(browser, app.find_element(By.CSS_SELECTOR, "button.exercise-check"), observer)
    observer.look()


def playground_session(browser, observer):
    """Events of ios-app, two scenes of ios-scene, Android with options, an invalid API level."""
    section = browser.find_element(By.CSS_SELECTOR, "[data-lifecycle-playground]")
    observer.look()

    def choose(machine):
        select = section.find_element(By.CSS_SELECTOR, "select[data-role='machine']")
        browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'))",
                               select, machine)
        observer.look()

    def type_into(role, text):
        field = section.find_element(By.CSS_SELECTOR, f"input[data-role='{role}']")
        browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))",
                               field, text)
        observer.look()

    def fire(*events):
        for event in events:
            button = section.find_element(By.CSS_SELECTOR, f"[data-role='events'] button[data-event='{event}']")
            assert button.is_enabled(), f"{event} is not possible now"
            click(browser, button, observer)

    choose("ios-app")
    fire("launch", "interruption", "home")
    choose("ios-scene")
    fire("connect")
    type_into("scene", "B")
    fire("connect", "home")
    choose("android-activity")
    fire("launch")
    type_into("api", "27")
    fire("startActivity")
    type_into("api", "100")
    click(browser, section.find_element(By.CSS_SELECTOR, "[data-action='reset']"), observer)


def tutorial_session(browser, observer):
    """Every exercise checked before any answer, answered wrong (the answer then shown), then right; a step marked
    done; the progress cleared."""
    browser.execute_script("localStorage.clear()")
    browser.refresh()
    observer.look()

    def figure(kind):
        return browser.find_element(By.CSS_SELECTOR, f"figure.exercise[data-kind='{kind}']")

    def check(of):
        click(browser, of.find_element(By.CSS_SELECTOR, "button.exercise-check"), observer)

    def reveal(of):
        click(browser, of.find_element(By.CSS_SELECTOR, ".exercise-feedback button.exercise-reveal"), observer)

    click(browser, browser.find_element(By.CSS_SELECTOR, "#ld-step-1 [data-step-done]"), observer)
    predict = figure("predict")
    check(predict)  # nothing answered yet: asked for an answer
    click(browser, predict.find_element(By.CSS_SELECTOR, "input[value='started']"), observer)
    check(predict)
    reveal(predict)
    click(browser, browser.find_element(By.CSS_SELECTOR, "#ld-step-2 svg.state-diagram .node[data-state='created']"), observer)
    check(predict)
    order = figure("order")
    check(order)
    reveal(order)
    for name in ("onPause", "onPause", "onStop"):
        item = order.find_element(By.CSS_SELECTOR, f"li[data-callback='{name}'] button[data-move='up']")
        click(browser, item, observer)
    check(order)
    choose = figure("choose")
    boxes = choose.find_elements(By.CSS_SELECTOR, "input[type='checkbox']")
    click(browser, boxes[1], observer)
    check(choose)
    reveal(choose)
    for box in boxes:
        click(browser, box, observer)
    check(choose)
    reach = figure("reach")
    click(browser, reach.find_element(By.CSS_SELECTOR, "button[data-event='connect']"), observer)
    check(reach)
    reveal(reach)
    click(browser, reach.find_element(By.CSS_SELECTOR, "button.exercise-reset"), observer)
    for event in ("connect", "home"):
        click(browser, reach.find_element(By.CSS_SELECTOR, f"button[data-event='{event}']"), observer)
    observer.look()
    click(browser, browser.find_element(By.CSS_SELECTOR, "[data-progress-reset]"), observer)
    browser.execute_script("localStorage.clear()")


def tutorials_session(browser, observer):
    """The lesson's progress as its page leaves it when every step is done."""
    browser.execute_script(
        "localStorage.setItem('lifecycle-docs-progress-summary:es/leccion', JSON.stringify({done: 6, total: 6}))")
    # Chromium hands a page's storage writes to the browser process asynchronously: a reload right
    # after the write may read the store from before it (a clean-clone CI run did, once in many).
    # The page reads the store once, when it loads, so it is loaded again until the write shows.
    for _ in range(10):
        browser.refresh()
        if browser.execute_script("return localStorage.getItem('lifecycle-docs-progress-summary:es/leccion')"):
            break
        time.sleep(0.2)
    observer.look()
    browser.execute_script("localStorage.clear()")


SESSIONS = {"article": article_session, "playground": playground_session, "tutorial": tutorial_session,
            "scenes": scenes_session, "tutorials": tutorials_session}


@pytest.mark.parametrize("page_name", sorted(PAGES))
def test_every_documented_selector_is_on_a_built_page(page_name, request, browser):
    site = request.getfixturevalue(SITES[page_name])
    rows = contract()
    path = PAGES[page_name]
    built = selectors(rows, page_name, "build")
    assert built, f"no build rows for {page_name}"
    html = (site / path).read_text(encoding="utf-8")
    found = browser.execute_script(QUERY, built, html)
    missing = sorted(set(built) - set(found))
    assert not missing, f"{path} as built has nothing matching these rows of {DOC.name}: {missing}"

    browser.get((site / path).as_uri())
    observer = Observer(browser, selectors(rows, page_name, "run"))
    assert observer.wanted, f"no run rows for {page_name}"
    SESSIONS[page_name](browser, observer)
    observer.look()
    assert not observer.missing(), (
        f"{path}: these run rows of {DOC.name} never matched while the test used the page: {observer.missing()}")


# What the scripts name, and how each name must show up in a selector of the document.
SELECTOR_CALLS = ("querySelectorAll", "querySelector", "closest")
ATTRIBUTE_CALLS = ("getAttribute", "setAttribute", "removeAttribute", "hasAttribute", "getElementById")
STRING = re.compile(r"\"([^\"\\]*)\"|'([^'\\]*)'")
# Arguments built at run time, and the calls that supply their variable part.
DYNAMIC = {
    "\"[data-role='\" + role + \"']\"": ("selector", re.compile(r"\bq\(\s*\"([^\"]+)\"\s*\)"), "[data-role='{}']"),
    "\"data-label-\" + name": ("attribute", re.compile(r"\blabel\(\s*[^,()]+,\s*\"([^\"]+)\""), "data-label-{}"),
    # site.js: the heading a table-of-contents link points to.
    "id": ("attribute", None, "id"),
    # exercise.js: withAttribute(nodes, "name", value) finds a node by an attribute.
    "name": ("attribute", re.compile(r"\bwithAttribute\([^,]+\([^)]*\),\s*\"([^\"]+)\""), "{}"),
}


def literal(expression):
    match = STRING.fullmatch(expression)
    return None if match is None else (match.group(1) if match.group(1) is not None else match.group(2))


def arguments(source, open_paren):
    """The top-level arguments of the call whose "(" is at `open_paren`, as source text."""
    parts, depth, quote, escaped, current = [], 0, None, False, ""
    for char in source[open_paren + 1:]:
        if quote:
            current += char
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == quote:
                quote = None
        elif char in "\"'":
            quote = char
            current += char
        elif char in "([{":
            depth += 1
            current += char
        elif char in ")]}" and depth:
            depth -= 1
            current += char
        elif char == ")":
            return parts + [current.strip()] if current.strip() or parts else parts
        elif char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    raise AssertionError("unbalanced call")


def calls(source, names):
    """(function, [arguments], line) for every call of one of `names` (as a function or a method)."""
    pattern = re.compile(r"(?<![\w$])(" + "|".join(re.escape(n) for n in names) + r")\(")
    for match in pattern.finditer(source):
        yield match.group(1), arguments(source, match.end() - 1), source.count("\n", 0, match.start()) + 1


def named_by_scripts():
    """(kind, name, where) for every selector, attribute and class the scripts name."""
    names = []
    for script in SCRIPTS:
        source = script.read_text(encoding="utf-8")
        for function, args, line in calls(source, SELECTOR_CALLS + ATTRIBUTE_CALLS):
            where = f"{script.name}:{line}"
            kind = "selector" if function in SELECTOR_CALLS else "attribute"
            value = literal(args[0]) if args else None
            if value is not None:
                # A selector list (".node, .edge") names each of its selectors (a comma inside [...] is kept).
                parts = re.split(r",(?![^\[]*\])", value) if kind == "selector" else [value]
                names += [(kind, part.strip(), where) for part in parts]
                continue
            assert args and args[0] in DYNAMIC, (
                f"{where}: {function}({args[0] if args else ''}) is built at run time; document what it can be in "
                f"{DOC.name} and teach this test (DYNAMIC) where its values come from")
            kind, supplier, pattern = DYNAMIC[args[0]]
            values = supplier.findall(source) if supplier else [""]
            assert values, f"{where}: no call supplies {args[0]}"
            names += [(kind, pattern.format(v), where) for v in values]
        # classList.add("a", "b"), toggle("a", condition): the literal arguments.
        for match in re.finditer(r"\.classList\.(?:add|remove|toggle|contains)\(", source):
            where = f"{script.name}:{source.count(chr(10), 0, match.start()) + 1}"
            names += [("class", literal(a), where) for a in arguments(source, match.end() - 1) if literal(a) is not None]
        # el(tag, className, text): every class of every string in the class argument
        # (`c.optional ? "optional" : null`, `"visually-hidden step-done-note"`).
        for function, args, line in calls(source, ("el",)):
            if len(args) >= 2 and literal(args[0]) is not None:
                names += [("class", c, f"{script.name}:{line}") for a, b in STRING.findall(args[1]) for c in (a or b).split()]
        for match in re.finditer(r"\.className\s*=\s*\"([^\"]+)\"", source):
            names += [("class", c, script.name) for c in match.group(1).split()]
        for match in re.finditer(r"\.dataset\.([A-Za-z]+)", source):
            attribute = "data-" + re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), match.group(1))
            names.append(("attribute", attribute, script.name))
    return names


def test_every_name_the_scripts_use_is_documented():
    documented = [selector for selector, _, _ in contract()]
    names = named_by_scripts()
    kinds = {kind for kind, _, _ in names}
    assert kinds == {"selector", "attribute", "class"} and len(names) >= 60, (
        f"only {len(names)} names found in the scripts ({sorted(kinds)}): has the extraction broken?")

    def shown(kind, name):
        if kind == "selector":
            return any(name in selector for selector in documented)
        if kind == "attribute":
            pattern = re.compile(r"\[" + re.escape(name) + r"(?=[\]=^$*~|])")
        else:
            pattern = re.compile(r"\." + re.escape(name) + r"(?![\w-])")
        return any(pattern.search(selector) for selector in documented)

    missing = sorted({f"{where}: {kind} {name!r}" for kind, name, where in names if not shown(kind, name)})
    assert not missing, f"named by the scripts but in no selector of {DOC.name}:\n" + "\n".join(missing)
