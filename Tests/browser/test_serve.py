"""`lifecycle-docs serve` end to end: the real binary, real builds, real HTTP."""
import re
import signal

from conftest import Events, Serve, ROOT, wait_until

ARTICLES = {
    "es": ("es/inactive.md", "es/inactive/"),
    "pt": ("pt/inactive.md", "pt/inactive/"),
    "bg": ("bg/inactive.md", "bg/inactive/"),
    "it": ("it/active.md", "it/active/"),
}
LIVE_TAG = '<script src="/_lifecycle/live.js" data-generation="'
# An example the model refuses: after an interruption the app is inactive.
GOOD_STEP = "interruption -> inactive : applicationWillResignActive"
BAD_STEP = "interruption -> background : applicationWillResignActive"


def first_paragraph_line(text):
    """The index of the first prose line after the front matter and the first heading."""
    lines = text.split("\n")
    heading = next(i for i, line in enumerate(lines) if line.startswith("## "))
    return next(i for i in range(heading + 1, len(lines)) if lines[i].strip())


def add_marker(path, marker):
    lines = path.read_text(encoding="utf-8").split("\n")
    index = first_paragraph_line("\n".join(lines))
    lines[index] = marker + " " + lines[index]
    path.write_text("\n".join(lines), encoding="utf-8")


def test_port_zero_prints_the_port_and_every_language_is_served(project):
    server, _ = project
    assert server.port > 0
    articles = len(list((ROOT / "Content").glob("*/*.md")))
    assert articles >= 20
    assert f"Built {articles} articles" in server.output()
    for lang, (_, path) in ARTICLES.items():
        status, headers, body = server.get(path)
        assert status == 200, path
        assert headers["Content-Type"] == "text/html; charset=utf-8"
        assert f'<html lang="{lang}">' in body
        assert LIVE_TAG in body
        assert "></script></body>" in body
    # The output folder holds the site only: no preview code was written.
    assert not (server.output_dir / "_lifecycle").exists()
    assert "_lifecycle" not in (server.output_dir / "es" / "inactive" / "index.html").read_text(encoding="utf-8")


def test_every_languages_diagram_files_are_served_as_svg(project):
    """Figures draw their machine's geometry from a file with <image>: the server must send it
    as an SVG image, or a reader without scripts sees only the path."""
    server, _ = project
    for lang, (_, path) in ARTICLES.items():
        body = server.get(path)[2]
        hrefs = set(re.findall(r'<image class="diagram-geometry" href="\.\./\.\./(assets/diagram-[a-z-]+-' + lang + r'\.[0-9a-f]+\.svg)"', body))
        assert hrefs, f"{path}: no figure draws a geometry file"
        for href in hrefs:
            status, headers, svg = server.get(href)
            assert status == 200, href
            assert headers["Content-Type"] == "image/svg+xml; charset=utf-8", href
            assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and '<g class="node' in svg, href


def test_edits_in_every_language_are_served(project):
    server, content = project
    for lang, (source, path) in ARTICLES.items():
        marker = f"EDITED-{lang.upper()}-MARKER"
        assert marker not in server.get(path)[2]
        add_marker(content / source, marker)
        wait_until(lambda: marker in server.get(path)[2], message=f"{marker} on {path}")
    assert "Changed: " in server.output()


def test_a_broken_build_keeps_the_last_good_page_and_reports_the_error(project):
    server, content = project
    article = content / "it" / "active.md"
    events = Events(server.port)
    try:
        name, state = events.next()
        assert name == "ready"

        add_marker(article, "GOOD-EDIT")
        name, state = events.next()
        assert name == "reload"
        assert state["changed"] == [str(article)]
        generation = state["generation"]
        wait_until(lambda: "GOOD-EDIT" in server.get("it/active/")[2])

        text = article.read_text(encoding="utf-8")
        assert GOOD_STEP in text
        article.write_text(text.replace(GOOD_STEP, BAD_STEP, 1), encoding="utf-8")
        name, state = events.next()
        assert name == "error"
        assert state["generation"] == generation
        problem = next(d for d in state["diagnostics"] if d["severity"] == "error")
        assert problem["file"] == str(article)
        assert problem["line"] > 1 and problem["column"] > 1
        assert "background" in problem["message"]
        # The terminal shows it too, as file:line:col.
        wait_until(lambda: f"{article}:{problem['line']}:{problem['column']}: error:" in server.output())
        # The last good page is still served.
        status, _, body = server.get("it/active/")
        assert status == 200 and "GOOD-EDIT" in body
        # A page that connects now gets the error at once.
        late = Events(server.port)
        assert late.next()[0] == "error"
        late.close()

        article.write_text(text, encoding="utf-8")
        name, state = events.next()
        assert name == "reload"
        assert state["generation"] == generation + 1
        status, _, body = server.get("it/active/")
        assert status == 200 and "GOOD-EDIT" in body
        assert f'data-generation="{generation + 1}"' in body
    finally:
        events.close()


def test_sigterm_stops_the_server_cleanly(tmp_path):
    server = Serve(ROOT / "Content", ROOT / "Templates", tmp_path / "public")
    events = Events(server.port)
    assert events.next()[0] == "ready"
    assert server.stop(signal.SIGTERM) == 0
    assert "Stopping the preview server." in server.output()
    events.close()
