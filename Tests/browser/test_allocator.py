"""The commands that render run with glibc's per-thread cache of freed blocks raised, blocks
of 256 KiB or more always mapped on their own and 1 MiB of free memory kept at the top of an
arena before it goes back to the kernel (`GLIBC_TUNABLES`, `TUNED` below; see
Sources/lifecycle-docs/main.swift): the tool starts itself once more with the tunables set, in
the same process (the same pid), and leaves tunables the caller chose alone. Read from /proc/<pid>/environ of a running `serve`."""
import glob
import os
import signal
import subprocess
import time

import pytest

from conftest import ROOT, TOOL

TUNED = "glibc.malloc.tcache_count=100:glibc.malloc.mmap_threshold=262144:glibc.malloc.trim_threshold=1048576"


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
            return tunables(file.read())
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 0


def tunables(environ):
    """GLIBC_TUNABLES from a process's /proc/<pid>/environ. glibc parses the setting in place when
    the process starts, writing a NUL over each `:` between tunables, so the later ones read as
    entries of their own (`glibc.malloc.…=…`: no variable's name holds a dot): they are joined again."""
    items = environ.split(b"\0")
    for index, item in enumerate(items):
        if item.startswith(b"GLIBC_TUNABLES="):
            parts = [item[len(b"GLIBC_TUNABLES="):]]
            for following in items[index + 1:]:
                if not following.startswith(b"glibc."):
                    break
                parts.append(following)
            return b":".join(parts).decode()
    return ""


def test_tunables_are_read_back_whole():
    assert tunables(b"A=1\0GLIBC_TUNABLES=glibc.a=1\0glibc.b=2\0B=2\0") == "glibc.a=1:glibc.b=2"
    assert tunables(b"GLIBC_TUNABLES=glibc.a=1\0") == "glibc.a=1"
    assert tunables(b"A=1\0") == ""


@pytest.mark.parametrize("given, expected", [
    (None, TUNED),
    ("glibc.malloc.arena_max=2", "glibc.malloc.arena_max=2"),
    ("glibc.malloc.tcache_count=7", "glibc.malloc.tcache_count=7"),
    ("glibc.malloc.arena_max=2:glibc.malloc.tcache_count=7", "glibc.malloc.arena_max=2:glibc.malloc.tcache_count=7"),
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
    assert build_details(tmp_path, env) == ["allocator: GLIBC_TUNABLES=" + TUNED]
    assert build_details(tmp_path, env) == []
    env["GLIBC_TUNABLES"] = "glibc.malloc.tcache_count=7"
    assert build_details(tmp_path, env) == ["allocator: GLIBC_TUNABLES=glibc.malloc.tcache_count=7"]


def test_this_glibc_applies_every_tunable_of_the_joined_setting():
    """Both tunables of the one setting are read (glibc's loader lists the values it would use)."""
    loaders = sorted(glob.glob("/lib64/ld-linux-*.so.*") + glob.glob("/lib/*/ld-linux-*.so.*"))
    if not loaders:
        pytest.skip("no glibc loader to ask")
    env = {key: value for key, value in os.environ.items() if key != "GLIBC_TUNABLES"}
    env["GLIBC_TUNABLES"] = TUNED
    listed = subprocess.run([loaders[0], "--list-tunables"], env=env, capture_output=True, text=True, check=True).stdout
    values = dict(line.split(": ", 1)[0:2] for line in listed.splitlines() if ": " in line)
    assert values["glibc.malloc.tcache_count"].split()[0] == hex(100)
    assert values["glibc.malloc.mmap_threshold"].split()[0] == hex(262144)
