"""Differential test: the Swift model (ground truth) against the browser player.

The Swift test `DifferentialCorpusTests` (Tests/LifecycleModelTests) makes at least
10,000 seeded random event sequences over every machine and every option combination
(Android `api` around each boundary, `configChanges`, `root`; `event@scene` on the
multi-scene machines), runs them through `Simulation` and writes them with its results
to a JSON file. This test runs it, replays every sequence through the player's
`LifecycleDocs.simulate` on a built page in Chromium, and requires the same outcome at
every step: each scene's state, the callbacks with their optional flags, the row and its
alternatives, refusals with the events possible there, the process and the app-level
aggregate.

LIFECYCLE_DIFFERENTIAL_SEED=<n> runs another corpus. A difference fails with the seed and
the first differing sequence; the fix belongs in player.js, never in the model.
"""
import json
import os
import subprocess

import pytest

from conftest import ROOT

MINIMUM_SEQUENCES = 10_000
BATCH = 1_000

# The player's results in the corpus's form (see DifferentialCorpusTests.swift): the same
# keys in the same order, so each step compares as one JSON text.
REPLAY = """
const cases = arguments[0];
function pairs(scenes) { return scenes.map(function (s) { return [s.name, s.state]; }); }
return cases.map(function (c) {
  try {
    const steps = window.LifecycleDocs.simulate(c.machine, c.events, c.options, c.from);
    return steps.map(function (r) {
      return JSON.stringify(r.ok ? {
        ok: true, scene: r.scene, from: r.from, states: r.states,
        callbacks: r.callbacks.map(function (cb) { return [cb.name, cb.optional]; }),
        row: r.transition.row, alternatives: r.alternatives.map(function (t) { return t.row; }),
        aggregate: r.aggregate, scenes: pairs(r.scenes), process: r.process
      } : {
        ok: false, scene: r.scene, state: r.state, possible: r.possible,
        aggregate: r.aggregate, scenes: pairs(r.scenes), process: r.process
      });
    });
  } catch (e) {
    return "exception: " + e;
  }
});
"""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """The Swift side: runs the corpus test with LIFECYCLE_DIFFERENTIAL_OUT set."""
    out = tmp_path_factory.mktemp("differential") / "corpus.json"
    env = dict(os.environ, LIFECYCLE_DIFFERENTIAL_OUT=str(out))
    swift = os.environ.get("SWIFT", "swift")
    run = subprocess.run([swift, "test", "--filter", "DifferentialCorpusTests"], cwd=ROOT, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, f"the Swift corpus test failed:\n{run.stdout[-4000:]}\n{run.stderr[-4000:]}"
    assert out.exists(), f"the Swift corpus test wrote no {out}:\n{run.stdout[-4000:]}"
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["schema"] == "lifecycle-differential" and data["version"] == 1
    assert len(data["cases"]) == data["count"]
    assert sum(len(c["events"]) for c in data["cases"]) == data["steps"]
    return data


def first_difference(expected, player):
    """The index of the first step where the player differs, or None."""
    if not isinstance(player, list):
        return 0
    for index, want in enumerate(expected):
        if index >= len(player) or json.loads(player[index]) != want:
            return index
    return None if len(player) == len(expected) else len(expected)


def describe(case, index, player, at, seed):
    lines = [
        f"seed {seed}: sequence {index} differs at step {at + 1} (rerun with LIFECYCLE_DIFFERENTIAL_SEED={seed})",
        f"  machine {case['machine']}, options {json.dumps(case['options'])}, from {case['from']}",
        f"  events {' '.join(case['events'])}",
    ]
    if not isinstance(player, list):
        lines.append(f"  player: {player}")
        return "\n".join(lines)
    for number, (spec, want) in enumerate(zip(case["events"][:at], case["expected"]), 1):
        outcome = want["scenes"] if want["ok"] else "refused"
        lines.append(f"  {number}. {spec} (same on both sides): {outcome}")
    lines.append(f"  {at + 1}. {case['events'][at] if at < len(case['events']) else '(no event)'}")
    want = case["expected"][at] if at < len(case["expected"]) else None
    lines.append(f"     swift:  {json.dumps(want, separators=(',', ':'))}")
    lines.append(f"     player: {player[at] if at < len(player) else None}")
    return "\n".join(lines)


def test_the_player_simulates_exactly_as_the_model(site, browser, corpus):
    seed = corpus["seed"]
    cases = corpus["cases"]
    print(f"differential test: seed {seed}, {len(cases)} sequences, {corpus['steps']} steps")
    machines = {c["machine"] for c in cases}
    browser.get((site / "es" / "playground" / "index.html").as_uri())
    model = browser.execute_script("return window.LIFECYCLE_MODEL.machines.map(function (m) { return m.id; })")
    assert machines == set(model), f"the corpus covers {sorted(machines)}, the page's model has {model}"
    assert browser.execute_script("return typeof window.LifecycleDocs.simulate") == "function"

    compared = steps = 0
    for start in range(0, len(cases), BATCH):
        batch = cases[start:start + BATCH]
        replayed = browser.execute_script(
            REPLAY, [{"machine": c["machine"], "events": c["events"], "options": c["options"], "from": c["from"]}
                     for c in batch])
        assert len(replayed) == len(batch)
        for offset, (case, player) in enumerate(zip(batch, replayed)):
            expected = case["expected"]
            at = first_difference(expected, player)
            assert at is None, describe(case, start + offset, player, at, seed)
            compared += 1
            steps += len(expected)
    assert compared >= MINIMUM_SEQUENCES, f"only {compared} sequences were compared (seed {seed})"
    assert steps == corpus["steps"]
