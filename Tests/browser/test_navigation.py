"""The static site works in a real browser, straight from disk."""
from selenium.webdriver.common.by import By


def test_language_switcher_leads_to_the_same_article(page):
    browser = page("es/inactive/index.html")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
    browser.find_element(By.CSS_SELECTOR, ".language-switcher a[hreflang='bg']").click()
    assert browser.current_url.endswith("/bg/inactive/index.html")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "bg"
    assert "Inactive" in browser.find_element(By.TAG_NAME, "h1").text


def test_untranslated_language_leads_to_its_home(fixture_page):
    # The repository's articles exist in every language; the fixture's muestra has no Italian version.
    browser = fixture_page("es/muestra/index.html")
    link = browser.find_element(By.CSS_SELECTOR, ".language-switcher a.untranslated[hreflang='it']")
    link.click()
    assert browser.current_url.endswith("/it/index.html")
    assert browser.find_elements(By.CSS_SELECTOR, ".article-list a[href='solo/index.html']")


def test_table_of_contents_links_reach_their_headings(page):
    browser = page("bg/inactive/index.html")
    links = browser.find_elements(By.CSS_SELECTOR, ".toc a")
    assert len(links) >= 7
    for link in links:
        target = link.get_attribute("href").split("#", 1)[1]
        found = browser.execute_script("return document.getElementById(decodeURIComponent(arguments[0])) !== null", target)
        assert found, f"no heading for #{target}"


def test_stylesheet_and_script_load_from_disk(page):
    browser = page("it/active/index.html")
    background = browser.execute_script("return getComputedStyle(document.querySelector('pre.code')).borderRadius")
    assert background == "8px", "style.css did not load"
    assert browser.execute_script("return document.querySelectorAll('script[src]').length") >= 1


def test_verified_chain_links_to_its_trace(page):
    browser = page("it/active/index.html")
    chain = browser.find_element(By.CSS_SELECTOR, "a.chain")
    target = chain.get_attribute("href").split("#", 1)[1]
    assert browser.find_element(By.ID, target).tag_name == "li"
