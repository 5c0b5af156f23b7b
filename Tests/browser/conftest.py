"""Browser tests: the built site in Debian's headless Chromium, driven by Selenium.

`make test` builds the tool first; the site is built here into a temporary folder
from the repository's Content/ and Templates/.
"""
import pathlib
import shutil
import subprocess

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    tool = ROOT / ".build" / "debug" / "lifecycle-docs"
    assert tool.exists(), "build the tool first (swift build)"
    out = tmp_path_factory.mktemp("site") / "public"
    subprocess.run(
        [str(tool), "build", "--content", str(ROOT / "Content"), "--templates", str(ROOT / "Templates"), "--output", str(out)],
        check=True,
    )
    return out


@pytest.fixture(scope="session")
def browser():
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000"):
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    driver = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    yield driver
    driver.quit()


@pytest.fixture
def page(site, browser):
    """Opens a page of the built site by its path, e.g. page("es/inactive/index.html")."""
    def open_page(path):
        browser.get((site / path).as_uri())
        return browser
    return open_page
