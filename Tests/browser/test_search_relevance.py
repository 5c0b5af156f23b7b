"""Search relevance: for every query of search_queries.json (at least 15 per language), the
expected article and section must come first in our search, and our search must find the
expected page and section first at least as often as Pagefind (PyPI pagefind-bin) run on the
same built site. Ours runs from disk (file://); Pagefind needs a web server.

A query is `[query, slug, anchor]`, or `[query, slug, anchor, slug, anchor, ...]` when several
sections answer it equally well (an overview's section and a tutorial's step on the same
subject): any of them first counts, for ours and for Pagefind alike."""
import functools
import http.server
import json
import pathlib
import shutil
import subprocess
import sys
import threading
import urllib.parse

import pytest

from conftest import ROOT

QUERIES = json.loads((ROOT / "Tests" / "browser" / "search_queries.json").read_text(encoding="utf-8"))
LANGUAGES = ["es", "pt", "it", "bg"]

OUR_SEARCH = """
const [queries, lang, done] = arguments;
(async () => {
  const out = [];
  for (const query of queries) {
    const result = await window.ldSearch.search(query, lang);
    const top = result.pages[0];
    out.push(top ? { path: top.path, anchor: top.sections[0].anchor } : null);
  }
  return out;
})().then(done, (error) => done(String(error)));
"""

PAGEFIND_SEARCH = """
const [queries, done] = arguments;
(async () => {
  const pagefind = await import("/pagefind/pagefind.js");
  await pagefind.options({});
  const out = [];
  for (const query of queries) {
    const search = await pagefind.search(query);
    const top = search.results[0] ? await search.results[0].data() : null;
    if (!top) { out.push(null); continue; }
    // Pagefind's sub-results come in page order: the best is the one whose words weigh most.
    const score = (sub) => (sub.weighted_locations || []).reduce((sum, l) => sum + (l.balanced_score || l.weight || 0), 0);
    const best = [...top.sub_results].sort((a, b) => score(b) - score(a))[0];
    out.push({ url: top.url, sub: best ? best.url : top.url });
  }
  return out;
})().then(done, (error) => done(String(error)));
"""


def test_every_language_has_enough_queries():
    for lang in LANGUAGES:
        assert len(QUERIES[lang]) >= 15, lang


@pytest.fixture(scope="module")
def pagefind_site(site, tmp_path_factory):
    """A copy of the built site with Pagefind's index, served over HTTP."""
    copy = tmp_path_factory.mktemp("pagefind") / "public"
    shutil.copytree(site, copy)
    run = subprocess.run([sys.executable, "-m", "pagefind_bin", "--site", str(copy)], capture_output=True, text=True)
    assert run.returncode == 0, "Pagefind failed (make test installs pagefind-bin): " + run.stdout + run.stderr
    handler = functools.partial(QuietHandler, directory=str(copy))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def page_path(url):
    """/es/inactive/ or es/inactive/index.html → es/inactive/"""
    path = urllib.parse.unquote(urllib.parse.urlsplit(url).path).lstrip("/")
    return path[: -len("index.html")] if path.endswith("index.html") else path


def anchor(url):
    return urllib.parse.unquote(urllib.parse.urlsplit(url).fragment)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_expected_section_first_and_no_worse_than_pagefind(lang, site, browser, pagefind_site):
    queries = QUERIES[lang]
    texts = [query for query, *_ in queries]

    browser.get((site / lang / "index.html").as_uri())
    ours = browser.execute_async_script(OUR_SEARCH, texts, lang)
    assert isinstance(ours, list), ours

    browser.get(pagefind_site + lang + "/index.html")
    theirs = browser.execute_async_script(PAGEFIND_SEARCH, texts)
    assert isinstance(theirs, list), theirs

    ours_page = ours_section = theirs_page = theirs_section = 0
    misses = []
    for (query, *answers), mine, other in zip(queries, ours, theirs):
        assert answers and len(answers) % 2 == 0, f"{query!r}: answers come in (slug, anchor) pairs"
        expected = [(f"{lang}/{slug}/", anchor_) for slug, anchor_ in zip(answers[::2], answers[1::2])]
        pages = {page for page, _ in expected}
        wanted = " or ".join(f"{p}#{a}" for p, a in expected)
        if mine and page_path(mine["path"]) in pages:
            ours_page += 1
            if (page_path(mine["path"]), mine["anchor"]) in expected:
                ours_section += 1
            else:
                misses.append(f"{query!r}: section #{mine['anchor']}, expected {wanted}")
        else:
            misses.append(f"{query!r}: {mine and mine['path']}, expected {wanted}")
        if other and page_path(other["url"]) in pages:
            theirs_page += 1
            if (page_path(other["url"]), anchor(other["sub"])) in expected:
                theirs_section += 1
    print(f"\n{lang}: {len(queries)} queries; expected page first: ours {ours_page}, Pagefind {theirs_page}; "
          f"page and section: ours {ours_section}, Pagefind {theirs_section}")
    assert not misses, "\n".join(misses)
    assert ours_page >= theirs_page and ours_section >= theirs_section
