"""The C++ pipeline under Node with the site's own modules (dist/js/cpp/): the
compiler driver the compiler worker runs (YoWASP's clang++, the flags, our
<bits/stdc++.h>, the precompiled header) and the runner's WASI code (the shim,
stdin/stdout, the output cap, exit codes, traps, the import check).  One Node
process compiles every program once; the browser tests (tests/e2e/) prove the
same code in the page.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from buildsys import bundle  # noqa: E402
from buildsys.cpp import (AMORTISED_WRITE, CLANG, DRIVER, SLOW_WRITE, TOOLCHAIN_DIR,  # noqa: E402
                          TOOLCHAIN_FILES, WASI_WORKER, patched_driver)

DIST = Path(os.environ.get("PIXEL_JUDGE_DIST", build.DIST))
PROGRAMS = ROOT / "tests" / "cpp"
SMALL_LIMIT = 1_000_000   # bytes of stdout in the flood run (the real cap is 64 MB)
ENDLESS_LIMIT_MS = 300
DATA = ROOT / "tests" / "data"

IDIOMS_INPUT = "123456789012 987654321098\n5\n5 3 9 3 1\n"
BEHAVIOURS = ["sum 1 2 3 40", "div0", "oob", "abort", "exit3", "return5", "assert", "thread",
              "stderr", "deep 10000", "bigstack", "alloc"]


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    if not (DIST / "js" / "cpp" / "clang-driver.js").exists():
        pytest.skip("dist/ is not built")
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    # The site's (patched) compiler driver, beside the toolchain files it reads under Node.
    driver = tmp_path_factory.mktemp("clang")
    shutil.copy2(DIST / "vendor" / "@yowasp" / "clang" / "gen" / "bundle.js", driver / "bundle.js")
    for name in TOOLCHAIN_FILES:
        (driver / name).symlink_to(DIST / TOOLCHAIN_DIR / name)
    sources = {name: (PROGRAMS / f"{name}.cpp").read_text(encoding="utf-8")
               for name in ("idioms", "idioms_plain", "behaviours", "throws", "syntax_error",
                            "link_error", "foreign_import", "endless", "kalah")}
    # The same source as idioms, but not starting with <bits/stdc++.h>: no precompiled header.
    sources["idioms_no_pch"] = "#define PIXEL_JUDGE_TEST 1\n" + sources["idioms"]
    runs = [{"program": "idioms", "input": IDIOMS_INPUT},
            {"program": "idioms_no_pch", "input": IDIOMS_INPUT},
            {"program": "idioms_plain", "input": "7 3\n"},
            {"program": "foreign_import", "input": ""},
            {"program": "behaviours", "input": "flood", "outputLimit": SMALL_LIMIT}]
    runs += [{"program": "behaviours", "input": mode} for mode in BEHAVIOURS]
    runs += [{"program": "endless", "input": mode, "timeLimitMs": ENDLESS_LIMIT_MS,
              "outputLimit": SMALL_LIMIT} for mode in ("loop", "calls", "print")]
    runs += [{"program": "kalah", "input": (DATA / "kalah" / "gen-rules-1.in").read_text()}]
    limits = {"timeMs": 2000, "outputBytes": SMALL_LIMIT}
    worker_runs = [{"program": "behaviours", "input": mode, "limits": limits}
                   for mode in ("sum 5 6", "div0", "flood", "exit3")]
    worker_runs += [{"program": "foreign_import", "input": "", "limits": limits},
                    {"program": "endless", "input": "loop", "expectSilence": True,
                     "limits": {"timeMs": ENDLESS_LIMIT_MS, "outputBytes": SMALL_LIMIT}}]
    done = subprocess.run(["node", str(PROGRAMS / "pipeline.mjs"), str(DIST), str(driver / "bundle.js")],
                          input=json.dumps({"compile": sources, "runs": runs, "workerRuns": worker_runs}),
                          text=True,
                          capture_output=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def run_of(pipeline: dict[str, Any], program: str, first_word: str = "") -> dict[str, Any]:
    return next(r for r in pipeline["runs"] if r["program"] == program
                and r["input"].split(" ")[0] == (first_word or r["input"].split(" ")[0]))


def test_contest_idioms_compile_and_print_what_gcc_prints(pipeline):
    compiled = pipeline["compiled"]["idioms"]
    assert compiled["ok"], compiled["log"]
    assert compiled["log"] == ""   # the GCC pragmas are ignored without a word
    run = run_of(pipeline, "idioms")
    # 123456789012 * 987654321098 needs __int128; popcount(123456789012) = 18.
    assert 123456789012 * 987654321098 == 121932631136585886175176
    assert run["status"] == "ok"
    assert run["stdout"] == "121932631136585886175176 18 6 9\n1 9 4\n3.142\n"


def test_the_precompiled_header_changes_nothing_but_the_time(pipeline):
    with_pch, without = pipeline["compiled"]["idioms"], pipeline["compiled"]["idioms_no_pch"]
    assert with_pch["pch"] is True and without["pch"] is False
    assert pipeline["pchBytes"] > 1_000_000
    assert run_of(pipeline, "idioms_no_pch")["stdout"] == run_of(pipeline, "idioms")["stdout"]
    assert with_pch["bytes"] == without["bytes"]


def test_single_headers_compile_without_the_precompiled_one(pipeline):
    compiled = pipeline["compiled"]["idioms_plain"]
    assert compiled["ok"] and compiled["pch"] is False
    assert run_of(pipeline, "idioms_plain")["stdout"] == "3 7 8\n"


def test_every_program_gets_fuel_checks_and_stays_valid(pipeline):
    for name, compiled in pipeline["compiled"].items():
        if compiled["ok"]:
            assert compiled["fuel"] is True and compiled["valid"] is True, name
            assert "pixel_judge.tick" in compiled["imports"], name


def test_a_fuelled_program_still_prints_the_judge_answer(pipeline):
    run = run_of(pipeline, "kalah")
    assert run["status"] == "ok"
    assert run["stdout"] == (DATA / "kalah" / "gen-rules-1.ans").read_text()


@pytest.mark.parametrize("mode", ["loop", "calls", "print"])
def test_an_endless_program_stops_itself_at_the_time_limit(pipeline, mode):
    run = run_of(pipeline, "endless", mode)
    assert run["status"] == "time", run
    assert run["message"] == f"time limit exceeded: stopped after {ENDLESS_LIMIT_MS} ms"
    assert ENDLESS_LIMIT_MS <= run["ms"] <= ENDLESS_LIMIT_MS + 2000   # a tick comes every few ms
    assert "done" not in str(run["stdout"])


def test_a_program_imports_only_wasi_functions_the_shim_has(pipeline):
    script = "const m = await import(process.argv[1]); console.log(JSON.stringify(m.WASI_FUNCTIONS));"
    shim = subprocess.run(["node", "--input-type=module", "-e", script,
                           (DIST / "js" / "cpp" / "wasi-run.js").as_uri()],
                          capture_output=True, text=True, check=True)
    provided = set(json.loads(shim.stdout))
    for name in ("idioms", "behaviours", "idioms_plain"):
        imports = set(pipeline["compiled"][name]["imports"]) - {"pixel_judge.tick"}
        assert imports and all(i.startswith("wasi_snapshot_preview1.") for i in imports), imports
        assert {i.split(".", 1)[1] for i in imports} <= provided


def test_a_module_with_another_import_is_refused_before_it_runs(pipeline):
    assert "env.reach_the_page" in pipeline["compiled"]["foreign_import"]["imports"]
    run = run_of(pipeline, "foreign_import")
    assert run["status"] == "refused"
    assert "env.reach_the_page" in run["message"]
    assert run["stdout"] == ""   # never instantiated, so "reached" was never printed


def test_stdin_is_the_input_and_exit_zero_is_ok(pipeline):
    run = run_of(pipeline, "behaviours", "sum")
    assert (run["status"], run["exitCode"], run["stdout"]) == ("ok", 0, "46\n")


@pytest.mark.parametrize("mode, code, stdout", [("exit3", 3, "partial\n"), ("return5", 5, "")])
def test_a_non_zero_exit_is_reported_with_its_code_and_flushed_output(pipeline, mode, code, stdout):
    run = run_of(pipeline, "behaviours", mode)
    assert (run["status"], run["exitCode"], run["stdout"]) == ("exit", code, stdout)
    assert run["message"] == f"exit code {code}"


@pytest.mark.parametrize("mode, words", [
    ("div0", "integer division by zero"),
    ("oob", "out-of-bounds memory access"),
    ("abort", "the program aborted"),
])
def test_a_trap_is_an_error_named_in_plain_words(pipeline, mode, words):
    run = run_of(pipeline, "behaviours", mode)
    assert run["status"] == "error" and run["exitCode"] is None
    assert run["message"].startswith(words), run["message"]


def test_a_failed_assert_says_which(pipeline):
    run = run_of(pipeline, "behaviours", "assert")
    assert run["status"] == "error"
    assert "Assertion failed: zero == 1" in run["stderr"]
    line = next(n for n, text in enumerate((PROGRAMS / "behaviours.cpp").read_text().splitlines(), 1)
                if "assert(zero == 1)" in text)
    assert run["message"] == f"assertion failed on line {line}: zero == 1"


def test_std_thread_is_a_clear_runtime_error(pipeline):
    run = run_of(pipeline, "behaviours", "thread")
    assert run["status"] == "error"
    assert run["message"].startswith("std::thread is not supported"), run["message"]
    assert "joined" not in run["stdout"]


def test_running_out_of_memory_is_named(pipeline):
    run = run_of(pipeline, "behaviours", "alloc")
    assert run["status"] == "memory"   # a bad_alloc is the memory verdict (issue 31)
    assert run["message"].startswith("out of memory"), run["message"]


def test_deep_recursion_and_a_big_stack_frame_work(pipeline):
    assert run_of(pipeline, "behaviours", "deep")["stdout"] == "10000\n"
    assert run_of(pipeline, "behaviours", "bigstack")["stdout"] == "2\n"


def test_stdout_past_the_cap_is_output_limit_exceeded(pipeline):
    run = run_of(pipeline, "behaviours", "flood")
    assert run["status"] == "output"
    assert run["message"].startswith("output limit exceeded")
    kept = run["stdout"]
    assert kept["length"] == SMALL_LIMIT   # kept up to the byte
    assert kept["head"].startswith("spam spam")


def test_stderr_keeps_its_first_megabyte_and_says_what_it_dropped(pipeline):
    run = run_of(pipeline, "behaviours", "stderr")
    assert run["status"] == "ok" and run["stdout"] == "done\n"
    err = run["stderr"]
    assert err["head"].startswith("debug line 0\ndebug line 1\n")
    assert err["tail"].rstrip().endswith("bytes of stderr dropped]")
    written = sum(len(f"debug line {i}\n") for i in range(200_000))
    dropped = int(err["tail"].rsplit("[", 1)[1].split(" ")[0])
    assert dropped == written - 1024 * 1024


def test_exceptions_get_a_compile_verdict_in_plain_words(pipeline):
    compiled = pipeline["compiled"]["throws"]
    assert not compiled["ok"]
    assert "solution.cpp:5:18: error: cannot use 'throw' with exceptions disabled" in compiled["log"]
    errors = [d for d in compiled["diagnostics"] if d["severity"] == "error"]
    assert [(d["line"], d["column"]) for d in errors] == [(5, 18), (10, 3)]
    assert compiled["summary"].startswith("line 5, column 18: exceptions (try, throw, catch) are not "
                                          "supported by the browser's C++ compiler")
    assert "command line" in compiled["summary"]


def test_a_syntax_error_names_its_line_and_column(pipeline):
    compiled = pipeline["compiled"]["syntax_error"]
    assert not compiled["ok"]
    assert compiled["diagnostics"][0] == {"severity": "error", "line": 6, "column": 15,
                                          "message": "expected ';' after expression"}
    assert compiled["summary"] == "line 6, column 15: expected ';' after expression"


def test_a_link_error_names_the_missing_function(pipeline):
    compiled = pipeline["compiled"]["link_error"]
    assert not compiled["ok"]
    assert compiled["summary"] == "link error: undefined symbol: helper(int)"


def worker_run(pipeline: dict[str, Any], program: str, first_word: str = "") -> list[dict[str, Any]]:
    found = next(r for r in pipeline["workerRuns"] if r["program"] == program
                 and r["input"].split(" ")[0] == (first_word or r["input"].split(" ")[0]))
    messages: list[dict[str, Any]] = found["messages"]
    assert messages[0] == {"type": "ready", "files": {}, "snapshot": None,
                           "phases": messages[0]["phases"]}
    return messages[1:]


def test_the_runner_worker_speaks_the_runner_protocol(pipeline):
    started, result = worker_run(pipeline, "behaviours", "sum")
    assert started["type"] == "started" and result["type"] == "result"
    assert 0 < started["at"] <= result["at"]
    fields = ("status", "exitCode", "stdout", "stderr", "stdoutBytes", "stdoutTail")
    assert {k: result[k] for k in fields} == \
        {"status": "ok", "exitCode": 0, "stdout": "11\n", "stderr": "", "stdoutBytes": 3, "stdoutTail": ""}
    _, exited = worker_run(pipeline, "behaviours", "exit3")
    assert (exited["status"], exited["exitCode"], exited["stdout"]) == ("exit", 3, "partial\n")


def test_the_runner_worker_ends_stderr_with_the_reason_of_a_runtime_error(pipeline):
    _, trap = worker_run(pipeline, "behaviours", "div0")
    assert trap["status"] == "error" and trap["exitCode"] is None
    assert trap["stderr"].startswith("runtime error: integer division by zero")
    _, refused = worker_run(pipeline, "foreign_import")
    assert refused["status"] == "error"
    assert "runtime error: the program imports env.reach_the_page" in refused["stderr"]


def test_the_runner_worker_stops_at_the_output_limit_with_both_ends(pipeline):
    _, result = worker_run(pipeline, "behaviours", "flood")
    assert result["status"] == "output" and result["stdoutBytes"] == SMALL_LIMIT
    line = "spam spam spam spam spam spam spam\n"
    assert result["stdout"]["head"].startswith(line) and result["stdout"]["length"] == 256 * 1024
    assert result["stdoutTail"]["length"] == 256 * 1024
    whole = (line * (SMALL_LIMIT // len(line) + 1))[:SMALL_LIMIT]
    assert result["stdoutTail"]["tail"] == whole[-2000:]


def test_the_runner_worker_leaves_the_time_verdict_to_the_runner(pipeline):
    messages = worker_run(pipeline, "endless", "loop")
    assert [m["type"] for m in messages] == ["started"]   # it stopped itself, and said nothing more


def test_the_driver_fix_replaces_exactly_the_quadratic_write():
    original = (CLANG / DRIVER).read_text(encoding="utf-8")
    fixed = patched_driver(original)
    assert SLOW_WRITE in original and SLOW_WRITE not in fixed
    assert fixed.count("Pixel Judge build fix") == 1
    assert len(fixed) - len(original) == len(AMORTISED_WRITE) - len(SLOW_WRITE)
    with pytest.raises(SystemExit):
        patched_driver(original.replace(SLOW_WRITE, SLOW_WRITE.replace("newData", "buffer")))


def test_the_toolchain_files_are_listed_with_their_hashes():
    script = DIST / "js" / "cpp" / "toolchain-files.js"
    if not script.exists():
        pytest.skip("dist/ is not built")
    text = script.read_text(encoding="utf-8")
    info = json.loads(text.split("export const TOOLCHAIN = ", 1)[1].rsplit(";", 1)[0])
    assert set(info["files"]) == set(TOOLCHAIN_FILES)
    for name, entry in info["files"].items():
        path = DIST / entry["url"]
        assert path.stat().st_size == entry["bytes"]
        assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"]
        assert entry["br"] == (path.with_name(name + ".br").stat().st_size
                               if path.with_name(name + ".br").exists() else entry["bytes"])


def _site(tmp_path: Path, files: dict[str, str], monkeypatch: Any) -> Path:
    site = tmp_path / "site"
    for name, text in files.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text, encoding="utf-8")
    monkeypatch.setattr(bundle, "CACHE", tmp_path / "cache")
    return site


def test_link_script_makes_one_script_of_every_import_shape(tmp_path, monkeypatch):
    site = _site(tmp_path, {
        "js/lib/defs.js": "export const A=1;export class B{}export function f(){return 2}",
        "js/lib/more.js": 'export * from "./defs.js";export default function () { return 4; }',
        "js/lib/main.js": 'import*as defs from"./defs.js";import{f as g}from"./defs.js";'
                          'import four from"./more.js";'
                          "let Thing=class Thing{v(){return defs.A+g()+four()}};export{Thing as default};"
                          "export async function h(){}",
        "js/lib/effect.js": "globalThis.order = (globalThis.order || []).concat('effect');\n",
        "js/entry.js": 'import "./lib/effect.js";\nimport Thing, { h } from "./lib/main.js";\n'
                       'import "./lib/effect.js";\n'
                       "// import { nothing } from \"./nowhere.js\" is only a comment\n"
                       "globalThis.order = globalThis.order.concat('entry');\n"
                       "globalThis.out = [new Thing().v(), typeof h, globalThis.order];\n"}, monkeypatch)
    bundle.link_script(site, "js/entry.js", "linked for the test", self_contained=True)
    script = (site / "js" / "entry.js").read_text(encoding="utf-8")
    assert script.startswith("// linked for the test\n")
    assert script.count("globalThis.order = (globalThis.order") == 1
    done = subprocess.run(["node", "-e", script + "\nconsole.log(JSON.stringify(globalThis.out));"],
                          capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == [7, "function", ["effect", "entry"]]
    # The sources it linked are left as they were.
    assert (site / "js" / "lib" / "main.js").read_text(encoding="utf-8").startswith("import*as defs")


def test_link_script_keeps_each_modules_address_and_the_imports_it_is_told_to_leave(tmp_path, monkeypatch):
    # The engine worker's shape: a module in another folder finds a file from its own address;
    # the runtime's script is imported at run time, from beside the worker.
    site = _site(tmp_path, {
        "js/lib/meta.js": 'export const here = new URL("./data.txt", import.meta.url).href;\n'
                          'export const later = () => import("../engine/runtime.mjs");\n',
        "js/engine/runtime.mjs": "export const runtime = 'runtime';\n",
        "js/engine/entry.js": 'import { here, later } from "../lib/meta.js";\n'
                              "const { runtime } = await later();\n"
                              "console.log(JSON.stringify([here, runtime]));\n"}, monkeypatch)
    bundle.link_script(site, "js/engine/entry.js", "linked", externals=("*/runtime.mjs",))
    script = (site / "js" / "engine" / "entry.js").read_text(encoding="utf-8")
    assert 'import("../engine/runtime.mjs")' in script and "./data.txt" in script
    (site / "js" / "engine" / "entry.mjs").write_text(script, encoding="utf-8")
    done = subprocess.run(["node", str(site / "js" / "engine" / "entry.mjs")], capture_output=True, text=True,
                          check=True)
    assert json.loads(done.stdout) == [(site / "js" / "lib" / "data.txt").as_uri(), "runtime"]
    # A script that must import nothing (a data: URL's) stops the build if an import is left.
    with pytest.raises(SystemExit, match="an import is left"):
        bundle.link_script(site, "js/lib/meta.js", "linked", externals=("*/runtime.mjs",),
                           self_contained=True)


def test_the_wasi_worker_is_one_script_that_imports_nothing():
    script = DIST / WASI_WORKER
    if not script.exists():
        pytest.skip("dist/ is not built")
    text = script.read_text(encoding="utf-8")
    assert not bundle._IMPORTS.search(text)
    shim = "vendor/@bjorn3/browser_wasi_shim/dist/wasi.js"
    for module in ("js/cpp/wasi-run.js", "js/cpp/fuel-abi.js", shim):
        assert f"// {module}\n" in text, module


