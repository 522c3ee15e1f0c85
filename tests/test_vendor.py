"""The npm ES modules served as they are: the import map in the built page, its hash in
both CSPs, every bare import of a vendored module mapped, every package pinned."""
from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

DIST = Path(os.environ.get("PIXEL_JUDGE_DIST", build.DIST))
IMPORT = re.compile(r"""(?:^|[;\s}])(?:import|export)\b\s*"""
                    r"""(?:[\w*{}\s,$]+\s*from\s*)?["']([^"']+)["']""", re.M)


@pytest.fixture(scope="module")
def page() -> str:
    if not (DIST / "index.html").exists():
        pytest.skip("dist/ is not built")
    return (DIST / "index.html").read_text(encoding="utf-8")


def test_the_inline_import_map_is_allowed_by_its_hash_and_nothing_else_inline(page):
    maps = re.findall(r'<script type="importmap">(.*?)</script>', page, re.S)
    assert len(maps) == 1
    digest = "'sha256-%s'" % base64.b64encode(hashlib.sha256(maps[0].encode()).digest()).decode()
    assert digest == build.IMPORT_MAP_HASH
    meta = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1)
    runner = "'sha256-%s'" % base64.b64encode(hashlib.sha256(
        (build.WEB / "js" / "runner" / "frame.js").read_bytes()).digest()).decode()
    # The early script (web/js/early-solve.js), inlined by the build into the head, byte for byte.
    inline = re.findall(r"<script(?![^>]*\bsrc=)(?![^>]*importmap)[^>]*>(.*?)</script>", page, re.S)
    source = (build.WEB / "js" / "early-solve.js").read_text(encoding="utf-8")
    assert inline == [source]
    assert page.index(source) < page.index("<body")
    early = "'sha256-%s'" % base64.b64encode(hashlib.sha256(source.encode()).digest()).decode()
    for policy in (meta, build.CSP):
        script = next(p.strip() for p in policy.split(";") if p.strip().startswith("script-src"))
        # The import map, the early script and the runner frame's script (inlined into its
        # srcdoc frame): nothing else inline.
        assert script.split() == ["script-src", "'self'", "'wasm-unsafe-eval'", digest, early, runner]
        assert "unsafe-inline" not in policy


def test_every_mapped_module_is_served_and_its_bare_imports_are_mapped(page):
    found = re.search(r'<script type="importmap">(.*?)</script>', page, re.S)
    assert found is not None
    mapping = json.loads(found.group(1))["imports"]
    assert set(mapping) == set(build.VENDORED_NPM)
    for name, url in mapping.items():
        path = DIST / url.removeprefix("./")
        assert path.is_file(), name
        source = path.read_text(encoding="utf-8")
        for spec in IMPORT.findall(source):
            if not spec.startswith("."):
                assert spec in mapping, f"{name} imports {spec!r}, which the import map lacks"


def test_every_vendored_package_is_pinned_in_the_lock_file():
    lock = json.loads((build.WEB / "package-lock.json").read_text())["packages"]
    package = json.loads((build.WEB / "package.json").read_text())
    # The page's own packages, and the tools that check it (devDependencies: tsc, ESLint, madge).
    direct = {**package["dependencies"], **package["devDependencies"]}
    # Exact versions only (a pre-release such as @yowasp/clang's 22.0.0-git20542-10 is exact too).
    exact = re.compile(r"\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?")
    assert all(exact.fullmatch(v) for v in direct.values()), direct
    for name in build.VENDORED_NPM:
        entry = lock[f"node_modules/{name}"]
        assert entry["version"] and entry["integrity"].startswith("sha512-"), name
