"""The tool's malloc is mimalloc's (Sources/LifecycleDocsCLI/Allocator.swift): linked into the
binary, ahead of the C library, it replaces the allocator for the whole process. `build
--verbose` says which allocator a block from malloc came from; a binary linked in another order
would say "the C library's"."""
import os
import subprocess

from conftest import ROOT, TOOL


def allocator_lines(tmp_path, env=None):
    result = subprocess.run(
        [str(TOOL), "build", "--verbose", "--content", str(ROOT / "Content"), "--templates", str(ROOT / "Templates"),
         "--output", str(tmp_path / "public")],
        env={key: value for key, value in os.environ.items() if not key.startswith("MIMALLOC_")} | (env or {}),
        capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    return [line for line in (result.stdout + result.stderr).splitlines() if line.startswith("allocator:")]


def test_the_tool_allocates_with_mimalloc(tmp_path):
    lines = allocator_lines(tmp_path)
    assert len(lines) == 1 and lines[0].startswith("allocator: mimalloc 2."), lines
    assert lines[0].endswith(", decommit delay 5 ms"), lines
    # A build with nothing to do says it too: the allocator is the binary's, not the command's.
    assert allocator_lines(tmp_path) == lines


def test_a_decommit_delay_from_the_environment_is_kept(tmp_path):
    lines = allocator_lines(tmp_path, env={"MIMALLOC_DECOMMIT_DELAY": "25"})
    assert len(lines) == 1 and lines[0].endswith(", decommit delay 25 ms"), lines


def test_the_binary_loads_mimalloc_before_the_c_library():
    """The loader lists libmimalloc ahead of libc: a symbol resolves to the first library that has it."""
    loaded = subprocess.run(["ldd", str(TOOL)], capture_output=True, text=True, check=True).stdout
    names = [line.split()[0].split(".so")[0] for line in loaded.splitlines() if ".so" in line]
    assert "libmimalloc" in names and "libc" in names, loaded
    assert names.index("libmimalloc") < names.index("libc"), loaded
