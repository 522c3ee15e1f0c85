"""The C++ path's reasons in the reader's language (issue 24).

The runner's WASI code (js/cpp/wasi-run.js, in the opaque frame, which has no catalogs),
the compile summary (js/cpp/diagnostics.js) and the toolchain's download (js/cpp/toolchain.js)
give each reason twice: in English (the hook, the CLI-like consumers, tests that read it) and
as a catalog message, which the page words.  tests/cpp_i18n.mjs makes every kind of reason with
the site's own modules (no compiler: hand-written logs, hand-assembled modules, a stubbed
fetch); here each message is rendered with i18next and the page's catalogs: its English is
byte for byte the English text, its Chinese is Chinese, with no Latin word but code, names
and the parameters.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any, Iterator

import pytest

from py_engines.i18n import flatten

from test_i18n import CJK, ZH_KEEPS_LATIN  # tests/ is on the path (pytest puts it there)

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
DIST = Path(os.environ.get("PIXEL_JUDGE_DIST", ROOT / "dist"))
CATALOGS = {lang: json.loads((WEB / "locale" / f"{lang}.json").read_text(encoding="utf-8"))
            for lang in ("en", "zh-CN")}
KEYS = {lang: dict(flatten(tree)) for lang, tree in CATALOGS.items()}
# The modules whose reasons the Node script makes (compiler.js's need a Worker: not here).
MADE_BY = ("wasi-run.js", "diagnostics.js", "toolchain.js", "compiler-limits.js")


def _node(script: str, *args: str, stdin: str = "") -> Any:
    done = subprocess.run(["node", "--no-warnings", str(ROOT / "tests" / script), *args], input=stdin,
                          capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def made() -> dict[str, Any]:
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    if not (DIST / "js" / "cpp" / "wasi-run.js").exists() or not (DIST / "vendor" / "@bjorn3").is_dir():
        pytest.skip("dist/ is not built")
    if not (WEB / "node_modules" / "i18next").is_dir():
        pytest.skip("web/node_modules is not installed")
    found: dict[str, Any] = _node("cpp_i18n.mjs", str(DIST))
    cases = [{"lng": lang, "msg": w["msg"]} for lang in ("en", "zh-CN") for w in found["words"]]
    texts = _node("i18n_render.mjs", stdin=json.dumps({"catalogs": CATALOGS, "cases": cases}))
    count = len(found["words"])
    for k, word in enumerate(found["words"]):
        word["en"], word["zh"] = texts[k], texts[count + k]
    return found


def _ids(msg: dict[str, Any]) -> Iterator[str]:
    yield msg["id"]
    for value in msg.get("params", {}).values():
        if isinstance(value, dict):
            yield from _ids(value)


def _texts(msg: dict[str, Any]) -> Iterator[str]:
    """The texts a message is given (the program's, the compiler's, the browser's words)."""
    for value in msg.get("params", {}).values():
        if isinstance(value, dict):
            yield from _texts(value)
        else:
            yield str(value)


def test_every_reason_has_a_catalog_message_whose_english_is_its_text(made):
    assert len(made["words"]) >= 25
    for word in made["words"]:
        for key in _ids(word["msg"]):
            assert key == "raw" or (key in KEYS["en"] and key in KEYS["zh-CN"]), (word["where"], key)
        assert word["en"] == word["message"], word["where"]


def test_every_reason_reads_as_chinese_with_only_code_left_in_latin(made):
    for word in made["words"]:
        if set(_ids(word["msg"])) == {"raw"}:
            assert word["zh"] == word["message"]     # the browser's own words, in no catalog
            continue
        zh = word["zh"]
        assert CJK.search(zh) and zh != word["en"], (word["where"], zh)
        for text in sorted(_texts(word["msg"]), key=len, reverse=True):
            zh = zh.replace(text, " ")
        latin = set(re.findall(r"[A-Za-z][A-Za-z0-9]{3,}", zh))
        assert latin <= ZH_KEEPS_LATIN, (word["where"], latin - ZH_KEEPS_LATIN)


def test_every_reason_the_modules_can_give_is_made_here(made):
    """A new reason in these modules without a case in cpp_i18n.mjs fails here."""
    covered = {key for word in made["words"] for key in _ids(word["msg"])}
    named = set()
    for name in MADE_BY:
        named |= set(re.findall(r"""["'](ui\.cpp\.[a-z0-9_.]+)["']""",
                                (WEB / "js" / "cpp" / name).read_text(encoding="utf-8")))
    assert len(named) >= 20
    assert sorted(named - covered) == []


def test_the_page_believes_only_the_runners_own_messages(made):
    # A reason of the runner, a raw text; then another catalog's key, a nested message, a
    # text too long, no parameters, no object: refused.
    assert made["whys"] == [{"id": "ui.cpp.run.div_zero", "params": {"detail": "divide by zero"}},
                            {"id": "raw", "params": {"text": "a trap"}}, None, None, None, None, None]


def test_the_runtime_error_line_the_page_rewords_is_the_one_the_worker_writes():
    worker = (WEB / "js" / "cpp" / "wasi-worker.js").read_text(encoding="utf-8")
    box = (WEB / "js" / "tools" / "cpp-box.js").read_text(encoding="utf-8")
    assert "runtime error: ${result.message}\\n`" in worker
    assert 'lastIndexOf("runtime error: ")' in box
    assert KEYS["en"]["ui.cpp.runtime_error"] == "runtime error: {{reason}}"
