"""The judge files the page offers as samples (copied into the manifest)."""
from __future__ import annotations

import re

from .config import SAMPLE_PREFIXES, TEST_DATA


def samples(game: str) -> list[dict[str, str]]:
    folder = TEST_DATA / game
    found = []
    for prefix in SAMPLE_PREFIXES:
        for path in sorted(folder.glob(f"{prefix}*.in"), key=lambda p: _natural(p.stem)):
            found.append({"name": path.stem, "text": path.read_text(encoding="utf-8")})
    return found


def _natural(stem: str) -> list[object]:
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", stem)]


def game_dirs() -> list[str]:
    """The games that have judge files in tests/data/."""
    return sorted(p.name for p in TEST_DATA.iterdir() if p.is_dir()) if TEST_DATA.is_dir() else []
