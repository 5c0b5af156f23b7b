"""The commands that render run with glibc's per-thread cache of freed blocks raised
(`GLIBC_TUNABLES=glibc.malloc.tcache_count=100`, see Sources/lifecycle-docs/main.swift): the
tool starts itself once more with the tunable set, in the same process (the same pid), and
leaves tunables the caller chose alone. Read from /proc/<pid>/environ of a running `serve`."""
import os
import signal
import subprocess
import time

import pytest

from conftest import ROOT, TOOL


def serve_environment(tmp_path, env):
    process = subprocess.Popen(
        [str(TOOL), "serve", "--content", str(ROOT / "Content"), "--templates", str(ROOT / "Templates"),
         "--output", str(tmp_path / "public"), "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    try:
        deadline = time.monotonic() + 120
        for line in process.stdout:
            if line.startswith("Serving "):
                break
            assert time.monotonic() < deadline, "serve did not start"
        assert process.poll() is None, "serve stopped"
        with open(f"/proc/{process.pid}/environ", "rb") as file:
            variables = dict(item.split(b"=", 1) for item in file.read().split(b"\0") if b"=" in item)
        return variables.get(b"GLIBC_TUNABLES", b"").decode()
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 0


@pytest.mark.parametrize("given, expected", [
    (None, "glibc.malloc.tcache_count=100"),
    ("glibc.malloc.arena_max=2", "glibc.malloc.arena_max=2"),
    ("glibc.malloc.tcache_count=7", "glibc.malloc.tcache_count=7"),
])
def test_serve_runs_with_a_larger_allocator_cache(tmp_path, given, expected):
    env = {key: value for key, value in os.environ.items() if key != "GLIBC_TUNABLES"}
    if given is not None:
        env["GLIBC_TUNABLES"] = given
    assert serve_environment(tmp_path, env) == expected


def test_commands_that_do_not_render_start_once(tmp_path):
    env = {key: value for key, value in os.environ.items() if key != "GLIBC_TUNABLES"}
    result = subprocess.run([str(TOOL), "--version"], env=env, capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.startswith("lifecycle-docs ")


def build_details(tmp_path, env):
    result = subprocess.run(
        [str(TOOL), "build", "--verbose", "--content", str(ROOT / "Content"), "--templates", str(ROOT / "Templates"),
         "--output", str(tmp_path / "public")],
        env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    return [line for line in (result.stdout + result.stderr).splitlines() if line.startswith("allocator:")]


def test_build_starts_again_only_to_render_every_page(tmp_path):
    """A full build runs with the tunable set; a build with nothing to do never starts again."""
    env = {key: value for key, value in os.environ.items() if key != "GLIBC_TUNABLES"}
    assert build_details(tmp_path, env) == ["allocator: GLIBC_TUNABLES=glibc.malloc.tcache_count=100"]
    assert build_details(tmp_path, env) == []
    env["GLIBC_TUNABLES"] = "glibc.malloc.tcache_count=7"
    assert build_details(tmp_path, env) == ["allocator: GLIBC_TUNABLES=glibc.malloc.tcache_count=7"]
