#!/usr/bin/env python3
"""Writes the seed corpora in Fuzz/corpus/<target>/ from the project's real inputs.

    python3 Fuzz/make-seeds.py [--spec DIR]

- lifecycle: every ```lifecycle block of Content/*/*.md (info string, then its lines);
- exercise: every ```exercise block of Content/*/*.md and of the browser tests' lesson;
- search: the body of every article page of the site built from Content/ (with the tool in
  .build/, release or debug), after a byte naming its language (es, pt, it, bg: 0-3);
- frontmatter: the front matter and first body lines of every article, plus the same
  file with a byte order mark and CRLF line endings, with an invalid UTF-8 byte, and
  the YAML of Content/site.yml and Templates/i18n/*.yml put between `---` lines;
- mustache: each page template with the base layout and every partial, in the
  harness's `@@ name` format, and some cases of the official Mustache spec
  (--spec, default Tests/MustacheTests/spec);
- requestpath: the paths a browser asks the preview server for (every page and asset
  of the site, headings' anchors' pages with escaped UTF-8) and the traversal attempts
  of Tests/PreviewServerTests;
- article: every article file whole (Content/, the markup fixture of the browser tests,
  the bad inputs of the CLI tests).

The seeds are committed; run this again after the content or templates change a lot.
"""

import argparse
import json
import pathlib
import re
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Fuzz" / "corpus"
MARKUP_LESSON = ROOT / "Tests" / "browser" / "fixtures" / "markup" / "Content" / "es" / "leccion.md"


def write(target, name, data):
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))


def articles():
    return sorted((ROOT / "Content").glob("*/*.md"))


def block_seeds(target, word, paths):
    """Every ```<word> block of `paths`: its info string, then its lines (unindented)."""
    fence = re.compile(r"^( *)(`{3,})(" + word + r"\b.*)$")
    for path in paths:
        lines = path.read_text(encoding="utf-8").split("\n")
        i = 0
        while i < len(lines):
            match = fence.match(lines[i])
            if not match:
                i += 1
                continue
            indent, ticks, info = match.groups()
            body = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith(ticks):
                body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
                i += 1
            start = i - len(body)
            name = f"{path.parent.name}-{path.stem}-{start}.txt"
            write(target, name, info + "\n" + "".join(line + "\n" for line in body))
            i += 1


def search_seeds():
    tool = next((t for t in (ROOT / ".build" / "release" / "lifecycle-docs", ROOT / ".build" / "debug" / "lifecycle-docs") if t.exists()), None)
    if tool is None:
        raise SystemExit("search seeds: build the tool first (swift build)")
    languages = ["es", "pt", "it", "bg"]
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([str(tool), "build", "--content", str(ROOT / "Content"), "--templates", str(ROOT / "Templates"),
                        "--output", out + "/site", "--quiet"], check=True)
        for page in sorted(pathlib.Path(out, "site").glob("*/*/index.html")):
            lang, slug = page.parent.parent.name, page.parent.name
            if lang not in languages or slug == "tutorials":
                continue
            html = page.read_text(encoding="utf-8")
            match = re.search(r"<article[^>]*>(.*)</article>", html, re.S)
            if not match:
                continue
            body = match.group(1).encode("utf-8")
            # Inputs of 16 KB at most (run.sh): cut at a tag.
            if len(body) > 16000:
                body = body[:body.rindex(b"<", 0, 16000)]
            write("search", f"{lang}-{slug}.html", bytes([languages.index(lang)]) + body)


def lifecycle_seeds():
    block_seeds("lifecycle", "lifecycle", articles())


def exercise_seeds():
    """The exercises of Content/ and of the browser tests' lesson (one of each kind)."""
    block_seeds("exercise", "exercise", articles() + [MARKUP_LESSON])


def front_matter(path, body_lines=3):
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    if lines[0] != "---":
        return "\n".join(lines[:body_lines]) + "\n"
    end = lines.index("---", 1)
    return "\n".join(lines[: end + 1 + body_lines]) + "\n"


def frontmatter_seeds():
    for path in articles():
        write("frontmatter", f"{path.parent.name}-{path.stem}.md", front_matter(path))
    es = front_matter(ROOT / "Content" / "es" / "inactive.md")
    write("frontmatter", "bom-crlf.md", b"\xef\xbb\xbf" + es.replace("\n", "\r\n").encode("utf-8"))
    # An ISO-8859-1 byte in the title: the decoder must point at it.
    write("frontmatter", "invalid-utf8.md", es.encode("utf-8").replace("transición".encode("utf-8"), b"transici\xf3n"))
    yamls = [ROOT / "Content" / "site.yml"] + sorted((ROOT / "Templates" / "i18n").glob("*.yml"))
    for path in yamls[:2]:
        write("frontmatter", f"yaml-{path.stem}.md", "---\n" + path.read_text(encoding="utf-8") + "---\nBody.\n")


def mustache_part(name, source):
    # The line break before `@@ name` belongs to the separator.
    return f"\n@@ {name}\n{source}"


def mustache_seeds(spec):
    templates = ROOT / "Templates"
    partials = {"base": (templates / "base.mustache").read_text(encoding="utf-8")}
    for path in sorted((templates / "partials").glob("*.mustache")):
        partials[f"partials/{path.stem}"] = path.read_text(encoding="utf-8")
    for path in sorted(templates.glob("*.mustache")):
        if path.stem == "base":
            continue
        text = path.read_text(encoding="utf-8")
        text += "".join(mustache_part(name, source) for name, source in partials.items())
        write("mustache", f"template-{path.stem}.txt", text)
    # Every n-th case of each spec file: all kinds of tag, without hundreds of files.
    steps = {"partials": 2, "delimiters": 2, "~inheritance": 2, "comments": 4, "sections": 6, "inverted": 6, "interpolation": 8}
    for stem, step in steps.items():
        path = spec / f"{stem}.json"
        if not path.exists():
            print(f"skipped {path}: not found")
            continue
        for index, case in enumerate(json.loads(path.read_text(encoding="utf-8"))["tests"][::step]):
            text = case["template"]
            text += "".join(mustache_part(name, source) for name, source in sorted(case.get("partials", {}).items()))
            write("mustache", f"spec-{stem.lstrip('~')}-{index * step}.txt", text)


def requestpath_seeds():
    paths = ["/", "/index.html", "/404.html", "/sitemap.xml", "/_lifecycle/live.js", "/_lifecycle/events"]
    for path in sorted((ROOT / "Templates" / "assets").iterdir()):
        paths.append(f"/assets/{path.stem}.0123abcd{path.suffix}")
    for path in articles():
        lang, slug = path.parent.name, path.stem
        paths += [f"/{lang}/", f"/{lang}/{slug}/", f"/{lang}/{slug}/index.html", f"/{lang}/{slug}",
                  f"/{lang}/playground/", f"/{lang}/status/index.html"]
    # Non-ASCII names, escaped as browsers send them.
    paths += ["/bg/" + quote("кога-възниква-inactive") + "/", "/es/" + quote("cuándo") + "/index.html"]
    paths.append("/a%20b//c")
    for index, path in enumerate(dict.fromkeys(paths)):
        write("requestpath", f"path-{index:03}.txt", path)
    # What Tests/PreviewServerTests/PreviewServerTests.swift tries to leave the site with: all refused.
    attacks = ["/../secret", "/..%2fsecret", "/%2e%2e/secret", "/%2E%2E%2Fsecret", "/..%5csecret", "/%c0%ae%c0%ae/secret",
               "/es/../../secret", "/link-out%00", "/es/inactive/index.html%00.txt", "/.%2e/secret", "/..\\secret",
               "/%", "/%zz", "/..%c0%afsecret", "/%0d%0a", "secret"]
    for index, path in enumerate(attacks):
        write("requestpath", f"attack-{index:03}.txt", path)


def quote(text):
    return "".join(chr(b) if b < 0x80 else f"%{b:02X}" for b in text.encode("utf-8"))


def article_seeds():
    sources = articles() + sorted((ROOT / "Tests" / "browser" / "fixtures" / "markup" / "Content").glob("*/*.md"))
    for path in sources:
        write("article", f"{path.parent.name}-{path.stem}.md", path.read_bytes())
    for path in sorted((ROOT / "Tests" / "LifecycleDocsCLITests" / "BadInputs").glob("*/Content/*/*.md")):
        write("article", f"bad-{path.parts[-4]}.md", path.read_bytes())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--spec", type=pathlib.Path, default=ROOT / "Tests" / "MustacheTests" / "spec")
    args = parser.parse_args()
    lifecycle_seeds()
    exercise_seeds()
    search_seeds()
    frontmatter_seeds()
    mustache_seeds(args.spec)
    requestpath_seeds()
    article_seeds()
    for target in sorted(CORPUS.iterdir()):
        print(f"{target.name}: {len(list(target.iterdir()))} seeds")


if __name__ == "__main__":
    main()
