"""The static site works in a real browser, straight from disk."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


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


def test_the_model_reference_is_reached_from_any_page_and_its_sources_are_on_the_page(page):
    browser = page("pt/active/index.html")
    browser.find_element(By.CSS_SELECTOR, ".site-footer a[href$='model/index.html']").click()
    assert browser.current_url.endswith("/pt/model/index.html")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Referência do modelo"
    browser.find_element(By.CSS_SELECTOR, ".article-list a[href='android-activity/index.html']").click()
    assert browser.current_url.endswith("/pt/model/android-activity/index.html")
    # A row's source tag leads to the entry that links the official page, on the same page.
    row = browser.find_element(By.CSS_SELECTOR, "#from-resumed + .table-scroll tr[data-event='rotate']")
    tag = row.find_element(By.CSS_SELECTOR, "td.model-source a")
    tag.click()
    target = browser.execute_script("return location.hash")
    assert target == "#source-" + tag.text
    entry = browser.find_element(By.ID, target[1:])
    assert browser.execute_script("const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight", entry)
    official = entry.find_element(By.XPATH, "following-sibling::dd[1]/a")
    assert official.get_attribute("href").startswith("https://developer.android.com/")
    assert official.get_attribute("lang") == "en"
    # The switcher keeps the machine; the way back is the breadcrumb.
    browser.find_element(By.CSS_SELECTOR, ".language-switcher a[hreflang='bg']").click()
    assert browser.current_url.endswith("/bg/model/android-activity/index.html")
    browser.find_element(By.CSS_SELECTOR, ".breadcrumb a[href='../index.html']").click()
    assert browser.current_url.endswith("/bg/model/index.html")


ACTIVE_TOC = "return [...document.querySelectorAll('.toc a.active')].map(a => decodeURIComponent(a.getAttribute('href').slice(1)))"


def test_an_introduction_marks_no_section(page):
    """A tutorial starts with words before its first step: read there, no entry of the table of
    contents is marked (the first step's heading below is not being read); once the heading
    crosses the reading line, it is."""
    browser = page("es/surviving-interruptions/index.html")
    size = browser.get_window_size()
    try:
        # A tall window: the first step's heading is in sight at the top of the page, under the introduction.
        browser.set_window_size(1280, 2400)
        ids = browser.execute_script("return [...document.querySelectorAll('.toc a')].map(a => decodeURIComponent(a.getAttribute('href').slice(1)))")
        browser.execute_script("window.scrollTo(0, 0); window.dispatchEvent(new Event('resize'))")
        top, line, height = browser.execute_script(
            "return [document.getElementById(arguments[0]).getBoundingClientRect().top, innerHeight * 0.3, innerHeight]", ids[0])
        assert line < top < height, f"the first heading in sight below the introduction: {top}, {line}, {height}"
        WebDriverWait(browser, 5).until(lambda _: browser.execute_script(
            "return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"))
        assert browser.execute_script(ACTIVE_TOC) == []
        browser.execute_script(
            "window.scrollTo(0, document.getElementById(arguments[0]).getBoundingClientRect().top + window.scrollY - 50)", ids[0])
        WebDriverWait(browser, 5).until(lambda _: browser.execute_script(ACTIVE_TOC) == [ids[0]])
    finally:
        browser.set_window_size(size["width"], size["height"])


def test_table_of_contents_marks_the_section_being_read_both_ways(page):
    """The section under the reader's eyes is marked when scrolling down, back up, jumping to
    the end, and on load; one entry at a time."""
    browser = page("es/inactive/index.html")
    ids = browser.execute_script("return [...document.querySelectorAll('.toc a')].map(a => decodeURIComponent(a.getAttribute('href').slice(1)))")
    assert len(ids) >= 5

    def read_at(index, into):
        """Scrolls so that heading `index` is `into` pixels above the window's top (inside its section)."""
        browser.execute_script(
            "window.scrollTo(0, document.getElementById(arguments[0]).getBoundingClientRect().top + window.scrollY + arguments[1])",
            ids[index], into)

    def marked(expected):
        WebDriverWait(browser, 5).until(lambda _: browser.execute_script(ACTIVE_TOC) == expected)

    browser.execute_script("window.scrollTo(0, 0)")
    if browser.execute_script("return document.getElementById(arguments[0]).getBoundingClientRect().top < innerHeight", ids[0]):
        marked([ids[0]])
    read_at(3, 50)
    marked([ids[3]])
    read_at(1, 50)  # back up, into an earlier section
    marked([ids[1]])
    read_at(2, -100)  # heading 2 just below the top: still reading section 1... unless it is above the 30 % line
    line = browser.execute_script("return innerHeight * 0.3")
    marked([ids[2]] if 100 <= line else [ids[1]])
    browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    in_sight = browser.execute_script(
        "return arguments[0].filter(id => document.getElementById(id).getBoundingClientRect().top < innerHeight)", ids)
    marked([in_sight[-1]])


SIDEBAR_SIGHT = """const link = document.querySelector('.toc a.active'), sidebar = document.querySelector('.sidebar');
    const r = link.getBoundingClientRect(), box = sidebar.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, sidebarTop: Math.max(box.top, 0), sidebarBottom: Math.min(box.bottom, innerHeight),
            sidebarScroll: sidebar.scrollTop, scrollY: scrollY};"""


def test_the_marked_entry_stays_in_sight_in_the_sidebar_not_moving_the_page(page):
    """At 1280 × 800 a tutorial's table of contents is longer than its sticky sidebar: from its
    third step on, the marked entry was under the sidebar's bottom edge. The sidebar scrolls to it
    (only the sidebar: the page stays where the reader put it)."""
    browser = page("es/surviving-interruptions/index.html")
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    try:
        last = browser.execute_script("return decodeURIComponent([...document.querySelectorAll('.toc a')].pop().getAttribute('href').slice(1))")
        assert browser.execute_script("const s = document.querySelector('.sidebar'); return s.scrollHeight > s.clientHeight"), \
            "the sidebar is short enough not to scroll: nothing to test"
        browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        WebDriverWait(browser, 5).until(lambda _: browser.execute_script(ACTIVE_TOC) == [last])
        end = browser.execute_script("return document.documentElement.scrollHeight - innerHeight")
        # Once the sidebar's (smooth) scrolling is over.
        previous = None
        for _ in range(30):
            sight = browser.execute_script(SIDEBAR_SIGHT)
            if previous and sight == previous:
                break
            previous = sight
            browser.execute_script("return new Promise(done => setTimeout(done, 100))")
        assert sight["sidebarScroll"] > 0, "the sidebar did not scroll"
        assert sight["sidebarTop"] <= sight["top"] and sight["bottom"] <= sight["sidebarBottom"], \
            f"the marked entry is out of the sidebar's sight: {sight}"
        assert abs(sight["scrollY"] - end) < 1, f"the page moved: {sight['scrollY']} instead of {end}"
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_with_reduced_motion_the_sidebar_jumps_to_the_marked_entry(page, browser):
    """Asked for less motion, the sidebar does not glide: the entry is in sight a frame later."""
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    try:
        browser = page("es/surviving-interruptions/index.html")
        # Where the sidebar is as soon as the last entry is marked (a smooth scroll has not started yet).
        browser.execute_script("""const link = [...document.querySelectorAll('.toc a')].pop();
            new MutationObserver((changes, observer) => {
                if (!link.classList.contains('active')) return;
                observer.disconnect();
                window.sightWhenMarked = (() => {""" + SIDEBAR_SIGHT + """})();
            }).observe(link, {attributes: true, attributeFilter: ['class']});
            window.scrollTo(0, document.documentElement.scrollHeight);""")
        sight = WebDriverWait(browser, 5).until(lambda _: browser.execute_script("return window.sightWhenMarked"))
        assert sight["sidebarScroll"] > 0 and sight["bottom"] <= sight["sidebarBottom"], sight
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
