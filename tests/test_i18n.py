"""Messages and catalogs (issue 24): the engines speak in message ids, the catalogs word them.

* Every message id the code uses is a literal, present in every catalog, and every catalog
  key is used; every call passes exactly the parameters its English text names, and no
  other language names one it is not given.
* The catalogs share one shape: the same keys, the plural forms CLDR gives each language,
  only the i18next syntax the Python formatter implements.
* Every frame of every judge file and every error of a few hundred bad inputs renders in
  every language (a missing parameter raises), with no text left outside the catalogs.
* The judge output is the same bytes in every language; ``--lang zh-CN`` narrates and
  complains in Chinese, naming the line and the column.
* i18next (the page's renderer, web/js/i18n/render.js) and the Python formatter give the
  same text for every key with sample parameters and for every message the frames carry.
"""
from __future__ import annotations

import ast
import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any, Iterator

import pytest

from py_engines import bridge
from py_engines.__main__ import main
from py_engines.explore.study import LABEL_CHARS, TITLE_CHARS, studies_of
from py_engines.i18n import (LIST_SEPARATOR, RAW, SOURCE_LANG, Msg, catalog, from_json, languages,
                             placeholders, plural_category, plural_suffixes, render, text_of)
from py_engines.registry import engine_names, get_engine

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "py_engines"
DATA = ROOT / "tests" / "data"
LANGS = languages()
OTHER_LANGS = [lang for lang in LANGS if lang != SOURCE_LANG]
GAMES = engine_names()
CJK = re.compile(r"[\u4e00-\u9fff]")
KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)*\Z")
# The plural categories CLDR gives the integers in each language we ship.
PLURAL_FORMS = {"en": {"one", "other"}, "zh-CN": {"other"}}


# ----------------------------------------------------------------------------- the code's messages

def _calls(name: str) -> Iterator[tuple[Path, ast.Call]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.id if isinstance(func, ast.Name) else \
                    func.attr if isinstance(func, ast.Attribute) else None
                if called == name:
                    yield path, node


def _literal_ids(arg: ast.expr) -> list[str] | None:
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return [arg.value]
    if isinstance(arg, ast.IfExp):
        body, other = _literal_ids(arg.body), _literal_ids(arg.orelse)
        return None if body is None or other is None else body + other
    return None


def code_messages() -> dict[str, list[tuple[str, frozenset[str]]]]:
    """Every id ``msg(...)`` is called with, and where, with the parameters each call passes."""
    found: dict[str, list[tuple[str, frozenset[str]]]] = {}
    for path, call in _calls("msg"):
        ids = _literal_ids(call.args[0]) if call.args else None
        where = f"{path.relative_to(ROOT)}:{call.lineno}"
        assert ids is not None, f"{where}: a message id must be a literal string"
        assert all(k.arg is not None for k in call.keywords), f"{where}: pass parameters by name"
        params = frozenset(k.arg for k in call.keywords if k.arg is not None)
        for key in ids:
            found.setdefault(key, []).append((where, params))
    return found


CODE = code_messages()


def forms(lang: str, key: str) -> dict[str, str]:
    """The texts of ``key`` in ``lang``: the key itself, or its plural forms."""
    texts = catalog(lang)
    if key in texts:
        return {key: texts[key]}
    return {f"{key}_{s}": texts[f"{key}_{s}"] for s in plural_suffixes() if f"{key}_{s}" in texts}


def base_keys(lang: str) -> set[str]:
    """The catalog's keys with plural forms folded into the key the code names."""
    texts = catalog(lang)
    out = set()
    for key in texts:
        base, _, suffix = key.rpartition("_")
        plural = suffix in plural_suffixes() and base not in texts and f"{base}_other" in texts
        out.add(base if plural else key)
    return out


def test_every_message_id_the_code_uses_is_a_literal_key():
    assert len(CODE) > 300
    assert all(KEY.match(key) for key in CODE), [k for k in CODE if not KEY.match(k)]


@pytest.mark.parametrize("lang", LANGS)
def test_every_id_the_code_uses_is_in_the_catalog(lang):
    missing = sorted(key for key in CODE if not forms(lang, key))
    assert missing == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_key_is_used_by_the_code(lang):
    # The list separator is looked up by the formatters themselves (py_engines/i18n.py,
    # web/js/i18n/render.js).
    unused = sorted(base_keys(lang) - set(CODE) - {LIST_SEPARATOR})
    assert unused == []


def test_every_call_passes_exactly_the_parameters_its_english_text_names():
    wrong = []
    for key, calls in CODE.items():
        named = set().union(*(placeholders(t) for t in forms(SOURCE_LANG, key).values()))
        if len(forms(SOURCE_LANG, key)) > 1:
            named.add("count")              # the plural form is chosen by it
        wrong += [(where, key, sorted(params ^ named)) for where, params in calls
                  if params != named]
    assert wrong == []


@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_no_translation_names_a_parameter_the_english_does_not(lang):
    extra = {}
    for key in CODE:
        english = set().union(*(placeholders(t) for t in forms(SOURCE_LANG, key).values()))
        english.add("count")
        for form, text in forms(lang, key).items():
            if placeholders(text) - english:
                extra[form] = sorted(placeholders(text) - english)
    assert extra == {}


def test_errors_are_raised_with_messages_not_plain_strings():
    """Inside the engines an error carries a message id; a plain string (which reads the
    same in every language) is for a game without catalog entries, like the toy game."""
    plain = []
    for name in ("error", "ParseError", "InvalidInputError", "LimitError", "EngineError"):
        for path, call in _calls(name):
            # argparse's own errors stay English, as its help does.
            on_parser = isinstance(call.func, ast.Attribute) and \
                isinstance(call.func.value, ast.Name) and call.func.value.id == "parser"
            if call.args and isinstance(call.args[0], (ast.Constant, ast.JoinedStr)) \
                    and not on_parser:
                plain.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert plain == []


# ----------------------------------------------------------------------------- the catalogs' shape

def test_the_catalogs_are_english_and_simplified_chinese():
    assert LANGS[0] == SOURCE_LANG == "en" and set(LANGS) == set(PLURAL_FORMS)
    for lang, expected in PLURAL_FORMS.items():
        assert {plural_category(lang, n) for n in range(200)} == expected


@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_every_language_has_every_key_of_the_source(lang):
    assert base_keys(lang) == base_keys(SOURCE_LANG)


@pytest.mark.parametrize("lang", LANGS)
def test_plural_keys_have_exactly_the_forms_of_their_language(lang):
    for key in base_keys(lang):
        found = forms(lang, key)
        if key not in catalog(lang):
            assert {f.rpartition("_")[2] for f in found} == PLURAL_FORMS[lang], key
        if len(forms(SOURCE_LANG, key)) > 1:    # plural in English: plural in every language
            assert key not in catalog(lang), key


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_texts_use_only_the_i18next_syntax_both_formatters_share(lang):
    for key, text in catalog(lang).items():
        assert KEY.match(key), key
        # No empty text (translation platforms take it for untranslated, i18next for missing);
        # a list separator and a hint that follows a message carry their own spaces.
        assert text, key
        assert text == text.strip() or key == LIST_SEPARATOR or key.startswith("byte_me.hint."), key
        assert "$t(" not in text and "{{-" not in text, key
        for match in re.finditer(r"\{\{(.*?)\}\}", text):
            name, _, fmt = match.group(1).partition(",")
            assert re.fullmatch(r"\s*[a-z_]+\s*", name), (key, match.group())
            assert fmt.strip() in ("", "number"), (key, match.group())
        assert placeholders(text) == {m.group(1).split(",")[0].strip()
                                      for m in re.finditer(r"\{\{(.*?)\}\}", text)}, key


def test_a_catalog_file_is_i18next_json_nested_by_the_dots_of_its_keys():
    for lang in LANGS:
        tree = json.loads((PACKAGE / "locale" / f"{lang}.json").read_text(encoding="utf-8"))
        assert set(tree) == {key.split(".")[0] for key in catalog(lang)}


def _cells(text: str) -> int:
    """Width in the page's 8 px cells: a CJK glyph takes two."""
    return sum(2 if CJK.match(ch) or "\u3000" <= ch <= "\u303f" or "\uff00" <= ch <= "\uffef"
               else 1 for ch in text)


@pytest.mark.parametrize("lang", LANGS)
def test_every_plot_title_and_x_label_fits_the_page(lang):
    too_wide = []
    for game in GAMES:
        for study in studies_of(get_engine(game)):
            for plot in study.plots:
                for text, room in ((text_of(plot.title, lang), TITLE_CHARS),
                                   (text_of(plot.x, lang), LABEL_CHARS)):
                    if _cells(text) > room:
                        too_wide.append((game, study.name, text, _cells(text), room))
    assert too_wide == []


# ----------------------------------------------------------------------------- rendering

def samples(game: str) -> list[Path]:
    return sorted((DATA / game).glob("*.in"))


def _messages(obj: Any) -> Iterator[dict[str, Any]]:
    """Every message in a reply: under ``msg`` and every ``NAME_msg``, nested ones too."""
    if isinstance(obj, list):
        for item in obj:
            yield from _messages(item)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            if key == "msg" or key.endswith("_msg"):
                yield from _message_values(value)
            else:
                yield from _messages(value)


def _message_values(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, list):
        for item in value:
            yield from _message_values(item)
    elif isinstance(value, dict) and "id" in value:
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _message_values(item)


def _ids(m: Msg) -> Iterator[str]:
    yield m.id
    for value in m.params.values():
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Msg):
                yield from _ids(item)


@pytest.fixture(scope="module")
def replies() -> dict[str, list[dict[str, Any]]]:
    """Every judge file of every game solved, with the frames of up to four cases each."""
    out: dict[str, list[dict[str, Any]]] = {}
    for game in GAMES:
        out[game] = [bridge.handle_request({"cmd": "games"})]
        for path in samples(game):
            text = path.read_text(encoding="utf-8")
            reply = bridge.handle_request({"cmd": "solve", "game": game, "text": text})
            assert reply["ok"], (path, reply)
            out[game].append(reply)
            for case in range(1, min(4, len(reply["cases"]))):
                out[game].append(bridge.handle_request({"cmd": "replay", "game": game,
                                                        "text": text, "case": case}))
    return out


@pytest.fixture(scope="module")
def frame_messages(replies) -> list[Msg]:
    unique = {json.dumps(m, sort_keys=True): m for game in GAMES for reply in replies[game]
              for m in _messages(reply)}
    return [from_json(m) for m in unique.values()]


def test_every_narration_and_text_in_words_of_every_judge_file_renders_in_every_language(
        replies, frame_messages):
    for game in GAMES:
        for reply in replies[game][1:]:
            for frame in reply["frames"]:
                assert render(from_json(frame["msg"])) == frame["note"]
    for m in frame_messages:
        assert RAW not in set(_ids(m)), m          # no text outside the catalogs
        for lang in OTHER_LANGS:
            assert render(m, lang)                 # raises on a missing key or parameter


def test_every_frame_offers_its_texts_in_words_as_messages(replies):
    """The bridge's English beside each message is that message's English."""
    for game in GAMES:
        for reply in replies[game][1:]:
            for frame in reply["frames"]:
                for name, value in _text_fields(frame):
                    assert value == _english(frame, name), (game, name)


def _text_fields(obj: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key.endswith("_msg"):
                yield path + (key[:-4],), obj[key[:-4]]
            else:
                yield from _text_fields(value, path + (key,))
    elif isinstance(obj, list):
        for k, item in enumerate(obj):
            yield from _text_fields(item, path + (k,))


def _english(frame: dict[str, Any], path: tuple[Any, ...]) -> Any:
    node: Any = frame
    for step in path[:-1]:
        node = node[step]
    value = node[f"{path[-1]}_msg"]
    return None if value is None else _render_json(value)


def _render_json(value: Any) -> Any:
    if isinstance(value, list):
        return [_render_json(v) for v in value]
    if "id" not in value:
        return {k: _render_json(v) for k, v in value.items()}
    return render(from_json(value))


BAD_TOKENS = ["07", "-1", "+1", "1.5", "x", "3a", "99", "0", "R7", "7r", "7b", "End", "end",
              "START", "start", "ENDOFINPUT", "END", "Axel", "axel", "S7", "s7", "7S", "\u26607",
              "H0", "HQ", "H1.", "Case", "1:", "11111111", "1111", "012", "2", "14R", "0R",
              "13", "abc", "Sx", "S07", "Birgit", "ENDOF", "INPUT", "100", "1", "E", "{{line}}"]


def bad_inputs(text: str, rng: random.Random, count: int) -> Iterator[str]:
    """``text`` cut short, with a token dropped, doubled or replaced by a bad one."""
    yield from ("", "  \n", text + "\nextra\n", text[:len(text) // 2], text[:len(text) // 3])
    lines = [line.split() for line in text.splitlines()]
    spots = [(r, c) for r, line in enumerate(lines) for c in range(len(line))]
    for _ in range(count):
        rows = [list(line) for line in lines]
        r, c = rng.choice(spots)
        op = rng.randrange(3)
        if op == 0:
            del rows[r][c]
        elif op == 1:
            rows[r].insert(c, rows[r][c])
        else:
            rows[r][c] = rng.choice(BAD_TOKENS)
        yield "\n".join(" ".join(row) for row in rows) + "\n"


@pytest.fixture(scope="module")
def errors() -> dict[str, list[dict[str, Any]]]:
    rng = random.Random(24)
    out: dict[str, list[dict[str, Any]]] = {}
    for game in GAMES:
        found = out[game] = []
        for path in samples(game)[:3]:
            for text in bad_inputs(path.read_text(encoding="utf-8"), rng, 60):
                reply = bridge.handle_request({"cmd": "solve", "game": game, "text": text})
                if not reply["ok"]:
                    found.append(reply["error"])
    return out


def test_every_bad_input_error_renders_in_every_language_naming_its_position(errors):
    for game in GAMES:
        assert len(errors[game]) > 40, game
        for error in errors[game]:
            located = from_json(error["msg"])
            assert render(located) == error["message"]
            assert RAW not in set(_ids(located)), error
            if error["line"] is not None and error["column"] is not None:
                assert located.id == "error.at_line_column"
                assert located.params["line"] == error["line"]
                assert located.params["column"] == error["column"]
            for lang in OTHER_LANGS:
                assert render(located, lang)


def test_chinese_errors_name_the_line_and_the_column(errors):
    for game in GAMES:
        for error in errors[game]:
            text = render(from_json(error["msg"]), "zh-CN")
            if error["column"] is not None:
                assert text.startswith(f"第 {error['line']} 行第 {error['column']} 列：")
                assert CJK.search(text[len(f"第 {error['line']} 行第 {error['column']} 列："):])


def test_the_bridge_needs_no_catalog_file_once_imported(monkeypatch, tmp_path):
    """In the browser a memory snapshot restores the heap, not the files (they come back
    after the page is ready): the English the bridge gives must already be in memory."""
    import importlib

    import py_engines.i18n as i18n
    monkeypatch.setattr(i18n, "_catalogs", {})
    importlib.reload(bridge)                     # as a fresh runtime imports it
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(tmp_path / "gone"))
    path = samples("kalah")[0]
    reply = bridge.handle_request({"cmd": "solve", "game": "kalah",
                                   "text": path.read_text(encoding="utf-8") + "x"})
    assert reply["error"]["message"].startswith("line ")
    reply = bridge.handle_request({"cmd": "solve", "game": "kalah",
                                   "text": path.read_text(encoding="utf-8")})
    assert reply["ok"] and reply["frames"][0]["note"] == "Opponent moves first"


# ----------------------------------------------------------------------------- the command line

@pytest.mark.parametrize("game", GAMES)
def test_the_judge_output_is_the_same_bytes_in_every_language(game, capsys):
    assert samples(game), f"no samples of {game}"
    for path in samples(game):
        outputs = []
        for lang in LANGS:
            assert main([game, str(path), "--lang", lang]) == 0
            outputs.append(capsys.readouterr().out)
            assert main([game, str(path), "--json", "--lang", lang]) == 0
            outputs.append(json.loads(capsys.readouterr().out)["answer"])
        assert set(outputs) == {path.with_suffix(".ans").read_text(encoding="utf-8")}


@pytest.mark.parametrize("game", GAMES)
def test_the_cli_narrates_in_chinese(game, capsys):
    path = samples(game)[0]
    assert main([game, str(path), "--json", "--lang", "zh-CN"]) == 0
    reply = json.loads(capsys.readouterr().out)
    notes = [f["note"] for f in reply["frames"]]
    assert all(note == render(from_json(f["msg"]), "zh-CN")
               for note, f in zip(notes, reply["frames"], strict=True))
    assert all(CJK.search(note) for note in notes), notes
    assert all(CJK.search(c["label"]) for c in reply["cases"])
    assert main([game, str(path), "--json"]) == 0
    english = json.loads(capsys.readouterr().out)
    assert not any(CJK.search(f["note"]) for f in english["frames"])


def test_the_cli_complains_in_chinese_with_the_line_and_the_column(tmp_path, capsys):
    bad = tmp_path / "bad.in"
    bad.write_text("1\n2\n1 2 0 3x 0 1\n", encoding="utf-8")
    assert main(["kalah", str(bad), "--lang", "zh-CN"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "错误：第 3 行第 7 列：“3x”不是整数；应为石子数\n"
    assert main(["kalah", str(bad)]) == 2
    assert capsys.readouterr().err == \
        "error: line 3, column 7: '3x' is not an integer; expected a stone count\n"


def test_the_tools_speak_chinese(tmp_path, capsys):
    sample = DATA / "kalah" / "spec-sample-1.in"
    answer = sample.with_suffix(".ans").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.out"
    wrong.write_text(answer.replace("\n", " \n", 1), encoding="utf-8")
    assert main(["check", "kalah", str(sample), str(wrong), "--lang", "zh-CN"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "第 1 组：格式错误，位于第 1 行第 3 列：行末有多余空白：读到 \"-2 \""
    # One line per case, the scene of the first case not accepted, then the tally.
    assert out[-2] == "首次偏离：第 1 组，第 0 步（在舞台上打开这一组的这一步即可看到）"
    assert out[1] == "第 2 组：通过" and out[-1] == f"{len(out) - 2} 组中通过 {len(out) - 3} 组"
    with pytest.raises(SystemExit):
        main(["gen", "kalah", "--help", "--lang", "zh-CN"])
    assert "模式：" in capsys.readouterr().out
    assert main(["explore", "sevens", "--deals", "4", "--lang", "zh-CN"]) == 0
    assert "谁赢，按 S7 持有者" in capsys.readouterr().out


# ----------------------------------------------------------------------------- i18next agrees

def _sample_params(key: str, rng: random.Random) -> list[dict[str, Any]]:
    """Parameters for ``key``: every plural category, grouped thousands, text that looks
    like syntax, a nested message and a list."""
    names = set().union(*(placeholders(t) for t in forms(SOURCE_LANG, key).values()))
    counts = [0, 1, 2, 5, 11, 21, 1234567] if len(forms(SOURCE_LANG, key)) > 1 else [None]
    out = []
    for count in counts:
        params: dict[str, Any] = {}
        for name in sorted(names):
            params[name] = rng.choice([7, 1234567, "Axel", "{{line}}", "$t(common.case)", "7R",
                                       {"id": "sevens.suit.hearts", "params": {}},
                                       [{"id": "kalah.pit.you", "params": {}}, "A", 3]])
            if re.search(r"\{\{\s*%s\s*,\s*number" % name, " ".join(forms(SOURCE_LANG, key).values())):
                params[name] = rng.choice([0, 999, 1000, 1234567])
        if count is not None:
            params["count"] = count
        out.append(params)
    return out


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_i18next_and_the_python_formatter_render_every_message_alike(frame_messages, errors):
    if not (ROOT / "web" / "node_modules" / "i18next").is_dir():
        pytest.skip("web/node_modules is not installed (build.py test installs it)")
    rng = random.Random(7)
    cases = []
    for lang in LANGS:
        for key in sorted(CODE):
            for params in _sample_params(key, rng):
                cases.append({"lng": lang, "msg": {"id": key, "params": params}})
        cases += [{"lng": lang, "msg": m.to_dict()} for m in frame_messages]
        cases += [{"lng": lang, "msg": e["msg"]} for game in GAMES for e in errors[game]]
    catalogs = {lang: json.loads((PACKAGE / "locale" / f"{lang}.json").read_text(encoding="utf-8"))
                for lang in LANGS}
    run = subprocess.run(["node", "--no-warnings", str(ROOT / "tests" / "i18n_render.mjs")],
                         input=json.dumps({"catalogs": catalogs, "cases": cases}),
                         capture_output=True, text=True, encoding="utf-8", check=True)
    texts = json.loads(run.stdout)
    assert len(texts) == len(cases) > 5000
    differ = [(c, t, render(from_json(c["msg"]), c["lng"])) for c, t in zip(cases, texts, strict=True)
              if t != render(from_json(c["msg"]), c["lng"])]
    assert differ == []


# ----------------------------------------------------------------------------- the page's catalogs
#
# The page's words live in web/locale/<lang>.json (keys under "ui."), beside the engines'
# catalogs; build.py merges the two per language into dist/locale/<lang>.json.  Keys are literal
# strings in the page's code ("ui.x.y") and in index.html (data-i18n, data-i18n-attr).

WEB = ROOT / "web"
# The page's modules and its service worker (the damaged page's words).
PAGE_JS = sorted((WEB / "js").rglob("*.js")) + [WEB / "sw.js"]
UI_KEY = re.compile(r"""["'](ui\.[a-z0-9_.]+)["']""")
HTML_TEXT_KEY = re.compile(r'data-i18n="(ui\.[a-z0-9_.]+)"')
HTML_ATTR_KEYS = re.compile(r'data-i18n-attr="([^"]+)"')
# The documents whose texts carry keys: the page and the embeddable player.
HTML_PAGES = ("index.html", "embed.html")


def page_catalog(lang: str) -> dict[str, str]:
    tree = json.loads((WEB / "locale" / f"{lang}.json").read_text(encoding="utf-8"))
    assert set(tree) == {"ui"}, f"web/locale/{lang}.json holds only ui.* keys"
    from py_engines.i18n import flatten
    return dict(flatten(tree))


def page_forms(lang: str, key: str) -> dict[str, str]:
    texts = page_catalog(lang)
    if key in texts:
        return {key: texts[key]}
    return {f"{key}_{s}": texts[f"{key}_{s}"] for s in plural_suffixes() if f"{key}_{s}" in texts}


def page_base_keys(lang: str) -> set[str]:
    texts = page_catalog(lang)
    out = set()
    for key in texts:
        base, _, suffix = key.rpartition("_")
        plural = suffix in plural_suffixes() and base not in texts and f"{base}_other" in texts
        out.add(base if plural else key)
    return out


def _strip_js_comments(text: str) -> str:
    return re.sub(r"/\*.*?\*/|(?<![:\"'\\])//[^\n]*", "", text, flags=re.S)


def page_code_keys() -> dict[str, list[str]]:
    """Every ui.* key the page's code and index.html name, and where."""
    found: dict[str, list[str]] = {}
    for path in PAGE_JS:
        text = _strip_js_comments(path.read_text(encoding="utf-8"))
        for m in UI_KEY.finditer(text):
            line = text[:m.start()].count("\n") + 1
            found.setdefault(m.group(1), []).append(f"{path.relative_to(ROOT)}:{line}")
    for page in HTML_PAGES:
        html = (WEB / page).read_text(encoding="utf-8")
        for m in HTML_TEXT_KEY.finditer(html):
            found.setdefault(m.group(1), []).append(f"web/{page}")
        for m in HTML_ATTR_KEYS.finditer(html):
            for pair in m.group(1).split(";"):
                found.setdefault(pair.split("=", 1)[1], []).append(f"web/{page}")
    return found


STRING = re.compile(r"""\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'|`[^`]*`""")
INNER = re.compile(r"[(\[{][^()\[\]{}]*[)\]}]")


def _object_keys(text: str, start: int) -> tuple[set[str], int] | None:
    """The top-level keys of the object literal that opens at ``text[start] == "{"``, and
    where it closes."""
    if start >= len(text) or text[start] != "{":
        return None
    # Strings become plain words (a quoted key stays a key); nested brackets collapse.
    flat = STRING.sub(lambda m: '"' + re.sub(r"\W", "_", m.group(0)[1:-1]) + '"', text[start:])
    depth, close = 0, len(flat)
    for k, ch in enumerate(flat):
        depth += (ch in "([{") - (ch in ")]}")
        if depth == 0:
            close = k
            break
    body = flat[1:close]
    while INNER.search(body):
        body = INNER.sub("0", body)
    names = {part.split(":")[0].strip().strip('"') for part in body.split(",") if part.strip()}
    # The closing brace's index in `text`: strings kept their lengths.
    return names, start + close


# A key, then its parameters: t("k", {..}), setText(n, "k", {..}), { id: "k", params: {..} }.
KEY_THEN_PARAMS = re.compile(
    r"""["'](ui\.[a-z0-9_.]+)["']\s*,\s*(?:params\s*:\s*|i18nParams\s*:\s*)?(?=\{)""")
# showFailure(status, err, "ui.x.cannot"): the key's one parameter is the reason.
SHOW_FAILURE = re.compile(r"""showFailure\([^,()]+,\s*[^,()]+,\s*["'](ui\.[a-z0-9_.]+)["']\)""")
SET_ATTRS = re.compile(r"setAttrs\([^,()]+,\s*(?=\{)|i18nAttr\s*:\s*(?=\{)")


def page_calls() -> list[tuple[str, str, frozenset[str]]]:
    """(where, key, parameter names) for every use of a key with its parameters written beside it."""
    calls = []
    for path in PAGE_JS:
        text = _strip_js_comments(path.read_text(encoding="utf-8"))
        for m in KEY_THEN_PARAMS.finditer(text):
            if text[max(0, m.start() - 40):m.start()].rstrip().endswith(","):
                before = text[max(0, m.start() - 60):m.start()]
                if re.search(r"wholeNumber\([^,]+,\s*$", before):
                    continue          # wholeNumber(input, "ui.field", {min, max}): options
            parsed = _object_keys(text, m.end())
            assert parsed is not None, f"{path}: cannot read the parameters of {m.group(1)}"
            calls.append((f"{path.relative_to(ROOT)}", m.group(1), frozenset(parsed[0])))
        for m in SHOW_FAILURE.finditer(text):
            calls.append((f"{path.relative_to(ROOT)}", m.group(1), frozenset({"reason"})))
        for m in SET_ATTRS.finditer(text):
            first = m.end()
            keys_obj = _object_keys(text, first)
            assert keys_obj is not None
            after = text[keys_obj[1] + 1:].lstrip()
            rest = after[1:].lstrip() if after.startswith(",") else ""
            rest = re.sub(r"^i18nParams\s*:\s*", "", rest)
            params = _object_keys(rest, 0) if rest.startswith("{") else None
            literal = text[first:keys_obj[1]]
            for key in UI_KEY.findall(literal):
                given = frozenset(params[0]) if params else frozenset()
                calls.append((f"{path.relative_to(ROOT)}", key, given))
    html = (WEB / "index.html").read_text(encoding="utf-8")
    for m in re.finditer(r"<[^>]*data-i18n=\"(ui\.[a-z0-9_.]+)\"[^>]*>", html):
        p = re.search(r"data-i18n-params='([^']*)'", m.group(0))
        calls.append(("web/index.html", m.group(1), frozenset(json.loads(p.group(1))) if p else frozenset()))
    return calls


PAGE_LANGS = sorted(p.stem for p in (WEB / "locale").glob("*.json"))


def test_the_page_has_a_catalog_for_every_language_the_engines_speak():
    assert PAGE_LANGS == sorted(LANGS)
    assert re.search(r'LANGS = /\*\* @type \{const\} \*/ \(\["en", "zh-CN"\]\)',
                     (WEB / "js" / "i18n" / "lang.js").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_the_page_uses_is_in_the_catalog(lang):
    used = page_code_keys()
    assert len(used) > 150
    missing = sorted(key for key in used if not page_forms(lang, key))
    assert missing == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_catalog_key_is_used(lang):
    unused = sorted(page_base_keys(lang) - set(page_code_keys()))
    assert unused == []


@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_every_language_has_every_page_key_with_its_plural_forms(lang):
    assert page_base_keys(lang) == page_base_keys(SOURCE_LANG)
    for key in page_base_keys(lang):
        if key not in page_catalog(lang):
            assert {f.rpartition("_")[2] for f in page_forms(lang, key)} == PLURAL_FORMS[lang], key
        assert placeholders(" ".join(page_forms(lang, key).values())) <= \
            placeholders(" ".join(page_forms(SOURCE_LANG, key).values())) | {"count"}, key


def test_every_parameter_a_page_message_names_is_supplied():
    calls = page_calls()
    assert len(calls) > 40
    checked = set()
    wrong = []
    for where, key, params in calls:
        named = placeholders(" ".join(page_forms(SOURCE_LANG, key).values()))
        if len(page_forms(SOURCE_LANG, key)) > 1:
            named.add("count")
        checked.add(key)
        if params != named:
            wrong.append((where, key, sorted(params ^ named)))
    assert wrong == []
    # A key that names parameters is only ever used with them written beside it.
    needs = {key for key in page_base_keys(SOURCE_LANG)
             if placeholders(" ".join(page_forms(SOURCE_LANG, key).values()))}
    assert sorted(needs - checked) == []


def test_page_keys_are_literal_strings():
    for path in PAGE_JS:
        text = _strip_js_comments(path.read_text(encoding="utf-8"))
        assert "`ui." not in text and not re.search(r"""["']ui\.["']\s*\+""", text), path


@pytest.mark.parametrize("lang", LANGS)
def test_page_texts_use_only_the_shared_i18next_syntax(lang):
    for key, text in page_catalog(lang).items():
        assert text and text == text.strip(), key
        for match in re.finditer(r"\{\{(.*?)\}\}", text):
            name, _, fmt = match.group(1).partition(",")
            assert re.fullmatch(r"\s*[a-z_]+\s*", name) and fmt.strip() in ("", "number"), (key, text)
        if lang == "zh-CN":
            latin = set(re.findall(r"[A-Za-z][A-Za-z0-9]{3,}", re.sub(r"\{\{.*?\}\}", "", text)))
            assert latin <= ZH_KEEPS_LATIN, (key, latin - ZH_KEEPS_LATIN)


# Latin words a Chinese text keeps: names (the site, the runtime, languages, tools, the players
# of the statements), file formats and key caps, as a Chinese programmer writes them.
ZH_KEEPS_LATIN = {"Pixel", "Judge", "Pyodide", "Python", "JSON", "Clang", "WebAssembly", "Alice",
                  "Bob", "GAME", "SEED", "base64url", "clang", "std", "exceptions", "bits", "stdc",
                  "Ctrl", "Enter", "Home", "stdin", "iframe", "HTML",
                  "BYTE",   # the stage's title of Byte Me!, a game's name
                  # the C++ messages' code, libraries and protocol, quoted as they are written
                  "try", "throw", "catch", "optional", "python3", "engines", "stress", "LLVM", "libc",
                  "libstdc", "HTTP", "abort", "assert", "malloc", "thread", "start", "memory", "stdout"}


def test_the_catalogs_of_the_engines_and_the_page_never_share_a_key():
    for lang in LANGS:
        engine = json.loads((PACKAGE / "locale" / f"{lang}.json").read_text(encoding="utf-8"))
        assert "ui" not in engine


# ----------------------------------------------------------------------------- no English left in page code

class _TextNodes(__import__("html.parser").parser.HTMLParser):
    """Text nodes of index.html with the element they sit in (and its marked ancestors)."""

    VOID = {"meta", "link", "input", "br", "img", "source", "hr"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, dict[str, str | None]]] = []
        self.found: list[tuple[str, list[tuple[str, dict[str, str | None]]]]] = []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.stack.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if data.strip():
            self.found.append((data.strip(), list(self.stack)))


def test_every_text_node_of_index_html_carries_a_key():
    parser = _TextNodes()
    parser.feed((WEB / "index.html").read_text(encoding="utf-8"))
    bare = []
    for text, stack in parser.found:
        tag, attrs = stack[-1] if stack else ("", {})
        if tag in ("script", "style", "kbd") or not re.search(r"[A-Za-z\u4e00-\u9fff]", text):
            continue                       # code, key caps, symbols (|< > 0 / 0 ·)
        if "data-i18n" in attrs:
            continue
        if tag == "option" and attrs.get("lang"):
            continue                       # the language switch names each language in itself
        if tag == "span" and any(a.get("class") == "logo" for _, a in stack) or text == "PIXEL":
            continue                       # the site's name, drawn as a logo
        bare.append(text)
    assert bare == []
    # The switch offers exactly the languages of the catalogs.
    html = (WEB / "index.html").read_text(encoding="utf-8")
    switch = re.search(r'<select data-testid="language".*?</select>', html, re.S)
    assert switch and re.findall(r'<option value="([^"]+)"', switch.group(0)) == LANGS


# What reaches a person: text content, a title or label, an option's label, a status line.
ENGLISH_SINK = re.compile(
    r"""(?:\.textContent\s*=|\.title\s*=|\.placeholder\s*=|setAttribute\(\s*["'](?:aria-label|title|placeholder)["']\s*,|"""
    r"""\bh\(\s*["'][a-z0-9]+["']\s*,\s*\{[^}]*\}\s*,|\.append\(|option\([^,]+,)\s*(["'`])((?:(?!\1).)*[A-Za-z]{3,}(?:(?!\1).)*)\1""")


# Names a programmer reads as they are in every language (file formats, streams).
TECHNICAL = {"GIF", "PNG", "CSV", "JSON", "stdout", "stderr"}


def test_no_english_literal_reaches_a_person_outside_the_catalogs():
    found = []
    for path in PAGE_JS:
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(("web/js/cpp/", "web/js/runner/")) or rel.endswith("-worker.js"):
            continue      # compiler and runner protocol texts, shown through the tools' own words
        for m in ENGLISH_SINK.finditer(_strip_js_comments(path.read_text(encoding="utf-8"))):
            words = re.sub(r"\$\{[^}]*\}", "", m.group(2))
            if re.search(r"[A-Za-z]{3,}", words) and words not in TECHNICAL:
                found.append(f"{rel}: {m.group(0)[:90]}")
    assert found == []


# ----------------------------------------------------------------------------- the stage's words

STAGE_JS = sorted((WEB / "js" / "stage").rglob("*.js"))
# A drawing call and the index of its argument that is drawn as text.
STAGE_TEXT_ARG = {"g.text": 0, "text": 0, "banner": 1, "caption": 1, "badge": 3, "tag": 3, "valueBadge": 3,
                  "tile": 5}
# Words the stage draws as they are in every language: the site's name.
STAGE_NAMES = {"PIXEL JUDGE"}


def _call_args(text: str, start: int) -> list[str]:
    """The top-level arguments of the call whose "(" is at text[start]."""
    args, depth, quote, current = [], 0, "", ""
    for ch in text[start + 1:]:
        if quote:
            current += ch
            if ch == quote:
                quote = ""
            continue
        if ch in "\"'`":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                args.append(current.strip())
                return args
            depth -= 1
        elif ch == "," and depth == 0:
            args.append(current.strip())
            current = ""
            continue
        current += ch
    return args


def test_the_stage_draws_no_english_literal():
    """Every word a scene, the kit or the renderer draws comes from a catalog (g.t, g.msg, or
    the engine's localized texts): no string literal with a Latin word reaches a text
    argument of the kit's drawing calls, as a plain or a template literal."""
    call = re.compile(r"(?<![\w.])(g\.text|banner|caption|badge|tag|valueBadge|tile)\s*\(")
    found = []
    for path in STAGE_JS:
        text = _strip_js_comments(path.read_text(encoding="utf-8"))
        for m in call.finditer(text):
            if text[max(0, m.start() - 9):m.start()].endswith("function "):
                continue
            args = _call_args(text, m.end() - 1)
            k = STAGE_TEXT_ARG[m.group(1)]
            if m.group(1) == "text" or len(args) <= k:
                continue
            # Literals passed to another call (g.t's key, who(g, "You")) are not drawn as they are.
            drawn = args[k]
            while re.search(r"[\w.]+\s*\([^()]*\)", drawn):
                drawn = re.sub(r"[\w.]+\s*\([^()]*\)", "0", drawn)
            # Nor are the literals a value is compared with (s.outcome === "win").
            drawn = re.sub(r"""[=!]==?\s*("[^"]*"|'[^']*')|("[^"]*"|'[^']*')\s*[=!]==?""", "0", drawn)
            for literal in STRING.findall(drawn):
                words = re.sub(r"\$\{[^}]*\}", "", literal[1:-1])
                if literal[1:-1].startswith("ui.") or literal[1:-1] in STAGE_NAMES:
                    continue              # a catalog key (g.t's), or a name
                if re.search(r"[A-Za-z]{2,}", words):
                    found.append(f"{path.relative_to(ROOT)}: {m.group(1)}(... {args[k][:60]})")
    assert found == []
    # The check sees the calls it should: a planted literal is found.
    planted = 'banner(g, `${who} WINS`, PAL.red);'
    m = call.search(planted)
    assert m and STRING.findall(_call_args(planted, m.end() - 1)[1])
