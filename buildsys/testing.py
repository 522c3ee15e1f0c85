"""`build.py test` and `build.py bench`: the pinned .venv, Debian's Chromium, lint and the suite."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from .config import CHROMIUM, DIST, ROOT, WEB, log, run
from .site import build, npm_install
from .venv import ensure_venv


# Debian's browsers the suite drives, by the file each package installs: Chromium
# (Playwright), WebKitGTK's WebDriver with its MiniBrowser and Firefox ESR (the
# cross-browser set, tests/xb/), and Xvfb, the X display MiniBrowser needs.
BROWSERS = {CHROMIUM: "chromium", "/usr/bin/WebKitWebDriver": "webkit2gtk-driver",
            "/usr/bin/firefox-esr": "firefox-esr", "/usr/bin/Xvfb": "xvfb"}


def ensure_browsers(paths: tuple[str, ...] = tuple(BROWSERS)) -> None:
    """Installs (apt-get) the Debian packages behind the missing `paths`: Playwright,
    Selenium and Marionette cannot download a browser here."""
    missing = [BROWSERS[p] for p in paths if not Path(p).exists()]
    if not missing:
        return
    if shutil.which("apt-get") is None:
        sys.exit(f"{', '.join(missing)} missing and apt-get is not available to install them")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run([*sudo, "apt-get", "update", "-qq"], env=env)
    run([*sudo, "apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing], env=env)


def ensure_chromium() -> None:
    """Debian's Chromium: Playwright cannot download its own browser here."""
    ensure_browsers((CHROMIUM,))


def lint(python: Path) -> int:
    """ruff, then mypy --strict (both configured in pyproject.toml); non-zero on a finding."""
    for cmd in ([str(python), "-m", "ruff", "check"], [str(python), "-m", "mypy"]):
        log(" ".join(cmd))
        code = subprocess.run(cmd, cwd=ROOT).returncode
        if code:
            return code
    return 0


# The page's checks, with the tools pinned in web/package.json's devDependencies:
# no import circle in web/js/ (madge); the types (tsc --checkJs: the page against the
# DOM library, tsconfig.json; the workers against the WebWorker library,
# tsconfig.worker.json); ESLint's recommended rules (eslint.config.mjs).
JS_CHECKS = [
    ["madge", "--circular", "--no-spinner", "--extensions", "js", "js", "sw.js"],
    ["tsc", "-p", "tsconfig.json"],
    ["tsc", "-p", "tsconfig.worker.json"],
    ["eslint", "--max-warnings", "0", "."],
]


def lint_js() -> int:
    """The page's checks (JS_CHECKS, run in web/); non-zero on any finding."""
    npm_install()
    for tool, *args in JS_CHECKS:
        cmd = [str(WEB / "node_modules" / ".bin" / tool), *args]
        log(" ".join([tool, *args]))
        code = subprocess.run(cmd, cwd=WEB).returncode
        if code:
            log(f"{tool} failed (exit {code}): fix its findings above")
            return code
    return 0


def test(pytest_args: list[str]) -> int:
    python = ensure_venv()
    code = lint(python) or lint_js()
    if code:
        return code
    ensure_browsers()
    build()
    env = dict(os.environ, PIXEL_JUDGE_DIST=str(DIST), PIXEL_JUDGE_QUIET="1")
    cmd = [str(python), "-m", "pytest", *(pytest_args or ["tests"])]
    log(" ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT, env=env).returncode


# ----------------------------------------------------------------------------- bench

def bench(args: list[str]) -> int:
    python = ensure_venv()
    ensure_chromium()
    build()
    env = dict(os.environ, PIXEL_JUDGE_DIST=str(DIST), PIXEL_JUDGE_QUIET="1")
    return subprocess.run([str(python), str(ROOT / "tests" / "bench.py"), *args],
                          cwd=ROOT, env=env).returncode
