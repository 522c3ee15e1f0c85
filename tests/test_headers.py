"""The headers the site needs, from one source (buildsys/headers.py): what `build.py serve`
sends for every file equals what dist/_headers (Netlify, Cloudflare Pages) and
dist/nginx.conf give a static host (nginx.conf also in Debian's nginx itself), and what the
service worker sends (its PRECACHE line);
a per-path rule (as issue 22's embed.html needs) changes that path alone, in all of them."""
from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[1]
import sys  # noqa: E402

sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from buildsys import headers, site  # noqa: E402

DIST = Path(os.environ.get("PIXEL_JUDGE_DIST", build.DIST))
# What serve sends that is about the transfer, not the site's rules.
TRANSFER = {"server", "date", "content-type", "content-length", "last-modified",
            "content-encoding", "vary", "connection", "etag", "accept-ranges", "keep-alive"}


def parse_headers_file(text: str) -> list[tuple[str, dict[str, str]]]:
    """A `_headers` file as (pattern, headers) rules; a header named twice in a rule is joined."""
    rules: list[tuple[str, dict[str, str]]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line.startswith("  "):
            name, sep, value = line.strip().partition(": ")
            assert sep and rules, line
            found = rules[-1][1]
            found[name] = f"{found[name]}, {value}" if name in found else value
        else:
            assert line.startswith("/") and " " not in line, line
            rules.append((line, {}))
    return rules


def host_headers(rules: list[tuple[str, dict[str, str]]], path: str) -> dict[str, str]:
    """The headers a host gives PATH: exactly one rule may match it (splats match any rest),
    so Netlify (a later rule overrides) and Cloudflare Pages (values joined) agree."""
    matching = [h for pattern, h in rules
                if (path.startswith(pattern[:-1]) if pattern.endswith("*") else path == pattern)]
    assert len(matching) == 1, (path, len(matching))
    return matching[0]


def parse_nginx(text: str) -> dict[str, Any]:
    """nginx.conf: the server's add_header lines, each exact location's, and the types."""
    server: dict[str, str] = {}
    locations: dict[str, dict[str, str]] = {}
    types: dict[str, str] = {}
    default = None
    block: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        location = re.fullmatch(r"location = (\S+) \{", line)
        add = re.fullmatch(r'add_header (\S+) "([^"]*)" always;', line)
        if line == "types {":
            block = "types {"
        elif location:
            block = location.group(1)
            locations[block] = {}
        elif line == "}":
            block = None
        elif add:
            (server if block is None else locations[block])[add.group(1)] = add.group(2)
        elif block == "types {":
            kind, *exts = line.rstrip(";").split()
            types.update({ext: kind for ext in exts})
        elif line.startswith("default_type "):
            default = line.removeprefix("default_type ").rstrip(";")
        else:
            raise AssertionError(f"unexpected line in nginx.conf: {line}")
    return {"server": server, "locations": locations, "types": types, "default": default}


def nginx_headers(conf: dict[str, Any], path: str) -> dict[str, str]:
    found: dict[str, str] = conf["locations"].get(path, conf["server"])
    return found


def nginx_type(conf: dict[str, Any], name: str) -> str:
    suffix = Path(name).suffix.lower().lstrip(".")
    found: str = conf["types"].get(suffix, conf["default"]) if suffix else conf["default"]
    return found


@pytest.fixture()
def serving() -> Iterator[Any]:
    """Starts `serve`'s handler on a folder; yields a function HEAD(path) -> headers."""
    servers = []

    def start(root: Path) -> Any:
        server = build.make_server(root, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)

        def head(path: str) -> dict[str, str]:
            request = urllib.request.Request(f"http://127.0.0.1:{server.server_port}{path}", method="HEAD")
            with urllib.request.urlopen(request) as response:
                # (http.server spells it Content-type on one path)
                return {("Content-Type" if k.lower() == "content-type" else k): v
                        for k, v in response.headers.items()}
        return head
    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def site_files(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                  if p.is_file() and p.name not in site.HOST_FILES)


def url_paths(name: str) -> list[str]:
    return ["/" + name] + (["/" + name.removesuffix("index.html")] if name.endswith("index.html") else [])


def check_host_files(root: Path, head: Any, files: list[str]) -> None:
    rules = parse_headers_file((root / "_headers").read_text(encoding="utf-8"))
    conf = parse_nginx((root / "nginx.conf").read_text(encoding="utf-8"))
    for name in files:
        for path in url_paths(name):
            sent = head(path)
            rules_sent = {k: v for k, v in sent.items() if k.lower() not in TRANSFER}
            assert host_headers(rules, path) == rules_sent, path
            assert nginx_headers(conf, path) == rules_sent, path
            if not name.endswith((".br", ".gz")):   # nginx serves those as their file
                assert nginx_type(conf, name) == sent["Content-Type"], name


def test_the_host_files_send_what_serve_sends_for_every_file(serving):
    head = serving(DIST)
    files = site_files(DIST)
    assert len(files) > 300
    check_host_files(DIST, head, files)
    # What the page needs on every response, worker scripts included.
    for path in ("/", "/js/engine/worker.js", "/js/runner/python-worker.js", "/pyodide/pyodide.asm.wasm"):
        sent = head(path)
        assert sent["Content-Security-Policy"].endswith("; frame-ancestors 'none'")
        assert (sent["Cross-Origin-Opener-Policy"], sent["Cross-Origin-Embedder-Policy"],
                sent["Cross-Origin-Resource-Policy"], sent["X-Content-Type-Options"]) == (
            "same-origin", "require-corp", "same-origin", "nosniff")
    assert head("/pyodide/pyodide.asm.wasm")["Content-Type"] == "application/wasm"
    assert head("/app.webmanifest")["Content-Type"] == "application/manifest+json"
    assert head("/pyodide/pyodide.mjs")["Content-Type"] == "text/javascript"


def test_the_service_worker_sends_the_same_headers_and_types():
    precache = site.read_precache((DIST / "sw.js").read_text(encoding="utf-8"))
    assert len(precache["files"]) > 10, "the service worker precaches nothing"
    for name in precache["files"]:
        assert precache["headers"].get(name, precache["headers"]["*"]) == headers.headers_for(name)
        assert precache["types"][Path(name).suffix.lower()] == headers.content_type(name)


EMBED_CSP = headers.META_CSP + "; frame-ancestors *"


def test_a_path_rule_changes_that_path_alone_everywhere(serving, tmp_path, monkeypatch):
    """As issue 22 adds embed.html: framed by any site, without COEP."""
    monkeypatch.setattr(headers, "PATH_HEADERS", {"embed.html": {
        "Content-Security-Policy": EMBED_CSP, "Cross-Origin-Embedder-Policy": None}})
    files = ["index.html", "embed.html", "sw.js", "js/main.js", "js/runner/frame.js", "LICENSE",
             "pyodide/pyodide.asm.wasm"]
    for name in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x", encoding="utf-8")
    site.write_host_headers(tmp_path)
    head = serving(tmp_path)
    check_host_files(tmp_path, head, files)
    assert head("/embed.html")["Content-Security-Policy"] == EMBED_CSP
    assert "Cross-Origin-Embedder-Policy" not in head("/embed.html")
    assert head("/js/main.js")["Content-Security-Policy"] == headers.CSP
    rules = parse_headers_file((tmp_path / "_headers").read_text(encoding="utf-8"))
    # The pretty URL Cloudflare Pages redirects embed.html to has the same headers.
    assert host_headers(rules, "/embed")["Content-Security-Policy"] == EMBED_CSP
    assert "/js/*" in [pattern for pattern, _ in rules]
    conf = parse_nginx((tmp_path / "nginx.conf").read_text(encoding="utf-8"))
    assert set(conf["locations"]) == {"/embed.html", "/embed"}


def nginx_binary() -> Path:
    """nginx from Debian's package, unpacked into build/nginx/ (never installed: installing
    would start a server); one already on PATH is used as it is."""
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if found:
        return Path(found)
    folder = build.CACHE / "nginx"
    binary = folder / "usr" / "sbin" / "nginx"
    if not binary.exists():
        if not shutil.which("apt-get"):
            pytest.skip("no nginx here and no apt-get to fetch Debian's")
        folder.mkdir(parents=True, exist_ok=True)
        got = subprocess.run(["apt-get", "download", "nginx"], cwd=folder, capture_output=True, text=True)
        debs = sorted(folder.glob("nginx_*.deb"))
        if got.returncode or not debs:
            pytest.fail(f"apt-get download nginx failed (run apt-get update first): {got.stderr[-500:]}")
        subprocess.run(["dpkg", "-x", str(debs[-1]), str(folder)], check=True)
    return binary


def test_nginx_with_the_snippet_sends_what_serve_sends(serving, tmp_path):
    """Debian's nginx, the build's nginx.conf included in a server whose root is dist/."""
    binary = nginx_binary()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    temp = "\n".join(f"    {kind}_temp_path {tmp_path}/{kind};"
                      for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (tmp_path / "nginx-test.conf").write_text(f"""daemon off;
master_process off;
worker_processes 1;
pid {tmp_path}/nginx.pid;
error_log stderr;
events {{ worker_connections 64; }}
http {{
    access_log off;
{temp}
    server {{
        listen 127.0.0.1:{port};
        root {DIST};
        include {DIST}/nginx.conf;
    }}
}}
""", encoding="utf-8")
    nginx = subprocess.Popen([str(binary), "-p", str(tmp_path), "-e", "stderr", "-c",
                              str(tmp_path / "nginx-test.conf")], stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError as err:
                if nginx.poll() is not None or time.monotonic() > deadline:
                    log = nginx.stderr.read() if nginx.stderr else ""
                    raise AssertionError(f"nginx did not start: {log}") from err
                time.sleep(0.1)
        served = serving(DIST)
        for name in site_files(DIST):
            if name.endswith((".br", ".gz")):
                continue
            for path in url_paths(name):
                request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method="HEAD")
                with urllib.request.urlopen(request) as response:
                    got = {k: v for k, v in response.headers.items() if k.lower() not in TRANSFER}
                    kind = response.headers["Content-Type"]
                sent = served(path)
                assert got == {k: v for k, v in sent.items() if k.lower() not in TRANSFER}, path
                assert kind == sent["Content-Type"], path
    finally:
        nginx.terminate()
        nginx.wait(10)
