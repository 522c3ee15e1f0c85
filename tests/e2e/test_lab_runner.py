"""The game lab's solves in the runner (issue 32): solveLab (web/js/lab/solve-lab.js) driving the
engine's own wheel in the opaque-origin runner, from inside the page.  The test makes its own
Runner (web/js/runner/client.js) beside the tools' one, as the lab does.

A lab game solves to the value and line the CLI gives; progress arrives while a long solve
runs; lab code that reaches for the site's storage changes none of it (bytes compared); rules
that never return stop at the limit; a cancel ends a solve within 0.2 s and the next solve
works; a lab that forges its own stdout gets a BadResult or a checked result, never more."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from conftest import ROOT, wait_js

EXAMPLES = ROOT / "py_engines" / "lab" / "examples"
GAMES = ROOT / "tests" / "lab"

SETUP = """async () => {
  if (!window.labTest) {
    const [{ Runner }, lab] = await Promise.all([import('./js/runner/client.js'),
      import('./js/lab/solve-lab.js')]);
    window.labTest = { runner: new Runner(), lab };
  }
  await window.labTest.runner.boot();
  return true;
}"""

SOLVE = """async ([code, input, options]) => {
  const { runner, lab } = window.labTest;
  const begun = performance.now();
  const progress = [];
  let started = null;
  const result = await lab.solveLab(runner, code, input, { ...options,
    onProgress: (n) => progress.push([n, performance.now() - begun]),
    onStart: () => { started = performance.now() - begun; } });
  return { result, progress, started, wall: performance.now() - begun };
}"""


def sample_of(code: str) -> str:
    namespace: dict[str, Any] = {}
    exec(compile(code, "<sample>", "exec"), namespace)   # the repository's own example games
    return str(namespace.get("SAMPLE", ""))


def cli(path: Path, text: str) -> tuple[int, list[str]]:
    """The CLI twin: the value and the main line's move names."""
    done = subprocess.run([sys.executable, "-m", "py_engines", "lab", str(path)], input=text, cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", timeout=300, check=True)
    lines = done.stdout.splitlines()
    return int(lines[0]), (lines[1].split() if len(lines) > 1 else [])


@pytest.fixture(scope="module", autouse=True)
def own_runner(shared: tuple[Any, Any]) -> Iterator[None]:
    """The test's runner frame goes when the module ends: the shared page keeps one frame, the tools'."""
    yield
    shared[0].evaluate("() => { if (window.labTest) window.labTest.runner.teardown();"
                       " delete window.labTest; }")


@pytest.fixture()
def lab(app: Any) -> Any:
    app.evaluate(SETUP)
    return app


def solve(page: Any, code: str, text: str, **options: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(SOLVE, [code, text, {"limitMs": 60_000, **options}])
    return found


@pytest.mark.parametrize("name", ["take_away", "coin_row", "puzzle"])
def test_a_lab_game_solves_to_the_value_and_line_the_cli_gives(lab, name):
    path = EXAMPLES / f"{name}.py"
    code = path.read_text(encoding="utf-8")
    text = sample_of(code)
    value, line = cli(path, text)
    result = solve(lab, code, text)["result"]
    assert result["ok"] is True, result
    assert result["value"] == value
    assert [f["event"]["move"] for f in result["frames"][1:]] == result["moves"]
    assert " ".join(result["moves"]).split() == line
    assert len(result["frames"]) == len(result["moves"]) + 1
    assert result["stats"]["positions"] > 0


def test_progress_arrives_while_a_long_solve_runs(lab):
    code = (GAMES / "bench.py").read_text(encoding="utf-8")
    found = solve(lab, code, sample_of(code))
    result, progress = found["result"], found["progress"]
    assert result["ok"] is True, result
    counts = [n for n, _ in progress]
    assert len(counts) >= 2, progress
    assert counts == sorted(counts) and counts[-1] <= result["stats"]["positions"]
    # They came while the solve ran (the first well before its result), at most ~10 a second.
    assert all(found["started"] <= at <= found["wall"] for _, at in progress), found["wall"]
    assert progress[0][1] < found["wall"] - 100, (progress, found["wall"])
    assert len(progress) <= (found["wall"] - found["started"]) / 90 + 1


# The rules reach for everything of the site a program could; each outcome goes into TITLE
# (o: open, b: blocked), and the game itself is a plain one-pile take-away.
ATTACK = """import js
SITE = %r
seen = []
def attempt(thunk):
    try:
        thunk()
        seen.append("o")
    except BaseException:
        seen.append("b")
attempt(lambda: js.localStorage.setItem("pixelJudge.snapshot.v1", "{}"))
attempt(lambda: js.indexedDB.open("pixel-judge-attack"))
attempt(lambda: js.caches.open("pixel-judge-attack"))
attempt(lambda: js.caches.delete("pixel-judge-snapshot"))
attempt(lambda: js.postMessage("forged"))
attempt(lambda: js.self.postMessage("forged"))
attempt(lambda: js.fetch(SITE + "sw.js", js.Object.fromEntries([["method", "POST"]])))
attempt(lambda: js.importScripts(SITE + "js/page/storage.js"))
attempt(lambda: js.Worker.new(SITE + "js/engine/worker.js"))
try:
    from pixel_judge_runner import progress
    for value in (-1, 1.5, "x", 2 ** 70, None):
        progress(value)
except BaseException:
    pass
TITLE = "".join(seen)

class State:
    def __init__(self, n, p): self.n, self.p = n, p
    def to_move(self): return self.p
    def moves(self): return [k for k in (1, 2) if k <= self.n]
    def play(self, k): return State(self.n - k, -self.p)
    def is_terminal(self): return self.n == 0
    def value(self): return -self.p
    def key(self): return (self.n, self.p)

def start(text): return State(int(text), 1)
"""

FINGERPRINT = """async () => {
  const hex = async (buffer) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', buffer))]
    .map((b) => b.toString(16).padStart(2, '0')).join('');
  const local = Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)]);
  const session = Object.keys(sessionStorage).sort().map((k) => [k, sessionStorage.getItem(k)]);
  const databases = indexedDB.databases ? (await indexedDB.databases()).map((d) => d.name).sort() : [];
  const caches_ = [];
  for (const name of (await caches.keys()).sort()) {
    const cache = await caches.open(name);
    const entries = [];
    for (const request of await cache.keys()) {
      entries.push([request.url, await hex(await (await cache.match(request)).arrayBuffer())]);
    }
    caches_.push([name, entries.sort()]);
  }
  return JSON.stringify({ local, session, databases, caches: caches_ });
}"""


def settled_storage(page: Any) -> str:
    """The site's storage once the page's own background work (snapshot, precache) is done."""
    wait_js(page, "!['registering', 'installing'].includes(pixelJudge.state().offline)"
                  " && !['waiting', 'making'].includes(pixelJudge.state().snapshot)", 240_000)
    before = page.evaluate(FINGERPRINT)
    time.sleep(1)
    again = page.evaluate(FINGERPRINT)
    assert again == before, "the site's storage was still changing on its own"
    return str(before)


def test_lab_code_reaching_for_the_sites_storage_changes_none_of_it(lab, site_url):
    before = settled_storage(lab)
    found = solve(lab, ATTACK % site_url, "5")
    result = found["result"]
    assert result["ok"] is True, result
    assert result["title"] == "b" * 9
    assert result["value"] == 1
    assert all(isinstance(n, int) and n >= 0 for n, _ in found["progress"])
    assert lab.evaluate(FINGERPRINT) == before


def test_rules_that_never_return_stop_at_the_limit(lab):
    code = (GAMES / "spin.py").read_text(encoding="utf-8")
    found = solve(lab, code, "1", limitMs=3000)
    error = found["result"]["error"]
    assert error["type"] == "LimitError", found["result"]
    assert "limit" in error["message"]
    assert found["wall"] - found["started"] < 3000 + 2500   # from the start, not the spare's boot


def test_rules_that_never_end_stop_at_the_limit(lab):
    code = (GAMES / "endless.py").read_text(encoding="utf-8")
    found = solve(lab, code, "0", limitMs=4000, maxPositions=50_000)
    error = found["result"]["error"]
    assert error["type"] == "LimitError", found["result"]
    assert found["wall"] - found["started"] < 4000 + 2500   # from the start, not the spare's boot


CANCEL = """async ([code, input]) => {
  const { runner, lab } = window.labTest;
  const controller = new AbortController();
  let startedAt = 0;
  const solving = lab.solveLab(runner, code, input, { limitMs: 60000, signal: controller.signal,
    onStart: () => { startedAt = performance.now(); } });
  while (!startedAt || performance.now() - startedAt < 500) await new Promise((r) => setTimeout(r, 20));
  const asked = performance.now();
  controller.abort();
  const result = await solving;
  return { result, ms: performance.now() - asked };
}"""


def test_a_cancelled_solve_ends_within_0_2_s_and_the_next_one_works(lab):
    spin = (GAMES / "spin.py").read_text(encoding="utf-8")
    found = lab.evaluate(CANCEL, [spin, "1"])
    assert found["result"]["error"]["type"] == "Cancelled"
    assert found["ms"] <= 200, found["ms"]
    code = (EXAMPLES / "take_away.py").read_text(encoding="utf-8")
    after = solve(lab, code, sample_of(code))["result"]
    assert after["ok"] is True, after


TAKE_AWAY = (EXAMPLES / "take_away.py").read_text(encoding="utf-8")
# A forged result: well-formed JSON whose frames carry markup and a view out of the vocabulary.
FORGED = ('{"ok":true,"title":"forged","value":7,"moves":[],"frames":[{"i":0,"actor":null,"event":null,'
          '"state":{"lab":true,"title":"forged","view":{"html":"<img src=x onerror=alert(1)>"},"table":null,'
          '"to_move":1,"value":7,"over":true},"msg":{"id":"raw","params":{"text":"x"}},"to_move":null,'
          '"to_move_msg":null,"values":null}],"stats":{"positions":1,"ms":1}}')
FORGERS = {
    "sys.__stdout__": f"import sys\nsys.__stdout__.write({FORGED!r} + '\\n')\nsys.__stdout__.flush()\n",
    "os.write": f"import os\nos.write(1, {FORGED!r}.encode() + b'\\n')\n",
    "json.dumps": f"import json\njson.dumps = lambda *args, **kwargs: {FORGED!r}\n",
}


@pytest.mark.parametrize("how", sorted(FORGERS))
def test_a_lab_that_forges_its_stdout_gets_a_bad_result(lab, how):
    result = solve(lab, TAKE_AWAY + "\n" + FORGERS[how], sample_of(TAKE_AWAY))["result"]
    assert result["ok"] is False, result
    assert result["error"]["type"] == "BadResult"


def test_a_well_formed_forgery_is_only_what_the_check_lets_through(lab):
    forged = FORGED.replace('"view":{"html":"<img src=x onerror=alert(1)>"}', '"view":{"note":"forged"}') \
        .replace('"values":null}', '"values":null,"html":"<img src=x onerror=alert(1)>"}')
    code = TAKE_AWAY + f"\nimport json\njson.dumps = lambda *args, **kwargs: {forged!r}\n"
    result = solve(lab, code, sample_of(TAKE_AWAY))["result"]
    assert result["ok"] is True and result["title"] == "forged"
    assert "html" not in result["frames"][0]
    assert set(result["frames"][0]["state"]) == {"lab", "title", "view", "table", "to_move", "value", "over"}


PLAIN_RUN = """async (code) => {
  const { runner } = window.labTest;
  const run = await runner.run(code, '', { timeLimitMs: 20000 });
  return { status: run.status, stdout: run.stdout, setupMs: runner.setupMs };
}"""
IMPORTS_ENGINE = """import importlib.util, sys
found = importlib.util.find_spec("py_engines")
print("engine" if found else "none", any(p.endswith("site-packages") for p in sys.path))
"""


def test_a_run_gets_the_engine_only_when_it_asks_even_right_after_a_lab_solve(lab):
    code = (EXAMPLES / "take_away.py").read_text(encoding="utf-8")
    for _ in range(2):   # the second solve's interpreter had the wheel installed ahead
        assert solve(lab, code, sample_of(code))["result"]["ok"] is True
    time.sleep(2)        # the next spare, booted ahead, installs it too: the next lab run likely asks
    assert lab.evaluate("window.labTest.runner.boots.some((boot) => 'packages' in boot.phases)")
    plain = lab.evaluate(PLAIN_RUN, IMPORTS_ENGINE)
    assert (plain["status"], plain["stdout"]) == ("ok", "none True\n"), plain
    assert solve(lab, code, sample_of(code))["result"]["ok"] is True
