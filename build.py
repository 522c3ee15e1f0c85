#!/usr/bin/env python3
"""Build, serve, test and benchmark Pixel Judge.

    python3 build.py            build the engine wheel and assemble the static site in dist/
    python3 build.py serve      build, then serve dist/ on http://127.0.0.1:8000 (COOP/COEP/CSP headers)
    python3 build.py test       set everything up (.venv, npm ci, Chromium) and run the whole test suite
    python3 build.py bench      print the benchmark figures (CPython and headless Chromium)

Only the standard library is used here, so the commands work on a fresh machine
with Python 3.11+, Node 20 and npm.  The steps live in buildsys/, one module per
concern: config (paths and pins), wheel, lock, stdlib, samples, site, compress,
headers, serve, venv and testing (test and bench).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

# The names other scripts and the tests use as `build.X`.
from buildsys.config import (CACHE, CHROMIUM, CHROMIUM_FLAGS, DIST, ENGINE_STDLIB,
                             IMPORT_MAP_HASH, LOCK_NAME, RUNTIME_LOCK, SOURCE, TEST_DATA,
                             VENDORED_NPM, VENDORED_WHEELS, WEB, sha256)
from buildsys.headers import CSP, SECURITY_HEADERS
from buildsys.lock import ensure_lock_tool, lock_add_wheels
from buildsys.samples import samples
from buildsys.serve import SiteHandler, accepted_encodings, make_server, serve
from buildsys.site import build, write_service_worker
from buildsys.testing import bench, test
from buildsys.wheel import build_wheel

__all__ = ["CACHE", "CHROMIUM", "CHROMIUM_FLAGS", "CSP", "DIST", "ENGINE_STDLIB", "IMPORT_MAP_HASH",
           "LOCK_NAME", "RUNTIME_LOCK", "SECURITY_HEADERS", "SOURCE", "TEST_DATA", "VENDORED_NPM",
           "VENDORED_WHEELS", "WEB", "SiteHandler", "accepted_encodings", "bench", "build",
           "build_wheel", "ensure_lock_tool", "lock_add_wheels", "make_server", "samples", "serve",
           "sha256", "test", "write_service_worker"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build",
                        choices=["build", "serve", "test", "bench", "compress"])
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    args, rest = parser.parse_known_args()
    if args.command == "build":
        build()
        return 0
    if args.command == "compress":   # internal: build() runs this inside .venv (needs brotli)
        from buildsys.compress import compress_tree
        compress_tree(Path(rest[0]))
        return 0
    if args.command == "serve":
        serve(args.port)
        return 0
    if args.command == "test":
        return test(rest)
    return bench(rest)


if __name__ == "__main__":
    sys.exit(main())
