"""Live reload in a real browser: `lifecycle-docs serve` on a copy of the content."""
import shutil

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, Serve
from test_serve import BAD_STEP, GOOD_STEP, add_marker

OVERLAY = "#lifecycle-live-overlay[role='alertdialog']"


def overlays(browser):
    return browser.find_elements(By.CSS_SELECTOR, OVERLAY)


def test_the_page_reloads_after_an_edit(project, browser):
    server, content = project
    browser.get(server.base + "es/inactive/index.html")
    # Gone after a reload: the page was loaded again, not patched.
    browser.execute_script("window.beforeTheEdit = true")
    add_marker(content / "es" / "inactive.md", "RELOADED-MARKER")
    # The reload may replace `main` between finding it and reading it: try again.
    WebDriverWait(browser, 20, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda b: "RELOADED-MARKER" in b.find_element(By.TAG_NAME, "main").text)
    assert browser.execute_script("return window.beforeTheEdit === undefined")
    assert not overlays(browser)


def test_a_broken_build_shows_the_overlay_until_it_is_fixed(project, browser):
    server, content = project
    article = content / "it" / "active.md"
    browser.get(server.base + "it/active/index.html")
    title = browser.find_element(By.TAG_NAME, "h1").text
    text = article.read_text(encoding="utf-8")
    article.write_text(text.replace(GOOD_STEP, BAD_STEP, 1), encoding="utf-8")

    overlay = WebDriverWait(browser, 20).until(lambda b: overlays(b) and overlays(b)[0])
    assert overlay.is_displayed()
    assert overlay.value_of_css_property("position") == "fixed"
    items = overlay.find_elements(By.CSS_SELECTOR, "li.diagnostic.error")
    assert items, overlay.text
    where = items[0].find_element(By.TAG_NAME, "code").text
    assert where.startswith(f"{article}:")
    line, column = where.rsplit(":", 2)[1:]
    assert int(line) > 1 and int(column) > 1
    assert "background" in items[0].text
    # The last good page is still underneath.
    assert browser.find_element(By.TAG_NAME, "h1").text == title

    # A page opened while the build is broken shows the error at once.
    browser.get(server.base + "it/active/index.html")
    WebDriverWait(browser, 20).until(lambda b: overlays(b))

    article.write_text(text, encoding="utf-8")
    WebDriverWait(browser, 20).until(lambda b: not overlays(b))
    assert browser.find_element(By.TAG_NAME, "h1").text == title


def test_the_overlay_is_readable_in_light_and_dark(project, browser):
    server, content = project
    article = content / "it" / "active.md"
    text = article.read_text(encoding="utf-8")
    article.write_text(text.replace(GOOD_STEP, BAD_STEP, 1), encoding="utf-8")
    colours = {}
    for scheme in ("light", "dark"):
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        browser.get(server.base + "it/active/index.html")
        overlay = WebDriverWait(browser, 20).until(lambda b: overlays(b) and overlays(b)[0])
        colours[scheme] = (overlay.value_of_css_property("color"), overlay.value_of_css_property("background-color"))
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert colours["light"] != colours["dark"]
    for colour, background in colours.values():
        assert contrast(colour, background) >= 7, (colour, background)


def contrast(first, second):
    """WCAG contrast ratio of two CSS colours given as rgb()/rgba()."""
    def luminance(css):
        channels = [float(c) / 255 for c in css[css.index("(") + 1:css.index(")")].split(",")[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_pages_left_behind_give_their_event_stream_back(served_site, browser):
    """Browsers keep about six connections per host: if pages that were left kept
    their event streams open, the seventh page would wait for one to time out."""
    browser.set_page_load_timeout(20)
    try:
        for index in range(10):
            path = ("es/inactive/index.html", "it/active/index.html")[index % 2]
            browser.get(served_site.base + path)
            assert browser.find_element(By.TAG_NAME, "h1").text
    finally:
        browser.set_page_load_timeout(300)


def label_contrast(item):
    label = item.find_element(By.CSS_SELECTOR, ".severity")
    return label.text, contrast(label.value_of_css_property("color"), label.value_of_css_property("background-color"))


def test_a_first_start_on_broken_content_shows_the_errors_on_every_page(tmp_path, browser):
    """No output yet and a failed build: any page is the overlay, errors before warnings."""
    content = tmp_path / "Content"
    shutil.copytree(ROOT / "Content", content)
    # A warning in es/ (reported first: files in order) and an error in it/.
    add_marker(content / "es" / "inactive.md", "<kbd>raw</kbd>")
    article = content / "it" / "active.md"
    text = article.read_text(encoding="utf-8")
    article.write_text(text.replace(GOOD_STEP, BAD_STEP, 1), encoding="utf-8")
    server = Serve(content, ROOT / "Templates", tmp_path / "public")
    try:
        assert "Build failed with 1 error" in server.output()
        assert not (tmp_path / "public").exists()
        # The overlay speaks the language of the page's folder (English outside them); the diagnostics stay English.
        # Counted in the page's language, singular here: "1 error, 1 aviso".
        not_built = {"": ("en", "this page was not built", "1 error, 1 warning"),
                     "es/inactive/": ("es", "esta página no se ha generado", "1 error, 1 aviso"),
                     "it/active/index.html": ("it", "questa pagina non è stata generata", "1 errore, 1 avviso")}
        for path, (lang, words, counted) in not_built.items():
            browser.get(server.base + path)
            overlay = WebDriverWait(browser, 20).until(lambda b: overlays(b) and overlays(b)[0])
            assert words in overlay.find_element(By.TAG_NAME, "h2").text
            assert counted in overlay.find_element(By.TAG_NAME, "h2").text
            assert overlay.get_attribute("lang") == lang
            assert overlay.find_element(By.CSS_SELECTOR, "li.diagnostic .message").get_attribute("lang") == "en"
            items = overlay.find_elements(By.CSS_SELECTOR, "li.diagnostic")
            classes = [item.get_attribute("class").split()[1] for item in items]
            assert classes[0] == "error" and "warning" in classes, classes
            assert classes == sorted(classes, key=["error", "warning", "note"].index), classes
            where = items[0].find_element(By.TAG_NAME, "code").text
            assert where.startswith(f"{article}:"), where
            line, column = where.rsplit(":", 2)[1:]
            assert int(line) > 1 and int(column) > 1
            assert "background" in items[0].text
            # The translations of it/active are stale where it changed: warnings too, so look for the es one among them.
            warnings = [item.find_element(By.TAG_NAME, "code").text for item, kind in zip(items, classes) if kind == "warning"]
            assert any(w.startswith(str(content / "es" / "inactive.md") + ":") for w in warnings), warnings

        # Told apart by a word, not by colour alone, and each label is readable in both schemes.
        for scheme in ("light", "dark"):
            browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            browser.get(server.base + "es/inactive/")
            overlay = WebDriverWait(browser, 20).until(lambda b: overlays(b) and overlays(b)[0])
            error = overlay.find_element(By.CSS_SELECTOR, "li.diagnostic.error")
            warning = overlay.find_element(By.CSS_SELECTOR, "li.diagnostic.warning")
            (error_label, error_ratio), (warning_label, warning_ratio) = label_contrast(error), label_contrast(warning)
            assert (error_label.lower(), warning_label.lower()) == ("error", "aviso")
            assert error_ratio >= 4.5 and warning_ratio >= 4.5, (scheme, error_ratio, warning_ratio)
            assert error.value_of_css_property("border-left-color") != warning.value_of_css_property("border-left-color")
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

        # The writer fixes the error: the open page reloads into the article.
        article.write_text(text, encoding="utf-8")
        WebDriverWait(browser, 30).until(lambda b: not overlays(b) and b.find_elements(By.TAG_NAME, "main"))
        assert browser.execute_script("return document.documentElement.lang") == "es"
        assert "<kbd>raw</kbd>" in browser.find_element(By.TAG_NAME, "main").text
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        server.stop()
