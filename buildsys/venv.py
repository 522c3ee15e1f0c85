"""The project's .venv with the pinned packages of the test and build groups."""
from __future__ import annotations

import sys
from pathlib import Path

from .config import ROOT, VENV, run, tool_requirements


def test_requirements() -> list[str]:
    import tomllib
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [str(r) for r in data["project"]["optional-dependencies"]["test"]]


def venv_requirements(groups: tuple[str, ...]) -> list[str]:
    """The pinned packages of the .venv groups: "test" (pytest, Playwright), "build" (brotli)."""
    reqs = test_requirements() if "test" in groups else []
    return reqs + (tool_requirements("build") if "build" in groups else [])


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv(groups: tuple[str, ...] = ("test", "build")) -> Path:
    """A .venv with the pinned packages of `groups` (installed when missing or changed)."""
    reqs = venv_requirements(groups)
    stamp = VENV / ".pixel-judge-requirements"
    if not venv_python().exists():
        run([sys.executable, "-m", "venv", str(VENV)])
    have = stamp.read_text().splitlines() if stamp.exists() else []
    if not set(reqs) <= set(have):
        run([str(venv_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             *reqs])
        stamp.write_text("\n".join(sorted(set(reqs) | {r for r in have if r.split("=")[0] not in
                                                        {q.split("=")[0] for q in reqs}})))
    return venv_python()
