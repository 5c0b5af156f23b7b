"""A tutorial page (`layout: tutorial`) and its exercises in the browser (`assets/exercise.js`).

The fixture lesson `Tests/browser/fixtures/markup/Content/es/leccion.md` has a step without an
exercise, one step per kind of exercise (predict, order, choose, reach) and a step with an example
and a code sample. Every test runs on the files from disk and through `lifecycle-docs serve`.
"""
import json
import re

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, wait_until_stored
from test_accessibility import assert_accessible
from test_validity import check

LESSON = "es/leccion/index.html"
RIGHT_ORDER = ["onPause", "onStop", "onSaveInstanceState"]
PROGRESS_KEY = "lifecycle-docs-progress:es/leccion"


def open_lesson(fixture_page):
    """The lesson with no progress stored."""
    browser = fixture_page(LESSON)
    browser.execute_script("localStorage.clear()")
    browser.refresh()
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "figure.exercise.interactive"))
    return browser


def reload_and_wait_for_progress(browser, text):
    """Reloads the page, once its progress is stored, and waits for the progress to read
    `text`. Should the reload still not show it within 10 s, the page is loaded once more; a
    progress that is really lost fails both."""
    wait_until_stored(browser, PROGRESS_KEY)
    browser.refresh()
    try:
        WebDriverWait(browser, 10).until(lambda b: progress_text(b) == text)
    except TimeoutException:
        browser.get(browser.current_url)
        WebDriverWait(browser, 10).until(lambda b: progress_text(b) == text)


def exercise(browser, kind):
    return browser.find_element(By.CSS_SELECTOR, f"figure.exercise[data-kind='{kind}']")


def focus_and(browser, element, *keys):
    """Moves the focus to `element` as the Tab key would, then presses `keys` there."""
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", element)
    assert browser.switch_to.active_element == element
    for key in keys:
        browser.switch_to.active_element.send_keys(key)


def press(browser, *keys):
    for key in keys:
        browser.switch_to.active_element.send_keys(key)


def click(browser, element):
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def result(figure):
    return figure.get_attribute("data-result")


def feedback(figure):
    return figure.find_element(By.CSS_SELECTOR, ".exercise-feedback")


def revealed(figure):
    return figure.get_attribute("data-revealed") is not None


def assert_run_shown(box):
    """The model's run: states, callbacks, the row and its official source."""
    assert box.find_elements(By.CSS_SELECTOR, "table.trace tbody tr"), "the feedback shows the model's run"
    links = box.find_elements(By.CSS_SELECTOR, "a[href^='https://'][rel~='external']")
    assert links, "the feedback links the transition's official source"


def assert_feedback(figure, right):
    """Right: the verdict and the model's run. Wrong: the verdict, the kind's hint and a button
    that shows the answer, and nothing of the answer yet: a second try is still worth making."""
    assert result(figure) == ("right" if right else "wrong")
    box = feedback(figure)
    assert box.get_attribute("aria-live") == "polite"
    text = box.text
    assert ("¡Correcto!" if right else "No es correcto.") in text
    assert ("Pista:" in text) == (not right)
    assert not revealed(figure)
    reveal = box.find_elements(By.CSS_SELECTOR, "button.exercise-reveal")
    if right:
        assert_run_shown(box)
        assert not reveal
        return
    assert not box.find_elements(By.CSS_SELECTOR, "table.trace tbody tr"), "a wrong answer does not show the model's run"
    assert not box.find_elements(By.CSS_SELECTOR, "a[rel~='external'], .exercise-app, .exercise-model-answer, .exercise-revealed")
    assert "Puedes intentarlo de nuevo." in text
    assert [(b.text, b.accessible_name, b.is_enabled()) for b in reveal] == [("Ver la respuesta", "Ver la respuesta", True)]
    assert reveal[0].size["height"] >= 24 and reveal[0].size["width"] >= 24, "a target a finger can hit, as the controls'"
    # Nothing is locked for the second try: the controls that can act now all can.
    locked = figure.find_elements(By.CSS_SELECTOR, ".exercise-play :is(input, .exercise-check, .exercise-reset):disabled")
    assert not locked, [e.get_attribute("outerHTML")[:80] for e in locked]


def assert_revealed(browser, figure):
    """After "Ver la respuesta": what a wrong answer showed before, the model's answer and its run,
    in a group that has the focus; the button gone."""
    assert result(figure) == "wrong" and revealed(figure)
    box = feedback(figure)
    assert "No es correcto." in box.text and "Pista:" in box.text
    assert_run_shown(box)
    assert not box.find_elements(By.CSS_SELECTOR, "button.exercise-reveal")
    group = box.find_element(By.CSS_SELECTOR, ".exercise-revealed")
    assert browser.switch_to.active_element == group, "the focus moves to the answer shown"
    assert (group.get_attribute("role"), group.accessible_name) == ("group", "Respuesta del modelo")
    assert group.find_element(By.CSS_SELECTOR, ".exercise-model-answer").text


def reveal(browser, figure):
    click(browser, feedback(figure).find_element(By.CSS_SELECTOR, "button.exercise-reveal"))
    assert_revealed(browser, figure)


# predict -------------------------------------------------------------------------------------

@pytest.mark.parametrize("right", [True, False])
def test_predict_by_mouse(fixture_page, right):
    browser = open_lesson(fixture_page)
    figure = exercise(browser, "predict")
    click(browser, figure.find_element(By.CSS_SELECTOR, f"input[value='{'created' if right else 'started'}']"))
    click(browser, figure.find_element(By.CSS_SELECTOR, ".exercise-check"))
    assert_feedback(figure, right)
    if not right:
        assert "CREATED" not in feedback(figure).text
        reveal(browser, figure)
        assert "Respuesta del modelo: CREATED" in feedback(figure).text
    assert "RESUMED → STARTED → CREATED" in feedback(figure).text


def test_predict_by_clicking_the_diagram_beside_it(fixture_page):
    browser = open_lesson(fixture_page)
    figure = exercise(browser, "predict")
    diagram = browser.find_element(By.CSS_SELECTOR, "#ld-step-2 svg.state-diagram[data-machine='android-activity']")
    node = diagram.find_element(By.CSS_SELECTOR, ".node[data-state='created']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", diagram)
    node.click()
    assert figure.find_element(By.CSS_SELECTOR, "input:checked").get_attribute("value") == "created"
    click(browser, figure.find_element(By.CSS_SELECTOR, ".exercise-check"))
    assert_feedback(figure, True)


@pytest.mark.parametrize("right", [True, False])
def test_predict_by_keyboard(fixture_page, right):
    browser = open_lesson(fixture_page)
    figure = exercise(browser, "predict")
    radios = figure.find_elements(By.CSS_SELECTOR, "input[type='radio']")
    wanted = "created" if right else "destroyed"
    focus_and(browser, radios[0], Keys.SPACE)
    for _ in radios:
        if browser.switch_to.active_element.get_attribute("value") == wanted:
            break
        press(browser, Keys.ARROW_DOWN)
    assert figure.find_element(By.CSS_SELECTOR, "input:checked").get_attribute("value") == wanted
    press(browser, Keys.TAB)
    assert "exercise-check" in browser.switch_to.active_element.get_attribute("class")
    press(browser, Keys.ENTER)
    assert_feedback(figure, right)


# order ---------------------------------------------------------------------------------------

def order(figure):
    return [li.get_attribute("data-callback") for li in figure.find_elements(By.CSS_SELECTOR, ".exercise-sortable > li")]


def drag(browser, source, target):
    """An HTML5 drag and drop, as a mouse makes it (WebDriver's own does not fire drag events)."""
    browser.execute_script("""
        const [source, target] = arguments;
        const data = new DataTransfer();
        const fire = (node, type) => node.dispatchEvent(new DragEvent(type, {bubbles: true, cancelable: true, dataTransfer: data}));
        fire(source, 'dragstart');
        fire(target, 'dragover');
        fire(target, 'drop');
        fire(source, 'dragend');
    """, source, target)


def item(figure, name):
    return figure.find_element(By.CSS_SELECTOR, f".exercise-sortable > li[data-callback='{name}']")


@pytest.mark.parametrize("right", [True, False])
def test_order_by_dragging(fixture_page, right):
    browser = open_lesson(fixture_page)
    figure = exercise(browser, "order")
    assert sorted(order(figure)) == sorted(RIGHT_ORDER) and order(figure) != RIGHT_ORDER
    assert all(li.get_attribute("draggable") == "true" for li in figure.find_elements(By.CSS_SELECTOR, ".exercise-sortable > li"))
    if right:
        drag(browser, item(figure, "onPause"), item(figure, order(figure)[0]))
        drag(browser, item(figure, "onStop"), item(figure, order(figure)[1]))
        assert order(figure) == RIGHT_ORDER
    else:
        drag(browser, item(figure, "onPause"), item(figure, order(figure)[0]))
        assert order(figure) != RIGHT_ORDER
    click(browser, figure.find_element(By.CSS_SELECTOR, ".exercise-check"))
    assert_feedback(figure, right)
    if not right:
        reveal(browser, figure)
        answer = feedback(figure).find_element(By.CSS_SELECTOR, ".exercise-model-answer")
        assert [li.text for li in answer.find_elements(By.CSS_SELECTOR, "ol li")] == RIGHT_ORDER
    callbacks = feedback(figure).find_element(By.CSS_SELECTOR, "table.trace tbody tr td:nth-child(4)").text
    assert "onPause, onStop, (onSaveInstanceState)" in callbacks.replace("\n", ""), callbacks


@pytest.mark.parametrize("right", [True, False])
def test_order_by_keyboard(fixture_page, right):
    browser = open_lesson(fixture_page)
    figure = exercise(browser, "order")
    assert order(figure) == ["onSaveInstanceState", "onStop", "onPause"]
    up = item(figure, "onPause").find_element(By.CSS_SELECTOR, "[data-move='up']")
    focus_and(browser, up, Keys.ENTER)
    # The focus stays on the button pressed, and the move is announced.
    assert browser.switch_to.active_element == up
    announce = figure.find_element(By.CSS_SELECTOR, "[aria-live='assertive']")
    assert announce.get_attribute("textContent") == "onPause: posición 2 de 3"
    press(browser, Keys.ENTER)
    assert order(figure) == ["onPause", "onSaveInstanceState", "onStop"]
    # At the top its Up button is disabled: the focus goes to its Down button.
    assert browser.switch_to.active_element.get_attribute("data-move") == "down"
    if right:
        focus_and(browser, item(figure, "onStop").find_element(By.CSS_SELECTOR, "[data-move='up']"), Keys.ENTER)
        assert order(figure) == RIGHT_ORDER
    focus_and(browser, figure.find_element(By.CSS_SELECTOR, ".exercise-check"), Keys.ENTER)
    assert_feedback(figure, right)


# choose --------------------------------------------------------------------------------------

@pytest.mark.parametrize("right", [True, False])
def test_choose_by_mouse(fixture_page, right):
    browser = open_lesson(fixture_page)
    figure = exercise(browser, "choose")
    boxes = figure.find_elements(By.CSS_SELECTOR, ".exercise-statements input[type='checkbox']")
    assert len(boxes) == 3
    # The statements in the page's words, shown once: in the checkboxes' labels, the list hidden.
    labels = [box.find_element(By.XPATH, "..").text for box in boxes]
    assert labels == ["Secuencia posible: Not Running → Inactive → Active", "Secuencia posible: Not Running → Active",
                      "Interrupción → Inactive: applicationWillResignActive"], labels
    assert not figure.find_element(By.CSS_SELECTOR, "ol.exercise-options").is_displayed()
    for index in ((0, 2) if right else (0, 1)):
        click(browser, boxes[index].find_element(By.XPATH, ".."))
    click(browser, figure.find_element(By.CSS_SELECTOR, ".exercise-check"))
    assert_feedback(figure, right)
    if not right:
        reveal(browser, figure)
        # Each statement's verdict, as the answer without the script words it.
        answer = feedback(figure).find_element(By.CSS_SELECTOR, ".exercise-model-answer")
        verdicts = [li.text.rsplit(": ", 1)[-1] for li in answer.find_elements(By.CSS_SELECTOR, "ol.exercise-verdicts > li")]
        assert verdicts == ["cierta", "falsa", "cierta"], verdicts
    # The statements that hold, shown by the model's runs, one table each (they are independent,
    # not one sequence), its caption naming the statement: the launch for the path, the interruption.
    tables = feedback(figure).find_elements(By.CSS_SELECTOR, "table.trace")
    captions = [table.find_element(By.TAG_NAME, "caption").text for table in tables]
    assert len(tables) == 2, captions
    assert captions[0].endswith("Secuencia posible: Not Running → Inactive → Active"), captions
    assert captions[1].endswith("Interrupción → Inactive: applicationWillResignActive"), captions
    assert [len(table.find_elements(By.CSS_SELECTOR, "tbody tr")) for table in tables] == [1, 1]
    # Each row's source is its row linked to one official page, as the build's traces show it.
    for cell in feedback(figure).find_elements(By.CSS_SELECTOR, ".exercise-source"):
        assert len(cell.find_elements(By.TAG_NAME, "a")) <= 1, cell.text
    # The page's model judged each statement as the build did (a disagreement is logged as an error).
    assert not [entry for entry in browser.get_log("browser") if "lifecycle exercise" in entry["message"]]


@pytest.mark.parametrize("right", [True, False])
def test_choose_by_keyboard(fixture_page, right):
    browser = open_lesson(fixture_page)
    figure = exercise(browser, "choose")
    boxes = figure.find_elements(By.CSS_SELECTOR, ".exercise-statements input[type='checkbox']")
    focus_and(browser, boxes[0], Keys.SPACE)
    press(browser, Keys.TAB)
    if not right:
        press(browser, Keys.SPACE)
    press(browser, Keys.TAB, Keys.SPACE, Keys.TAB)
    assert [b.is_selected() for b in boxes] == ([True, False, True] if right else [True, True, True])
    press(browser, Keys.ENTER)
    assert result(figure) == ("right" if right else "wrong")


@pytest.mark.parametrize("kind, asked", [
    ("predict", "Primero elige una respuesta."), ("choose", "Primero elige una respuesta."),
    ("reach", "Primero lanza algún evento con los botones."),
])
def test_checking_without_an_answer_asks_for_one_and_gives_nothing_away(fixture_page, kind, asked):
    browser = open_lesson(fixture_page)
    figure = exercise(browser, kind)
    click(browser, figure.find_element(By.CSS_SELECTOR, ".exercise-check"))
    assert result(figure) is None, "nothing was judged"
    assert feedback(figure).text == asked
    assert not feedback(figure).find_elements(By.CSS_SELECTOR, "table.trace"), "the model's run stays hidden"


# reach ---------------------------------------------------------------------------------------

def event_button(figure, event):
    return figure.find_element(By.CSS_SELECTOR, f".exercise-events button[data-event='{event}']")


@pytest.mark.parametrize("right", [True, False])
def test_reach_by_mouse(fixture_page, right):
    browser = open_lesson(fixture_page)
    figure = exercise(browser, "reach")
    assert figure.get_attribute("data-current") == "unattached"
    # Only the events the model allows in the state are enabled.
    assert not event_button(figure, "home").is_enabled()
    click(browser, event_button(figure, "connect"))
    assert figure.get_attribute("data-current") == "foregroundActive"
    if right:
        click(browser, event_button(figure, "home"))
        assert figure.get_attribute("data-current") == "background"
    else:
        click(browser, figure.find_element(By.CSS_SELECTOR, ".exercise-check"))
    assert_feedback(figure, right)
    if not right:
        reveal(browser, figure)
        # A sample of events that gets there, and its run (not the reader's one event).
        assert "Una solución posible: Conexión de la escena → Salida de la app (se llega a: Background)" in feedback(figure).text
        rows = feedback(figure).find_elements(By.CSS_SELECTOR, "table.trace tbody tr")
        assert [row.find_element(By.CSS_SELECTOR, ".event-name").text for row in rows] == ["Conexión de la escena", "Salida de la app"]
    click(browser, figure.find_element(By.CSS_SELECTOR, ".exercise-reset"))
    assert figure.get_attribute("data-current") == "unattached"
    assert result(figure) is None and not revealed(figure)
    assert not feedback(figure).is_displayed()


@pytest.mark.parametrize("right", [True, False])
def test_reach_by_keyboard(fixture_page, right):
    browser = open_lesson(fixture_page)
    figure = exercise(browser, "reach")
    focus_and(browser, event_button(figure, "connect"), Keys.ENTER)
    if right:
        focus_and(browser, event_button(figure, "home"), Keys.ENTER)
        # Reached: the events are done with, the focus is on Reset.
        assert "exercise-reset" in browser.switch_to.active_element.get_attribute("class")
    else:
        focus_and(browser, figure.find_element(By.CSS_SELECTOR, ".exercise-check"), Keys.ENTER)
    assert_feedback(figure, right)


# a second try, and the answer on request -----------------------------------------------------

def move_up(browser, figure, name):
    click(browser, item(figure, name).find_element(By.CSS_SELECTOR, "[data-move='up']"))


def answer_wrong(browser, figure, check=True):
    """A wrong answer of the lesson's exercise of the figure's kind, by mouse; checked, unless not `check`."""
    kind = figure.get_attribute("data-kind")
    if kind == "predict":
        click(browser, figure.find_element(By.CSS_SELECTOR, "input[value='started']"))
    elif kind == "choose":
        click(browser, figure.find_elements(By.CSS_SELECTOR, ".exercise-statements input[type='checkbox']")[1])
    elif kind == "reach":
        click(browser, event_button(figure, "connect"))
    # order: the list as the script turned it around is not the answer.
    if check:
        click(browser, figure.find_element(By.CSS_SELECTOR, ".exercise-check"))


def answer_right(browser, figure):
    """The right answer, changed from the wrong one above with the same controls (reach: the
    events fired so far are kept, one more gets there)."""
    kind = figure.get_attribute("data-kind")
    if kind == "predict":
        click(browser, figure.find_element(By.CSS_SELECTOR, "input[value='created']"))
    elif kind == "order":
        for name in ("onPause", "onPause", "onStop"):
            move_up(browser, figure, name)
        assert order(figure) == RIGHT_ORDER
    elif kind == "choose":
        for box in figure.find_elements(By.CSS_SELECTOR, ".exercise-statements input[type='checkbox']"):
            click(browser, box)
    if kind == "reach":
        click(browser, event_button(figure, "home"))
    else:
        click(browser, figure.find_element(By.CSS_SELECTOR, ".exercise-check"))


KINDS = ["predict", "order", "choose", "reach"]


@pytest.mark.parametrize("shown", [False, True], ids=["tried-again", "after-the-answer"])
@pytest.mark.parametrize("kind", KINDS)
def test_a_second_try_after_a_wrong_answer_counts(fixture_page, kind, shown):
    """A wrong answer keeps the answer back and locks nothing; changed and checked again, the
    answer is right and the step done, the answer shown in between or not (the progress is the
    reader's own)."""
    browser = open_lesson(fixture_page)
    figure = exercise(browser, kind)
    step = figure.find_element(By.XPATH, "ancestor::li[contains(@class, 'tutorial-step')]")
    answer_wrong(browser, figure)
    assert_feedback(figure, False)
    assert "done" not in step.get_attribute("class").split()
    assert progress_text(browser) == "0 de 6 pasos completados"
    if shown:
        reveal(browser, figure)
    answer_right(browser, figure)
    assert_feedback(figure, True)
    assert "solved" in figure.get_attribute("class").split()
    assert "done" in step.get_attribute("class").split()
    assert progress_text(browser) == "1 de 6 pasos completados"


@pytest.mark.parametrize("kind", KINDS)
def test_the_answer_is_shown_from_the_keyboard(fixture_page, kind):
    """Checked with Enter, a wrong answer leaves the focus on Check; the reveal button is the next
    stop of Tab (reach: after Start again), Enter on it shows the answer and moves the focus there."""
    browser = open_lesson(fixture_page)
    figure = exercise(browser, kind)
    check = figure.find_element(By.CSS_SELECTOR, ".exercise-check")
    answer_wrong(browser, figure, check=False)
    focus_and(browser, check, Keys.ENTER)
    assert_feedback(figure, False)
    assert browser.switch_to.active_element == check, "the focus stays where the reader is"
    press(browser, Keys.TAB)
    if kind == "reach":
        assert "exercise-reset" in browser.switch_to.active_element.get_attribute("class")
        press(browser, Keys.TAB)
    assert "exercise-reveal" in browser.switch_to.active_element.get_attribute("class")
    press(browser, Keys.ENTER)
    assert_revealed(browser, figure)


def test_with_the_script_the_answers_disclosure_gives_way_to_the_button(fixture_page):
    """The no-JavaScript answer is still in the page, but hidden once the exercise is
    interactive: open beside the controls it would give the answer away before a first try."""
    browser = open_lesson(fixture_page)
    shown = browser.execute_script("""return [...document.querySelectorAll('figure.exercise')].map(f =>
        [f.classList.contains('interactive'), !!f.querySelector('details.exercise-answer'),
         f.querySelector('details.exercise-answer').getClientRects().length])""")
    assert shown == [[True, True, 0]] * 4, shown


def test_every_word_the_exercise_script_asks_for_is_in_every_language(site):
    """The words exercise.js writes come from the page's `script#ld-exercise-strings`; a key
    missing there would show as the key itself (`t` falls back to it)."""
    source = (ROOT / "Templates" / "assets" / "exercise.js").read_text(encoding="utf-8")
    keys = set(re.findall(r"\bt\(\"(\w+)\"\)", source))
    keys |= {"exerciseHint" + kind.capitalize() for kind in KINDS}
    assert {"exerciseTryAgain", "exerciseShowAnswer", "exerciseAnswer", "exerciseHintReach"} <= keys, sorted(keys)
    for lang in ("es", "pt", "bg", "it"):
        html = (site / lang / "surviving-interruptions" / "index.html").read_text(encoding="utf-8")
        found = re.search(r'<script type="application/json" id="ld-exercise-strings">(.*?)</script>', html, re.S)
        assert found, f"{lang}: no exercise strings"
        strings = json.loads(found.group(1))
        missing = sorted(key for key in keys if not strings.get(key))
        assert not missing, f"{lang}: exercise.js asks for words the page does not carry: {missing}"


# progress ------------------------------------------------------------------------------------

def progress_text(browser):
    return browser.find_element(By.CSS_SELECTOR, "[data-progress-count]").text


def test_progress_is_counted_and_survives_a_reload(fixture_page):
    browser = open_lesson(fixture_page)
    assert browser.find_element(By.CSS_SELECTOR, "[data-tutorial-progress]").is_displayed()
    assert progress_text(browser) == "0 de 6 pasos completados"
    # A step without an exercise is marked done by the reader; a step with one, by a right answer.
    mark = browser.find_element(By.CSS_SELECTOR, "#ld-step-1 [data-step-done]")
    click(browser, mark)
    assert mark.get_attribute("aria-pressed") == "true"
    figure = exercise(browser, "predict")
    click(browser, figure.find_element(By.CSS_SELECTOR, "input[value='started']"))
    click(browser, figure.find_element(By.CSS_SELECTOR, ".exercise-check"))
    assert progress_text(browser) == "1 de 6 pasos completados", "a wrong answer is no progress"
    click(browser, figure.find_element(By.CSS_SELECTOR, "input[value='created']"))
    click(browser, figure.find_element(By.CSS_SELECTOR, ".exercise-check"))
    assert progress_text(browser) == "2 de 6 pasos completados"
    assert browser.find_element(By.CSS_SELECTOR, "progress").get_attribute("value") == "2"
    reload_and_wait_for_progress(browser, "2 de 6 pasos completados")
    done = [li.get_attribute("id") for li in browser.find_elements(By.CSS_SELECTOR, "li.tutorial-step.done")]
    assert done == ["ld-step-1", "ld-step-2"]
    assert "solved" in exercise(browser, "predict").get_attribute("class").split()
    # The table of contents shows which steps are done, in words for screen readers too.
    marked = browser.execute_script("""
        return [...document.querySelectorAll('.toc a.step-done')].map(a => [a.getAttribute('href'), a.textContent]);""")
    headings = [browser.find_element(By.CSS_SELECTOR, f"#{id} h2[id]").get_attribute("id") for id in done]
    assert [href for href, _ in marked] == [f"#{id}" for id in headings], marked
    assert all(text.endswith(" (completado)") for _, text in marked), marked
    assert browser.execute_script("return getComputedStyle(document.querySelector('.toc a.step-done'), '::after').content").startswith('" ✓"')
    # Kept per language and slug.
    key = browser.execute_script("return Object.keys(localStorage).filter(k => k.startsWith('lifecycle-docs-progress:'))")
    assert key == ["lifecycle-docs-progress:es/leccion"]
    click(browser, browser.find_element(By.CSS_SELECTOR, "[data-progress-reset]"))
    assert progress_text(browser) == "0 de 6 pasos completados"
    assert not browser.find_elements(By.CSS_SELECTOR, ".toc a.step-done, .toc .step-done-note")
    reload_and_wait_for_progress(browser, "0 de 6 pasos completados")


# the page ------------------------------------------------------------------------------------

def answer_everything(browser):
    """Predict and order answered wrong, their answers shown; choose wrong, its button left; reach reached."""
    figure = exercise(browser, "predict")
    click(browser, figure.find_element(By.CSS_SELECTOR, "input[value='started']"))
    click(browser, figure.find_element(By.CSS_SELECTOR, ".exercise-check"))
    reveal(browser, figure)
    figure = exercise(browser, "order")
    click(browser, figure.find_element(By.CSS_SELECTOR, ".exercise-check"))
    reveal(browser, figure)
    answer_wrong(browser, exercise(browser, "choose"))
    figure = exercise(browser, "reach")
    click(browser, event_button(figure, "connect"))
    click(browser, event_button(figure, "home"))


def test_steps_are_numbered_with_their_media_beside_the_text(fixture_page):
    browser = open_lesson(fixture_page)
    steps = browser.find_elements(By.CSS_SELECTOR, "ol.tutorial-steps > li.tutorial-step")
    assert [s.find_element(By.CSS_SELECTOR, ".step-number").text.upper() for s in steps] == [f"PASO {n}" for n in range(1, 7)]
    for step in steps[1:]:
        text = step.find_element(By.CSS_SELECTOR, ".step-text").rect
        media = step.find_element(By.CSS_SELECTOR, ".step-media").rect
        assert media["x"] >= text["x"] + text["width"], "on a wide screen the step's media is beside its text"
    assert steps[-1].find_elements(By.CSS_SELECTOR, ".step-media figure.lifecycle-example")
    assert steps[-1].find_elements(By.CSS_SELECTOR, ".step-media pre.code")


def test_media_come_under_the_text_on_a_1024_pixel_screen(fixture_page):
    """Below 80rem the sidebar stands beside the article, and a step's text beside its media was a
    column of some thirty letters: the media come under the text there, as on a phone."""
    browser = open_lesson(fixture_page)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 1024, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    try:
        step = browser.find_element(By.CSS_SELECTOR, "#ld-step-2")
        text = step.find_element(By.CSS_SELECTOR, ".step-text").rect
        media = step.find_element(By.CSS_SELECTOR, ".step-media").rect
        assert media["y"] >= text["y"] + text["height"], "at 1024 px the media come after the text"
        assert text["width"] > 600, f"the step's text is {text['width']} px wide"
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_fits_a_phone(fixture_page):
    browser = open_lesson(fixture_page)
    size = browser.get_window_size()
    try:
        browser.set_window_size(360, 800)
        answer_everything(browser)
        width = browser.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert width[0] <= width[1], f"the page scrolls sideways at 360 px: {width}"
        step = browser.find_element(By.CSS_SELECTOR, "#ld-step-2")
        text = step.find_element(By.CSS_SELECTOR, ".step-text").rect
        media = step.find_element(By.CSS_SELECTOR, ".step-media").rect
        assert media["y"] >= text["y"] + text["height"], "on a phone the media comes after the text"
    finally:
        browser.set_window_size(size["width"], size["height"])


def test_axe_after_answers(fixture_page, color_scheme):
    browser = open_lesson(fixture_page)
    answer_everything(browser)
    assert_accessible(browser, f"{LESSON} after answers ({color_scheme})")


def test_nu_checker_on_the_live_page(fixture_page, tmp_path):
    """The page as the script left it after answers (its DOM serialized) is valid HTML too."""
    browser = open_lesson(fixture_page)
    answer_everything(browser)
    html = browser.execute_script("return '<!DOCTYPE html>\\n' + document.documentElement.outerHTML")
    page = tmp_path / "live.html"
    page.write_text(html, encoding="utf-8")
    errors, _ = check([page], tmp_path)
    assert not errors, "\n".join(errors)


def test_without_javascript_the_answer_stays_in_its_details(fixture_site, browser_without_javascript):
    html = (fixture_site / LESSON).read_text(encoding="utf-8")
    assert html.count('<details class="exercise-answer" data-search-ignore>') == 4
    assert "data-tutorial-progress hidden" in html
    assert 'class="step-done-line" hidden' in html
    # ...and hidden it is: no progress bar nor "clear progress" button that would do nothing.
    browser_without_javascript.get((fixture_site / LESSON).as_uri())
    boxes = browser_without_javascript.execute_script(
        "return [...document.querySelectorAll('[data-tutorial-progress], .step-done-line')].map(e => e.getClientRects().length)")
    assert len(boxes) > 2 and not any(boxes), boxes
    # The answers' disclosures are what such a reader has: shown (the script hides them).
    answers = browser_without_javascript.execute_script(
        "return [...document.querySelectorAll('details.exercise-answer')].map(e => e.getClientRects().length)")
    assert len(answers) == 4 and all(answers), answers


def test_tutorials_home_lists_the_lesson(fixture_page):
    browser = fixture_page("es/tutorials/index.html")
    links = browser.find_elements(By.CSS_SELECTOR, "main .article-list a")
    assert [a.text for a in links] == ["Lección de prueba"]
    links[0].click()
    assert browser.find_element(By.CSS_SELECTOR, "h1").text == "Lección de prueba"
    # The language home and the sidebar link the tutorials home.
    assert browser.find_elements(By.CSS_SELECTOR, ".sidebar-tutorials a[href='../tutorials/index.html']")
    browser = fixture_page("es/index.html")
    assert browser.find_elements(By.CSS_SELECTOR, ".home-tutorials a[href='tutorials/index.html']")
    browser = fixture_page("pt/tutorials/index.html")
    assert browser.find_element(By.CSS_SELECTOR, "h1").text == "Tutoriais"
    assert "Ainda não há tutoriais" in browser.find_element(By.CSS_SELECTOR, "main").text


SUMMARY_KEY = "lifecycle-docs-progress-summary:es/leccion"


def tutorial_status(browser):
    """The tutorials home's progress of the lesson: its text, or None while hidden."""
    status = browser.find_element(By.CSS_SELECTOR, "li[data-tutorial-key='es/leccion'] [data-tutorial-status]")
    return status.text if status.is_displayed() else None


def test_tutorials_home_shows_each_lessons_size_and_the_readers_progress(fixture_page):
    browser = open_lesson(fixture_page)
    home = browser.find_element(By.CSS_SELECTOR, ".site-nav a[href='../tutorials/index.html']")
    click(browser, home)
    item = browser.find_element(By.CSS_SELECTOR, "li[data-tutorial-key='es/leccion']")
    assert item.find_element(By.CSS_SELECTOR, ".tutorial-size").text == "6 pasos · 4 ejercicios"
    assert tutorial_status(browser) is None, "nothing done yet: nothing to say"
    # Two steps done on the lesson's page, then back to the home.
    browser.back()
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "figure.exercise.interactive"))
    click(browser, browser.find_element(By.CSS_SELECTOR, "#ld-step-1 [data-step-done]"))
    answer_right(browser, exercise(browser, "predict"))
    assert progress_text(browser) == "2 de 6 pasos completados"
    wait_until_stored(browser, SUMMARY_KEY)
    click(browser, browser.find_element(By.CSS_SELECTOR, ".site-nav a[href='../tutorials/index.html']"))
    assert tutorial_status(browser) == "2 de 6 pasos completados"
    assert "tutorial-complete" not in browser.find_element(By.CSS_SELECTOR, "li[data-tutorial-key='es/leccion']").get_attribute("class")
    # Every step done: the lesson is complete, with a ✓ that is no word for screen readers.
    browser.execute_script("localStorage.setItem(arguments[0], JSON.stringify({done: 6, total: 6}))", SUMMARY_KEY)
    browser.refresh()
    assert tutorial_status(browser) == "Tutorial completado"
    assert "tutorial-complete" in browser.find_element(By.CSS_SELECTOR, "li[data-tutorial-key='es/leccion']").get_attribute("class")
    assert browser.execute_script(
        "return getComputedStyle(document.querySelector('.tutorial-complete .tutorial-status'), '::before').content").startswith('"✓')
    # A count of other steps (the lesson changed since) or a damaged value says nothing.
    for stored in ('{"done": 3, "total": 7}', "not json", '{"done": "2", "total": 6}'):
        browser.execute_script("localStorage.setItem(arguments[0], arguments[1])", SUMMARY_KEY, stored)
        browser.refresh()
        assert tutorial_status(browser) is None, stored
    browser.execute_script("localStorage.clear()")


def test_exercises_in_an_ordinary_article_work_too(fixture_page):
    """An article with exercises loads the script; it has no progress to keep."""
    browser = fixture_page("es/ejercicios/index.html")
    figures = browser.find_elements(By.CSS_SELECTOR, "figure.exercise.interactive")
    assert [f.get_attribute("data-kind") for f in figures] == ["predict", "order", "choose", "reach"]
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-tutorial-progress]")
    figure = figures[0]
    click(browser, figure.find_element(By.CSS_SELECTOR, "input[value='created']"))
    click(browser, figure.find_element(By.CSS_SELECTOR, ".exercise-check"))
    assert_feedback(figure, True)
    assert "solved" not in figure.get_attribute("class").split()


def test_an_article_without_exercises_does_not_load_the_script(fixture_site):
    html = (fixture_site / "es/muestra/index.html").read_text(encoding="utf-8")
    assert "assets/exercise." not in html and "ld-exercise-strings" not in html


@pytest.mark.parametrize("width", [768, 1024])
def test_the_summary_table_fits_without_scrolling_sideways(page, width):
    """The tutorial's summary names long callbacks in every column: they wrap at their words
    (`applicationWillResign|Active`), so all four columns fit a tablet's width."""
    browser = page("es/surviving-interruptions/index.html")
    size = browser.get_window_size()
    try:
        browser.set_window_size(width, 900)
        sizes = browser.execute_script("""
            const heading = document.getElementById('resumen');
            let table = heading.nextElementSibling;
            while (table && table.tagName !== 'TABLE') table = table.nextElementSibling;
            return [table.scrollWidth, table.clientWidth];""")
        assert sizes[0] <= sizes[1], f"the summary table scrolls sideways at {width} px: {sizes}"
    finally:
        browser.set_window_size(size["width"], size["height"])


def emulate_screen(browser, width, height):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": width < 600})


@pytest.mark.parametrize("lang", ["es", "bg"])
def test_exercise_buttons_are_targets_a_finger_can_hit_on_a_phone(page, lang):
    """At 360 px every button of the exercises and of the progress (check, up/down, events,
    start again, clear progress, mark as done) is at least 24 × 24 px (WCAG 2.5.8), in a readable
    size, and none overlaps another: they were the browser's defaults, 21 px high, 4 px apart."""
    browser = page(f"{lang}/surviving-interruptions/index.html")
    emulate_screen(browser, 360, 740)
    try:
        WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "figure.exercise.interactive"))
        buttons = browser.execute_script("""
            return [...document.querySelectorAll('figure.exercise button, .tutorial-progress button, .step-done-line button')]
                .filter(b => b.getClientRects().length)
                .map(b => { const r = b.getBoundingClientRect();
                            return {text: b.textContent, kind: b.className, left: r.left, top: r.top + scrollY,
                                    right: r.right, bottom: r.bottom + scrollY, font: parseFloat(getComputedStyle(b).fontSize)}; })""")
        kinds = {b["kind"] for b in buttons}
        assert {"exercise-check", "exercise-move", "exercise-event", "exercise-reset", "tutorial-progress-reset"} <= kinds, kinds
        small = [(b["text"], round(b["right"] - b["left"]), round(b["bottom"] - b["top"]))
                 for b in buttons if b["right"] - b["left"] < 24 or b["bottom"] - b["top"] < 24]
        assert not small, f"buttons smaller than 24 × 24 px: {small[:5]} ({len(small)} in all)"
        unreadable = [(b["text"], b["font"]) for b in buttons if b["font"] < 14]
        assert not unreadable, f"buttons in a small font: {unreadable[:5]}"
        overlapping = [(a["text"], b["text"]) for i, a in enumerate(buttons) for b in buttons[i + 1:]
                       if min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0
                       and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0]
        assert not overlapping, f"buttons overlap: {overlapping[:5]}"
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("lang", ["es", "bg"])
def test_the_feedback_fits_its_exercise_beside_the_text_on_a_laptop(page, lang):
    """At 1280 px an exercise sits in the column beside its step's text: the model's run shown
    after an answer (wrong ones included, their answer shown) fits that column, its callbacks wrapping at their words
    as the build's traces do (478 px in a 447 px column, a scroll bar), and no word of a
    confidence note breaks ("(docum|entado)")."""
    browser = page(f"{lang}/surviving-interruptions/index.html")
    emulate_screen(browser, 1280, 800)
    try:
        WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "figure.exercise.interactive"))
        # An answer to every exercise, right or not: the first state, every statement, the order
        # as given, the first event that can happen.
        results = browser.execute_script("""return [...document.querySelectorAll('figure.exercise.interactive')].map(f => {
            const kind = f.getAttribute('data-kind');
            if (kind === 'predict') f.querySelector('input[type=radio]').checked = true;
            if (kind === 'choose') f.querySelectorAll('input[type=checkbox]').forEach(c => c.click());
            if (kind === 'reach') f.querySelector('button[data-event]:not(:disabled)').click();
            if (!f.getAttribute('data-result')) f.querySelector('.exercise-check').click();
            const reveal = f.querySelector('button.exercise-reveal');
            if (reveal) reveal.click();
            return f.getAttribute('data-result');
        })""")
        assert "wrong" in results and len(results) > 10, results
        assert not browser.find_elements(By.CSS_SELECTOR, "figure.exercise[data-result='wrong']:not([data-revealed])")
        tables = browser.execute_script("""return [...document.querySelectorAll('.exercise-feedback table')].map(t => {
            const box = t.closest('.exercise-feedback'), style = getComputedStyle(box);
            const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            return [t.closest('figure').id, Math.max(t.scrollWidth, t.getBoundingClientRect().width), room];
        })""")
        assert len(tables) > 10
        wide = [(figure, round(width), round(room)) for figure, width, room in tables if width > room + 1]
        assert not wide, f"feedback tables wider than their exercise's column (figure, px, px): {wide}"
        # A note of one word on two lines was broken inside the word.
        broken = browser.execute_script("""return [...document.querySelectorAll('.exercise-feedback .confidence')]
            .filter(c => !/\\s/.test(c.textContent) && c.getClientRects().length > 1).map(c => c.textContent)""")
        assert not broken, f"confidence notes broken inside their word: {broken[:3]}"
        # The answers' traces (the build's, for readers without the script) too, shown and opened.
        browser.execute_script("document.querySelectorAll('details.exercise-answer').forEach(d => { d.style.display = 'block'; d.open = true; })")
        answers = browser.execute_script("""return [...document.querySelectorAll('details.exercise-answer table.trace')]
            .filter(t => t.scrollWidth > t.clientWidth + 1).map(t => t.closest('figure').id)""")
        assert not answers, f"answers' traces scroll sideways: {answers}"
        broken = browser.execute_script("""return [...document.querySelectorAll('details.exercise-answer .confidence')]
            .filter(c => !/\\s/.test(c.textContent) && c.getClientRects().length > 1).map(c => c.textContent)""")
        assert not broken, f"confidence notes of the answers broken inside their word: {broken[:3]}"
        width = browser.execute_script("return document.scrollingElement.scrollWidth")
        assert width <= 1280, f"the page scrolls sideways: {width} px"
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_callbacks_to_order_wrap_at_their_words_on_a_phone(page):
    """At 360 px a long callback to put in order wraps between its words
    (`applicationDidEnter|Background`), not inside one (`applicationDidEnterBackg|round`)."""
    browser = page("es/surviving-interruptions/index.html")
    emulate_screen(browser, 360, 740)
    try:
        WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".exercise-sortable code"))
        names = browser.execute_script("""return [...document.querySelectorAll('.exercise-sortable code')].map(code => {
            // The lines of each piece between two break opportunities, and of the whole name.
            const tops = [...code.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).map(n => {
                const range = document.createRange();
                range.selectNodeContents(n);
                return [...range.getClientRects()].map(r => Math.round(r.top));
            });
            return [code.textContent, new Set(tops.flat()).size, tops.map(t => new Set(t).size)];
        })""")
        assert any(lines > 1 for _, lines, _ in names), f"no name wraps at 360 px: {names}"
        broken = [name for name, _, pieces in names if any(count > 1 for count in pieces)]
        assert not broken, f"names broken inside a word: {broken}"
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
