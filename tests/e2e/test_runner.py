"""The runner, where a user's program runs (web/js/runner/): a sandboxed frame at an
opaque origin that reaches nothing of the site, a fresh interpreter for every run, an
output limit that stops a flood without freezing the page. (The attack on the site's
caches and snapshot is in test_boot.py, whose context has both.)"""
from __future__ import annotations

from conftest import choose_game, read, wait_js

SAMPLE = read("byte_me", "sample-1.in")
ANSWER = read("byte_me", "sample-1.ans")

PROBE = """import js, sys
def attempt(name, thunk):
    try:
        thunk()
        print(name, "open")
    except BaseException as err:
        print(name, "blocked", type(err).__name__)
print("origin", js.self.origin)
attempt("localStorage", lambda: js.localStorage.setItem("pixelJudge.snapshot.v1", "{}"))
attempt("indexedDB", lambda: js.indexedDB.open("pixel-judge-attack"))
attempt("caches", lambda: js.caches.keys().then(lambda keys: None))
attempt("engine-worker", lambda: js.Worker.new(SITE + "js/engine/worker.js"))
attempt("site-script", lambda: js.importScripts(SITE + "js/page/storage.js"))
attempt("eval", lambda: js.eval("1 + 1"))
attempt("parent", lambda: js.parent.document)
"""


def run(page, code: str, text: str = SAMPLE, limit_ms: int = 10_000) -> dict:
    return page.evaluate("([c, i, ms]) => pixelJudge.runSolution(c, i, {timeLimitMs: ms})",
                         [code, text, limit_ms])


def lookup(table: dict[str, str], prelude: str = "") -> str:
    return f"{prelude}import sys\nA = {table!r}\nsys.stdout.write(A.get(sys.stdin.read(), ''))\n"


def test_user_code_runs_in_an_opaque_frame_that_reaches_nothing_of_the_site(app, site_url):
    choose_game(app, "byte_me")
    result = run(app, f"SITE = {site_url!r}\n" + PROBE)
    lines = dict(line.split(" ", 1) for line in result["stdout"].splitlines())
    assert lines.pop("origin") == "null"
    for name, outcome in lines.items():
        assert outcome.startswith("blocked"), (name, outcome)
    frames = app.evaluate("""[...document.querySelectorAll('iframe')].map((f) => ({
        sandbox: f.getAttribute('sandbox'), srcdoc: Boolean(f.srcdoc), src: f.getAttribute('src'),
        reachable: (() => { try { return Boolean(f.contentWindow.document); } catch { return false; } })()
    }))""")
    assert frames == [{"sandbox": "allow-scripts", "srcdoc": True, "src": None, "reachable": False}]


POLLUTER = """import asyncio, builtins, collections, js, os, sys
from pyodide.ffi import create_proxy, to_js
builtins.print = lambda *args, **kwargs: None
builtins.input = lambda *args: "HAND 99"
collections.Counter = None
sys.modules["json"] = None
sys.setrecursionlimit(50)
os.makedirs("/tmp/pixel-judge", exist_ok=True)
with open("/tmp/pixel-judge/leak", "w") as f:
    f.write("leaked")
js.globalThis.pixelJudgeLeak = 1

async def haunt():
    while True:
        sys.stdout.write("Bust!\\n")
        await asyncio.sleep(0.01)
asyncio.ensure_future(haunt())
# A forged result for every id a page could have picked, a moment later.
def forge():
    for k in range(200):
        js.postMessage(to_js({"type": "result", "id": k, "status": "ok", "stdout": "Bust!\\n",
                              "stderr": "", "ms": 1},
                             dict_converter=js.Object.fromEntries))
js.setTimeout(create_proxy(forge), 50)
js.setInterval(create_proxy(forge), 100)
sys.stdout.write("polluted\\n")
"""

WITNESS = """import builtins, collections, js, os, sys
seen = []
if builtins.print.__module__ != "builtins": seen.append("print")
if collections.Counter is None: seen.append("Counter")
if sys.modules.get("json", 0) is None: seen.append("json")
if sys.getrecursionlimit() < 100: seen.append("recursion")
if os.path.exists("/tmp/pixel-judge/leak"): seen.append("file")
if hasattr(js.globalThis, "pixelJudgeLeak"): seen.append("js global")
sys.stdout.write(" ".join(seen) or "clean")
"""


def test_state_from_one_run_is_invisible_to_the_next(app):
    choose_game(app, "byte_me")
    assert run(app, POLLUTER)["stdout"] == "polluted\n"
    # A right solution that takes a moment (a forged result would beat it), then a witness.
    slow = lookup({SAMPLE: ANSWER},
                  prelude="import time\nt = time.time()\nwhile time.time() - t < 0.5:\n    pass\n")
    judged = run(app, slow)
    assert (judged["verdict"], judged["stdout"]) == ("accepted", ANSWER)
    assert judged["ms"] >= 500
    witness = run(app, WITNESS)
    assert witness["stdout"] == "clean"


def test_a_flood_of_output_stops_at_the_limit_without_freezing_the_page(app):
    choose_game(app, "byte_me")
    app.fill("[data-testid=input]", SAMPLE)
    app.click("[data-testid=tool-solution]")
    wait_js(app, "document.querySelector('[data-testid=solution-editor]').shadowRoot")
    # 100 MB of output, 1 KB lines.
    flood = "import sys\nline = 'x' * 1023 + '\\n'\nfor _ in range(100 * 1024):\n    sys.stdout.write(line)\n"
    app.click("[data-testid=solution-code]")
    app.keyboard.press("Control+a")
    app.keyboard.insert_text(flood)
    app.fill("[data-testid=solution-limit]", "60")
    app.evaluate("""window.__longest = 0; window.__longTasks = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration); });
        window.__longTasks.observe({type: 'longtask'});""")
    app.click("[data-testid=solution-run]")
    wait_js(app, "!document.querySelector('[data-testid=solution-run]').disabled", 120_000)
    longest = app.evaluate("window.__longTasks.disconnect(), window.__longest")
    assert app.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "output"
    assert app.text_content("[data-testid=solution-verdict]").startswith("output limit exceeded")
    note = app.text_content("[data-testid=solution-stdout-note]")
    assert note == ("Output limit exceeded: the program wrote more than 64.0 MB and was stopped. "
                    "Showing the first and last 200 KB of what it wrote.")
    shown = app.text_content("[data-testid=solution-stdout]")
    assert len(shown) < 600_000 and shown.startswith("x" * 1023 + "\n") and "output limit exceeded" in shown
    assert longest <= 200, f"the main thread was blocked for {longest} ms"
    hooked = run(app, flood, limit_ms=60_000)
    assert (hooked["verdict"], hooked["stderr"]) == ("output", "output limit exceeded")
    assert hooked["stdout"].startswith("x" * 1023) and len(hooked["stdout"]) <= 256 * 1024
