#!/usr/bin/env python3
"""The search benchmark, beside the build benchmark (make bench):

    python3 bench/search.py [--pages N] [--runs R] [--corpus repeated|unique|both] [--no-build]

On each corpus of bench/run.py (N pages, cached under bench/.work/; `unique`: every page
different, as real content is, where the build cannot reuse what it rendered):
  1. lifecycle-docs build, R full builds: the build's wall and CPU time, and the CPU time
     its search index took (`search index: X s of CPU time` in --verbose: every page's
     indexing, per thread, summed over every core, plus making the index's files, the
     process's CPU time in that phase). Shares
     are of CPU time, which other work on a shared machine disturbs less than wall time.
  2. Pagefind (PyPI pagefind-bin) on a copy of the same output, R runs: wall and CPU time,
     peak memory (ru_maxrss of the process and the binary it runs).
  3. The size of each index (bytes and files on disk).
  4. Bytes a typical query downloads: the built site served over HTTP (Python's server,
     no compression), each query in a fresh page with the browser's cache off, in headless
     Chromium; ours through window.ldSearch.search (the manifest, the shards of its words,
     the files of the results it shows), Pagefind's through its JS API as its UI does
     (pagefind.js, its WebAssembly, metadata, index chunks and the first 5 results' data).
     Pagefind's files are gzip-compressed on disk; ours are plain text, so ours are also
     given gzipped (what a static host that compresses sends).
Goals (issue 13): index time ≤ 10% of the build (judged on the unique corpus: on the
repeated one the build reuses what it rendered of a page's first copy, the index cannot)
and ≥ 10× faster than Pagefind; a typical query downloads no more than Pagefind's. Python standard library plus Selenium.
"""
import argparse
import functools
import gzip
import http.server
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import run as build_bench  # noqa: E402

QUERIES = {
    "es": ["interrupciones", "applicationWillResignActive", "ciclo de vida", "onPause visibilidad"],
    "pt": ["interrupção", "scenePhase"],
    "it": ["interruzioni", "buone pratiche"],
    "bg": ["прекъсване", "жизнения цикъл"],
}
GOAL_SHARE = 0.10
GOAL_SPEEDUP = 10.0


def log(message):
    print(message, file=sys.stderr, flush=True)


def folder_size(path):
    total = files = 0
    for root, _, names in os.walk(path):
        for name in names:
            total += os.path.getsize(os.path.join(root, name))
            files += 1
    return total, files


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the folder and counts the bytes of every file sent, by path."""
    sent = []

    def log_message(self, *args):
        pass

    def send_head(self):
        result = super().send_head()
        path = self.translate_path(self.path)
        if result is not None and os.path.isfile(path):
            CountingHandler.sent.append((self.path, os.path.getsize(path), path))
        return result


OUR_QUERY = """
const [query, lang, done] = arguments;
window.ldSearch.search(query, lang).then((r) => done(r.pages.length), (e) => done(String(e)));
"""

PAGEFIND_QUERY = """
const [query, done] = arguments;
(async () => {
  const pagefind = await import("/pagefind/pagefind.js");
  await pagefind.options({});
  const search = await pagefind.search(query);
  await Promise.all(search.results.slice(0, 5).map((r) => r.data()));
  return search.results.length;
})().then(done, (e) => done(String(e)));
"""


def query_bytes(site, browser, base, lang, query, script, prefix, *args):
    """Bytes of the files under `prefix` that one query in a fresh page downloads."""
    browser.execute_cdp_cmd("Network.clearBrowserCache", {})
    browser.get(base + lang + "/index.html")
    CountingHandler.sent.clear()
    found = browser.execute_async_script(script, *args)
    if isinstance(found, str):
        raise SystemExit(f"query {query!r} failed: {found}")
    files = [(p, size, local) for p, size, local in CountingHandler.sent if p.startswith(prefix)]
    raw = sum(size for _, size, _ in files)
    compressed = 0
    for _, size, local in files:
        with open(local, "rb") as f:
            data = f.read()
        # Pagefind's index files are gzip already; ours compress on the way.
        compressed += size if data[:2] == b"\x1f\x8b" or local.endswith(".wasm") else len(gzip.compress(data, 6))
    return found, raw, compressed, len(files)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", default=os.path.join(HERE, ".work"))
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--corpus", choices=("repeated", "unique", "both"), default="both")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a goal fails")
    args = parser.parse_args(argv)
    os.makedirs(args.work, exist_ok=True)
    if not args.no_build:
        # The Makefile's release build, runtime linked in.
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "lifecycle-docs"], cwd=REPO, check=True)
    modes = ("repeated", "unique") if args.corpus == "both" else (args.corpus,)
    failed = 0
    for mode in modes:
        failed += measure_corpus(args, mode)
    # As run.py: a failed goal is printed as FAIL and `make bench` goes on, unless --strict.
    return 1 if (failed and args.strict) else 0


def measure_corpus(args, mode):
    """Runs the whole comparison on one corpus and prints its report; returns the goals failed."""
    corpus = build_bench.ensure_corpus(args.pages, args.work, mode=mode)
    name = build_bench.tag(args.pages, mode)
    tool = os.path.join(REPO, ".build", "release", "lifecycle-docs")
    # On a tmpfs when there is room, as bench/run.py does: the figures are the tools', not the disk's.
    out = os.path.join(build_bench.default_out_root(args.pages) or args.work, "search-site-%s" % name)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    err_path = os.path.join(args.work, "search-build.log")

    builds, build_cpus, indexes = [], [], []
    steps = {}
    for number in range(args.runs):
        shutil.rmtree(out, ignore_errors=True)
        cache = os.path.join(os.path.dirname(out), "." + os.path.basename(out) + ".cache")
        if os.path.exists(cache):
            os.remove(cache)
        sample = build_bench.run_once(
            [tool, "build", "--verbose", "--content", corpus, "--templates", os.path.join(REPO, "Templates"), "--output", out],
            stderr_path=err_path)
        if sample.returncode != 0:
            raise SystemExit("lifecycle-docs build failed: see " + err_path)
        with open(err_path, encoding="utf-8") as f:
            report = f.read()
        match = re.search(r"search index: ([0-9.]+) s of CPU time", report)
        if match is None:
            raise SystemExit("no `search index: X s of CPU time` in the build's --verbose output: see " + err_path)
        # The same time by step, when the build says it (`(page text 0.297, …)`).
        parts = re.search(r"search index: [0-9.]+ s of CPU time \(([^)]*)\)", report)
        if parts:
            for part in parts.group(1).split(", "):
                step, _, seconds = part.rpartition(" ")
                steps.setdefault(step, []).append(float(seconds))
        builds.append(sample.wall)
        build_cpus.append(sample.cpu)
        indexes.append(float(match.group(1)))
        log(f"lifecycle-docs run {number + 1}: build {sample.wall:.2f} s ({sample.cpu:.2f} s CPU), search index {indexes[-1]:.2f} s CPU")

    copy = out + "-pagefind"
    pagefind_runs, pagefind_cpus, pagefind_peak = [], [], 0
    for number in range(args.runs):
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(out, copy)
        sample = build_bench.run_once([sys.executable, "-m", "pagefind_bin", "--site", copy],
                                      stderr_path=os.path.join(args.work, "pagefind.log"),
                                      stdout_path=os.path.join(args.work, "pagefind.out"))
        if sample.returncode != 0:
            raise SystemExit("Pagefind failed (pip install pagefind-bin): see bench/.work/pagefind.log")
        pagefind_runs.append(sample.wall)
        pagefind_cpus.append(sample.cpu)
        pagefind_peak = max(pagefind_peak, sample.peak_kib)
        log(f"pagefind run {number + 1}: {sample.wall:.2f} s ({sample.cpu:.2f} s CPU), {sample.peak_kib / 1024:.0f} MiB")

    ours_size = folder_size(os.path.join(copy, "search"))
    theirs_size = folder_size(os.path.join(copy, "pagefind"))

    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu"):
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    browser = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(CountingHandler, directory=copy))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    rows = []
    try:
        for lang, queries in QUERIES.items():
            for query in queries:
                ours = query_bytes(copy, browser, base, lang, query, OUR_QUERY, "/search/", query, lang)
                theirs = query_bytes(copy, browser, base, lang, query, PAGEFIND_QUERY, "/pagefind/", query)
                rows.append((lang, query, ours, theirs))
    finally:
        browser.quit()
        server.shutdown()

    build = statistics.median(builds)
    build_cpu = statistics.median(build_cpus)
    index = statistics.median(indexes)
    pagefind = statistics.median(pagefind_runs)
    pagefind_cpu = statistics.median(pagefind_cpus)
    print(f"\nSearch index on the {mode} corpus of {args.pages} pages, {args.runs} runs (medians), "
          f"load average {os.getloadavg()[0]:.1f} at the end\n")
    print("| | wall s | CPU s | share of the build's CPU | peak MiB | index size | files |")
    print("|---|---|---|---|---|---|---|")
    print(f"| lifecycle-docs build (search included) | {build:.2f} | {build_cpu:.2f} | | | | |")
    print(f"| its search index | (in the build) | {index:.2f} | {index / build_cpu:.0%} | | {ours_size[0] / 1e6:.1f} MB | {ours_size[1]} |")
    print(f"| Pagefind 1.5 | {pagefind:.2f} | {pagefind_cpu:.2f} | | {pagefind_peak / 1024:.0f} | {theirs_size[0] / 1e6:.1f} MB | {theirs_size[1]} |")
    if steps:
        print("\nThe index's CPU time by step (medians): " + ", ".join(
            f"{step} {statistics.median(values):.2f} s ({statistics.median(values) / build_cpu:.1%} of the build)"
            for step, values in steps.items()) + ".")
    print(f"\nIndex: {pagefind_cpu / index:.1f}× less CPU than Pagefind ({pagefind / index:.1f}× its wall time).\n")
    print("| lang | query | results (ours / Pagefind) | ours KB (gzip) | files | Pagefind KB | files |")
    print("|---|---|---|---|---|---|---|")
    ours_total = theirs_total = ours_gzip_total = 0
    for lang, query, ours, theirs in rows:
        print(f"| {lang} | {query} | {ours[0]} / {theirs[0]} | {ours[1] / 1024:.0f} ({ours[2] / 1024:.0f}) | {ours[3]} "
              f"| {theirs[1] / 1024:.0f} | {theirs[3]} |")
        ours_total += ours[1]
        ours_gzip_total += ours[2]
        theirs_total += theirs[1]
    count = len(rows)
    print(f"\nA query downloads on average {ours_total / count / 1024:.0f} KB of ours "
          f"({ours_gzip_total / count / 1024:.0f} KB gzipped) and {theirs_total / count / 1024:.0f} KB of Pagefind's.\n")
    share = (f"index time ≤ {GOAL_SHARE:.0%} of the build (CPU): {index / build_cpu:.0%}", index <= GOAL_SHARE * build_cpu)
    goals = [
        (f"index ≥ {GOAL_SPEEDUP:.0f}× faster than Pagefind (CPU): {pagefind_cpu / index:.1f}×", pagefind_cpu >= GOAL_SPEEDUP * index),
        ("a typical query downloads no more than Pagefind's (gzipped, as a host sends it)", ours_gzip_total <= theirs_total),
    ]
    if mode == "unique":
        goals.insert(0, share)
    else:
        # The build renders a repeated page from what it made of the first copy, the index reads
        # every page as it must: a share of that build says little of a real site's.
        print(f"{'PASS' if share[1] else 'INFO'}  {share[0]} (the share is judged on the unique corpus, where the build "
              "cannot reuse what it rendered)")
    for text, ok in goals:
        print(f"{'PASS' if ok else 'FAIL'}  {text}")
    shutil.rmtree(copy, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    return sum(1 for _, ok in goals if not ok)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
