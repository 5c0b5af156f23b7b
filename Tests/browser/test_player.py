"""The interactive player and the playground, in a real browser."""

import pytest
from selenium.webdriver.common.by import By
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


# The on-path states and edges of each figure: from its trace rows (the build's own record of the run).
def trace_paths(browser):
    return browser.execute_script("""
        return [...document.querySelectorAll('[data-lifecycle-example]')].map(figure => {
            const rows = [...figure.querySelectorAll('tbody tr[data-event]')];
            return {id: figure.id, initial: figure.dataset.initial,
                    states: rows.flatMap(r => [r.dataset.from, r.dataset.to]),
                    edges: rows.map(r => r.dataset.from + ' ' + r.dataset.to)};
        });
    """)


def test_without_javascript_each_diagram_draws_the_shared_geometry_and_its_path(site, browser_without_javascript):
    """The page holds each machine's geometry once; a figure draws it with <use> and shows its
    example's path over it, each on-path edge and node a <use> of the geometry's own, visible
    and styled as the path, with no script running."""
    browser = browser_without_javascript
    browser.get((site / "es/inactive/index.html").as_uri())
    figures = browser.execute_script("""
        return [...document.querySelectorAll('[data-lifecycle-example] svg.state-diagram')].map(svg => {
            const use = svg.querySelector(':scope > use');
            const target = use && document.getElementById(use.getAttribute('href').slice(1));
            const box = use ? use.getBoundingClientRect() : null;
            const path = svg.querySelector('g.diagram-path');
            // A straight edge may be flat: drawn if it has any extent.
            const drawn = el => { const r = el.getBoundingClientRect(); return r.width > 0 || r.height > 0; };
            const marks = path ? [...path.querySelectorAll('use')] : [];
            const named = marks.map(u => document.getElementById(u.getAttribute('href').slice(1)));
            const drawnNamed = named.filter((el, i) => el && drawn(marks[i]));
            return {
                machine: svg.dataset.machine,
                target: target ? target.closest('svg').getAttribute('class') : null,
                used: !!box && box.width > 100 && box.height > 50,
                geometryNodes: target ? target.querySelectorAll('.node').length : 0,
                ownGeometry: svg.querySelectorAll('.node, .edge, path, rect, text').length,
                marks: marks.length,
                inGeometry: named.every(el => el && target && target.contains(el)),
                edges: drawnNamed.filter(el => el.classList.contains('edge')).map(e => e.dataset.from + ' ' + e.dataset.to),
                states: drawnNamed.filter(el => el.classList.contains('node')).map(n => n.dataset.state),
                width: path ? getComputedStyle(path).getPropertyValue('--path-width').trim() : null,
                arrow: path ? getComputedStyle(path).markerEnd : null,
            };
        });
    """)
    traces = trace_paths(browser)
    assert len(figures) == len(traces) >= 6
    sprites = browser.execute_script("return [...document.querySelectorAll('svg.diagram-sprite g.diagram-geometry')].map(g => g.id)")
    assert len(sprites) == len(set(sprites)) == len({f["machine"] for f in figures}), "one sprite per machine on the page"
    for figure, trace in zip(figures, traces):
        assert figure["target"] == "diagram-sprite" and figure["used"], f"{trace['id']}: the geometry is not drawn"
        # Only the path is named in the figure, by <use> of the geometry's edges and nodes: no geometry of its own.
        assert figure["ownGeometry"] == 0 and figure["inGeometry"], trace["id"]
        assert figure["marks"] == len(figure["edges"]) + len(figure["states"]), f"{trace['id']}: a mark is not drawn"
        assert len(figure["states"]) <= figure["geometryNodes"]
        # Every state a row starts or ends in (a step may pass through more), and an edge per state change.
        assert set(trace["states"]) | {trace["initial"]} <= set(figure["states"]), trace["id"]
        assert len(figure["edges"]) == len(set(figure["edges"])), trace["id"]
        assert bool(figure["edges"]) == bool(trace["edges"]), trace["id"]
        # Styled as the path (player.css, through custom properties that inherit into <use>), with the path's arrow.
        assert figure["width"] == "2", f"{trace['id']}: the path is not styled as the path"
        assert figure["arrow"].endswith("-arrow-on\")") or figure["arrow"].endswith("-arrow-on)"), figure["arrow"]


def test_with_javascript_each_diagram_is_expanded_and_keeps_its_path(page):
    """player.js copies the geometry into each figure, marks the path on it and drops the <use>:
    real nodes and edges for the player, with unique ids on the page."""
    browser = page("es/inactive/index.html")
    figures = browser.execute_script("""
        return [...document.querySelectorAll('[data-lifecycle-example] svg.state-diagram')].map(svg => ({
            uses: svg.querySelectorAll('use').length,
            overlays: svg.querySelectorAll('g.diagram-path').length,
            nodes: svg.querySelectorAll('.node').length,
            geometryNodes: document.getElementById('ld-diagram-' + svg.dataset.machine).querySelectorAll('.node').length,
            hits: svg.querySelectorAll('.edge > .edge-hit').length,
            edges: svg.querySelectorAll('.edge').length,
            onPath: [...svg.querySelectorAll('.node.on-path')].map(n => n.dataset.state),
        }));
    """)
    traces = trace_paths(browser)
    assert len(figures) == len(traces) >= 6
    for figure, trace in zip(figures, traces):
        assert figure["uses"] == 0 and figure["overlays"] == 0, trace["id"]
        assert figure["nodes"] == figure["geometryNodes"] and figure["hits"] == figure["edges"] > 0, trace["id"]
        assert set(trace["states"]) | {trace["initial"]} <= set(figure["onPath"]), trace["id"]
    ids = browser.execute_script("return [...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(ids) == len(set(ids)), "ids are unique on the page"
    # The player lights the expanded nodes.
    figure = examples(browser)[0]
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", figure)
    step(figure)
    lit = figure.find_elements(By.CSS_SELECTOR, ".state-diagram .node.current")
    assert [node.get_attribute("data-state") for node in lit] == [figure.get_attribute("data-state")]
