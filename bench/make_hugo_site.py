#!/usr/bin/env python3
"""Turn a LifecycleDocs content folder into a Hugo site with the same pages.

    python3 bench/make_hugo_site.py CORPUS HUGO_DIR [--templates DIR]

CORPUS/<lang>/<slug>.md becomes HUGO_DIR/content/<lang>/<slug>.md with Hugo
front matter (title, description, translationKey = slug: the same slug is the
same article in every language, as in LifecycleDocs); the Markdown body is left
byte for byte, so `lifecycle` fenced blocks are plain code to Hugo and swift /
kotlin blocks go through its default highlighter (Chroma). HUGO_DIR/hugo.toml
comes from CORPUS/site.yml (bench/hugo/hugo_config.py), the layouts from
bench/hugo/layouts and the UI strings from Templates/i18n/<lang>.yml.

HUGO_DIR is replaced as a whole. Python 3 standard library only.
"""

import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "hugo"))

import hugo_config  # noqa: E402
from make_corpus import split_front_matter  # noqa: E402

LAYOUTS = os.path.join(HERE, "hugo", "layouts")
STAMP = ".hugo-stamp"


def hugo_front_matter(front, slug):
    """Keep the top-level title and description lines as they are (they are
    YAML already) and add translationKey."""
    keep = []
    lines = (front or "").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if re.match(r"^(title|description)\s*:", line):
            keep.append(line)
            # A folded or multi-line value continues on indented lines.
            while i + 1 < len(lines) and lines[i + 1][:1].isspace() and lines[i + 1].strip():
                i += 1
                keep.append(lines[i])
        i += 1
    keep.append("translationKey: %s" % hugo_config.toml_string(slug))
    return "---\n" + "\n".join(keep) + "\n---\n"


def corpus_languages(corpus, site):
    present = [d for d in sorted(os.listdir(corpus))
               if os.path.isdir(os.path.join(corpus, d)) and not d.startswith(".")]
    ordered = [l["code"] for l in site["languages"] if l.get("code") in present]
    ordered += [l for l in present if l not in ordered]
    default = site.get("defaultLanguage")
    if default in ordered:
        ordered.remove(default)
        ordered.insert(0, default)
    return ordered


def make_hugo_site(corpus, hugo_dir, templates=os.path.join(REPO, "Templates"), stamp=""):
    site_yml = os.path.join(corpus, "site.yml")
    site = hugo_config.read_site_yml(site_yml) if os.path.exists(site_yml) else {"languages": []}
    languages = corpus_languages(corpus, site)
    if not languages:
        raise SystemExit("make_hugo_site: no language folders in %s" % corpus)

    tmp = hugo_dir.rstrip("/") + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(os.path.join(tmp, "i18n"))
    shutil.copytree(LAYOUTS, os.path.join(tmp, "layouts"))
    with open(os.path.join(tmp, "hugo.toml"), "w", encoding="utf-8") as f:
        f.write(hugo_config.config_toml(site, languages))

    pages = 0
    for lang in languages:
        strings = hugo_config.read_i18n(os.path.join(templates, "i18n", lang + ".yml"))
        with open(os.path.join(tmp, "i18n", lang + ".toml"), "w", encoding="utf-8") as f:
            f.write(hugo_config.i18n_toml(strings))
        source = os.path.join(corpus, lang)
        target = os.path.join(tmp, "content", lang)
        os.makedirs(target)
        for name in sorted(os.listdir(source)):
            if not name.endswith(".md"):
                continue
            with open(os.path.join(source, name), encoding="utf-8") as f:
                front, body = split_front_matter(f.read())
            with open(os.path.join(target, name), "w", encoding="utf-8") as f:
                f.write(hugo_front_matter(front, name[:-3]) + body)
            pages += 1
    with open(os.path.join(tmp, STAMP), "w", encoding="utf-8") as f:
        f.write(stamp)
    shutil.rmtree(hugo_dir, ignore_errors=True)
    os.rename(tmp, hugo_dir)
    return languages, pages


def is_current(hugo_dir, stamp):
    try:
        with open(os.path.join(hugo_dir, STAMP), encoding="utf-8") as f:
            return f.read() == stamp
    except OSError:
        return False


def expected_pages(corpus):
    """[(lang, slug)] of every article in the corpus."""
    found = []
    for lang in sorted(os.listdir(corpus)):
        folder = os.path.join(corpus, lang)
        if os.path.isdir(folder) and not lang.startswith("."):
            found += [(lang, n[:-3]) for n in sorted(os.listdir(folder)) if n.endswith(".md")]
    return found


def missing_pages(corpus, output):
    """The articles of the corpus with no OUTPUT/<lang>/<slug>/index.html
    (the URL layout both lifecycle-docs and this Hugo site use)."""
    return [(lang, slug) for lang, slug in expected_pages(corpus)
            if not os.path.isfile(os.path.join(output, lang, slug, "index.html"))]


def main(argv):
    args = list(argv[1:])
    templates = os.path.join(REPO, "Templates")
    if "--templates" in args:
        i = args.index("--templates")
        templates = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2:
        sys.stderr.write("usage: make_hugo_site.py CORPUS HUGO_DIR [--templates DIR]\n")
        return 2
    languages, pages = make_hugo_site(args[0], args[1], templates)
    print("Wrote a Hugo site with %d pages (%s) to %s" % (pages, ", ".join(languages), args[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
