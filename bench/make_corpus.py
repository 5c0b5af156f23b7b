#!/usr/bin/env python3
"""Write a benchmark corpus of N pages made from the articles in Content/.

    python3 bench/make_corpus.py N OUT_DIR [--source DIR] [--unique]

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

--unique makes every page differ from every other, so that a build cannot
memoize its way through the copies (the default mode repeats 8 articles). Copy j
of an article also gets (only in its body):
  - " (j)" at the end of every prose line: paragraphs, list items, the text lines
    of block quotes and alerts; never headings (ATX or setext), table rows,
    front matter, HTML blocks, link reference definitions or footnote
    definitions, thematic breaks, indented code, or an alert's `> [!NOTE]` line;
  - "// j" as the first line of every fenced code block in Swift, Kotlin or Java
    (by its info string; blocks in other languages are left alone);
  - "# j" as the first line of every ```lifecycle block.
A translation's copy k and its source's copy k get the same j, so their code
samples and examples stay identical (the tool checks that parity). Their section
fingerprints no longer match the edited source, so translations are reported
stale (warnings, not errors).

Python 3 standard library only.
"""

import hashlib
import os
import re
import shutil
import sys

# Bump when the output format changes, so cached corpora are regenerated.
CORPUS_VERSION = "2"
MODES = ("repeated", "unique")

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


LINK = re.compile(r"\]\(((?:\.\./([A-Za-z0-9_-]+)/)?)([A-Za-z0-9_-]+)\.md(#[^)\s]*)?\)")


def relink(text, lang, k, width, last_copy):
    """Links to another article (`](active.md)`, `](../pt/active.md#x)`) point at its copy k,
    or at its last copy when the corpus has fewer of it, so copies link as the originals do."""
    def replace(m):
        target_lang = m.group(2) or lang
        last = last_copy.get((target_lang, m.group(3)))
        if last is None:
            return m.group(0)
        copy = str(min(k, last)).zfill(width)
        return "](%s%s-%s.md%s)" % (m.group(1), m.group(3), copy, m.group(4) or "")
    return LINK.sub(replace, text)


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


def stamp_for(n, source, mode="repeated"):
    if mode == "repeated":
        return "pages=%d source=%s\n" % (n, source_digest(source))
    return "pages=%d mode=%s source=%s\n" % (n, mode, source_digest(source))


def is_current(out_dir, n, source=DEFAULT_SOURCE, mode="repeated"):
    """True when out_dir already holds this corpus (same N, same source, same mode)."""
    try:
        with open(os.path.join(out_dir, STAMP), encoding="utf-8") as f:
            return f.read() == stamp_for(n, source, mode)
    except OSError:
        return False


# ---------------------------------------------------------------- unique mode

# Comment syntax of the first line added to a fenced code block, by the first word
# of its info string. Blocks in other languages (or none) are left alone.
LINE_COMMENTS = {
    "lifecycle": "#",
    "swift": "//",
    "kotlin": "//", "kt": "//", "kts": "//",
    "java": "//",
}

# Block quote markers in front of a line (`> `, `> > `, ...).
QUOTE_PREFIX = re.compile(r"^(?: {0,3}>[ \t]?)*")
FENCE_OPEN = re.compile(r"^( {0,3})(`{3,}|~{3,})(.*)$")
ATX_HEADING = re.compile(r"^ {0,3}#{1,6}(?:[ \t]|$)")
SETEXT_UNDERLINE = re.compile(r"^ {0,3}(?:=+|-+)[ \t]*$")
THEMATIC_BREAK = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
# Link reference definitions, and footnote definitions ([^1]: ...).
DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:")
ALERT = re.compile(r"^ {0,3}\[![A-Za-z]+\][ \t]*$")
TABLE_DELIMITER = re.compile(r"^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
LIST_ITEM = re.compile(r"^([ \t]*)(?:[-*+]|[0-9]{1,9}[.)])(?:[ \t]+|$)")
HARD_BREAK = re.compile(r"(\\|  +)$")


def split_quote(line):
    m = QUOTE_PREFIX.match(line)
    return line[:m.end()], line[m.end():]


def fence_comment(info, j):
    """The comment line for a block whose info string is `info`, or None."""
    words = info.strip().split()
    if not words:
        return None
    marker = LINE_COMMENTS.get(words[0].lower().lstrip("{.").rstrip("}"))
    return None if marker is None else "%s %d" % (marker, j)


def interrupts_paragraph(rest):
    """A line that starts a new block instead of continuing a paragraph."""
    return (rest.strip() == "" or FENCE_OPEN.match(rest) is not None or ATX_HEADING.match(rest) is not None
            or THEMATIC_BREAK.match(rest) is not None or rest.lstrip().startswith("<")
            or LIST_ITEM.match(rest) is not None or ALERT.match(rest) is not None)


def setext_heading_ahead(lines, i, prefix):
    """True when the paragraph line lines[i] belongs to a setext heading: the
    paragraph it is part of ends with a `===` or `---` underline."""
    for k in range(i + 1, len(lines)):
        p, rest = split_quote(lines[k])
        if p != prefix:
            return False
        if SETEXT_UNDERLINE.match(rest):
            return True
        if interrupts_paragraph(rest) or DEFINITION.match(rest):
            return False
    return False


def append_mark(text, mark):
    """`text` with `mark` appended before a hard line break (a backslash or two spaces)."""
    m = HARD_BREAK.search(text)
    if m:
        return text[:m.start()].rstrip(" \t") + mark + m.group(1)
    return text.rstrip(" \t") + mark


def uniquify_body(body, j):
    """The Markdown `body` (no front matter) made unique for copy j (see the module doc)."""
    mark = " (%d)" % j
    lines = body.split("\n")
    out = []
    fence = None        # (character, length) of the open fenced code block
    html = False        # inside an HTML block (until a blank line)
    table = False       # inside a table (until a blank line)
    heading = False     # inside the paragraph of a setext heading
    paragraph = False   # the previous line was paragraph text
    in_list = False     # since a list item, until a blank line and an unindented line
    code = False        # inside an indented code block
    previous_blank = True
    for i, line in enumerate(lines):
        prefix, rest = split_quote(line)
        if fence is not None:
            out.append(line)
            m = re.match(r"^[ \t]*(`{3,}|~{3,})[ \t]*$", rest)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= fence[1]:
                fence = None
            continue
        if rest.strip() == "":
            html = table = heading = paragraph = False
            previous_blank = True
            out.append(line)
            continue
        was_blank, previous_blank = previous_blank, False
        item = LIST_ITEM.match(rest)
        if item:
            in_list = True
        elif was_blank and not prefix and not rest[:1].isspace():
            in_list = False
        # A fence opens a code block; inside a list item it may be indented further.
        m = FENCE_OPEN.match(rest)
        if m is None and in_list:
            m = re.match(r"^([ \t]*)(`{3,}|~{3,})(.*)$", rest)
        if m and not (m.group(2)[0] == "`" and "`" in m.group(3)):
            out.append(line)
            fence = (m.group(2)[0], len(m.group(2)))
            comment = fence_comment(m.group(3), j)
            if comment is not None:
                out.append(prefix + m.group(1) + comment)
            paragraph = heading = False
            continue
        if html or rest.lstrip().startswith("<"):
            # An HTML block lasts until the next blank line; inside a paragraph,
            # a line that starts with a tag is left alone on its own.
            html = html or not paragraph
            out.append(line)
            continue
        # A table (its header row may end a paragraph: a mark there would add a cell).
        if table or ("|" in rest and i + 1 < len(lines)
                     and "|" in lines[i + 1] and TABLE_DELIMITER.match(split_quote(lines[i + 1])[1])):
            table = True
            out.append(line)
            continue
        if heading or ATX_HEADING.match(rest) or THEMATIC_BREAK.match(rest) or ALERT.match(rest) \
                or (paragraph and SETEXT_UNDERLINE.match(rest)):
            out.append(line)
            paragraph = False
            if SETEXT_UNDERLINE.match(rest):
                heading = False
            continue
        if not paragraph and DEFINITION.match(rest):
            out.append(line)
            continue
        indented = rest.startswith("    ") or rest.startswith("\t")
        if indented and (code or not paragraph and was_blank and not in_list):
            code = True  # indented code, until a line indented less
            out.append(line)
            continue
        code = False
        if not paragraph and setext_heading_ahead(lines, i, prefix):
            heading = True
            out.append(line)
            continue
        if item:
            content = rest[item.end():]
            m = re.match(r"^(`{3,}|~{3,})(.*)$", content)
            if m and not (m.group(1)[0] == "`" and "`" in m.group(2)):
                # A list item that opens with a code block: the comment goes at its column.
                out.append(line)
                fence = (m.group(1)[0], len(m.group(1)))
                comment = fence_comment(m.group(2), j)
                if comment is not None:
                    out.append(prefix + " " * item.end() + comment)
                paragraph = False
                continue
            if content.strip() == "" or re.match(r"^\[[ xX]\][ \t]*$", content) \
                    or re.match(r"^(?:#|<|`{3}|~{3}|\||\[\^)", content):
                out.append(line)
                paragraph = False
                continue
        out.append(prefix + append_mark(rest, mark))
        paragraph = True
    return "\n".join(out)


def uniquify(text, j):
    """The article `text` with its body made unique for copy j; front matter unchanged."""
    _, body = split_front_matter(text)
    head = text[:len(text) - len(body)]
    return head + uniquify_body(body, j)


def plan(articles, n):
    """[(article, copy number)] for n pages, round-robin over the articles."""
    return [(articles[i % len(articles)], i // len(articles) + 1) for i in range(n)]


def make_corpus(n, out_dir, source=DEFAULT_SOURCE, mode="repeated"):
    if mode not in MODES:
        raise ValueError("make_corpus: unknown mode %r" % mode)
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

    # The highest copy of each article, for links between articles (`[x](active.md)`).
    last_copy = {}
    for article, k in pages:
        last_copy[(article.lang, article.slug)] = max(k, last_copy.get((article.lang, article.slug), 0))

    total_bytes = 0
    for article, k in pages:
        number = str(k).zfill(width)
        folder = os.path.join(tmp, article.lang)
        os.makedirs(folder, exist_ok=True)
        text = relink(retitle(article.text, " · " + number), article.lang, k, width, last_copy)
        if mode == "unique":
            text = uniquify(text, k)
        data = text.encode("utf-8")
        total_bytes += len(data)
        with open(os.path.join(folder, "%s-%s.md" % (article.slug, number)), "wb") as f:
            f.write(data)
    with open(os.path.join(tmp, STAMP), "w", encoding="utf-8") as f:
        f.write(stamp_for(n, source, mode))

    shutil.rmtree(out_dir, ignore_errors=True)
    os.rename(tmp, out_dir)
    per_lang = {}
    for article, _ in pages:
        per_lang[article.lang] = per_lang.get(article.lang, 0) + 1
    return per_lang, total_bytes


def main(argv):
    args = list(argv[1:])
    source = DEFAULT_SOURCE
    mode = "repeated"
    if "--unique" in args:
        args.remove("--unique")
        mode = "unique"
    if "--source" in args:
        i = args.index("--source")
        source = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2 or not args[0].isdigit() or int(args[0]) < 1:
        sys.stderr.write("usage: make_corpus.py N OUT_DIR [--source DIR] [--unique]\n")
        return 2
    n, out_dir = int(args[0]), args[1]
    per_lang, total_bytes = make_corpus(n, out_dir, source, mode)
    langs = ", ".join("%s %d" % (lang, count) for lang, count in per_lang.items())
    print("Wrote %d %s pages (%s), %.1f MB of Markdown, to %s" % (
        n, mode, langs, total_bytes / 1e6, out_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
