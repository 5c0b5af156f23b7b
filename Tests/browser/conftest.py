"""Browser tests: the built site in Debian's headless Chromium, driven by Selenium.

`make test` builds the tool first; the site is built here into a temporary folder
from the repository's Content/ and Templates/. Every test that uses `page` runs
twice: on the files opened from disk, and through `lifecycle-docs serve`.
"""
import http.client
import json
import pathlib
import re
import shutil
import signal
import subprocess
import threading
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOOL = ROOT / ".build" / "debug" / "lifecycle-docs"
# A small site with more markup than the repository's articles (task lists,
# footnotes, every alert, tables, raw HTML, odd URLs, stale translations…).
FIXTURE_CONTENT = ROOT / "Tests" / "browser" / "fixtures" / "markup" / "Content"
# The fixture is built for a deploy under a sub-path, as GitHub Pages serves a project site.
FIXTURE_BASE_URL = "https://user.example.io/repo/"


class Serve:
    """`lifecycle-docs serve --port 0` in the background; reads the port it prints."""

    def __init__(self, content, templates, output, *extra):
        assert TOOL.exists(), "build the tool first (swift build)"
        self.output_dir = pathlib.Path(output)
        self.process = subprocess.Popen(
            [str(TOOL), "serve", "--content", str(content), "--templates", str(templates), "--output", str(output),
             "--port", "0", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.stdout, self.stderr = [], []
        for stream, lines in ((self.process.stdout, self.stdout), (self.process.stderr, self.stderr)):
            threading.Thread(target=lambda s=stream, l=lines: [l.append(line) for line in s], daemon=True).start()
        deadline = time.monotonic() + 60
        self.port = None
        while self.port is None:
            found = [re.search(r"^Serving .* at http://127\.0\.0\.1:(\d+)/ \(Ctrl-C to stop\)$", line) for line in list(self.stdout)]
            found = [m for m in found if m]
            if found:
                self.port = int(found[0].group(1))
            elif self.process.poll() is not None or time.monotonic() > deadline:
                self.process.kill()
                raise AssertionError(f"serve did not start: {self.output()}")
            else:
                time.sleep(0.05)
        self.base = f"http://127.0.0.1:{self.port}/"

    def output(self):
        return "".join(self.stdout) + "".join(self.stderr)

    def get(self, path):
        """(status, headers, body text) of one GET."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            connection.request("GET", "/" + path)
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read().decode("utf-8")
        finally:
            connection.close()

    def stop(self, how=signal.SIGINT):
        if self.process.poll() is None:
            self.process.send_signal(how)
        code = self.process.wait(timeout=30)
        assert code == 0, self.output()
        return code


class Events:
    """An open /_lifecycle/events stream (Server-Sent Events)."""

    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.connection.request("GET", "/_lifecycle/events", headers={"Accept": "text/event-stream"})
        self.response = self.connection.getresponse()
        assert self.response.getheader("Content-Type") == "text/event-stream; charset=utf-8"

    def next(self):
        """The next event as (name, JSON data); comments and retry lines are skipped."""
        name, data = None, None
        while True:
            line = self.response.readline().decode("utf-8")
            assert line, "the event stream ended"
            line = line.rstrip("\n")
            if line.startswith("event: "):
                name = line[len("event: "):]
            elif line.startswith("data: "):
                data = json.loads(line[len("data: "):])
            elif line == "" and name is not None:
                return name, data

    def close(self):
        self.connection.close()


def wait_until(condition, timeout=20, message="condition"):
    """Polls `condition` until it returns something true (builds take their time)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {message}")
        time.sleep(0.1)


def wait_until_stored(browser, key):
    """Waits until another tab of the page's origin reads `key` in localStorage as this page
    left it (written, changed or removed). Chromium hands a page's localStorage writes to the
    browser process asynchronously, and a reload or a page opened right after a write could
    read the storage before they arrived: a test of stored progress or of the chosen theme
    then failed about one run in five. Call it before reloading after a write of a value: after
    `localStorage.clear()` the other tab once kept reading the old progress for 10 s (a CI run,
    the tutorial's keyboard test), so removals are not waited for.
    The other tab opens the site's favicon, a document that writes nothing: a tutorial's page
    saves its summary when it loads, from the progress it reads, and under load it read the
    progress before the write arrived and overwrote the very summary waited for (a CI run with
    two suites on two cores)."""
    written = browser.execute_script("return localStorage.getItem(arguments[0])", key)
    here = browser.current_window_handle
    url = browser.execute_script("const icon = document.querySelector('link[rel~=icon]'); return icon ? icon.href : location.href")
    browser.switch_to.new_window("tab")
    try:
        browser.get(url)
        WebDriverWait(browser, 10).until(lambda b: b.execute_script("return localStorage.getItem(arguments[0])", key) == written)
    finally:
        browser.close()
        browser.switch_to.window(here)


def build(content, out, *extra):
    assert TOOL.exists(), "build the tool first (swift build)"
    subprocess.run(
        [str(TOOL), "build", "--content", str(content), "--templates", str(ROOT / "Templates"), "--output", str(out), *extra],
        check=True,
    )
    return out


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    return build(ROOT / "Content", tmp_path_factory.mktemp("site") / "public")


@pytest.fixture(scope="session")
def served_site(tmp_path_factory):
    """The repository's site through `lifecycle-docs serve` (nothing is edited)."""
    server = Serve(ROOT / "Content", ROOT / "Templates", tmp_path_factory.mktemp("served") / "public")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def fixture_site(tmp_path_factory):
    """The markup fixture's site (FIXTURE_CONTENT), built from disk."""
    return build(FIXTURE_CONTENT, tmp_path_factory.mktemp("fixture-site") / "public", "--base-url", FIXTURE_BASE_URL)


@pytest.fixture(scope="session")
def served_fixture_site(tmp_path_factory):
    server = Serve(FIXTURE_CONTENT, ROOT / "Templates", tmp_path_factory.mktemp("fixture-served") / "public",
                   "--base-url", FIXTURE_BASE_URL)
    yield server
    server.stop()


@pytest.fixture
def project(tmp_path):
    """A copy of the content to edit, served on its own: (server, content folder)."""
    content = tmp_path / "Content"
    shutil.copytree(ROOT / "Content", content)
    server = Serve(content, ROOT / "Templates", tmp_path / "public")
    yield server, content
    server.stop()


def chromium(javascript=True):
    """Headless Chromium at 1280 × 1000; without JavaScript when asked (the no-script reading)."""
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    return webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))


@pytest.fixture(scope="session")
def browser():
    driver = chromium()
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def browser_without_javascript():
    driver = chromium(javascript=False)
    yield driver
    driver.quit()


def page_opener(request, browser, site, served):
    if request.param == "file":
        url = lambda path: (site / path).as_uri()
    else:
        base = request.getfixturevalue(served).base
        url = lambda path: base + path

    def open_page(path):
        browser.get(url(path))
        return browser
    return open_page


@pytest.fixture(params=["file", "server"])
def page(request, site, browser):
    """Opens a page of the built site by its path, e.g. page("es/inactive/index.html"),
    from disk or from the preview server."""
    return page_opener(request, browser, site, "served_site")


@pytest.fixture(params=["file", "server"])
def fixture_page(request, fixture_site, browser):
    """`page` for the markup fixture's site."""
    return page_opener(request, browser, fixture_site, "served_fixture_site")


@pytest.fixture(params=["light", "dark"])
def color_scheme(request, browser):
    """Runs the test with `prefers-color-scheme` emulated as light, then as dark."""
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": request.param}]})
    yield request.param
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
