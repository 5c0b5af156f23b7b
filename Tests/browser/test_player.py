"""The interactive player and the playground, in a real browser."""
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


def test_step_lights_the_handler_in_the_articles_code(page):
    browser = page("es/inactive/index.html")
    for figure in examples(browser):
        first = figure.find_elements(By.CSS_SELECTOR, "tbody tr[data-event]")[:1]
        if not first or "applicationWillResignActive" not in first[0].get_attribute("data-callbacks").split():
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
