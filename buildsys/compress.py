"""Brotli and gzip copies beside every compressible file of the site."""
from __future__ import annotations

import gzip
import hashlib
import shutil
from pathlib import Path

from .config import CACHE, COMPRESSIBLE, ROOT, run
from .cpp import TOOLCHAIN_DIR
from .venv import ensure_venv


def compress_site(folder: Path) -> None:
    """NAME.br and NAME.gz beside every compressible file (where smaller), made by
    the pinned `brotli` package in .venv; results are cached by content hash."""
    python = ensure_venv(("build",))
    run([str(python), str(ROOT / "build.py"), "compress", str(folder)])


# The C++ toolchain's 105 MB: brotli's quality 11 takes about 6 minutes of a core
# for them (17.1 MB); quality 9 with the largest window takes about one (19.8 MB).
TOOLCHAIN_BROTLI = {"quality": 9, "lgwin": 24}


def compress_tree(folder: Path) -> None:
    import brotli  # type: ignore[import-untyped]  # (no type stubs)
    cache = CACHE / "compressed"
    cache.mkdir(parents=True, exist_ok=True)
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE:
            continue
        raw = path.read_bytes()
        digest = hashlib.sha256(raw).hexdigest()
        in_toolchain = folder.name == TOOLCHAIN_DIR or path.relative_to(folder).parts[0] == TOOLCHAIN_DIR
        options = TOOLCHAIN_BROTLI if in_toolchain else {"quality": 11}
        for ext in (".br", ".gz"):
            cached = cache / (digest + ext)
            if not cached.exists():
                cached.write_bytes(brotli.compress(raw, **options) if ext == ".br"
                                   else gzip.compress(raw, compresslevel=9, mtime=0))
            if cached.stat().st_size < len(raw) * 0.95:
                shutil.copyfile(cached, path.with_name(path.name + ext))
