"""`python -m buildsys.font SOURCE OUT CHARS` (run in .venv, where the pinned fontTools is):
OUT is SOURCE subset to CHARS, as WOFF2, with nothing the page does not use (no hinting,
no layout features, names kept to the family and the copyright)."""
from __future__ import annotations

import sys

from fontTools import subset  # type: ignore[import-untyped]  # (no type stubs)


def main(source: str, out: str, chars: str) -> None:
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = []
    options.hinting = False
    options.desubroutinize = True
    options.name_IDs = [0, 1, 2, 4, 6]
    options.notdef_outline = True
    # The source's BASE table is malformed (fontTools cannot read it), and the page needs no
    # baseline, layout or vertical tables: the stage sets every glyph on a 16 px grid itself.
    options.drop_tables = [*options.drop_tables, "BASE", "GSUB", "GPOS", "GDEF", "JSTF", "vhea", "vmtx"]
    font = subset.load_font(source, options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(ch) for ch in chars])
    subsetter.subset(font)
    missing = [ch for ch in chars if ord(ch) not in font.getBestCmap()]
    if missing:
        sys.exit(f"the CJK face has no glyph for {''.join(missing)!r}")
    subset.save_font(font, out, options)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
