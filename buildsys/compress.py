"""Brotli and gzip copies beside every compressible file of the site."""
from __future__ import annotations

import gzip
import hashlib
import shutil
from pathlib import Path

from .config import CACHE, COMPRESSIBLE, ROOT, run
from .venv import ensure_venv


def compress_site(folder: Path) -> None:
    """NAME.br and NAME.gz beside every compressible file (where smaller), made by
    the pinned `brotli` package in .venv; results are cached by content hash."""
    python = ensure_venv(("build",))
    run([str(python), str(ROOT / "build.py"), "compress", str(folder)])


def compress_tree(folder: Path) -> None:
    import brotli  # type: ignore[import-untyped]  # (no type stubs)
    cache = CACHE / "compressed"
    cache.mkdir(parents=True, exist_ok=True)
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE:
            continue
        raw = path.read_bytes()
        digest = hashlib.sha256(raw).hexdigest()
        for ext, pack in ((".br", lambda b: brotli.compress(b, quality=11)),
                          (".gz", lambda b: gzip.compress(b, compresslevel=9, mtime=0))):
            cached = cache / (digest + ext)
            if not cached.exists():
                cached.write_bytes(pack(raw))
            if cached.stat().st_size < len(raw) * 0.95:
                shutil.copyfile(cached, path.with_name(path.name + ext))
