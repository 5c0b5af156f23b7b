"""The interactive player and the playground, in a real browser."""

import json
import re
import struct
import zlib
from xml.etree import ElementTree

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait


def examples(browser):
    return browser.find_elements(By.CSS_SELECTOR, "[data-lifecycle-example]")


def step(figure):
    figure.find_element(By.CSS_SELECTOR, "[data-action='step']").click()


def test_step_moves_data_state_through_every_trace_and_reset_returns(page):
    browser = page("es/inactive/index.html")
    figures = examples(browser)
    assert len(figures) >= 6
    for figure in figures:
        rows = figure.find_elements(By.CSS_SELECTOR, "tbody tr[data-event]")
        initial = figure.get_attribute("data-initial")
        assert figure.get_attribute("data-state") == initial
        assert figure.find_element(By.CSS_SELECTOR, ".player").is_displayed()
        for row in rows:
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", figure)
            step(figure)
            expected = row.get_attribute("data-to")
            assert figure.get_attribute("data-state") == expected
            assert "mismatch" not in row.get_attribute("class")
            lit = figure.find_elements(By.CSS_SELECTOR, ".state-diagram .node.current")
            assert [node.get_attribute("data-state") for node in lit] == [expected]
        figure.find_element(By.CSS_SELECTOR, "[data-action='reset']").click()
        assert figure.get_attribute("data-state") == initial
        assert not figure.find_elements(By.CSS_SELECTOR, "tr.done")


def test_the_controls_are_copied_from_the_pages_template_into_each_example_with_steps(site, page, browser_without_javascript):
    """The controls are written once per page (template#ld-player, in the page's language): without
    the script no example has any; with it each example with steps has its own copy, shown."""
    browser_without_javascript.get((site / "es/inactive/index.html").as_uri())
    static = browser_without_javascript.execute_script("""
        const template = document.getElementById('ld-player');
        return {controls: document.querySelectorAll('[data-lifecycle-example] .player, [data-lifecycle-example] button').length,
                templates: document.querySelectorAll('template#ld-player').length,
                labels: template ? [...template.content.querySelectorAll('.player[hidden] button')].map(b => b.textContent) : []};
    """)
    assert static["controls"] == 0 and static["templates"] == 1
    assert static["labels"] == ["Avanzar", "Reproducir", "Reiniciar"]
    browser = page("es/inactive/index.html")
    live = browser.execute_script("""
        return [...document.querySelectorAll('[data-lifecycle-example]')].map(f => ({
            steps: f.querySelectorAll('tbody tr[data-event]').length,
            players: f.querySelectorAll(':scope > .player:not([hidden])').length,
            labels: [...f.querySelectorAll('.player button')].map(b => b.textContent)}));
    """)
    assert len(live) >= 6 and any(figure["steps"] for figure in live)
    for figure in live:
        assert figure["players"] == (1 if figure["steps"] else 0)
        assert figure["labels"] == (static["labels"] if figure["steps"] else [])


def test_step_lights_the_handler_in_the_articles_code(page):
    browser = page("es/inactive/index.html")
    for figure in examples(browser):
        first = figure.find_elements(By.CSS_SELECTOR, "tbody tr[data-event]")[:1]
        if not first or "applicationWillResignActive" not in [
                code.text for code in first[0].find_elements(By.CSS_SELECTOR, "td:nth-child(4) code")]:
            continue
        handlers = browser.find_elements(By.CSS_SELECTOR, "pre [data-callback='applicationWillResignActive']")
        assert handlers, "the article's code has an applicationWillResignActive handler"
        assert not any("lit" in h.get_attribute("class").split() for h in handlers)
        step(figure)
        assert all("lit" in h.get_attribute("class").split() for h in handlers)
        assert "applicationWillResignActive" in figure.find_element(By.CSS_SELECTOR, ".callback-log").text
        figure.find_element(By.CSS_SELECTOR, "[data-action='reset']").click()
        assert not any("lit" in h.get_attribute("class").split() for h in handlers)
        return
    raise AssertionError("no example starts with applicationWillResignActive")


def test_a_row_whose_callbacks_differ_from_the_models_is_marked(page):
    """The player compares the callbacks a row lists (its code, an optional one in parentheses)
    with those its own run fires: a row that says otherwise is a build bug, marked."""
    browser = page("es/inactive/index.html")
    figure = examples(browser)[0]
    rows = figure.find_elements(By.CSS_SELECTOR, "tbody tr[data-event]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", figure)
    for row in rows:
        step(figure)
        assert "mismatch" not in row.get_attribute("class").split()
    figure.find_element(By.CSS_SELECTOR, "[data-action='reset']").click()
    code = rows[0].find_elements(By.CSS_SELECTOR, "td:nth-child(4) code")
    assert code, "the first step fires a callback"
    browser.execute_script("arguments[0].textContent = 'notACallback'", code[0])
    step(figure)
    assert "mismatch" in rows[0].get_attribute("class").split()


def test_play_runs_to_the_end(page):
    browser = page("it/active/index.html")
    figure = examples(browser)[0]
    last = figure.find_elements(By.CSS_SELECTOR, "tbody tr[data-event]")[-1].get_attribute("data-to")
    figure.find_element(By.CSS_SELECTOR, "[data-action='play']").click()
    WebDriverWait(browser, 15).until(lambda _: figure.get_attribute("data-state") == last
                                     and not figure.find_element(By.CSS_SELECTOR, "[data-action='step']").is_enabled())


def test_multi_scene_example_keeps_the_other_scene_active(page):
    browser = page("pt/inactive/index.html")
    scenes = [f for f in examples(browser) if f.get_attribute("data-machine") == "ios-scene"]
    figure = next(f for f in scenes if f.find_elements(By.CSS_SELECTOR, "tbody tr[data-event='interruption']"))
    for row in figure.find_elements(By.CSS_SELECTOR, "tbody tr[data-event]"):
        step(figure)
        if row.get_attribute("data-event") == "interruption":
            assert figure.get_attribute("data-state") == "foregroundInactive"
            assert figure.get_attribute("data-app") == "foregroundActive"
            return
    raise AssertionError("the scene example has an interruption step")


def test_each_step_says_its_event_and_what_it_means(page):
    """The event names' summaries are tooltips in the table, out of reach of the keyboard and of
    touch: a step writes its event and summary under the buttons (announced), a reset clears it."""
    browser = page("pt/inactive/index.html")
    figure = examples(browser)[0]
    line = figure.find_element(By.CSS_SELECTOR, ".player .player-event")
    assert not line.is_displayed() and line.get_attribute("aria-live") == "polite"
    rows = figure.find_elements(By.CSS_SELECTOR, "tbody tr[data-event]")
    for number, row in enumerate(rows[:2], start=1):
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", figure)
        step(figure)
        name = row.find_element(By.CSS_SELECTOR, ".event-name")
        summary = name.get_attribute("title")
        assert summary, "the row's event has a summary"
        assert line.is_displayed()
        assert line.text == f"{number}. {name.text}: {summary}"
    figure.find_element(By.CSS_SELECTOR, "[data-action='reset']").click()
    assert not line.is_displayed() and line.text == ""


def test_playground_fires_events_and_disables_impossible_ones(page):
    browser = page("bg/playground/index.html")
    playground = browser.find_element(By.CSS_SELECTOR, "[data-lifecycle-playground]")
    button = lambda event: playground.find_element(By.CSS_SELECTOR, f"[data-role='events'] button[data-event='{event}']")
    assert not button("interruption").is_enabled()
    button("launch").click()
    assert playground.get_attribute("data-state") == "active"
    button("home").click()
    assert playground.get_attribute("data-state") == "background"
    assert not button("interruption").is_enabled()
    assert len(playground.find_elements(By.CSS_SELECTOR, "[data-role='log'] li")) == 2
    playground.find_element(By.CSS_SELECTOR, "[data-action='reset']").click()
    assert playground.get_attribute("data-state") == "notRunning"


def test_playground_history_fits_its_column_on_a_wide_screen(page):
    """At 1440 px the playground takes the page's width, and its history fits its column: each
    row linked once (to its first official source), long callbacks wrapping at their words."""
    browser = page("es/playground/index.html")
    size = browser.get_window_size()
    try:
        browser.set_window_size(1440, 900)
        playground = browser.find_element(By.CSS_SELECTOR, "[data-lifecycle-playground]")
        for event in ["launch", "interruption", "home"]:
            playground.find_element(By.CSS_SELECTOR, f"[data-role='events'] button[data-event='{event}']").click()
        log = playground.find_element(By.CSS_SELECTOR, "[data-role='log']")
        widths = browser.execute_script("return [arguments[0].scrollWidth, arguments[0].clientWidth]", log)
        assert widths[0] <= widths[1], f"the history scrolls sideways: {widths}"
        assert playground.size["width"] > 900, playground.size
        rows = log.find_elements(By.CSS_SELECTOR, ".log-row")
        assert len(rows) == 3 and all(len(row.find_elements(By.TAG_NAME, "a")) == 1 for row in rows)
        # The launch's long callback breaks at a word, never mid-word.
        assert log.find_elements(By.CSS_SELECTOR, ".log-callbacks code wbr")
    finally:
        browser.set_window_size(size["width"], size["height"])


PLAYGROUND_VIEW = """
    const shown = e => !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    const playground = document.querySelector('[data-lifecycle-playground]');
    return {
        figures: [...playground.querySelectorAll('.playground-diagrams figure')].filter(shown).map(f =>
            [f.querySelector('figcaption').textContent, f.querySelector('svg.state-diagram').getBoundingClientRect().width]),
        controls: [...playground.querySelectorAll('select, input, button, [data-role=events], [data-role=state]')].filter(shown).length,
        inBox: playground.querySelectorAll("[data-role='diagram'] svg.state-diagram").length,
    };"""


@pytest.mark.parametrize("lang", ["es", "bg"])
def test_without_javascript_the_playground_shows_every_machines_diagram_instead_of_dead_controls(site, page, browser_without_javascript, lang):
    """The notice says the diagrams are below: without scripts they are, each under its machine's
    name, and none of the simulator's controls (which would do nothing) is shown. With scripts,
    the simulator and one diagram at a time."""
    browser_without_javascript.get((site / f"{lang}/playground/index.html").as_uri())
    view = browser_without_javascript.execute_script(PLAYGROUND_VIEW)
    assert len(view["figures"]) == 4 and all(title and width > 100 for title, width in view["figures"]), view
    assert view["controls"] == 0, view
    view = page(f"{lang}/playground/index.html").execute_script(PLAYGROUND_VIEW)
    assert view["figures"] == [] and view["controls"] > 5 and view["inBox"] == 1, view


def test_playground_android_options_change_the_outcome(page):
    browser = page("es/playground/index.html")
    playground = browser.find_element(By.CSS_SELECTOR, "[data-lifecycle-playground]")
    select = playground.find_element(By.CSS_SELECTOR, "select[data-role='machine']")
    browser.execute_script("arguments[0].value = 'android-activity'; arguments[0].dispatchEvent(new Event('change'))", select)
    api = playground.find_element(By.CSS_SELECTOR, "input[data-role='api']")
    api.clear()
    api.send_keys("28")
    browser.execute_script("arguments[0].dispatchEvent(new Event('change'))", api)
    playground.find_element(By.CSS_SELECTOR, "button[data-event='launch']").click()
    playground.find_element(By.CSS_SELECTOR, "button[data-event='focusOtherWindow']").click()
    assert playground.get_attribute("data-state") == "started"


def test_playground_says_in_words_when_the_api_level_is_invalid(page):
    """A red border alone tells a colour-blind or screen-reader user nothing: an invalid level
    shows a sentence in the page's language, which is the field's description, and it goes
    away with a valid level or a machine without the option."""
    browser = page("pt/playground/index.html")
    playground = browser.find_element(By.CSS_SELECTOR, "[data-lifecycle-playground]")
    select = playground.find_element(By.CSS_SELECTOR, "select[data-role='machine']")
    choose = lambda machine: browser.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'))", select, machine)
    choose("android-activity")
    api = playground.find_element(By.CSS_SELECTOR, "input[data-role='api']")
    error = playground.find_element(By.CSS_SELECTOR, "[data-role='api-error']")
    assert not error.is_displayed()
    described = browser.execute_script(
        "const i = arguments[0]; return document.getElementById(i.getAttribute('aria-describedby')).textContent", api)
    assert "de 1 a 99" in described, described

    def type_level(text):
        api.clear()
        api.send_keys(text)
        browser.execute_script("arguments[0].dispatchEvent(new Event('input'))", api)

    type_level("150")
    assert api.get_attribute("aria-invalid") == "true"
    assert error.is_displayed() and "de 1 a 99" in error.text, error.text
    type_level("29")
    assert not error.is_displayed()
    type_level("0")
    assert error.is_displayed()
    choose("ios-app")
    assert not error.is_displayed()
    choose("android-activity")
    assert error.is_displayed()


def test_playground_shows_an_events_summary_to_keyboard_and_pointer(page):
    """An event's summary was a tooltip only, out of reach of the keyboard and of touch: the
    line under the buttons shows the name and summary of the one focused or pointed at."""
    browser = page("es/playground/index.html")
    playground = browser.find_element(By.CSS_SELECTOR, "[data-lifecycle-playground]")
    hint = playground.find_element(By.CSS_SELECTOR, "[data-role='event-hint']")
    idle = hint.get_attribute("data-label-none")
    assert idle and hint.text == idle and hint.get_attribute("aria-hidden") == "true"
    button = playground.find_element(By.CSS_SELECTOR, "[data-role='events'] button[data-event='launch']")
    summary = button.get_attribute("title")
    assert summary
    browser.execute_script("arguments[0].focus()", button)
    assert hint.text == f"{button.text}: {summary}"
    other = playground.find_element(By.CSS_SELECTOR, "[data-role='events'] button[data-event='home']")
    browser.execute_script("arguments[0].dispatchEvent(new MouseEvent('mouseover', {bubbles: true}))", other)
    assert hint.text == f"{other.text}: {other.get_attribute('title')}"
    # Leaving the buttons with the pointer shows the focused one's again; leaving with the focus, none.
    browser.execute_script("arguments[0].dispatchEvent(new MouseEvent('mouseleave'))", playground.find_element(By.CSS_SELECTOR, "[data-role='events']"))
    assert hint.text == f"{button.text}: {summary}"
    browser.execute_script("arguments[0].blur()", button)
    assert hint.text == idle


def test_playground_scene_field_is_empty_for_main_and_takes_a_name_as_typed(page):
    """The scene field of a multi-scene machine was filled in with `main`: typing "B" in it made
    `mainB`. It is empty, `main` its placeholder and what an empty field means."""
    browser = page("es/playground/index.html")
    playground = browser.find_element(By.CSS_SELECTOR, "[data-lifecycle-playground]")
    select = playground.find_element(By.CSS_SELECTOR, "select[data-role='machine']")
    browser.execute_script("arguments[0].value = 'ios-scene'; arguments[0].dispatchEvent(new Event('change'))", select)
    scene = playground.find_element(By.CSS_SELECTOR, "input[data-role='scene']")
    assert scene.is_displayed()
    assert scene.get_attribute("value") == "" and scene.get_attribute("placeholder") == "main"
    connect = playground.find_element(By.CSS_SELECTOR, "[data-role='events'] button[data-event='connect']")
    connect.click()
    assert playground.get_attribute("data-scene") == "main"
    scene.click()
    scene.send_keys("B")
    assert scene.get_attribute("value") == "B"
    connect.click()
    assert playground.get_attribute("data-scene") == "B"
    scenes = [s.get_attribute("data-scene") for s in playground.find_elements(By.CSS_SELECTOR, "[data-role='state'] .scene-state")]
    assert scenes == ["main", "B"], scenes
    # Emptied again, the next event is main's.
    scene.send_keys(Keys.BACKSPACE)
    assert scene.get_attribute("value") == ""
    playground.find_element(By.CSS_SELECTOR, "[data-role='events'] button[data-event='home']").click()
    assert playground.get_attribute("data-scene") == "main"
    assert playground.get_attribute("data-state") == "background"


@pytest.mark.parametrize("lang", ["es", "pt", "bg", "it"])
def test_on_a_phone_a_tapped_event_shows_the_new_state_on_the_same_screen(page, lang):
    """At 360 × 740 the state was under all 17 event buttons, 1.3 screens down: a tap showed
    nothing. The state is right above the buttons, which are a compact grid: once the first
    button is on the screen, tapping it shows the new state there, with no scrolling."""
    browser = page(f"{lang}/playground/index.html")
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True})
    try:
        playground = browser.find_element(By.CSS_SELECTOR, "[data-lifecycle-playground]")
        first = playground.find_element(By.CSS_SELECTOR, "[data-role='events'] button:not(:disabled)")
        # As far down as a reader who has just scrolled the button into sight (if it was not).
        browser.execute_script("""const r = arguments[0].getBoundingClientRect();
            if (r.top < 0 || r.bottom > innerHeight) arguments[0].scrollIntoView({block: 'end'});""", first)
        state = playground.find_element(By.CSS_SELECTOR, "[data-role='state']")
        before = (browser.execute_script("return scrollY"), state.text, playground.get_attribute("data-state"))
        first.click()
        after = playground.get_attribute("data-state")
        assert after != before[2], "the event changed nothing"
        assert browser.execute_script("return scrollY") == before[0], "the page scrolled"
        assert state.text != before[1]
        top, bottom, height = browser.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom, innerHeight]", state)
        assert 0 <= top and bottom <= height, f"the state is out of the screen: {top}–{bottom} of {height} px"
        width = browser.execute_script("return document.scrollingElement.scrollWidth")
        assert width <= 360, f"the playground scrolls sideways: {width} px"
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

@pytest.mark.parametrize("lang", ["es", "bg"])
def test_a_phone_shows_the_whole_machine_title(page, lang):
    """At 360 px the select cuts a long machine title ("…Lifecycle от andro"): the chosen one is
    written whole under it, there only; on a wide screen the select shows it all."""
    browser = page(f"{lang}/playground/index.html")
    select = browser.find_element(By.CSS_SELECTOR, "select[data-role='machine']")
    title = browser.find_element(By.CSS_SELECTOR, "[data-role='machine-title']")
    assert not title.is_displayed()
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 800, "deviceScaleFactor": 2, "mobile": True})
    try:
        for machine in ["android-activity", "ios-app"]:
            browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'))", select, machine)
            chosen = browser.execute_script("return arguments[0].options[arguments[0].selectedIndex].text", select)
            assert title.is_displayed() and title.text == chosen
            right, width = browser.execute_script(
                "return [arguments[0].getBoundingClientRect().right, document.documentElement.clientWidth]", title)
            assert right <= width
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


# Each figure's trace: its machine, initial state and rows (the build's own record of the run),
# each row with the states it passes through, by name (its third cell, without the app-level
# value written under them in an example with several scenes).
def example_traces(browser):
    return browser.execute_script("""
        return [...document.querySelectorAll('[data-lifecycle-example]')].map(figure => ({
            id: figure.id, machine: figure.dataset.machine, initial: figure.dataset.initial,
            rows: [...figure.querySelectorAll('tbody tr[data-event]')].map(r => ({
                to: r.dataset.to,
                walk: [...r.querySelectorAll('td:nth-child(3) > span:not(.unchanged):not(.trace-app)')].map(s => s.textContent)}))}));
    """)


def expected_path(trace, names, edges):
    """The states and edges a figure's path marks (as `DiagramPath.markStep` does): the initial
    state, every state a step passes through and the edges between consecutive ones, and the
    self-loop of a step that changes nothing where the diagram has one. `names`: the page's
    `LIFECYCLE_NAMES`, which turn the rows' state names back into ids; `edges`: the machine's."""
    by_name = {state["name"]: id for id, state in names["machines"][trace["machine"]]["states"].items()}
    assert len(by_name) == len(names["machines"][trace["machine"]]["states"]), "a state name is ambiguous"
    states, taken = {trace["initial"]}, set()
    for row in trace["rows"]:
        walk = [by_name[name] for name in row["walk"]]
        assert walk[-1] == row["to"], f"{trace['id']}: {row}"
        states |= set(walk)
        taken |= {f"{a} {b}" for a, b in zip(walk, walk[1:])}
        if len(walk) == 1 and f"{walk[0]} {walk[0]}" in edges:
            taken.add(f"{walk[0]} {walk[0]}")
    assert taken <= set(edges), f"{trace['id']}: a step takes an edge the diagram does not draw"
    return states, taken


def machine_diagrams(browser):
    """Each machine's whole diagram as the open playground page holds it (the build's
    own drawing of the machine, without a path): {machine: {"states": [...], "edges": ["from to", ...]}}."""
    return browser.execute_script("""
        const holder = document.querySelector("[data-role='diagrams']");
        const svgs = [...(holder.content || holder).querySelectorAll('svg.state-diagram[data-machine]'),
                      ...document.querySelectorAll("[data-role='diagram'] svg.state-diagram[data-machine]")];
        return Object.fromEntries(svgs.map(svg => [
            svg.dataset.machine,
            {states: [...svg.querySelectorAll('.node')].map(n => n.dataset.state),
             edges: [...svg.querySelectorAll('.edge')].map(e => e.dataset.from + ' ' + e.dataset.to)}]));
    """)


def names_file(site, lang):
    """window.LIFECYCLE_NAMES of a language, read from its script in the built site (a page without
    scripts does not run it)."""
    [script] = (site / "assets").glob(f"model-names-{lang}.*.js")
    prefix = "window.LIFECYCLE_NAMES = "
    text = script.read_text(encoding="utf-8").strip()
    assert text.startswith(prefix) and text.endswith(";")
    return json.loads(text[len(prefix):-1])


def svg_graph(path):
    """The nodes' states and the edges ("from to") of a geometry file, parsed as XML."""
    root = ElementTree.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg", f"{path.name} is not an SVG document"
    groups = [(g, (g.get("class") or "").split()) for g in root.iter("{http://www.w3.org/2000/svg}g")]
    return (root,
            [g.get("data-state") for g, classes in groups if "node" in classes],
            [f"{g.get('data-from')} {g.get('data-to')}" for g, classes in groups if "edge" in classes])


def test_without_javascript_each_diagram_draws_the_geometry_file_and_writes_out_its_path(site, browser_without_javascript):
    """Without scripts a figure draws its machine's whole diagram from the language's geometry
    file with <image>, in the svg's own frame, and writes out over it only its example's path:
    exactly the states and edges the trace passes through, visible and styled as the path, their
    lines ending in the page's on-path arrow."""
    browser = browser_without_javascript
    browser.get((site / "es/playground/index.html").as_uri())
    diagrams = machine_diagrams(browser)
    browser.get((site / "es/inactive/index.html").as_uri())
    figures = browser.execute_script("""
        // The styles at rest: a path's line may still be in its stroke transition (player.css)
        // when its first style was resolved before the style sheets applied (seen once in CI:
        // 1.05px of 2px). Transitions are the player's; this test checks the resting path.
        document.getAnimations().forEach(animation => animation.finish());
        return [...document.querySelectorAll('[data-lifecycle-example] svg.state-diagram')].map(svg => {
            const image = svg.querySelector(':scope > image.diagram-geometry');
            const path = svg.querySelector(':scope > g.diagram-path');
            const box = svg.viewBox.baseVal;
            // A straight edge may be flat: drawn if it has any extent.
            const drawn = el => { const r = el.getBoundingClientRect(); return r.width > 0 || r.height > 0; };
            return {
                children: [...svg.children].map(c => c.localName + '.' + c.getAttribute('class')),
                viewBox: [box.x, box.y, box.width, box.height],
                frame: image ? ['x', 'y', 'width', 'height'].map(a => image[a].baseVal.value) : null,
                href: image ? new URL(image.getAttribute('href'), document.baseURI).href : null,
                marks: path ? [...path.children].map(m => {
                    const shape = m.querySelector(':scope > rect, :scope > .edge-line');
                    return {
                        classes: m.getAttribute('class'),
                        key: m.classList.contains('edge') ? m.dataset.from + ' ' + m.dataset.to : m.dataset.state,
                        drawn: !!shape && drawn(shape),
                        width: shape ? getComputedStyle(shape).strokeWidth : null,
                        arrow: m.classList.contains('edge') && shape ? getComputedStyle(shape).markerEnd : null,
                    };
                }) : [],
            };
        });
    """)
    traces = example_traces(browser)
    assert len(figures) == len(traces) >= 6
    # The arrows the paths' lines name, once on the page.
    assert browser.execute_script(
        "return document.querySelectorAll('svg.diagram-markers[aria-hidden=\"true\"] marker#ld-arrow-on').length") == 1
    names = names_file(site, "es")
    assets = (site / "assets").as_uri() + "/"
    for figure, trace in zip(figures, traces):
        where, machine = trace["id"], diagrams[trace["machine"]]
        # The geometry file and the path, nothing else: no geometry of the figure's own.
        assert figure["children"] == ["image.diagram-geometry", "g.diagram-path"], where
        assert figure["frame"] == figure["viewBox"], f"{where}: the image is not in the diagram's frame"
        assert figure["href"].startswith(assets), f"{where}: {figure['href']}"
        file = site / "assets" / figure["href"][len(assets):]
        assert file.is_file() and re.fullmatch(rf"diagram-{re.escape(trace['machine'])}-es\.[0-9a-f]+\.svg", file.name), file
        # The file: the machine's whole diagram (as the playground draws it), in the same frame, no path.
        root, states, edges = svg_graph(file)
        assert [float(n) for n in root.get("viewBox").split()] == figure["viewBox"], f"{file.name}: another frame"
        assert sorted(states) == sorted(machine["states"]) and sorted(edges) == sorted(machine["edges"]), file.name
        assert "on-path" not in file.read_text(encoding="utf-8"), file.name
        # The path: exactly the trace's states and edges, each once, marked, drawn and styled as the path.
        marks = figure["marks"]
        want_states, want_edges = expected_path(trace, names, machine["edges"])
        nodes = [m["key"] for m in marks if m["classes"] in ("node on-path", "node unobservable on-path")]
        lines = [m for m in marks if m["classes"] in ("edge on-path", "edge self-loop on-path")]
        assert len(nodes) + len(lines) == len(marks), f"{where}: {[m['classes'] for m in marks]}"
        assert sorted(nodes) == sorted(want_states), where
        assert sorted(m["key"] for m in lines) == sorted(want_edges), where
        for mark in marks:
            assert mark["drawn"], f"{where}: {mark['key']} is not drawn"
            assert mark["width"] == "2px", f"{where}: {mark['key']} is not styled as the path ({mark['width']})"
        for line in lines:
            assert line["arrow"] == 'url("#ld-arrow-on")', f"{where}: {line['key']} ends in {line['arrow']}"


def png_pixels(png):
    """(width, height, channels, rows of bytes) of a PNG as Chromium's screenshots write it (8 bits
    a channel, RGB or RGBA, not interlaced): PIL is not installed."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    position, header, data = 8, None, b""
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", png[position + 8:position + 8 + length])
        elif kind == b"IDAT":
            data += png[position + 8:position + 8 + length]
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    channels = 3 if colour == 2 else 4
    stride = width * channels
    raw = zlib.decompress(data)
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))[2]
                line[i] = (line[i] + near) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def changed_pixels(before, after):
    """Of two screenshots of the same element: how many pixels differ clearly (by more than 40 in a
    channel: a line or a letter, not a rounding of antialiasing), and how many of those are
    coloured in `before` (their channels more than 40 apart: not a grey)."""
    width, height, channels, rows = png_pixels(before)
    other_width, other_height, other_channels, others = png_pixels(after)
    assert (other_width, other_height, other_channels) == (width, height, channels), "the element changed size"
    changed = coloured = 0
    for row, other in zip(rows, others):
        for x in range(0, width * channels, channels):
            if max(abs(row[x + c] - other[x + c]) for c in range(3)) > 40:
                changed += 1
                coloured += max(row[x:x + 3]) - min(row[x:x + 3]) > 40
    return changed, coloured, width * height


@pytest.fixture(params=["light", "dark"])
def scheme_without_javascript(request, browser_without_javascript):
    """`color_scheme` for the browser without JavaScript: the geometry file has its own dark colours."""
    browser_without_javascript.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": request.param}]})
    yield browser_without_javascript
    browser_without_javascript.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_without_javascript_the_geometry_file_is_painted(site, scheme_without_javascript):
    """The point of the geometry file: a reader without scripts, from file://, sees the whole
    diagram, not only the path, light or dark. Each figure's pixels change when its <image> is
    taken away (what remains is the path written out), and the file opens on its own as an SVG
    of the machine."""
    browser = scheme_without_javascript
    browser.get((site / "es/playground/index.html").as_uri())
    diagrams = machine_diagrams(browser)
    browser.get((site / "es/inactive/index.html").as_uri())
    svgs = browser.find_elements(By.CSS_SELECTOR, "[data-lifecycle-example] svg.state-diagram")
    assert len(svgs) >= 6
    files = {}
    for svg in svgs:
        where = svg.find_element(By.XPATH, "ancestor::figure").get_attribute("id")
        image = svg.find_element(By.CSS_SELECTOR, ":scope > image.diagram-geometry")
        files[svg.get_attribute("data-machine")] = browser.execute_script(
            "return new URL(arguments[0].getAttribute('href'), document.baseURI).href", image)
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", svg)
        # Loaded and decoded before the screenshot (decode() rejects an image that cannot be drawn).
        assert browser.execute_script("return arguments[0].decode().then(() => true, () => false)", image), (
            f"{where}: the geometry file does not load")
        painted = svg.screenshot_as_png
        browser.execute_script("arguments[0].setAttribute('href', '')", image)
        bare = svg.screenshot_as_png
        changed, coloured, area = changed_pixels(painted, bare)
        # The image adds at least the edges the path does not take: 1,300 to 3,700 pixels on this
        # page's figures (the fewest where the path passes through every state); one not painted
        # changes none.
        assert changed >= 500, f"{where}: the image draws only {changed} pixels"
        # Lines, boxes and labels in the file's greys: not a picture filling the frame, such as
        # the placeholder Chromium paints for a file that is missing (a third to half of the
        # frame, half of it coloured).
        assert changed < area * 0.15 and coloured < changed * 0.02, (
            f"{where}: the image paints {changed} of {area} pixels, {coloured} of them coloured")
    assert len(files) >= 2, "the page shows more than one machine"
    for machine, url in files.items():
        browser.get(url)
        opened = browser.execute_script("""
            const root = document.documentElement;
            return {svg: root.namespaceURI === 'http://www.w3.org/2000/svg' && root.localName === 'svg',
                    errors: document.getElementsByTagName('parsererror').length,
                    nodes: [...document.querySelectorAll('.node')].map(n => n.dataset.state)};
        """)
        assert opened["svg"] and not opened["errors"], f"{url} is not an SVG document"
        assert sorted(opened["nodes"]) == sorted(diagrams[machine]["states"]), url


def test_with_javascript_each_diagram_is_expanded_and_keeps_its_path(page):
    """player.js puts the machine's geometry (LIFECYCLE_NAMES' diagram) in place of each figure's
    image and written-out path, and marks the path on it: real nodes and edges for the player,
    the machine's whole diagram, with unique ids on the page."""
    browser = page("es/playground/index.html")
    diagrams = machine_diagrams(browser)
    browser = page("es/inactive/index.html")
    figures = browser.execute_script("""
        return [...document.querySelectorAll('[data-lifecycle-example] svg.state-diagram')].map(svg => ({
            images: svg.querySelectorAll('image').length,
            paths: svg.querySelectorAll('g.diagram-path').length,
            states: [...svg.querySelectorAll('.node')].map(n => n.dataset.state),
            model: window.LIFECYCLE_MODEL.machines.find(m => m.id === svg.dataset.machine).states.map(s => s.id),
            edges: [...svg.querySelectorAll('.edge')].map(e => e.dataset.from + ' ' + e.dataset.to),
            hits: svg.querySelectorAll('.edge > .edge-hit').length,
            onPath: [...svg.querySelectorAll('.node.on-path')].map(n => n.dataset.state),
            edgesOnPath: [...svg.querySelectorAll('.edge.on-path')].map(e => e.dataset.from + ' ' + e.dataset.to),
            arrows: [...svg.querySelectorAll('.edge')].map(e => [e.classList.contains('on-path'),
                                                                  e.querySelector('.edge-line').getAttribute('marker-end')]),
        }));
    """)
    traces = example_traces(browser)
    names = browser.execute_script("return window.LIFECYCLE_NAMES")
    assert len(figures) == len(traces) >= 6
    for figure, trace in zip(figures, traces):
        where, machine = trace["id"], diagrams[trace["machine"]]
        assert figure["images"] == 0 and figure["paths"] == 0, where
        # The machine's every state and edge, each once, with a line for the pointer per edge.
        assert sorted(figure["states"]) == sorted(figure["model"]) == sorted(machine["states"]), where
        assert sorted(figure["edges"]) == sorted(machine["edges"]) and figure["hits"] == len(figure["edges"]) > 0, where
        # The path the build wrote, kept: exactly the trace's states and edges.
        want_states, want_edges = expected_path(trace, names, machine["edges"])
        assert sorted(figure["onPath"]) == sorted(want_states), where
        assert sorted(figure["edgesOnPath"]) == sorted(want_edges), where
        assert all(arrow == ("url(#ld-arrow-on)" if on else "url(#ld-arrow)") for on, arrow in figure["arrows"]), where
    ids = browser.execute_script("return [...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(ids) == len(set(ids)), "ids are unique on the page"
    # The player lights the expanded nodes.
    figure = examples(browser)[0]
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", figure)
    step(figure)
    lit = figure.find_elements(By.CSS_SELECTOR, ".state-diagram .node.current")
    assert [node.get_attribute("data-state") for node in lit] == [figure.get_attribute("data-state")]


def test_the_player_starts_given_scenes_and_follows_the_app_level_value(page):
    """The SwiftUI tutorial's two-window examples start with `given active@A` and `given active@B`:
    the player places both scenes before the first step, so each row's computed state matches the
    build's, and the figure's data-app after each step is the value the row's App cell shows."""
    browser = page("es/swiftui-scene-phase/index.html")
    figures = [f for f in examples(browser) if f.get_attribute("data-given-scenes")]
    assert len(figures) == 2
    assert figures[0].get_attribute("data-given-scenes") == "A=active B=active"
    for figure in figures:
        assert figure.get_attribute("data-app") == "active"
        rows = figure.find_elements(By.CSS_SELECTOR, "tbody tr[data-event]")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", figure)
        for row in rows:
            step(figure)
            assert "mismatch" not in row.get_attribute("class").split()
            assert row.get_attribute("data-computed") == row.get_attribute("data-to")
            shown = row.find_element(By.CSS_SELECTOR, ".trace-app").get_attribute("textContent").split(":")[-1].strip()
            assert figure.get_attribute("data-app") == shown
        assert figure.get_attribute("data-app") in ("active", "background")


VERDICTS = {"es": ("¡Correcto!", "No es correcto."), "pt": ("Correto!", "Não está correto."),
            "bg": ("Вярно!", "Не е вярно."), "it": ("Corretto!", "Non è corretto.")}


@pytest.mark.parametrize("lang", ["es", "pt", "bg", "it"])
def test_an_exercise_with_given_scenes_asks_for_the_app_level_value(page, lang):
    """The SwiftUI tutorial asks what the App struct reads when B is interrupted while A stays
    active (`given active@A`, `answer app active`): the page's model places A before the event, so
    `active` is right and `inactive`, the value with B alone, is wrong; the setup lists both starts."""
    browser = page(f"{lang}/swiftui-scene-phase/index.html")
    figure = browser.find_element(By.CSS_SELECTOR, "figure.exercise[data-asks='app']")
    assert figure.get_attribute("data-given-scenes") == "A=active"
    starts = figure.find_elements(By.CSS_SELECTOR, ".exercise-setup dd[data-state]")
    assert [(d.get_attribute("data-scene"), d.get_attribute("data-state")) for d in starts] == [(None, "active"), ("A", "active")]
    legend = figure.find_element(By.CSS_SELECTOR, ".exercise-states legend").text
    assert legend == {"es": "Elige el valor de la app", "pt": "Escolha o valor do app",
                      "bg": "Изберете стойността на приложението", "it": "Scegli il valore dell'app"}[lang]
    right, wrong = VERDICTS[lang]
    for picked, verdict in (("inactive", wrong), ("active", right)):
        radio = figure.find_element(By.CSS_SELECTOR, f".exercise-states input[value='{picked}']")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", radio)
        radio.click()
        figure.find_element(By.CSS_SELECTOR, ".exercise-check").click()
        box = figure.find_element(By.CSS_SELECTOR, ".exercise-feedback")
        assert verdict in box.text
        assert figure.get_attribute("data-result") == ("right" if picked == "active" else "wrong")
        if picked == "inactive":
            # Wrong: the model's value waits for the reader to ask for the answer.
            assert not box.find_elements(By.CSS_SELECTOR, ".exercise-app, table.trace")
            box.find_element(By.CSS_SELECTOR, "button.exercise-reveal").click()
            assert figure.get_attribute("data-revealed") is not None
        # The model's value and run: the app stays active; B's interruption, active → inactive.
        assert box.find_element(By.CSS_SELECTOR, ".exercise-app strong").get_attribute("data-state") == "active"
        cells = box.find_elements(By.CSS_SELECTOR, "table.trace tbody tr td")
        assert cells and "inactive" in cells[2].get_attribute("textContent")
