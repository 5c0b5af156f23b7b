#!/usr/bin/env python3
"""Write a benchmark corpus of N pages made from the articles in Content/.

    python3 bench/make_corpus.py N OUT_DIR [--source DIR]

Every article of the source folder (Content/<lang>/<slug>.md) is copied again
and again inside its own language, as <slug>-0001.md, <slug>-0002.md, ..., each
copy with a distinct title (" · 0001" appended to its front matter title). Copy
k of a translation and copy k of its source share the slug <slug>-k, so the
`translation: from: <lang>` block of every copy still points at an existing
article, and its section fingerprints still match (the bodies are unchanged).

Pages are dealt round-robin over the articles, sources first, so the languages
get the same number of pages (within one) and a translation's copy k never
exists without its source's copy k. The output is deterministic: the same N and
the same source give the same bytes. site.yml (and any other non-Markdown file)
is copied as is.

Python 3 standard library only.
"""

import hashlib
import os
import re
import shutil
import sys

# Bump when the output format changes, so cached corpora are regenerated.
CORPUS_VERSION = "1"

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_SOURCE = os.path.join(REPO, "Content")
STAMP = ".corpus-stamp"


class Article:
    def __init__(self, lang, slug, path, text):
        self.lang = lang
        self.slug = slug
        self.path = path
        self.text = text
        self.source_lang = translation_source(text)


def split_front_matter(text):
    """(front matter lines without the fences, body) or (None, text)."""
    if not text.startswith("---\n"):
        return None, text
    end = text.find("\n---\n", 3)
    if end < 0:
        if text.endswith("\n---"):
            end = len(text) - 4
        else:
            return None, text
    front = text[4:end + 1]
    body = text[end + 5:]
    return front, body


def translation_source(text):
    """The language named by `translation: from: X`, or None."""
    front, _ = split_front_matter(text)
    if front is None:
        return None
    in_block = False
    for line in front.splitlines():
        if re.match(r"^translation\s*:", line):
            in_block = True
            continue
        if in_block:
            if line and not line[0].isspace():
                break
            m = re.match(r"^\s+from\s*:\s*[\"']?([A-Za-z0-9_-]+)", line)
            if m:
                return m.group(1)
    return None


def retitle(text, suffix):
    """Append `suffix` to the front matter title (or to the first `# ` heading)."""
    front, body = split_front_matter(text)
    if front is not None:
        lines = front.split("\n")
        for i, line in enumerate(lines):
            m = re.match(r"^title\s*:\s*(.*?)\s*$", line)
            if not m:
                continue
            value = m.group(1)
            key = line[:m.start(1)]
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
                value = value[:-1] + suffix + value[-1]
            else:
                value = value + suffix
            lines[i] = key + value
            return "---\n" + "\n".join(lines) + "---\n" + body
    # No title in the front matter: the first `# ` heading is the title.
    m = re.search(r"^# (.*?)[ \t]*$", body, flags=re.M)
    if m:
        body = body[:m.end(1)] + suffix + body[m.end(1):]
    prefix = "" if front is None else "---\n" + front + "---\n"
    return prefix + body


def load_articles(source):
    articles = []
    for lang in sorted(os.listdir(source)):
        folder = os.path.join(source, lang)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(".md"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    articles.append(Article(lang, name[:-3], path, f.read()))
    # Sources before translations (a translation of a translation after both),
    # then the site's language order as far as site.yml gives one.
    order = language_order(source)
    by_key = {(a.lang, a.slug): a for a in articles}

    def depth(a, seen=()):
        if a.source_lang is None or (a.source_lang, a.slug) not in by_key or a.lang in seen:
            return 0
        return 1 + depth(by_key[(a.source_lang, a.slug)], seen + (a.lang,))

    articles.sort(key=lambda a: (depth(a), order.get(a.lang, len(order)), a.lang, a.slug))
    return articles


def language_order(source):
    """{lang: position} from the `- code:` entries of site.yml, if there is one."""
    path = os.path.join(source, "site.yml")
    order = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for m in re.finditer(r"^\s*-\s*code\s*:\s*[\"']?([A-Za-z0-9_-]+)", f.read(), flags=re.M):
                order.setdefault(m.group(1), len(order))
    return order


def source_digest(source):
    h = hashlib.sha256(CORPUS_VERSION.encode())
    with open(os.path.abspath(__file__), "rb") as f:
        h.update(f.read())
    for root, dirs, files in os.walk(source):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(root, name)
            h.update(os.path.relpath(path, source).encode() + b"\0")
            with open(path, "rb") as f:
                h.update(f.read())
    return h.hexdigest()[:16]


def stamp_for(n, source):
    return "pages=%d source=%s\n" % (n, source_digest(source))


def is_current(out_dir, n, source=DEFAULT_SOURCE):
    """True when out_dir already holds this corpus (same N, same source)."""
    try:
        with open(os.path.join(out_dir, STAMP), encoding="utf-8") as f:
            return f.read() == stamp_for(n, source)
    except OSError:
        return False


def plan(articles, n):
    """[(article, copy number)] for n pages, round-robin over the articles."""
    return [(articles[i % len(articles)], i // len(articles) + 1) for i in range(n)]


def make_corpus(n, out_dir, source=DEFAULT_SOURCE):
    articles = load_articles(source)
    if not articles:
        raise SystemExit("make_corpus: no articles in %s" % source)
    pages = plan(articles, n)
    copies = max(k for _, k in pages) if pages else 0
    width = max(4, len(str(copies)))

    tmp = out_dir.rstrip("/") + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    # Everything that is not an article (site.yml, images) is copied as is.
    for root, dirs, files in os.walk(source):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".md") and root != source:
                continue
            rel = os.path.relpath(os.path.join(root, name), source)
            os.makedirs(os.path.dirname(os.path.join(tmp, rel)) or tmp, exist_ok=True)
            shutil.copyfile(os.path.join(root, name), os.path.join(tmp, rel))

    total_bytes = 0
    for article, k in pages:
        number = str(k).zfill(width)
        folder = os.path.join(tmp, article.lang)
        os.makedirs(folder, exist_ok=True)
        text = retitle(article.text, " · " + number)
        data = text.encode("utf-8")
        total_bytes += len(data)
        with open(os.path.join(folder, "%s-%s.md" % (article.slug, number)), "wb") as f:
            f.write(data)
    with open(os.path.join(tmp, STAMP), "w", encoding="utf-8") as f:
        f.write(stamp_for(n, source))

    shutil.rmtree(out_dir, ignore_errors=True)
    os.rename(tmp, out_dir)
    per_lang = {}
    for article, _ in pages:
        per_lang[article.lang] = per_lang.get(article.lang, 0) + 1
    return per_lang, total_bytes


def main(argv):
    args = list(argv[1:])
    source = DEFAULT_SOURCE
    if "--source" in args:
        i = args.index("--source")
        source = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2 or not args[0].isdigit() or int(args[0]) < 1:
        sys.stderr.write("usage: make_corpus.py N OUT_DIR [--source DIR]\n")
        return 2
    n, out_dir = int(args[0]), args[1]
    per_lang, total_bytes = make_corpus(n, out_dir, source)
    langs = ", ".join("%s %d" % (lang, count) for lang, count in per_lang.items())
    print("Wrote %d pages (%s), %.1f MB of Markdown, to %s" % (n, langs, total_bytes / 1e6, out_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
