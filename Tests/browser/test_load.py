"""Load on `lifecycle-docs serve`, on loopback only: many clients at once, every
response checked, and the server's memory flat from a warm-up to the end (no round of requests
without growth would mean a leak)."""
import http.client
import itertools
import random
import threading
import time

from conftest import ROOT, Serve

CLIENTS = 100
WARM_UP = 2_000
ROUNDS = 4
ROUND_REQUESTS = 4_500
REQUESTS = ROUNDS * ROUND_REQUESTS
# The whole test stops by itself: the clients give up after this many seconds.
TIME_LIMIT = 150
# After the warm-up the run is measured in rounds. Allocator arenas and thread stacks reach new
# high-water marks now and then (more so on a loaded machine, where requests overlap longer), in
# whichever round it happens, while a leak grows in every round: the quietest round must grow by
# less than 1 MB (a leak of 250 bytes a request adds 1.1 MB to each round of 4,500), and the whole
# run by less than 8 MB.
QUIETEST_ROUND_GROWTH_LIMIT_KB = 1024
RSS_GROWTH_LIMIT_KB = 8 * 1024
HOST = "127.0.0.1"
MISSING = ["missing/", "es/missing/", "es/inactive/missing.html", "assets/missing.css", "no/such/page.html"]


LANGS = {p.name for p in (ROOT / "Templates" / "i18n").iterdir() if p.is_dir()}


def live_tag(generation, path):
    """The tag names the language of the page's folder (English outside them)."""
    first = path.split("/", 1)[0]
    return f'<script src="/_lifecycle/live.js" data-generation="{generation}" data-lang="{first if first in LANGS else "en"}"></script>'


def expected_pages(output, generation):
    """(path, status, body length) of every page and asset of the built site, and some 404s.
    HTML is sent with the live-reload tag, which the length counts."""
    extra = lambda path: len(live_tag(generation, path).encode("utf-8"))
    found = []
    for file in sorted(output.rglob("*")):
        relative = file.relative_to(output)
        if not file.is_file() or any(part.startswith(".") for part in relative.parts):
            continue
        path = relative.as_posix()
        size = file.stat().st_size + (extra(path) if file.suffix == ".html" else 0)
        found.append((path, 200, size))
        if file.name == "index.html":
            found.append((path[: -len("index.html")], 200, size))
    # A missing page under a language's folder gets that language's 404 page.
    def not_found_page(path):
        first = path.split("/", 1)[0]
        return output / first / "404.html" if first in LANGS and "/" in path else output / "404.html"

    found += [(path, 404, not_found_page(path).stat().st_size + extra(path)) for path in MISSING]
    return found


def rss_kb(pid):
    for line in open(f"/proc/{pid}/status", encoding="ascii"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for process {pid}")


def run_clients(port, plan, deadline):
    """Sends `plan` ((method, path, status, length) each) from CLIENTS threads, each on
    its own keep-alive connection; returns the failures and how many were answered."""
    pending = iter(plan)
    lock = threading.Lock()
    failures, answered = [], [0]

    def client():
        connection = http.client.HTTPConnection(HOST, port, timeout=10)
        try:
            while time.monotonic() < deadline:
                with lock:
                    item = next(pending, None)
                if item is None:
                    return
                method, path, status, length = item
                try:
                    connection.request(method, "/" + path)
                    response = connection.getresponse()
                    body = response.read()
                    problem = None
                    if response.status != status:
                        problem = f"status {response.status}, expected {status}"
                    elif response.getheader("Content-Length") != str(length):
                        problem = f"Content-Length {response.getheader('Content-Length')}, expected {length}"
                    elif len(body) != (0 if method == "HEAD" else length):
                        problem = f"{len(body)} bytes of body"
                except (OSError, http.client.HTTPException) as error:
                    problem = f"{type(error).__name__}: {error}"
                    connection.close()
                    connection = http.client.HTTPConnection(HOST, port, timeout=10)
                with lock:
                    answered[0] += 1
                    if problem:
                        failures.append(f"{method} /{path}: {problem}")
        finally:
            connection.close()

    threads = [threading.Thread(target=client, daemon=True) for _ in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(0, deadline - time.monotonic()) + 15)
    assert not any(thread.is_alive() for thread in threads), "clients still running after the time limit"
    return failures, answered[0]


def make_plan(pages, count, rng):
    """`count` requests over every page in turn (shuffled), one in ten a HEAD."""
    cycle = itertools.cycle(pages)
    plan = [next(cycle) for _ in range(count)]
    rng.shuffle(plan)
    return [("HEAD" if rng.random() < 0.1 else "GET", path, status, length) for path, status, length in plan]


def test_many_clients_get_every_byte_and_memory_stays_flat(tmp_path, capsys):
    server = Serve(ROOT / "Content", ROOT / "Templates", tmp_path / "public")
    try:
        assert server.base.startswith(f"http://{HOST}:")
        pages = expected_pages(server.output_dir, generation=1)
        assert len(pages) > 30, pages
        rng = random.Random(12)
        deadline = time.monotonic() + TIME_LIMIT

        # Warm-up: every page at the same concurrency, so caches, thread stacks and allocator arenas exist.
        failures, answered = run_clients(server.port, make_plan(pages, WARM_UP, rng), deadline)
        assert not failures, f"{len(failures)} failed in the warm-up: {failures[:5]}"
        time.sleep(0.5)  # the server's connection threads end
        before = rss_kb(server.process.pid)

        started = time.monotonic()
        failures, answered, samples = [], 0, [before]
        for _ in range(ROUNDS):
            round_failures, round_answered = run_clients(server.port, make_plan(pages, ROUND_REQUESTS, rng), deadline)
            failures += round_failures
            answered += round_answered
            time.sleep(0.5)
            samples.append(rss_kb(server.process.pid))
        elapsed = time.monotonic() - started
        growths = [b - a for a, b in zip(samples, samples[1:])]

        assert answered == REQUESTS, f"only {answered} of {REQUESTS} requests in {TIME_LIMIT} s"
        assert not failures, f"{len(failures)} of {REQUESTS} failed: {failures[:5]}"
        summary = (f"{REQUESTS} requests from {CLIENTS} clients in {elapsed:.1f} s ({REQUESTS / elapsed:.0f} requests/s); "
                   f"server RSS {before / 1024:.1f} MB after the warm-up, then "
                   + ", ".join(f"{sample / 1024:.1f}" for sample in samples[1:]) + " MB after each round")
        assert min(growths) <= QUIETEST_ROUND_GROWTH_LIMIT_KB, f"memory grew in every round, at least {min(growths) / 1024:.1f} MB: {summary}"
        assert samples[-1] - before <= RSS_GROWTH_LIMIT_KB, f"memory grew by {(samples[-1] - before) / 1024:.1f} MB: {summary}"
        with capsys.disabled():
            print("\nload test: " + summary)
    finally:
        server.stop()
