#!/usr/bin/env python3
"""The site-build benchmark: lifecycle-docs against Hugo and the cmark-gfm CLI.

    python3 bench/run.py [--pages N] [--runs R] [--corpus repeated|unique|both] [options]
                                                              (make bench)

On a corpus of N pages (bench/make_corpus.py, cached by N and kind under
bench/.work/), each tool runs R times in a fresh process; the table gives the
median, min and max wall time, the peak resident memory of the worst run, the
CPU time and the ratios to Hugo and to the cmark-gfm lower bound, then the size
of lifecycle-docs' output and each goal of the issue with PASS or FAIL.
Progress goes to stderr, the report to stdout.

Two corpora, measured one after the other (--corpus both, the default):
  repeated   the repository's articles copied again and again (titles differ):
             per-content memos make most pages almost free
  unique     every page different (make_corpus.py --unique: a copy number in
             every prose line, code block and example), issue 18's goals

Sites are written to a tmpfs (/dev/shm) when there is one with room, else to
WORK/out; --out chooses.

Tools (each with a fresh output folder per run):
  lifecycle-docs   lifecycle-docs build --content CORPUS --templates Templates --output OUT
  hugo             hugo on the same pages (bench/make_hugo_site.py), default settings
  hugo-nohl        the same with [markup.highlight] codeFences = false (for reference)
  cmark-gfm        the cmark-gfm CLI over all Markdown bodies in one file: the lower bound
Scenarios (when available):
  incremental      lifecycle-docs again on the same output, nothing changed / one es
                   article edited (only if `lifecycle-docs help` offers it)
  hugo-server      Hugo's own "Total in N ms" after editing the same article under
                   `hugo server` (its default fast render mode, pages in memory)

Wall time is measured around each process; peak memory is the ru_maxrss that
wait4() returns for that one process (what /usr/bin/time -f %M reports).

Python 3 standard library only.
"""

import argparse
import json
import os
import platform
import queue
import re
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import make_corpus  # noqa: E402
import make_hugo_site  # noqa: E402

CMARK_EXTENSIONS = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]
REFERENCE_PAGES = 2000

SCALING_PAGES = 20000

# The goals of the issue (the repeated corpus).
GOAL_HUGO_RATIO = 0.10
GOAL_CMARK_RATIO = 4.0
GOAL_PEAK_MIB = 200.0
GOAL_SCALING = 1.20
GOAL_EDIT_MS = 100.0
GOAL_NOOP_MS = 50.0

# The goals of issue 18, on the corpus of unique pages.
UNIQUE_GOAL_HUGO_RATIO = 0.10
UNIQUE_GOAL_CMARK_RATIO = 5.0
UNIQUE_GOAL_PEAK_MIB = 200.0
UNIQUE_GOAL_PEAK_SCALING_MIB = 250.0   # at 20,000 pages
UNIQUE_GOAL_PAGE_KB = 60.0             # per article page, KB of 1,000 bytes, uncompressed
UNIQUE_GOAL_SCALING = 1.20
UNIQUE_GOAL_EDIT_MS = 60.0
UNIQUE_GOAL_NOOP_MS = 30.0

# The article edited in the incremental scenarios (an es source with translations).
EDIT_LANG = "es"


def log(message):
    sys.stderr.write(message + "\n")
    sys.stderr.flush()


# ---------------------------------------------------------------- measuring

class Sample:
    def __init__(self, wall, peak_kib, cpu, returncode, others=None):
        self.wall = wall
        self.peak_kib = peak_kib
        self.cpu = cpu
        self.returncode = returncode
        # CPU seconds that the rest of the machine used meanwhile (None if unknown).
        self.others = others


CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
CORES = os.cpu_count() or 1


def machine_busy():
    """CPU seconds all processes have used since boot (/proc/stat), or None."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    # user nice system idle iowait irq softirq steal [guest guest_nice, already in user]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / CLOCK_TICKS


def run_once(cmd, cwd=REPO, env=None, stdout_path=os.devnull, stderr_path=os.devnull):
    """Run cmd once; wall time, the peak RSS of this process (KiB), its CPU time
    and the CPU time the rest of the machine used meanwhile."""
    with open(stdout_path, "wb") as out, open(stderr_path, "wb") as err:
        busy_before = machine_busy()
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        busy_after = machine_busy()
    proc.returncode = os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    others = None
    if busy_before is not None and busy_after is not None:
        others = max(0.0, busy_after - busy_before - cpu)
    # Linux gives ru_maxrss in KiB, for this child alone (and children it waited for).
    return Sample(wall, usage.ru_maxrss, cpu, proc.returncode, others)


class Result:
    def __init__(self, name, label, samples, pages, note="", full_build=True):
        self.name = name
        self.label = label
        self.samples = samples
        self.pages = pages
        self.note = note
        # A full build is compared with Hugo and cmark-gfm; a scenario
        # (incremental, hugo server) is not.
        self.full_build = full_build
        # lifecycle-docs' full builds: the size of what it wrote (output_sizes).
        self.sizes = {}

    @property
    def walls(self):
        return [s.wall for s in self.samples]

    @property
    def median(self):
        return statistics.median(self.walls)

    @property
    def peak_mib(self):
        return max(s.peak_kib for s in self.samples) / 1024.0

    @property
    def cpu(self):
        return statistics.median(s.cpu for s in self.samples)

    @property
    def others_percent(self):
        """Median share of the machine (all cores) that other processes took
        during a run: a high figure means the wall times are inflated."""
        shares = [s.others / (s.wall * CORES) * 100.0 for s in self.samples if s.others is not None and s.wall > 0]
        return statistics.median(shares) if shares else None

    def as_dict(self):
        return {
            "tool": self.name, "label": self.label, "pages": self.pages, "note": self.note,
            "full_build": self.full_build,
            "median_s": self.median, "min_s": min(self.walls), "max_s": max(self.walls),
            "peak_mib": self.peak_mib, "cpu_s": self.cpu, "others_percent": self.others_percent,
            "output": self.sizes or None,
            "runs": [{"wall_s": s.wall, "peak_kib": s.peak_kib, "cpu_s": s.cpu, "others_cpu_s": s.others}
                     for s in self.samples],
        }


def tail(path, lines=20):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return "".join(f.readlines()[-lines:])
    except OSError:
        return ""


def measure(name, label, cmd, runs, pages, work, prepare=None, verify=None, env=None, note="",
            full_build=True):
    """Run `cmd` `runs` times (prepare() before each); stop on a failure."""
    samples = []
    out_log = os.path.join(work, "logs", LOG_TAG[0] + name + ".out")
    err_log = os.path.join(work, "logs", LOG_TAG[0] + name + ".err")
    os.makedirs(os.path.dirname(out_log), exist_ok=True)
    for i in range(runs):
        if prepare:
            prepare()
        sample = run_once(cmd, env=env, stdout_path=out_log, stderr_path=err_log)
        if sample.returncode != 0:
            raise SystemExit("bench: %s failed (exit %d): %s\n%s%s" % (
                label, sample.returncode, " ".join(cmd), tail(out_log), tail(err_log)))
        if i == 0 and verify:
            verify()
        samples.append(sample)
        log("  %-26s run %d/%d: %7.3f s, %6.0f MiB, %6.2f s CPU%s" % (
            label, i + 1, runs, sample.wall, sample.peak_kib / 1024.0, sample.cpu,
            "" if sample.others is None else ", others %.2f s CPU" % sample.others))
    return Result(name, label, samples, pages, note, full_build)


# ---------------------------------------------------------------- inputs

EDIT_MARK = "Edición de prueba del benchmark"


def left_edited(folder):
    """True if an interrupted incremental scenario left its edit in `folder`."""
    for root, _, files in os.walk(os.path.join(folder, EDIT_LANG)):
        for name in files:
            if name.endswith(".md") and name.startswith(("inactive-0001", "active-0001")):
                with open(os.path.join(root, name), encoding="utf-8") as f:
                    if EDIT_MARK in f.read():
                        return True
    return False


def tag(pages, mode="repeated"):
    """How the files of one corpus are named under WORK and OUT: `2000`, `unique-2000`."""
    return "%d" % pages if mode == "repeated" else "%s-%d" % (mode, pages)


def ensure_corpus(pages, work, mode="repeated"):
    corpus = os.path.join(work, "corpus-%s" % tag(pages, mode))
    if make_corpus.is_current(corpus, pages, mode=mode) and not left_edited(corpus):
        log("corpus: %s (cached)" % corpus)
    else:
        log("corpus: writing %d %s pages to %s" % (pages, mode, corpus))
        make_corpus.make_corpus(pages, corpus, mode=mode)
        # What was made from the previous corpus is made again.
        name = tag(pages, mode)
        for stale in ("cmark-%s.md.stamp" % name, os.path.join("hugo-%s" % name, make_hugo_site.STAMP)):
            if os.path.exists(os.path.join(work, stale)):
                os.remove(os.path.join(work, stale))
    return corpus


def corpus_stamp(corpus):
    with open(os.path.join(corpus, make_corpus.STAMP), encoding="utf-8") as f:
        stamp = f.read()
    # The Hugo site and the concatenated Markdown depend on the scripts too.
    for script in ("make_hugo_site.py", "hugo/hugo_config.py"):
        with open(os.path.join(HERE, script), "rb") as f:
            stamp += "%s %d\n" % (script, hash_bytes(f.read()))
    for root, dirs, files in os.walk(os.path.join(HERE, "hugo", "layouts")):
        dirs.sort()
        for name in sorted(files):
            with open(os.path.join(root, name), "rb") as f:
                stamp += "%s %d\n" % (name, hash_bytes(f.read()))
    return stamp


def hash_bytes(data):
    import hashlib
    return int(hashlib.sha256(data).hexdigest()[:12], 16)


def ensure_hugo_site(corpus, pages, work, mode="repeated"):
    site = os.path.join(work, "hugo-%s" % tag(pages, mode))
    stamp = corpus_stamp(corpus)
    if make_hugo_site.is_current(site, stamp) and not left_edited(os.path.join(site, "content")):
        log("hugo site: %s (cached)" % site)
    else:
        log("hugo site: writing %s" % site)
        make_hugo_site.make_hugo_site(corpus, site, stamp=stamp)
    no_highlight = os.path.join(site, "no-highlight.toml")
    with open(no_highlight, "w", encoding="utf-8") as f:
        f.write("[markup.highlight]\ncodeFences = false\n")
    return site


def ensure_concatenated(corpus, pages, work, mode="repeated"):
    """All Markdown bodies of the corpus (front matter removed) in one file."""
    path = os.path.join(work, "cmark-%s.md" % tag(pages, mode))
    stamp_path = path + ".stamp"
    stamp = corpus_stamp(corpus)
    try:
        with open(stamp_path, encoding="utf-8") as f:
            if f.read() == stamp and os.path.exists(path):
                log("cmark input: %s (cached)" % path)
                return path
    except OSError:
        pass
    log("cmark input: writing %s" % path)
    with open(path + ".tmp", "w", encoding="utf-8") as out:
        for lang, slug in make_hugo_site.expected_pages(corpus):
            with open(os.path.join(corpus, lang, slug + ".md"), encoding="utf-8") as f:
                _, body = make_corpus.split_front_matter(f.read())
            out.write(body)
            out.write("\n\n")
    os.replace(path + ".tmp", path)
    with open(stamp_path, "w", encoding="utf-8") as f:
        f.write(stamp)
    return path


def corpus_summary(corpus):
    counts = {}
    size = 0
    for lang, slug in make_hugo_site.expected_pages(corpus):
        counts[lang] = counts.get(lang, 0) + 1
        size += os.path.getsize(os.path.join(corpus, lang, slug + ".md"))
    return counts, size


# ---------------------------------------------------------------- tools

def build_lifecycle_docs(skip):
    binary = os.path.join(REPO, ".build", "release", "lifecycle-docs")
    if skip:
        if not os.path.exists(binary):
            raise SystemExit("bench: --no-build, but %s does not exist" % binary)
        return binary
    swift = os.environ.get("SWIFT", "swift")
    # The flags of the Makefile's release build (the runtime linked in): the tool users run.
    log("building: %s build -c release --static-swift-stdlib --product lifecycle-docs" % swift)
    code = subprocess.call([swift, "build", "-c", "release", "--static-swift-stdlib", "--product", "lifecycle-docs"],
                           cwd=REPO, stdout=sys.stderr)
    if code != 0:
        raise SystemExit("bench: swift build failed (exit %d)" % code)
    return binary


def require(program, package):
    path = shutil.which(program)
    if not path:
        raise SystemExit("bench: '%s' not found; install Debian's %s (make bench does: "
                         "apt-get install -y %s)" % (program, package, package))
    return path


def tool_version(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=30).stdout
        return out.strip().splitlines()[0] if out.strip() else "?"
    except (OSError, subprocess.TimeoutExpired):
        return "?"


def verifier(corpus, output, label):
    def verify():
        missing = make_hugo_site.missing_pages(corpus, output)
        if missing:
            shown = ", ".join("%s/%s" % m for m in missing[:5])
            raise SystemExit("bench: %s wrote no page for %d of the corpus's articles (%s%s)" % (
                label, len(missing), shown, ", …" if len(missing) > 5 else ""))
        total = len(make_hugo_site.expected_pages(corpus))
        log("  %-26s wrote all %d article pages (%s)" % (label, total, output))
    return verify


# Outputs of earlier runs are moved aside, not deleted, until the benchmark ends. On a
# filesystem without a journal (as on this VM's ext4), ext4 keeps freed inodes aside for a
# minute or more and every new file scans past them, so deleting 4,000 files right before
# a run made that run's file creation 4 times slower, for every tool alike.
TRASH = []
# Where the tools write their sites (--out, or a tmpfs); None: WORK/out.
OUT_ROOT = [None]
# Prefix of the log files of the corpus being measured ("" or "unique-").
LOG_TAG = [""]


def filesystem_type(path):
    """The type of the file system that holds `path` (/proc/self/mounts), or None."""
    path = os.path.realpath(path)
    best, kind = "", None
    try:
        with open("/proc/self/mounts", encoding="utf-8") as f:
            for line in f:
                fields = line.split()
                if len(fields) < 3:
                    continue
                point = fields[1].replace("\\040", " ")
                if (path == point or path.startswith(point.rstrip("/") + "/")) and len(point) > len(best):
                    best, kind = point, fields[2]
    except OSError:
        return None
    return kind


def default_out_root(pages):
    """A folder on /dev/shm when it is a tmpfs with room for the sites, else None
    (WORK/out). On a tmpfs each site is deleted as soon as it has been measured, so
    the room wanted is that of the largest site (lifecycle-docs' on the unique
    corpus, ~0.3 MB a page), twice over, plus a margin."""
    shm = "/dev/shm"
    if not os.path.isdir(shm) or filesystem_type(shm) != "tmpfs":
        return None
    stat = os.statvfs(shm)
    free = stat.f_bavail * stat.f_frsize
    need = pages * 600 * 1000 + 512 * 1024 * 1024
    if free < need:
        log("out: /dev/shm has %.1f GB free, %.1f GB wanted; the sites go to the work folder" % (
            free / 1e9, need / 1e9))
        return None
    return os.path.join(shm, "lifecycle-docs-bench-%d" % os.getuid())


def discard(path):
    """Moves `path` (and lifecycle-docs' cache beside it) into the trash of this benchmark."""
    parent, name = os.path.split(path)
    cache = os.path.join(parent, "." + name + ".cache")
    if os.path.exists(cache):
        os.remove(cache)
    # The site an incremental build replaced, kept for the next one.
    previous = os.path.join(parent, "." + name + ".previous")
    if os.path.isdir(previous):
        discard(previous)
    if not os.path.exists(path):
        return
    trash = os.path.join(parent, ".trash")
    os.makedirs(trash, exist_ok=True)
    target = os.path.join(trash, "%s-%d-%d" % (name, os.getpid(), len(TRASH)))
    os.rename(path, target)
    if filesystem_type(trash) == "tmpfs":
        # A tmpfs has no such history (and the sites take memory): delete now.
        shutil.rmtree(target, ignore_errors=True)
        return
    TRASH.append(target)


def empty_trash():
    for path in TRASH:
        shutil.rmtree(os.path.dirname(path), ignore_errors=True)
    TRASH.clear()


def remover(path):
    def remove():
        discard(path)
    return remove


def lifecycle_full(binary, corpus, pages, runs, work, label="lifecycle-docs build", mode="repeated",
                   check_output=True):
    """`runs` full builds; the first one's site is checked and sized unless `check_output` is False."""
    out = os.path.join(OUT_ROOT[0] or os.path.join(work, "out"), "lifecycle-%s" % tag(pages, mode))
    cmd = [binary, "build", "--content", corpus, "--templates", os.path.join(REPO, "Templates"), "--output", out]
    sizes = {}
    check = verifier(corpus, out, label)

    def verify():
        check()
        sizes.update(output_sizes(corpus, out))
        log("  %-26s %.1f KB per article page (%.1f KB gzipped), %.1f MB in %d files" % (
            label, sizes["page_bytes"] / 1e3, sizes["page_gzip_bytes"] / 1e3, sizes["total_bytes"] / 1e6,
            sizes["files"]))

    result = measure("lifecycle-docs", label, cmd, runs, pages, work, prepare=remover(out),
                     verify=verify if check_output else None)
    result.sizes = sizes
    return result, out


def lifecycle_check(binary, corpus, pages, runs, work):
    """`lifecycle-docs check`: every page verified and rendered in memory, nothing written (no goal)."""
    cmd = [binary, "check", "--content", corpus, "--templates", os.path.join(REPO, "Templates")]
    return measure("lifecycle-docs-check", "lifecycle-docs check", cmd, runs, pages, work, full_build=False,
                   note="renders every page in memory, writes nothing; no goal")


def lifecycle_scaling(binary, ref_corpus, corpus, pages, runs, work, mode, keep_output):
    """Full builds of the reference corpus (2,000 pages) and of the large one, taking turns:
    a host whose speed drifts over the minutes this takes (another tenant, a warming machine)
    then weighs on both alike, where R reference runs followed by R large ones compared two
    different moments. Each site is removed before the other is built (a full tmpfs is slower
    to write to). (reference result, full result, the large site's folder)."""
    reference = full = out = None
    for run in range(runs):
        ref, ref_out = lifecycle_full(binary, ref_corpus, REFERENCE_PAGES, 1, work,
                                      label="lifecycle-docs build @2000", mode=mode, check_output=run == 0)
        if run + 1 < runs or not keep_output:
            discard(ref_out)
        large, out = lifecycle_full(binary, corpus, pages, 1, work, mode=mode, check_output=run == 0)
        if run + 1 < runs or not keep_output:
            discard(out)
        if reference is None:
            reference, full = ref, large
        else:
            reference.samples += ref.samples
            full.samples += large.samples
    return reference, full, out


# Pages gzipped for the compressed size, at most (a sample beyond: every k-th page).
GZIP_SAMPLE = 2000


def output_sizes(corpus, out):
    """Average size of an article page (`<lang>/<slug>/index.html`), plain and gzipped
    (level 6, what a static host typically sends), and the whole output's size."""
    import gzip
    pages = make_hugo_site.expected_pages(corpus)
    plain = [os.path.getsize(os.path.join(out, lang, slug, "index.html")) for lang, slug in pages]
    step = max(1, -(-len(pages) // GZIP_SAMPLE))
    sample = pages[::step]
    compressed = []
    for lang, slug in sample:
        with open(os.path.join(out, lang, slug, "index.html"), "rb") as f:
            compressed.append(len(gzip.compress(f.read(), compresslevel=6)))
    total = files = 0
    for root, _, names in os.walk(out):
        for name in names:
            total += os.lstat(os.path.join(root, name)).st_size
            files += 1
    return {"page_bytes": statistics.mean(plain), "page_gzip_bytes": statistics.mean(compressed),
            "gzip_sampled_pages": len(sample), "total_bytes": total, "files": files}


def hugo_full(hugo, site, corpus, pages, runs, work, highlight=True, mode="repeated"):
    out = os.path.join(OUT_ROOT[0] or os.path.join(work, "out"), "hugo-%s" % tag(pages, mode))
    config = os.path.join(site, "hugo.toml")
    if not highlight:
        config += "," + os.path.join(site, "no-highlight.toml")
    cmd = [hugo, "--source", site, "--config", config, "--destination", out, "--quiet"]
    name = "hugo" if highlight else "hugo-nohl"
    label = "hugo" if highlight else "hugo, no highlighting"
    note = "" if highlight else "reference only"
    result = measure(name, label, cmd, runs, pages, work,
                     prepare=remover(out), verify=verifier(corpus, out, label), note=note)
    discard(out)
    return result


def cmark(cmark_bin, markdown, pages, runs, work):
    cmd = [cmark_bin]
    for extension in CMARK_EXTENSIONS:
        cmd += ["--extension", extension]
    cmd.append(markdown)
    return measure("cmark-gfm", "cmark-gfm (lower bound)", cmd, runs, pages, work)


# ---------------------------------------------------------------- incremental

def incremental_args(binary, override):
    """How to ask lifecycle-docs for an incremental build, or None if it cannot."""
    if override is not None:
        return override.split()
    try:
        text = subprocess.run([binary, "build", "--help"], capture_output=True, text=True, timeout=30)
        text = text.stdout + text.stderr
    except (OSError, subprocess.TimeoutExpired):
        return None
    if "--incremental" in text:
        return ["--incremental"]
    if re.search(r"\bincremental\b", text, re.I):
        return []  # incremental by default: the same command again
    return None


def edited(text, run):
    """`text` with one paragraph changed: a sentence appended to the first
    prose paragraph after the first `## ` heading."""
    lines = text.split("\n")
    seen_heading = False
    for i, line in enumerate(lines):
        if line.startswith("## "):
            seen_heading = True
        elif seen_heading and line[:1].isalnum():
            lines[i] = line + " (%s, número %d.)" % (EDIT_MARK, run)
            return "\n".join(lines)
    raise SystemExit("bench: found no paragraph to edit")


def edit_target(corpus):
    slugs = sorted(s for l, s in make_hugo_site.expected_pages(corpus) if l == EDIT_LANG)
    if not slugs:
        raise SystemExit("bench: the corpus has no '%s' article to edit" % EDIT_LANG)
    return EDIT_LANG, slugs[0]


def lifecycle_incremental(binary, flags, corpus, pages, runs, work, mode="repeated"):
    out = os.path.join(OUT_ROOT[0] or os.path.join(work, "out"), "lifecycle-incremental-%s" % tag(pages, mode))
    cmd = [binary, "build", "--content", corpus, "--templates", os.path.join(REPO, "Templates"),
           "--output", out] + flags
    log("incremental: priming %s (full build with %s)" % (out, " ".join(flags) or "no flag"))
    discard(out)
    prime = run_once(cmd)
    if prime.returncode != 0:
        raise SystemExit("bench: the priming incremental build failed: " + " ".join(cmd))
    noop = measure("incremental-noop", "incremental, nothing changed", cmd, runs, pages, work,
                   full_build=False)

    lang, slug = edit_target(corpus)
    path = os.path.join(corpus, lang, slug + ".md")
    with open(path, encoding="utf-8") as f:
        original = f.read()
    counter = [0]

    def edit():
        counter[0] += 1
        with open(path, "w", encoding="utf-8") as f:
            f.write(edited(original, counter[0]))

    try:
        edit_result = measure("incremental-edit", "incremental, 1 article edited", cmd, runs, pages, work,
                              prepare=edit, full_build=False)
        with open(os.path.join(out, lang, slug, "index.html"), encoding="utf-8") as f:
            if "número %d" % counter[0] not in f.read():
                raise SystemExit("bench: the incremental build did not update %s/%s" % (lang, slug))
    finally:
        with open(path, "w", encoding="utf-8") as f:
            f.write(original)
    run_once(cmd)  # leave the output matching the restored corpus
    edit_result.note = "%s/%s.md, one paragraph" % (lang, slug)
    return noop, edit_result


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def hugo_server(hugo, site, corpus, pages, runs, timeout):
    """Hugo's own rebuild time ("Total in N ms") after one article is edited
    under `hugo server` (defaults: fast render mode, pages served from memory)."""
    lang, slug = edit_target(corpus)
    path = os.path.join(site, "content", lang, slug + ".md")
    with open(path, encoding="utf-8") as f:
        original = f.read()
    cmd = [hugo, "server", "--source", site, "--bind", "127.0.0.1", "--port", str(free_port()),
           "--disableLiveReload"]
    log("hugo server: starting (%s)" % " ".join(cmd))
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            stdin=subprocess.DEVNULL)
    lines = queue.Queue()

    def pump():
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()

    def wait_for(pattern, seconds):
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(pattern)
            line = lines.get(timeout=left)
            if line is None:
                raise SystemExit("bench: hugo server stopped")
            m = re.search(pattern, line)
            if m:
                return m

    reported = []
    walls = []
    try:
        wait_for(r"Web Server is available", timeout)
        time.sleep(1.0)
        for run in range(1, runs + 1):
            while not lines.empty():  # a second event of the previous write
                if lines.get_nowait() is None:
                    raise SystemExit("bench: hugo server stopped")
            start = time.perf_counter()
            with open(path, "w", encoding="utf-8") as f:
                f.write(edited(original, run))
            m = wait_for(r"Total in ([0-9.]+) ?ms", timeout)
            walls.append(time.perf_counter() - start)
            reported.append(float(m.group(1)) / 1000.0)
            log("  %-26s run %d/%d: %7.3f s (Hugo's figure), %7.3f s from the write" % (
                "hugo server, 1 edited", run, runs, reported[-1], walls[-1]))
            time.sleep(1.0)
    except (TimeoutError, queue.Empty):
        log("hugo server: no rebuild seen within %d s; skipped" % timeout)
        return None
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        with open(path, "w", encoding="utf-8") as f:
            f.write(original)
    samples = [Sample(r, 0, 0.0, 0) for r in reported]
    return Result("hugo-server-edit", "hugo server, 1 edited", samples, pages,
                  "Hugo's own 'Total in'; %.3f s median from the write" % statistics.median(walls),
                  full_build=False)


# ---------------------------------------------------------------- report

def fmt_ratio(value, base):
    if base is None or base <= 0:
        return "-"
    return "%.2f" % (value / base)


def print_table(results, hugo, cmark_result):
    header = "%-30s %9s %9s %9s %9s %8s %9s %8s %8s %8s" % (
        "tool", "median s", "min s", "max s", "peak MiB", "CPU s", "ms/page", "× Hugo", "× cmark", "others")
    print(header)
    print("-" * len(header))
    for r in results:
        peak = "%9.0f" % r.peak_mib if r.peak_mib > 0 else "%9s" % "-"
        cpu = "%8.2f" % r.cpu if r.cpu > 0 else "%8s" % "-"
        if r.full_build:
            per_page = "%9.3f" % (r.median * 1000.0 / r.pages)
            # Ratios only between builds of the same corpus.
            to_hugo = fmt_ratio(r.median, hugo.median if hugo and hugo.pages == r.pages else None)
            to_cmark = fmt_ratio(r.median, cmark_result.median
                                 if cmark_result and cmark_result.pages == r.pages else None)
        else:
            per_page, to_hugo, to_cmark = "%9s" % "-", "-", "-"
        others = "-" if r.others_percent is None else "%.0f%%" % r.others_percent
        print("%-30s %9.3f %9.3f %9.3f %s %s %s %8s %8s %8s" % (
            r.label, r.median, min(r.walls), max(r.walls), peak, cpu, per_page, to_hugo, to_cmark, others))
        if r.note:
            print("%-30s   (%s)" % ("", r.note))


# The goals printed for the corpus being reported, for its results JSON.
GOAL_ROWS = []


def goal_line(status, text, figure):
    GOAL_ROWS.append({"status": status, "goal": text, "measured": figure})
    print("  %-4s  %-53s %s" % (status, text, figure))


def print_sizes(result):
    sizes = result.sizes
    sampled = "" if sizes["gzip_sampled_pages"] >= result.pages else ", gzip over %d sampled pages" % (
        sizes["gzip_sampled_pages"])
    print("%s: %.1f KB per article page, %.1f KB gzipped (level 6%s); output %.1f MB in %d files" % (
        result.label, sizes["page_bytes"] / 1e3, sizes["page_gzip_bytes"] / 1e3, sampled,
        sizes["total_bytes"] / 1e6, sizes["files"]))


def print_unique_goals(pages, full, hugo, cmark_result, reference, noop, edit, incremental_note):
    """Issue 18's goals on the corpus of unique pages."""
    print()
    print("Goals of issue 18, unique pages (set for 2,000 pages%s):" % (
        "" if pages == REFERENCE_PAGES else "; this run has {:,}".format(pages)))
    failed = False

    def check(ok, text, figure):
        nonlocal failed
        failed |= not ok
        goal_line("PASS" if ok else "FAIL", text, figure)

    hugo_goal = "full build ≤ %.2f × Hugo" % UNIQUE_GOAL_HUGO_RATIO
    cmark_goal = "full build ≤ %g × the cmark-gfm lower bound" % UNIQUE_GOAL_CMARK_RATIO
    peak_limit = UNIQUE_GOAL_PEAK_MIB if pages <= REFERENCE_PAGES else UNIQUE_GOAL_PEAK_SCALING_MIB
    memory_goal = "peak memory ≤ %.0f MiB%s" % (
        peak_limit, "" if pages <= REFERENCE_PAGES else " at {:,} pages".format(pages))
    page_goal = "≤ %.0f KB per article page" % UNIQUE_GOAL_PAGE_KB
    if full is None:
        for goal in (hugo_goal, cmark_goal, memory_goal, page_goal):
            goal_line("n/a", goal, "(lifecycle-docs full build not measured: --tools)")
    else:
        if hugo:
            ratio = full.median / hugo.median
            check(ratio <= UNIQUE_GOAL_HUGO_RATIO, hugo_goal,
                  "%.3f s = %.3f × Hugo's %.3f s (goal ≤ %.3f s)" % (
                      full.median, ratio, hugo.median, UNIQUE_GOAL_HUGO_RATIO * hugo.median))
        else:
            goal_line("n/a", hugo_goal, "(Hugo not measured)")
        if cmark_result:
            ratio = full.median / cmark_result.median
            check(ratio <= UNIQUE_GOAL_CMARK_RATIO, cmark_goal,
                  "%.3f s = %.2f × cmark-gfm's %.3f s (goal ≤ %.3f s)" % (
                      full.median, ratio, cmark_result.median, UNIQUE_GOAL_CMARK_RATIO * cmark_result.median))
        else:
            goal_line("n/a", cmark_goal, "(cmark-gfm not measured)")
        check(full.peak_mib <= peak_limit, memory_goal,
              "%.0f MiB (worst of %d runs)" % (full.peak_mib, len(full.samples)))
        if reference:
            check(reference.peak_mib <= UNIQUE_GOAL_PEAK_MIB,
                  "peak memory ≤ %.0f MiB at 2,000 pages" % UNIQUE_GOAL_PEAK_MIB,
                  "%.0f MiB (worst of %d runs)" % (reference.peak_mib, len(reference.samples)))
        if full.sizes:
            kb = full.sizes["page_bytes"] / 1e3
            check(kb <= UNIQUE_GOAL_PAGE_KB, page_goal, "%.1f KB (%.1f KB gzipped)" % (
                kb, full.sizes["page_gzip_bytes"] / 1e3))
        # Time per page at 20,000 pages against 2,000: only when this run measured both.
        if reference and pages > REFERENCE_PAGES:
            per_page = full.median * 1000.0 / full.pages
            ref = reference.median * 1000.0 / reference.pages
            cpu_ratio = (full.cpu / full.pages) / (reference.cpu / reference.pages)
            check(per_page <= UNIQUE_GOAL_SCALING * ref,
                  "{:,} pages: time per page ≤ {:.0f}% over 2,000 pages'".format(
                      pages, (UNIQUE_GOAL_SCALING - 1) * 100),
                  "%.3f ms/page vs %.3f ms/page = %.2f× (CPU per page: %.2f×)" % (
                      per_page, ref, per_page / ref, cpu_ratio))
    edit_goal = "one edited article rebuilt ≤ %.0f ms" % UNIQUE_GOAL_EDIT_MS
    noop_goal = "nothing changed ≤ %.0f ms" % UNIQUE_GOAL_NOOP_MS
    if edit and noop:
        check(edit.median * 1000 <= UNIQUE_GOAL_EDIT_MS, edit_goal, "%.0f ms" % (edit.median * 1000))
        check(noop.median * 1000 <= UNIQUE_GOAL_NOOP_MS, noop_goal, "%.0f ms" % (noop.median * 1000))
    else:
        goal_line("n/a", edit_goal, incremental_note)
        goal_line("n/a", noop_goal, incremental_note)
    return failed


def print_goals(pages, full, hugo, cmark_result, reference, noop, edit, incremental_note):
    print()
    print("Goals (set for 2,000 pages%s):" % ("" if pages == REFERENCE_PAGES else "; this run has %d" % pages))
    failed = False

    def check(ok, text, figure):
        nonlocal failed
        failed |= not ok
        goal_line("PASS" if ok else "FAIL", text, figure)

    hugo_goal = "full build ≤ %.2f × Hugo" % GOAL_HUGO_RATIO
    cmark_goal = "full build ≤ %g × the cmark-gfm lower bound" % GOAL_CMARK_RATIO
    memory_goal = "peak memory ≤ %.0f MiB" % GOAL_PEAK_MIB
    scaling_goal = "%s pages: time per page ≤ %.0f%% over 2,000 pages'" % (
        "{:,}".format(pages) if pages != REFERENCE_PAGES else "20,000", (GOAL_SCALING - 1) * 100)
    if full is None:
        for goal in (hugo_goal, cmark_goal, memory_goal, scaling_goal):
            goal_line("n/a", goal, "(lifecycle-docs full build not measured: --tools)")
    else:
        if hugo:
            ratio = full.median / hugo.median
            check(ratio <= GOAL_HUGO_RATIO, hugo_goal,
                  "%.3f s = %.3f × Hugo's %.3f s (goal ≤ %.3f s)" % (
                      full.median, ratio, hugo.median, GOAL_HUGO_RATIO * hugo.median))
        else:
            goal_line("n/a", hugo_goal, "(Hugo not measured)")
        if cmark_result:
            ratio = full.median / cmark_result.median
            check(ratio <= GOAL_CMARK_RATIO, cmark_goal,
                  "%.3f s = %.2f × cmark-gfm's %.3f s (goal ≤ %.3f s)" % (
                      full.median, ratio, cmark_result.median, GOAL_CMARK_RATIO * cmark_result.median))
        else:
            goal_line("n/a", cmark_goal, "(cmark-gfm not measured)")
        check(full.peak_mib <= GOAL_PEAK_MIB, memory_goal,
              "%.0f MiB (worst of %d runs)" % (full.peak_mib, len(full.samples)))
        per_page = full.median * 1000.0 / full.pages
        if reference:
            ref = reference.median * 1000.0 / reference.pages
            cpu_ratio = (full.cpu / full.pages) / (reference.cpu / reference.pages)
            check(per_page <= GOAL_SCALING * ref, scaling_goal,
                  "%.3f ms/page vs %.3f ms/page = %.2f× (CPU per page: %.2f×)" % (
                      per_page, ref, per_page / ref, cpu_ratio))
        else:
            goal_line("n/a", scaling_goal, "%.3f ms/page here; run make bench PAGES=20000 RUNS=3" % per_page)
    edit_goal = "one edited article rebuilt ≤ %.0f ms" % GOAL_EDIT_MS
    noop_goal = "nothing changed ≤ %.0f ms" % GOAL_NOOP_MS
    if edit and noop:
        check(edit.median * 1000 <= GOAL_EDIT_MS, edit_goal, "%.0f ms" % (edit.median * 1000))
        check(noop.median * 1000 <= GOAL_NOOP_MS, noop_goal, "%.0f ms" % (noop.median * 1000))
    else:
        goal_line("n/a", edit_goal, incremental_note)
        goal_line("n/a", noop_goal, incremental_note)
    return failed


# ---------------------------------------------------------------- main

def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=REFERENCE_PAGES, help="corpus size (default 2000)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each tool, at least 3 (default 5)")
    parser.add_argument("--corpus", choices=("repeated", "unique", "both"), default="both",
                        help="repeated: the repository's articles copied again and again; unique: every "
                             "page different (make_corpus.py --unique); both (default): one after the other")
    parser.add_argument("--scaling", action="store_true",
                        help="the scaling goal: 20,000 pages (unless --pages says otherwise), with "
                             "lifecycle-docs at 2,000 pages as the reference")
    parser.add_argument("--work", default=os.path.join(HERE, ".work"),
                        help="cache and output folder (default bench/.work)")
    parser.add_argument("--out", default=None,
                        help="where the tools write their sites (default: a folder on /dev/shm when it is a "
                             "tmpfs with room, else WORK/out)")
    parser.add_argument("--tools", default="lifecycle-docs,check,hugo,hugo-nohl,cmark-gfm,incremental,hugo-server",
                        help="comma-separated subset of: lifecycle-docs, check, hugo, hugo-nohl, cmark-gfm, "
                             "incremental, hugo-server (default: all)")
    parser.add_argument("--incremental-args", default=None,
                        help="the build options for an incremental build (default: found in "
                             "`lifecycle-docs help`, e.g. --incremental)")
    parser.add_argument("--no-build", action="store_true", help="use .build/release/lifecycle-docs as it is")
    parser.add_argument("--binary", default=None,
                        help="measure this lifecycle-docs binary (no swift build), e.g. one built "
                             "from another checkout")
    parser.add_argument("--keep-output", action="store_true", help="keep the built sites (OUT)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a goal fails")
    args = parser.parse_args(argv[1:])
    if args.runs < 3:
        parser.error("--runs must be at least 3 (the median of at least three runs)")
    if args.scaling and args.pages == REFERENCE_PAGES:
        args.pages = SCALING_PAGES
    if args.pages < 4:
        parser.error("--pages must be at least 4")
    tools = set(t.strip() for t in args.tools.split(",") if t.strip())
    unknown = tools - {"lifecycle-docs", "check", "hugo", "hugo-nohl", "cmark-gfm", "incremental", "hugo-server"}
    if unknown:
        parser.error("unknown tools: " + ", ".join(sorted(unknown)))

    work = os.path.abspath(args.work)
    OUT_ROOT[0] = os.path.abspath(args.out) if args.out else default_out_root(args.pages)
    if OUT_ROOT[0]:
        os.makedirs(OUT_ROOT[0], exist_ok=True)
    os.makedirs(work, exist_ok=True)
    log("out: %s (%s)" % (OUT_ROOT[0] or os.path.join(work, "out"),
                          filesystem_type(OUT_ROOT[0] or work) or "file system unknown"))

    hugo_bin = require("hugo", "hugo") if tools & {"hugo", "hugo-nohl", "hugo-server"} else None
    cmark_bin = require("cmark-gfm", "cmark-gfm") if "cmark-gfm" in tools else None
    binary = None
    if tools & {"lifecycle-docs", "check", "incremental"}:
        binary = os.path.abspath(args.binary) if args.binary else build_lifecycle_docs(args.no_build)
    versions = {
        "lifecycle-docs": git_version() if not args.binary else args.binary,
        "hugo": tool_version([hugo_bin, "version"]).replace("hugo ", "", 1) if hugo_bin else "-",
        "cmark-gfm": tool_version([cmark_bin, "--version"]).split(" - ")[0].replace("cmark-gfm ", "", 1)
        if cmark_bin else "-",
    }

    modes = ["repeated", "unique"] if args.corpus == "both" else [args.corpus]
    failed = False
    fulls = {}
    for mode in modes:
        corpus_failed, full = run_corpus(mode, args, tools, work, binary, hugo_bin, cmark_bin, versions)
        failed |= corpus_failed
        fulls[mode] = full
    if fulls.get("repeated") and fulls.get("unique"):
        r, u = fulls["repeated"], fulls["unique"]
        print()
        print("lifecycle-docs, unique against repeated pages (%d each): %.3f s against %.3f s = %.2f×, "
              "%.0f against %.0f MiB" % (args.pages, u.median, r.median, u.median / r.median, u.peak_mib,
                                         r.peak_mib))
    if OUT_ROOT[0] and not args.out and not args.keep_output:
        shutil.rmtree(OUT_ROOT[0], ignore_errors=True)
    return 1 if (failed and args.strict) else 0


def run_corpus(mode, args, tools, work, binary, hugo_bin, cmark_bin, versions):
    """Every measurement on one corpus, then its report; (a goal failed, the full build)."""
    pages = args.pages
    name = tag(pages, mode)
    LOG_TAG[0] = "" if mode == "repeated" else mode + "-"
    started = time.monotonic()
    load_before = os.getloadavg()
    log("== %s corpus, %d pages" % (mode, pages))

    corpus = ensure_corpus(pages, work, mode)
    counts, size = corpus_summary(corpus)
    if sum(counts.values()) != pages:
        raise SystemExit("bench: the corpus has %d pages, not %d" % (sum(counts.values()), pages))
    site = ensure_hugo_site(corpus, pages, work, mode) if hugo_bin else None
    markdown = ensure_concatenated(corpus, pages, work, mode) if cmark_bin else None

    results = []
    full = hugo = hugo_nohl = cmark_result = reference = noop = edit = server = None
    out = None
    if "lifecycle-docs" in tools and pages != REFERENCE_PAGES:
        log("lifecycle-docs: %d full builds of %d pages, each after one of %d pages (the reference "
            "for time per page)" % (args.runs, pages, REFERENCE_PAGES))
        ref_corpus = ensure_corpus(REFERENCE_PAGES, work, mode)
        reference, full, out = lifecycle_scaling(binary, ref_corpus, corpus, pages, args.runs, work, mode,
                                                 args.keep_output)
        results += [full, reference]
    elif "lifecycle-docs" in tools:
        log("lifecycle-docs: %d full builds of %d pages" % (args.runs, pages))
        full, out = lifecycle_full(binary, corpus, pages, args.runs, work, mode=mode)
        results.append(full)
    if "check" in tools:
        log("lifecycle-docs check: %d runs on %d pages" % (args.runs, pages))
        results.append(lifecycle_check(binary, corpus, pages, args.runs, work))
    if "hugo" in tools:
        log("hugo: %d builds of %d pages" % (args.runs, pages))
        hugo = hugo_full(hugo_bin, site, corpus, pages, args.runs, work, mode=mode)
        results.append(hugo)
    if "hugo-nohl" in tools:
        log("hugo without highlighting: %d builds" % args.runs)
        hugo_nohl = hugo_full(hugo_bin, site, corpus, pages, args.runs, work, highlight=False, mode=mode)
        results.append(hugo_nohl)
    if "cmark-gfm" in tools:
        log("cmark-gfm: %d runs over %s (%.1f MB)" % (args.runs, markdown, os.path.getsize(markdown) / 1e6))
        cmark_result = cmark(cmark_bin, markdown, pages, args.runs, work)
        results.append(cmark_result)

    incremental_note = "(not measured: --tools)"
    if "incremental" in tools:
        flags = incremental_args(binary, args.incremental_args)
        if flags is None:
            incremental_note = "incremental: not available"
            log("incremental: not available (no --incremental in `lifecycle-docs help`)")
        else:
            noop, edit = lifecycle_incremental(binary, flags, corpus, pages, args.runs, work, mode=mode)
            results += [noop, edit]
    if "hugo-server" in tools:
        server = hugo_server(hugo_bin, site, corpus, pages, args.runs, timeout=max(120, pages // 10))
        if server:
            results.append(server)

    if not args.keep_output:
        if out:
            discard(out)
        discard(os.path.join(OUT_ROOT[0] or os.path.join(work, "out"), "lifecycle-incremental-%s" % name))
    empty_trash()

    # ---- report
    print()
    print("LifecycleDocs site benchmark, %s corpus: %d pages (%s), %.1f MB of Markdown; median of %d runs each" % (
        mode, pages, ", ".join("%s %d" % kv for kv in counts.items()), size / 1e6, args.runs))
    if mode == "unique":
        print("(every page different: make_corpus.py --unique; translations report stale sections)")
    print("machine: %d cores, %s; load average %.2f %.2f %.2f at the start" % (
        CORES, platform.platform(terse=True), *load_before))
    print("versions: " + "; ".join("%s %s" % (k, v) for k, v in versions.items() if v != "-"))
    print("sites written to: %s (%s)" % (OUT_ROOT[0] or os.path.join(work, "out"),
                                         filesystem_type(OUT_ROOT[0] or work) or "?"))
    busiest = max((r.others_percent or 0.0 for r in results), default=0.0)
    if busiest >= 10.0:
        print("note: other processes took up to %.0f%% of the machine during the runs (column 'others'; "
              "load average %.2f at the start), so wall times are inflated" % (busiest, load_before[0]))
    print()
    print_table(results, hugo, cmark_result)
    for r in (full, reference):
        if r and r.sizes:
            print_sizes(r)
    if "incremental" in tools and noop is None:
        print("incremental: not available")
    del GOAL_ROWS[:]
    if mode == "unique":
        failed = print_unique_goals(pages, full, hugo, cmark_result, reference, noop, edit, incremental_note)
    else:
        failed = print_goals(pages, full, hugo, cmark_result, reference, noop, edit, incremental_note)
    print()
    print("(%.0f s in all; logs and results in %s)" % (time.monotonic() - started, work))
    sys.stdout.flush()

    with open(os.path.join(work, "results-%s.json" % name), "w", encoding="utf-8") as f:
        json.dump({"corpus": mode, "pages": pages, "languages": counts, "markdown_bytes": size,
                   "runs": args.runs, "versions": versions, "cores": os.cpu_count(),
                   "load_average": list(load_before),
                   "out": OUT_ROOT[0] or os.path.join(work, "out"),
                   "results": [r.as_dict() for r in results],
                   "goals": list(GOAL_ROWS)}, f, indent=2, ensure_ascii=False)
    return failed, full


def git_version():
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True,
                             text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "Sources", "Package.swift"], cwd=REPO,
                               capture_output=True, text=True, timeout=10).stdout.strip()
        return (rev or "?") + ("+changes" if dirty else "")
    except (OSError, subprocess.TimeoutExpired):
        return "?"


if __name__ == "__main__":
    sys.exit(main(sys.argv))
