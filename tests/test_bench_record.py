"""The bench's record: every run writes its figures to a file of its own (issue 34)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench  # noqa: E402 - beside this file, not a package


def test_each_run_writes_its_figures_to_a_new_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "RECORD", tmp_path / "bench-record")
    figures = {"lab": {"page_ms": 856.0, "cli_ms": 638.0}}
    first = bench.record(figures, ["--lab-only"])
    written = json.loads(first.read_text(encoding="utf-8"))
    assert written["figures"] == figures and written["options"] == ["--lab-only"]
    assert written["cpus"] and len(written["load"]) == 3 and first.name == f"{written['when']}.json"
    assert written["commit"] is None or len(written["commit"]) >= 7
    monkeypatch.setattr(bench.time, "gmtime", lambda: bench.time.struct_time((2030, 1, 2, 3, 4, 5, 2, 2, 0)))
    second = bench.record({"boot": {}}, [])
    assert second.name == "2030-01-02T030405Z.json" and first.exists() and first != second
