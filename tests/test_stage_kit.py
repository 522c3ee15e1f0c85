"""The stage draws with one pixel kit (web/js/stage/kit/), read from the JavaScript sources:

* bitmap tables (font faces and sprites: rows of "#." or "01" strings, arrays of 0/1 rows,
  hex glyph tables) are found in the kit and nowhere else in the page's code;
* no scene or other stage module redefines a function or constant the kit exports, or a
  primitive of the kit object `g`, or patches `g`;
* no stage module outside the kit writes a palette colour (or a translucent one) as a literal;
* every text on the stage is drawn by the kit's text function (the only `fillText`), so a
  later face (CJK glyphs) changes no scene.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "web" / "js"
STAGE = JS / "stage"
KIT = STAGE / "kit"

BIT_ROW = re.compile(r"^(?:[#.]+|[01]+|[X. ]+|[*. ]+)$")
HEX_GLYPH = re.compile(r"^(?:[0-9A-Fa-f]{4,6}:)?[0-9A-Fa-f]{16,}$")
STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`((?:[^`\\]|\\.)*)`')
INNER_ARRAY = re.compile(r"\[([^\[\]]*)\]")
BIT_MATRIX = re.compile(r"\[\s*(?:\[\s*[01](?:\s*,\s*[01]){2,}\s*\]\s*,?\s*){3,}\]")
NUMBER_ROWS = re.compile(r"\[\s*(?:0[xXbB][0-9A-Fa-f]+\s*,\s*){4,}0[xXbB][0-9A-Fa-f]+\s*,?\s*\]")


def js_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.js") if "node_modules" not in p.parts)


def rows_of_bits(rows: list[str]) -> bool:
    """Rows of one bitmap: pixels as "#."/"01" (or "X."/"*."), all of one width."""
    return all(BIT_ROW.match(r) for r in rows) and len({len(r) for r in rows}) == 1 and len(rows[0]) >= 2


def bitmap_tables(source: str) -> list[str]:
    """Every bitmap table in a JS source, as the text that gave it away."""
    found: list[str] = []
    for match in INNER_ARRAY.finditer(source):
        body = match.group(1)
        strings = [next(g for g in m.groups() if g is not None) for m in STRING.finditer(body)]
        rest = STRING.sub("", body)
        if len(strings) < 3 or rest.replace(",", "").strip():
            continue
        if rows_of_bits(strings):
            found.append(match.group(0))
        elif sum(bool(HEX_GLYPH.match(s)) for s in strings) >= 3:
            found.append(match.group(0))
    found += [m.group(0) for m in BIT_MATRIX.finditer(source)]
    found += [m.group(0) for m in NUMBER_ROWS.finditer(source)]
    for m in STRING.finditer(source):
        text = next(g for g in m.groups() if g is not None)
        rows = [r.strip() for r in text.split("\n") if r.strip()]
        if "\n" in text and len(rows) >= 3 and rows_of_bits(rows):
            found.append(text)
        elif sum(bool(HEX_GLYPH.match(r)) for r in rows) >= 3:
            found.append(text[:80])
    return found


def test_the_detector_finds_every_kind_of_bitmap_table() -> None:
    assert bitmap_tables('const A = { 0: ["###", "#.#", "###"] };')
    assert bitmap_tables("const PIP = ['00100', '01110', '11111', '01110', '00100'];")
    assert bitmap_tables("const G = [[0, 1, 0], [1, 1, 1], [0, 1, 0]];")
    assert bitmap_tables("const ROWS = [0x18, 0x3C, 0x66, 0x7E, 0x66, 0x66];")
    assert bitmap_tables('const UNIFONT = ["4E00:00000000000000000000FFFE", "4E01:0000000000007FFC0100", '
                         '"4E03:0000000000000200020002"];')
    assert bitmap_tables("const STAR = `\n  ..#..\n  .###.\n  #####\n`;")
    # Not tables: colours, card names, a single bit string, numbers, words.
    assert not bitmap_tables('const C = ["#0c4527", "#0a3d22", "#062a16"];')
    assert not bitmap_tables('const S = ["S", "H", "C", "D"]; const b = cardWidth("00000000", 3);')
    assert not bitmap_tables("const N = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]; const O = [1, 0, 1];")
    assert not bitmap_tables('const W = ["AXEL", "BIRGIT", "HOLD"]; const T = ["1", "10", "100"];')


def test_bitmap_tables_live_only_in_the_kit() -> None:
    in_kit = {p.relative_to(ROOT).as_posix(): bitmap_tables(p.read_text(encoding="utf-8"))
              for p in js_files(KIT)}
    # The 3 x 5 font (12 glyphs), the 5 x 7 digits (10), the suits at 7 x 7 and 5 x 5 (4 + 4).
    assert sum(len(t) for t in in_kit.values()) >= 30, in_kit
    outside = {p.relative_to(ROOT).as_posix(): tables for p in js_files(JS) if KIT not in p.parents
               for tables in [bitmap_tables(p.read_text(encoding="utf-8"))] if tables}
    assert not outside, f"bitmap tables outside web/js/stage/kit/: {outside}"


def kit_names() -> tuple[set[str], set[str]]:
    """The names the kit exports, and the primitives of the kit object `g` (its Kit typedef)."""
    exported: set[str] = set()
    for path in js_files(KIT):
        text = path.read_text(encoding="utf-8")
        exported |= set(re.findall(r"^export (?:const|let|function|class) (\w+)", text, re.M))
        for group in re.findall(r"^export \{([^}]*)\}", text, re.M):
            exported |= {part.split(" as ")[-1].strip() for part in group.split(",") if part.strip()}
    typedef = (KIT / "kit.js").read_text(encoding="utf-8")
    block = typedef[typedef.index("@typedef {Object} Kit"):]
    block = block[:block.index("*/")]
    methods = set(re.findall(r"@property \{[^\n]*\} (\w+)", block))
    return exported, methods


def declared(source: str) -> set[str]:
    """Names a module declares: at module level any const/let/function/class; anywhere a
    function (a declaration, or a const/let bound to an arrow function)."""
    names = set(re.findall(r"^(?:export )?(?:async )?(?:const|let|var|function\*?|class) (\w+)",
                           source, re.M))
    names |= set(re.findall(r"\bfunction\*? (\w+)\s*\(", source))
    names |= set(re.findall(r"\b(?:const|let|var) (\w+)\s*=\s*(?:async\s*)?(?:\([^()]*\)|\w+)\s*=>", source))
    return names


def stage_modules() -> list[Path]:
    return [p for p in js_files(STAGE) if KIT not in p.parents]


def test_the_kit_names_are_read() -> None:
    exported, methods = kit_names()
    assert {"PAL", "FONT_3X5", "banner", "badge", "backCard", "caption", "card", "plate", "strip"} <= exported
    assert {"text", "textWidth", "rect", "box", "sprite", "panel", "endPanel", "blink"} <= methods
    assert "badge" in declared("function badge(g, x) {}")
    assert "phase" in declared("const phase = (t, a, b) => t;")
    assert "PAL" in declared("export const PAL = {};")
    assert "text" not in declared("function f() {\n  const text = clip(x);\n}")


def test_no_scene_redefines_a_piece_of_the_kit() -> None:
    exported, methods = kit_names()
    modules = stage_modules()
    assert len(modules) >= 10, modules
    problems = []
    for path in modules:
        source = path.read_text(encoding="utf-8")
        names = declared(source)
        for name in sorted(names & exported):
            problems.append(f"{path.relative_to(ROOT)} redefines the kit's {name}")
        functions = set(re.findall(r"\bfunction\*? (\w+)\s*\(", source))
        functions |= set(re.findall(r"\b(?:const|let) (\w+)\s*=\s*(?:\([^()]*\)|\w+)\s*=>", source))
        for name in sorted(functions & methods):
            problems.append(f"{path.relative_to(ROOT)} redefines the kit's g.{name}")
        for name in re.findall(r"\bg\.(\w+)\s*=[^=]", source):
            problems.append(f"{path.relative_to(ROOT)} patches the kit: g.{name} = ...")
    assert not problems, "\n".join(problems)


def palette() -> dict[str, tuple[int, int, int]]:
    text = (KIT / "basics.js").read_text(encoding="utf-8")
    block = text[text.index("export const PAL"):]
    block = block[:block.index("});")]
    colours = dict(re.findall(r'(\w+): "#([0-9a-fA-F]{6})"', block))
    assert len(colours) == 16, colours
    return {name: (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)) for name, h in colours.items()}


def test_no_stage_module_writes_a_palette_colour_as_a_literal() -> None:
    rgb = {v: k for k, v in palette().items()}
    problems = []
    for path in stage_modules():
        source = path.read_text(encoding="utf-8")
        for m in re.finditer(r"#([0-9a-fA-F]{6})\b", source):
            h = m.group(1)
            colour = (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))
            if colour in rgb:
                problems.append(f"{path.relative_to(ROOT)}: #{h} is PAL.{rgb[colour]}")
        for m in re.finditer(r"rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)", source):
            colour = (int(m.group(1)), int(m.group(2)), int(m.group(3)))
            if colour in rgb:
                problems.append(f"{path.relative_to(ROOT)}: {m.group(0)} is fade(PAL.{rgb[colour]}, ...)")
    assert not problems, "\n".join(problems)


def test_every_text_on_the_stage_is_drawn_by_the_kit() -> None:
    painters = [p.relative_to(ROOT).as_posix() for p in js_files(STAGE)
                if re.search(r"\b(?:fillText|strokeText)\s*\(", p.read_text(encoding="utf-8"))]
    assert painters == ["web/js/stage/kit/text.js"], painters
    for path in stage_modules():
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"\.font\s*=|getContext\s*\(", source) or path.name == "renderer.js", path
