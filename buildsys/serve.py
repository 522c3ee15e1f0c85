"""`build.py serve`: the built site with the headers it needs and content negotiation."""
from __future__ import annotations

import functools
import http.server
import os
import urllib.parse
from pathlib import Path
from typing import Any

from .config import COMPRESSIBLE, DIST, log
from .headers import content_type, headers_for
from .site import build


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the headers the page needs (headers.py: cross-origin isolation,
    for SharedArrayBuffer, which lets Cancel interrupt Python, and a strict CSP), and the
    content types headers.py gives."""

    isolated = True
    encoding: str | None = None   # per request: the Content-Encoding sent, if any
    vary = False                  # per request: the response depends on Accept-Encoding

    def send_head(self) -> Any:
        """Serves NAME.br or NAME.gz (written by the build) for NAME when the client
        accepts that encoding, with Content-Encoding, and Vary on every such file."""
        self.encoding = None
        self.vary = False
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()   # the redirect to NAME/
            path = path / "index.html"
        if path.suffix in COMPRESSIBLE and path.is_file():
            self.vary = True
            accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
            for encoding, ext in (("br", ".br"), ("gzip", ".gz")):
                copy = path.with_name(path.name + ext)
                if encoding in accepted and copy.is_file():
                    self.encoding = encoding
                    return self._send_encoded(path, copy)
        return super().send_head()

    def _send_encoded(self, path: Path, copy: Path) -> Any:
        stat = copy.stat()
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            import email.utils
            try:
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return copy.open("rb")

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return content_type(str(path))

    def end_headers(self) -> None:
        url_path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        for key, value in headers_for(url_path, isolated=self.isolated).items():
            self.send_header(key, value)
        if self.encoding:
            self.send_header("Content-Encoding", self.encoding)
        if self.vary:
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("PIXEL_JUDGE_QUIET") != "1":
            super().log_message(format, *args)


def accepted_encodings(header: str) -> set[str]:
    """The codings an Accept-Encoding header allows (q > 0), "*" spelled out."""
    allowed: set[str] = set()
    refused: set[str] = set()
    star = False
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        name = name.strip().lower()
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name == "*":
            star = q > 0
        elif name:
            (allowed if q > 0 else refused).add(name)
    if star:
        allowed |= {"br", "gzip"} - refused
    return allowed


class PlainSiteHandler(SiteHandler):
    """The same site without cross-origin isolation, as a plain static host serves it."""

    isolated = False


def make_server(root: Path = DIST, port: int = 8000, host: str = "127.0.0.1", *,
                isolated: bool = True) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(SiteHandler if isolated else PlainSiteHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve(port: int) -> None:
    build()
    server = make_server(DIST, port)
    log(f"serving {DIST}/ at http://127.0.0.1:{server.server_port}/ "
        "(Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
