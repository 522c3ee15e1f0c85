"""Lighthouse 13.5 (pinned in tests/lighthouse/package.json) over the built site.

    python3 tests/lighthouse/run.py [--port 8123] [--embed] [--lang zh-CN] [--no-build]

Installs the pinned Lighthouse with `npm ci` (first run), serves dist/ as
`build.py serve` does, runs the mobile and desktop presets with Debian's
Chromium (CHROME_PATH=/usr/bin/chromium, --headless=new --no-sandbox) and
prints every category score with the layout shift and blocking time.  It exits
non-zero when a target of issue 10 is missed: accessibility, best practices
and SEO 100 on both presets, mobile performance >= 95, CLS < 0.05 on both.
`--details` also prints the elements behind each layout shift.  `--embed` audits the
embeddable player instead (embed.html with the first sample's scene in its fragment), to the
same targets.  `--lang zh-CN` runs Chromium in that language (its navigator.languages and
Accept-Language), so the page (and the embed) speak Chinese, as a first visit from a Chinese
browser does.
Performance is a timing: run it on a quiet machine (a loaded CPU inflates the
simulated blocking time); it is a tool, not part of the test suite.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

CATEGORIES = "performance,accessibility,best-practices,seo"


def install() -> Path:
    binary = HERE / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        subprocess.run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=HERE, check=True)
    return binary


def audit(binary: Path, url: str, preset: str, lang: str = "") -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        flags = "--headless=new --no-sandbox" + (f" --lang={lang} --accept-lang={lang}" if lang else "")
        cmd = [str(binary), url, f"--only-categories={CATEGORIES}", "--output=json",
               f"--output-path={out}", "--quiet", f"--chrome-flags={flags}"]
        if preset == "desktop":
            cmd.append("--preset=desktop")
        env = {**os.environ, "CHROME_PATH": build.CHROMIUM}
        subprocess.run(cmd, check=True, env=env)
        return json.loads(out.read_text(encoding="utf-8"))


def print_shifts(audits: dict) -> None:
    """The layout shifts Lighthouse saw: score, element, and its likely causes."""
    items = audits.get("layout-shifts", {}).get("details", {}).get("items", [])
    for item in items:
        node = item.get("node", {})
        causes = [sub.get("extra", {}).get("value", "") or sub.get("cause", "")
                  for sub in item.get("subItems", {}).get("items", [])]
        print(f"    shift {item.get('score', 0):.4f}  {node.get('selector', '?')}  "
              f"{node.get('snippet', '')[:90]}  {causes}")


def print_misses(report: dict) -> None:
    """Every audit that cost a category points (performance aside), with its items."""
    for key, category in report["categories"].items():
        if key == "performance":
            continue
        for ref in category["auditRefs"]:
            found = report["audits"][ref["id"]]
            if ref["weight"] and found["score"] is not None and found["score"] < 1:
                items = found.get("details", {}).get("items", [])
                where = [i.get("node", {}).get("selector", i.get("url", "")) for i in items][:5]
                print(f"    {key}: {ref['id']} ({found['title']}) {where}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8123)
    parser.add_argument("--details", action="store_true", help="print what shifted, and by how much")
    parser.add_argument("--embed", action="store_true",
                        help="audit embed.html (the first sample's scene) instead of the page")
    parser.add_argument("--no-build", action="store_true", help="audit dist/ as it is built")
    parser.add_argument("--lang", default="",
                        help="the browser's language, e.g. zh-CN (default: Chromium's, English)")
    args = parser.parse_args()
    binary = install()
    if not args.no_build:
        build.build()
    server = build.make_server(build.DIST, args.port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/"
    if args.embed:
        sys.path.insert(0, str(ROOT / "tests"))
        from bench_embed import fragment
        url += "embed.html" + fragment(build.DIST)
    failures = []
    try:
        for preset in ("mobile", "desktop"):
            report = audit(binary, url, preset, args.lang)
            scores = {k: round(v["score"] * 100) for k, v in report["categories"].items()}
            audits = report["audits"]
            cls = audits["cumulative-layout-shift"]["numericValue"]
            tbt = audits["total-blocking-time"]["numericValue"]
            print(f"{preset:8} {args.lang or 'en':6} " + "  ".join(f"{k} {v}" for k, v in scores.items())
                  + f"  CLS {cls:.3f}  TBT {tbt:.0f} ms")
            for key in ("accessibility", "best-practices", "seo"):
                if scores[key] < 100:
                    failures.append(f"{preset} {key} {scores[key]} < 100")
            if preset == "mobile" and scores["performance"] < 95:
                failures.append(f"mobile performance {scores['performance']} < 95")
            if cls >= 0.05:
                failures.append(f"{preset} CLS {cls:.3f} >= 0.05")
            if args.details:
                print_shifts(audits)
                print_misses(report)
    finally:
        server.shutdown()
        server.server_close()
    for failure in failures:
        print("MISSED:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
