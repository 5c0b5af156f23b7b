"""Files beside the articles, links written to sources, drafts and the base URL, in the
browser: the markup fixture (Tests/browser/fixtures/markup/) built with --base-url, opened
from disk and through `lifecycle-docs serve`."""
import struct
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import FIXTURE_BASE_URL, FIXTURE_CONTENT


def png_size(path):
    """Width and height from a PNG's header."""
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_an_image_beside_the_article_is_shown_at_its_own_size(fixture_page):
    browser = fixture_page("es/archivos/index.html")
    image = browser.find_element(By.CSS_SELECTOR, "img[alt='Diagrama del ciclo de vida']")
    width, height = png_size(FIXTURE_CONTENT / "es" / "diagrama.png")
    assert (image.get_attribute("width"), image.get_attribute("height")) == (str(width), str(height))
    assert image.get_attribute("loading") == "lazy"
    browser.execute_script("arguments[0].scrollIntoView()", image)
    WebDriverWait(browser, 10).until(lambda _: browser.execute_script("return arguments[0].complete", image))
    assert browser.execute_script("return [arguments[0].naturalWidth, arguments[0].naturalHeight]", image) == [width, height]

    logo = browser.find_element(By.CSS_SELECTOR, "img[alt='Logotipo del sitio']")
    assert logo.get_attribute("src").endswith("/static/logo.svg")
    browser.execute_script("arguments[0].scrollIntoView()", logo)
    WebDriverWait(browser, 10).until(lambda _: browser.execute_script("return arguments[0].naturalWidth", logo) == 96)


def test_the_image_opens_on_its_own(fixture_page):
    browser = fixture_page("es/archivos/index.html")
    source = browser.find_element(By.CSS_SELECTOR, "img[alt='Diagrama del ciclo de vida']").get_attribute("src")
    browser.get(source)
    assert urllib.parse.urlparse(browser.current_url).path.endswith("/es/diagrama.png")
    assert browser.execute_script("return document.images.length && document.images[0].naturalWidth") == 320


def test_a_link_to_a_markdown_source_leads_to_its_page_and_anchor(fixture_page):
    browser = fixture_page("es/archivos/index.html")
    link = browser.find_element(By.LINK_TEXT, "las imágenes de la muestra")
    assert link.get_attribute("href").endswith("/es/muestra/index.html#im%C3%A1genes-y-enlaces")
    link.click()
    WebDriverWait(browser, 10).until(lambda _: "/es/muestra/" in browser.current_url)
    heading = browser.find_element(By.ID, "imágenes-y-enlaces")
    assert heading.text.startswith("Imágenes y enlaces")
    assert browser.execute_script("return location.hash") == "#im%C3%A1genes-y-enlaces"

    browser.back()
    WebDriverWait(browser, 10).until(lambda _: "/es/archivos/" in browser.current_url)
    browser.find_element(By.LINK_TEXT, "la muestra entera").click()
    WebDriverWait(browser, 10).until(lambda _: browser.current_url.endswith("/es/muestra/index.html"))


def test_the_shared_pdf_is_published_once(fixture_page, fixture_site):
    browser = fixture_page("es/archivos/index.html")
    href = browser.find_element(By.LINK_TEXT, "la guía en PDF").get_attribute("href")
    assert urllib.parse.urlparse(href).path.endswith("/static/guia.pdf")
    assert (fixture_site / "static" / "guia.pdf").read_bytes() == (FIXTURE_CONTENT / "static" / "guia.pdf").read_bytes()
    assert not any((fixture_site / lang / "static").exists() for lang in ("es", "pt", "bg", "it"))


def test_canonical_urls_use_the_base_url(fixture_page):
    browser = fixture_page("es/archivos/index.html")
    canonical = browser.find_element(By.CSS_SELECTOR, "link[rel='canonical']").get_attribute("href")
    assert canonical == FIXTURE_BASE_URL + "es/archivos/"


def test_a_draft_is_left_out_of_the_build(fixture_site):
    assert not (fixture_site / "es" / "borrador").exists()
    assert "borrador" not in (fixture_site / "es" / "index.html").read_text(encoding="utf-8")
    assert "borrador" not in (fixture_site / "sitemap.xml").read_text(encoding="utf-8")


def test_serve_shows_a_draft_with_its_badge(served_fixture_site, browser):
    browser.get(served_fixture_site.base + "es/borrador/index.html")
    badge = browser.find_element(By.CSS_SELECTOR, ".draft-badge")
    assert badge.text == "Borrador: esta página no se publica"
    assert badge.is_displayed()
    assert browser.find_element(By.CSS_SELECTOR, "meta[name='robots']").get_attribute("content") == "noindex"
