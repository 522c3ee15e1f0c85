"""Show me on the stage (issue 33) in WebKit and Firefox (and Chromium, the set's third):
a Byte Me! solution that reads "certainly won" as strictly greater, typed with real keys,
is judged wrong by Run & check; "Show me on the stage" (`solution-show`) puts the stage at
the case and step the hook's `scene` names, with its banner; stress shrinks its failing
input to one data set and names that input's scene.  The solution and its scene come from
tests/e2e/scene_cases.py.  Run with `-k webkit` or `-k firefox` for one engine."""
from __future__ import annotations

import base64
import sys
from pathlib import Path

# The set's fixtures (one booted browser per engine), shared with test_xb.py.
from test_xb import (b, booted, open_solution_tool, run_and_check, site, type_code,  # noqa: F401
                     whole_set, xvfb)
from xb_drivers import Driver

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
from scene_cases import BYTE_ME_STRICT, byte_me_input, byte_me_strict_scene  # noqa: E402

SHOWN = "!document.querySelector('[data-testid=solution-scene-banner]').hidden"


def one_line(code: str) -> str:
    """The program as one line the editor takes key by key (no auto-indent, no brackets to
    close inside it)."""
    return f'import base64;exec(base64.b64decode("{base64.b64encode(code.encode()).decode()}"))'


def test_show_me_on_the_stage_puts_the_stage_at_the_scene(b: Driver) -> None:  # noqa: F811
    text, (case, step) = byte_me_input()
    open_solution_tool(b, "byte_me")
    b.js("const t = document.querySelector('[data-testid=input]'); t.value = arguments[0];"
         " t.dispatchEvent(new Event('input', {bubbles: true}));", text)
    type_code(b, one_line(BYTE_ME_STRICT))
    run_and_check(b)
    assert b.js("return document.querySelector('[data-testid=solution-verdict]').dataset.verdict;") == "wrong"
    b.click("[data-testid=solution-show]")
    state = b.wait(f"{SHOWN} && pixelJudge.state().step === {step} && pixelJudge.state()", 120)
    assert (state["game"], state["case"], state["step"]) == ("byte_me", case, step)
    words = b.js("return document.querySelector('[data-testid=solution-scene-banner]').textContent;")
    assert f"Case {case + 1}, step {step}" in words and "The judge's: Win!" in words
    scene = b.js_async("const done = arguments[arguments.length - 1];"
                       " pixelJudge.runSolution(arguments[0], arguments[1], {timeLimitMs: 20000})"
                       ".then((r) => done(r.scene), (e) => done(String(e)));", BYTE_ME_STRICT, text,
                       timeout_s=300)
    assert scene == {"case": case, "step": step}
    b.click("[data-testid=solve]")
    b.wait("document.querySelector('[data-testid=solution-scene-banner]').hidden"
           " && !pixelJudge.state().solving", 120)


def test_stress_names_the_scene_of_its_shrunk_input(b: Driver) -> None:  # noqa: F811
    open_solution_tool(b, "byte_me")
    failing = b.js_async("const done = arguments[arguments.length - 1];"
                         " pixelJudge.stress(arguments[0], {count: 60, seed: 1, timeLimitMs: 20000})"
                         ".then((r) => done(r.failing), (e) => done(String(e)));", BYTE_ME_STRICT,
                         timeout_s=900)
    assert isinstance(failing, dict) and failing["verdict"] == "wrong", failing
    assert failing["input"].count("START") == 1
    case, step = byte_me_strict_scene(failing["input"]) or (None, None)
    assert failing["scene"] == {"case": case, "step": step}
