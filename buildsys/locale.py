"""The page's message catalogs and its pixel face for CJK text.

`dist/locale/<lang>.json`: the engines' catalog (`py_engines/locale/<lang>.json`, also in the
wheel, for the CLI and the bridge) merged with the page's (`web/locale/<lang>.json`, whose keys
all start with `ui.`), one file per language, so the page fetches one catalog per language.

`dist/fonts/unifont-cjk.woff2`: GNU Unifont's glyphs (UnifontEX 15.0.06 from the pinned npm
package `@fontsource/unifontex`, SIL OFL 1.1) subset by fontTools to exactly the characters
beyond ASCII that the catalogs of the CJK languages use; its licence goes beside it.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .config import ROOT, SOURCE, WEB, log, run
from .venv import ensure_venv

UNIFONT = WEB / "node_modules" / "@fontsource" / "unifontex"
UNIFONT_FILE = UNIFONT / "files" / "unifontex-latin-400-normal.woff2"
CJK_FONT = "fonts/unifont-cjk.woff2"
CJK_LICENCE = "fonts/unifont-cjk-LICENSE.txt"
CJK_LANGS = ("zh-CN",)
PAGE_PREFIX = "ui"


def languages() -> list[str]:
    """The languages both the engines and the page have a catalog for (they must agree)."""
    engine = sorted(p.stem for p in (SOURCE / "py_engines" / "locale").glob("*.json"))
    page = sorted(p.stem for p in (WEB / "locale").glob("*.json"))
    if engine != page:
        sys.exit(f"catalogs: the engines have {engine}, the page has {page}")
    return engine


def merged_catalog(lang: str) -> dict[str, Any]:
    """The engines' catalog of `lang` with the page's beside it."""
    engine = json.loads((SOURCE / "py_engines" / "locale" / f"{lang}.json").read_text(encoding="utf-8"))
    page = json.loads((WEB / "locale" / f"{lang}.json").read_text(encoding="utf-8"))
    if set(page) != {PAGE_PREFIX} or PAGE_PREFIX in engine:
        sys.exit(f"web/locale/{lang}.json must hold only '{PAGE_PREFIX}.' keys, which the engines never use")
    return {**engine, **page}


def leaves(tree: Any) -> list[str]:
    """Every text of a nested catalog."""
    if isinstance(tree, dict):
        return [text for value in tree.values() for text in leaves(value)]
    return [tree] if isinstance(tree, str) else []


def cjk_characters() -> str:
    """Every character beyond ASCII that a CJK language's catalog uses, sorted."""
    chars: set[str] = set()
    for lang in CJK_LANGS:
        for text in leaves(merged_catalog(lang)):
            chars.update(ch for ch in text if ord(ch) > 0x7E)
    return "".join(sorted(chars))


def write_catalogs(dist: Path) -> None:
    """dist/locale/<lang>.json (compact) and the CJK face with its licence."""
    out = dist / "locale"
    out.mkdir(exist_ok=True)
    for old in out.glob("*.json"):
        old.unlink()
    for lang in languages():
        text = json.dumps(merged_catalog(lang), ensure_ascii=False, separators=(",", ":"))
        (out / f"{lang}.json").write_text(text, encoding="utf-8")
    chars = cjk_characters()
    python = ensure_venv(("build",))
    (dist / "fonts").mkdir(exist_ok=True)
    run([str(python), "-m", "buildsys.font", str(UNIFONT_FILE), str(dist / CJK_FONT), chars],
        cwd=ROOT)
    licence = (UNIFONT / "LICENSE").read_text(encoding="utf-8")
    (dist / CJK_LICENCE).write_text(
        "unifont-cjk.woff2: a subset of UnifontEX 15.0.06 (a build of GNU Unifont's glyphs), from the\n"
        "npm package @fontsource/unifontex 5.2.6, subset by build.py to the characters of the site's\n"
        "Chinese catalogs.\n"
        "Copyright (c) 1998-2023 Roman Czyborra, Paul Hardy, Qianqian Fang, Andrew Miller, Johnnie\n"
        "Weaver, David Corbett, Nils Moskopp, Rebecca Bettencourt, Minseo Lee, stgiga, et al.\n"
        "Licensed under the SIL Open Font License, Version 1.1 (below).\n\n" + licence, encoding="utf-8")
    log(f"{CJK_FONT}: {len(chars)} characters, {(dist / CJK_FONT).stat().st_size} bytes")
