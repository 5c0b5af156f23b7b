"""The benchmark's corpora (bench/make_corpus.py): the unique mode makes every page
different while a translation keeps its source's code samples and examples, and the
default (repeated) mode writes what it always wrote. No browser, no tool: Python only."""
import hashlib
import itertools
import pathlib
import re
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import make_corpus  # noqa: E402

CONTENT = ROOT / "Content"
MARKUP = ROOT / "Tests" / "browser" / "fixtures" / "markup" / "Content"
FENCE = re.compile(r"^([ \t]*(?:> ?)*[ \t]*)(`{3,}|~{3,})(.*)$")
QUOTED = re.compile(r"^[ \t]*(?:> ?)+")


def read_corpus(folder):
    """{(lang, slug): text} of every article of a corpus."""
    pages = {}
    for path in sorted(pathlib.Path(folder).glob("*/*.md")):
        pages[(path.parent.name, path.stem)] = path.read_text(encoding="utf-8")
    assert pages, f"no articles in {folder}"
    return pages


def body(text):
    return make_corpus.split_front_matter(text)[1]


def fenced_blocks(text):
    """[(info string, [lines])] of the fenced code blocks of an article; the lines of a block in
    a block quote (a correction's code in a callout) without their `> `."""
    blocks, current = [], None
    for line in body(text).split("\n"):
        m = FENCE.match(line)
        if current is None:
            if m:
                current = (m.group(3).strip(), [], m.group(2), ">" in m.group(1))
        elif m and m.group(2)[0] == current[2][0] and len(m.group(2)) >= len(current[2]) and not m.group(3).strip():
            blocks.append((current[0], current[1]))
            current = None
        else:
            current[1].append(QUOTED.sub("", line, count=1) if current[3] else line)
    assert current is None, "an unclosed code block"
    return blocks


def marked(info):
    word = info.split()[0] if info.split() else ""
    return {"lifecycle": "#", "swift": "//", "kotlin": "//", "kt": "//", "kts": "//", "java": "//"}.get(word)


@pytest.fixture(scope="module")
def corpora(tmp_path_factory):
    """The 40-page corpus from Content/, made both ways."""
    assert list(CONTENT.glob("*/*.md")), f"no articles in {CONTENT}: the benchmark needs them"
    folder = tmp_path_factory.mktemp("corpora")
    make_corpus.make_corpus(40, str(folder / "repeated"), str(CONTENT))
    make_corpus.make_corpus(40, str(folder / "unique"), str(CONTENT), mode="unique")
    return read_corpus(folder / "repeated"), read_corpus(folder / "unique")


def test_every_unique_page_differs_from_every_other(corpora):
    _, unique = corpora
    assert len(unique) == 40
    bodies = {key: body(text) for key, text in unique.items()}
    for (a, x), (b, y) in itertools.combinations(bodies.items(), 2):
        assert x != y, f"{a} and {b} have the same body"
    # ...and each copy of an article really carries its number.
    for (lang, slug), text in bodies.items():
        copy = int(slug.rsplit("-", 1)[1])
        assert f" ({copy})" in text, f"{lang}/{slug}: no ' ({copy})' in its prose"


def test_a_translation_copy_has_the_code_and_examples_of_its_source_copy(corpora):
    repeated, unique = corpora
    translations = 0
    for (lang, slug), text in unique.items():
        source = make_corpus.translation_source(text)
        if source is None:
            continue
        assert (source, slug) in unique, f"{lang}/{slug}: its source {source}/{slug} is not in the corpus"
        translations += 1
        copy = int(slug.rsplit("-", 1)[1])
        mine, theirs = fenced_blocks(text), fenced_blocks(unique[(source, slug)])
        # The same added first lines, block for block, in both languages.
        first = [lines[0] for info, lines in mine if marked(info)]
        assert first == [lines[0] for info, lines in theirs if marked(info)], f"{lang}/{slug}"
        assert first, f"{lang}/{slug}: no code block or example"
        for (info, lines), (old_info, old_lines) in zip(mine, fenced_blocks(repeated[(lang, slug)])):
            assert info == old_info
            if marked(info):
                # The number as a comment of the block's language, and nothing else changed.
                assert lines[0].strip() == f"{marked(info)} {copy}", f"{lang}/{slug}: {lines[0]!r}"
                assert lines[1:] == old_lines
            else:
                assert lines == old_lines
    assert translations >= 20, "expected translations in the corpus (Content/ has pt, bg and it translations)"


def test_the_unique_mode_leaves_markup_that_is_not_prose_alone(tmp_path):
    """On the markup fixture (tables, HTML, alerts, footnotes, lists, indented code):
    every line is either the original, the original with ' (j)' before its hard break,
    or an added comment line at the top of a Swift, Kotlin or lifecycle block."""
    assert (MARKUP / "es" / "muestra.md").exists(), f"the markup fixture is missing: {MARKUP}"
    make_corpus.make_corpus(8, str(tmp_path / "repeated"), str(MARKUP))
    make_corpus.make_corpus(8, str(tmp_path / "unique"), str(MARKUP), mode="unique")
    original = (tmp_path / "repeated" / "es" / "muestra-0001.md").read_text(encoding="utf-8")
    unique = (tmp_path / "unique" / "es" / "muestra-0001.md").read_text(encoding="utf-8")
    front, old_body = make_corpus.split_front_matter(original)
    assert make_corpus.split_front_matter(unique)[0] == front

    new = body(unique).split("\n")
    old = old_body.split("\n")
    appended = []
    i = 0
    for line in new:
        if i < len(old) and line == old[i]:
            i += 1
        elif i < len(old) and line in (old[i] + " (1)", old[i][:-1] + " (1)\\"):
            appended.append(old[i])
            i += 1
        else:
            assert line.strip() in ("# 1", "// 1"), f"unexpected line {line!r} before {old[i]!r}"
    assert i == len(old)
    for line in appended:
        assert not re.match(r"^\s*(#|\||<|\[\^?[^\]]*\]:|> \[!|```|~~~)", line), f"changed: {line!r}"
    # Everything that must stay as it is did.
    for kept in ("| Estado | iOS | Android | Nota |", "|:-------|:---:|--------:|------|", "> [!NOTE]",
                 '<div onclick="steal()">HTML crudo en un bloque</div>', "<!-- un comentario -->",
                 "[^1]: Una nota breve.", "    Código sangrado", "    con dos líneas", "## Tablas",
                 "Un bloque sin lenguaje con <etiquetas> & símbolos.", '{ "estado": "inactive", "html": "<p>" }'):
        assert kept in new, f"{kept!r} was changed"
    assert "> Una nota. (1)" in new
    assert "www.example.org y una dirección, docs@example.org. (1)\\" in new
    assert "- [x] Hecha, con un [enlace](https://example.org/tarea) (1)" in new
    assert "  # 1" in new  # the example inside a list item
    blocks = fenced_blocks(unique)
    # swift, kotlin, kt, kts and a ~~~swift block; json and a block without a language left alone.
    assert [lines[0] for info, lines in blocks if marked(info) == "//"] == ["// 1"] * 5
    assert [lines[0].strip() for info, lines in blocks if marked(info) == "#"] == ["# 1"] * 6
    assert not any(lines[0].strip() in ("// 1", "# 1") for info, lines in blocks if not marked(info))


def test_the_unique_mode_on_markup_edge_cases():
    source = "\n".join([
        "Setext heading", "==============", "",
        "A paragraph", "that ends in a table:", "| a | b |", "|---|---|", "| 1 | 2 |", "",
        "- ```swift", "  let x = 1", "  ```", "",
        "> ```kotlin", "> val y = 2", "> ```", "",
        "````lifecycle ios-app", "```", "````", "",
        "```java", "int z = 3;", "```", "",
        "[ref]: https://example.org", "<https://example.org> at the start", "",
        "A hard break  ", "and more.",
    ])
    assert make_corpus.uniquify_body(source, 7).split("\n") == [
        "Setext heading", "==============", "",
        "A paragraph (7)", "that ends in a table: (7)", "| a | b |", "|---|---|", "| 1 | 2 |", "",
        "- ```swift", "  // 7", "  let x = 1", "  ```", "",
        "> ```kotlin", "> // 7", "> val y = 2", "> ```", "",
        "````lifecycle ios-app", "# 7", "```", "````", "",
        "```java", "// 7", "int z = 3;", "```", "",
        "[ref]: https://example.org", "<https://example.org> at the start", "",
        "A hard break (7)  ", "and more. (7)",
    ]


# The repeated corpus of a small fixed source, hashed when the unique mode was added:
# the default mode must go on writing the same bytes.
FIXED_SOURCE = {
    "site.yml": "defaultLanguage: es\nlanguages:\n  - code: es\n    name: Español\n  - code: pt\n    name: Português\n",
    "es/uno.md": '---\ntitle: "Uno: el estado"\ndescription: "Uno."\n---\n\n## Primero\n\nUn párrafo.\n\n'
                 "```lifecycle ios-app\n# Un ejemplo\ngiven active\ninterruption -> inactive\n```\n",
    "pt/uno.md": '---\ntitle: "Um: o estado"\ndescription: "Um."\ntranslation:\n  from: es\n---\n\n## Primeiro\n\n'
                 "Um parágrafo.\n\n```lifecycle ios-app\n# Um exemplo\ngiven active\ninterruption -> inactive\n```\n",
    "es/dos.md": "---\ntitle: Dos\n---\n\n# Sin comillas\n\nTexto.\n",
}
FIXED_SHA256 = "0e1b22f185fbc78b0ad3c9d41dc32c90ddcccc4dfbf276ef2961ec360e04845a"


def corpus_digest(folder):
    h = hashlib.sha256()
    for path in sorted(p for p in pathlib.Path(folder).rglob("*") if p.is_file() and p.name != make_corpus.STAMP):
        h.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def test_the_repeated_mode_writes_what_it_always_wrote(tmp_path):
    source = tmp_path / "source"
    for name, text in FIXED_SOURCE.items():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text(text, encoding="utf-8")
    make_corpus.make_corpus(7, str(tmp_path / "default"), str(source))
    make_corpus.make_corpus(7, str(tmp_path / "repeated"), str(source), mode="repeated")
    assert corpus_digest(tmp_path / "default") == corpus_digest(tmp_path / "repeated")
    assert corpus_digest(tmp_path / "default") == FIXED_SHA256
    # The stamps tell the modes apart, so a cached corpus of the other kind is made again.
    make_corpus.make_corpus(7, str(tmp_path / "unique"), str(source), mode="unique")
    assert make_corpus.is_current(str(tmp_path / "default"), 7, str(source))
    assert not make_corpus.is_current(str(tmp_path / "default"), 7, str(source), mode="unique")
    assert make_corpus.is_current(str(tmp_path / "unique"), 7, str(source), mode="unique")
    assert not make_corpus.is_current(str(tmp_path / "unique"), 7, str(source))


def test_a_repeated_page_is_its_article_with_a_numbered_title(corpora):
    repeated, _ = corpora
    for (lang, slug), text in repeated.items():
        article, number = slug.rsplit("-", 1)
        original = (CONTENT / lang / (article + ".md")).read_text(encoding="utf-8")
        # Links to other articles point at their copies: `](active.md)` → `](active-0001.md)`.
        unlinked = re.sub(r"(\]\((?:\.\./[a-z]+/)?[a-z0-9-]+)-[0-9]{4,}(\.md)", r"\1\2", text)
        assert unlinked.replace(" · " + number, "", 1) == original, f"{lang}/{slug}"
