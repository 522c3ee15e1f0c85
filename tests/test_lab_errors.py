"""The lab's failures: every way a user's game can go wrong is a typed error with the exact
line in the user's code where there is one, and solve_lab never raises or prints."""
from __future__ import annotations

import pytest

from py_engines.lab import solve_lab

HOOKS = ("start", "to_move", "moves", "play", "is_terminal", "value", "key", "name", "note",
         "view")

# A small game in which any one hook raises, on a line marked "# FAIL <hook>".
TEMPLATE = '''\
FAIL = None


def check(hook):
    if FAIL == hook:
        raise RuntimeError("boom in " + hook)


class State:
    def __init__(self, n, player):
        self.n, self.player = n, player

    def to_move(self):
        if FAIL == "to_move": raise RuntimeError("boom in to_move")  # FAIL to_move
        return self.player

    def moves(self):
        if FAIL == "moves": raise RuntimeError("boom in moves")  # FAIL moves
        return [1, 2] if self.n >= 2 else [1] if self.n else []

    def play(self, move):
        if FAIL == "play": raise RuntimeError("boom in play")  # FAIL play
        return State(self.n - move, -self.player)

    def is_terminal(self):
        if FAIL == "is_terminal": raise RuntimeError("boom in is_terminal")  # FAIL is_terminal
        return self.n == 0

    def value(self):
        if FAIL == "value": raise RuntimeError("boom in value")  # FAIL value
        return -self.player

    def key(self):
        if FAIL == "key": raise RuntimeError("boom in key")  # FAIL key
        return (self.n, self.player)

    def name(self, move):
        if FAIL == "name": raise RuntimeError("boom in name")  # FAIL name
        return "take%d" % move

    def note(self, move):
        if FAIL == "note": raise RuntimeError("boom in note")  # FAIL note
        return "takes %d" % move

    def view(self):
        if FAIL == "view": raise RuntimeError("boom in view")  # FAIL view
        return VIEW(self) if VIEW else None


VIEW = None


def start(text):
    if FAIL == "start": raise RuntimeError("boom in start")  # FAIL start
    if not text.strip().isdigit():
        raise ValueError("N must be a whole number")  # BAD INPUT
    return State(int(text), 1)
'''


def game(fail: str | None = None, view: str | None = None,
         swap: tuple[str, str] | None = None) -> str:
    """The template with ``fail`` raising, ``view`` as the view, ``swap``'s first text
    (once in the template) replaced by its second."""
    code = TEMPLATE.replace("FAIL = None", f"FAIL = {fail!r}", 1)
    if view is not None:
        code = code.replace("VIEW = None", f"VIEW = lambda s: {view}", 1)
    if swap is not None:
        assert code.count(swap[0]) == 1, swap
        code = code.replace(*swap)
    return code


def line_of(code: str, marker: str) -> int:
    found = [k for k, text in enumerate(code.splitlines(), 1) if text.rstrip().endswith(marker)]
    assert len(found) == 1, marker
    return found[0]


def error(code: str, text: str = "5", **options: object) -> dict[str, object]:
    result = solve_lab(code, text, **options)
    assert result["ok"] is False, result
    error = result["error"]
    assert set(error) == {"type", "message", "line", "msg"}
    return dict(error)


def test_the_template_game_solves() -> None:
    result = solve_lab(game(), "5")
    assert result["ok"] and result["value"] == 1 and result["moves"][0] == "take2"


@pytest.mark.parametrize("hook", HOOKS)
def test_an_exception_in_any_hook_names_its_line(hook: str) -> None:
    code = game(hook)
    found = error(code)
    assert found == {"type": "RulesError", "message": f"RuntimeError: boom in {hook}",
                     "line": line_of(code, f"# FAIL {hook}"),
                     "msg": {"id": "raw", "params": {"text": f"RuntimeError: boom in {hook}"}}}


def test_the_innermost_line_of_the_users_code_is_named() -> None:
    code = "import json\n\ndef start(text):\n    return json.loads(text)['x']\n"
    # The exception is raised inside the json module; the user's line is 4.
    assert error(code, "{") == {**error(code, "{"), "type": "InputError", "line": 4}
    assert error(code, "[]")["line"] == 4
    assert error(code, "[]")["type"] == "RulesError"        # a TypeError, not bad input


@pytest.mark.parametrize("code, line, message", [
    ("x = 1\ny = (\n", 2, "'(' was never closed"),
    ("def start(text):\n    return 1\n  x = 2\n", 3, "unindent does not match any outer "
                                                   "indentation level"),
    ("a = 1\nb = 2\nc = 3 +\n", 3, "invalid syntax"),
])
def test_a_syntax_error_names_its_line(code: str, line: int, message: str) -> None:
    found = error(code)
    assert found["type"] == "SyntaxError" and found["line"] == line
    assert found["message"] == message


def test_an_exception_at_the_top_level_names_its_line() -> None:
    found = error("import math\n\nTABLE = [1, 2]\nX = TABLE[5]\n")
    assert found == {**found, "type": "RulesError", "line": 4,
                     "message": "IndexError: list index out of range"}


def test_bad_input_is_the_value_errors_message_at_its_line() -> None:
    code = game()
    assert error(code, "lots") == {"type": "InputError", "message": "N must be a whole number",
                                   "line": line_of(code, "# BAD INPUT"),
                                   "msg": {"id": "raw", "params": {
                                       "text": "N must be a whole number"}}}


def test_recursion_memory_and_exit_are_clear_messages() -> None:
    deep = "def f(n):\n    return f(n + 1)\n\ndef start(text):\n    return f(0)\n"
    found = error(deep)
    assert found["type"] == "RulesError" and found["line"] == 2
    assert found["message"].startswith("RecursionError: maximum recursion depth exceeded")
    memory = error("def start(text):\n    raise MemoryError()\n")
    assert memory["type"] == "LimitError"
    assert memory["message"] == "the search ran out of memory after 0 positions"
    leave = error("import sys\n\ndef start(text):\n    sys.exit(3)\n")
    assert leave == {**leave, "type": "RulesError", "line": 4, "message": "SystemExit: 3"}
    ask = error("def start(text):\n    return input()\n")
    assert ask["type"] == "RulesError" and ask["message"].startswith("EOFError")


def test_the_users_prints_never_reach_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code = game().replace("    return State(int(text), 1)",
                          "    import sys\n    print('x' * 10_000_000)\n"
                          "    print('to stderr', file=sys.stderr)\n    return State(int(text), 1)")
    assert solve_lab(code, "4")["ok"]
    out, err = capsys.readouterr()
    assert out == "" and err == ""
    print("still mine")
    assert capsys.readouterr().out == "still mine\n"


def test_a_time_limit_is_not_swallowed_by_except_exception() -> None:
    code = ("def start(text):\n    while True:\n        try:\n            sum(range(1000))\n"
            "        except Exception:\n            pass\n")
    found = error(code, time_limit_ms=200)
    assert found["type"] == "LimitError" and found["line"] in (2, 3, 4, 5, 6)


# ----------------------------------------------------------------------------- the contract

@pytest.mark.parametrize("code, message", [
    ("TITLE = 'no start here'\n", "the code defines no start(text) function"),
    ("start = 3\n", "the code defines no start(text) function"),
    ("def start(text):\n    return None\n", "start() returned None (NoneType), which has no "
                                            "to_move() method"),
    ("class S:\n    def to_move(self): return 1\n\ndef start(text):\n    return S()\n",
     "which has no moves() method"),
    ("TITLE = 7\ndef start(text):\n    return 1\n", "TITLE must be a str, not 7 (int)"),
])
def test_a_module_without_the_contract_is_refused(code: str, message: str) -> None:
    found = error(code)
    assert found["type"] == "ContractError" and message in str(found["message"])


NAME = 'return "take%d" % move'


@pytest.mark.parametrize("swap, message", [
    ((NAME, 'return "take"'), "moves 1 and 2 have the same name 'take': name() must tell "
                              "them apart"),
    ((NAME, "return move"), "name() must return a str of 1 to 32 characters, not 1 (int)"),
    ((NAME, 'return "x" * 33'), "not 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' (str)"),
    (('return "takes %d" % move', "return None"), "note() must return a str, not None "
                                                  "(NoneType)"),
    (("return State(self.n - move, -self.player)", "return None"),
     "AttributeError: 'NoneType' object has no attribute"),
    (("return -self.player", "return 0.5"), "value() must return an int"),
])
def test_what_a_method_returns_is_checked(swap: tuple[str, str], message: str) -> None:
    found = error(game(swap=swap))
    assert found["type"] == "ContractError" and found["line"] is None
    assert message in str(found["message"])


# ----------------------------------------------------------------------------- views

@pytest.mark.parametrize("view, message", [
    ("[1]", "view() must return a dict, not [1] (list)"),
    ("{'piles': [{'label': 'a', 'count': 1}] * 2 + [{'label': 'c', 'count': 1000001}]}",
     "view(): piles[2].count must be an int from 0 to 1000000, not 1000001 (int)"),
    ("{'piles': [{'label': 'a', 'count': True}]}", "piles[0].count must be an int"),
    ("{'piles': [{'label': 'a'}]}", "view(): piles[0].count is missing"),
    ("{'piles': [{'label': 'a', 'count': 1, 'color': 2}]}", "unknown key piles[0].color"),
    ("{'piles': [{'label': 'a', 'count': 1}] * 13}", "view(): piles must be a list of at most 12"),
    ("{'stones': 3}", "view(): unknown key 'stones' (str) (known: title, piles, rows, grid, "
                      "scores, note)"),
    ("{'title': 'x' * 41}", "view(): title must be a str of 0 to 40 characters"),
    ("{'note': 5}", "view(): note must be a str of 0 to 80 characters, not 5 (int)"),
    ("{'rows': [{'label': 'r', 'cards': ['H7'] * 21}]}", "rows[0].cards must be a list of at "
                                                         "most 20"),
    ("{'rows': [{'label': 'r', 'cards': ['H7', 'CARDS']}]}", "rows[0].cards[1] must be a str of "
                                                            "0 to 4"),
    ("{'rows': [{'label': 'r', 'cards': []}] * 7}", "rows must be a list of at most 6"),
    ("{'grid': {'cells': [[1, 2], [3]]}}", "all rows the same length"),
    ("{'grid': {'cells': [[1]] * 17}}", "grid.cells must be a list of at most 16"),
    ("{'grid': {'cells': [[100]]}}", "grid.cells[0][0] must be a str of 0 to 2 characters"),
    ("{'grid': {'cells': []}}", "grid.cells must have 1 to 16 rows"),
    ("{'scores': {'a': 1, 'b': 2, 'c': 3, 'd': 4, 'e': 5}}", "scores must be a list of at most 4"),
    ("{'scores': {'': 1}}", "scores (a name) must be a str of 1 to 12"),
    ("{'scores': {'Max': 10 ** 10}}", "scores[Max] must be an int"),
])
def test_a_view_outside_the_vocabulary_names_the_field(view: str, message: str) -> None:
    found = error(game(view=view))
    assert found["type"] == "ViewError" and message in str(found["message"]), found


def test_a_view_in_the_vocabulary_is_passed_on_as_json() -> None:
    view = ("{'title': 'T', 'piles': ({'label': 'n', 'count': s.n},), "
            "'rows': [{'label': 'r', 'cards': ('H7', 'xy')}], 'grid': {'cells': [[s.n, '#']]}, "
            "'scores': {'Max': s.n}, 'note': 'hi'}")
    result = solve_lab(game(view=view), "2")
    assert result["ok"], result
    assert result["frames"][0]["state"]["view"] == {
        "title": "T", "piles": [{"label": "n", "count": 2}],
        "rows": [{"label": "r", "cards": ["H7", "xy"]}], "grid": {"cells": [["2", "#"]]},
        "scores": {"Max": 2}, "note": "hi"}
    assert result["frames"][0]["state"]["table"] is None


WIDE = '''\
class State:
    def __init__(self, left):
        self.left = left

    def to_move(self):
        return 1 if self.left % 2 else -1

    def moves(self):
        return list(range(WIDTH)) if self.left else []

    def play(self, move):
        return State(self.left - 1)

    def is_terminal(self):
        return self.left == 0

    def value(self):
        return self.left

    def key(self):
        return self.left

    def name(self, move):
        return "a-long-move-name-%04d" % move


def start(text):
    return State(2)
'''


def test_a_step_with_more_moves_than_the_page_takes_is_a_limit() -> None:
    assert solve_lab("WIDTH = 4096\n" + WIDE, "")["ok"]
    found = error("WIDTH = 4097\n" + WIDE, "")
    assert found["type"] == "LimitError"
    assert found["message"] == "a position has 4,097 moves; the lab values at most 4,096 at one step"


def test_a_message_with_a_long_parameter_is_cut_to_plain_text() -> None:
    found = error("WIDTH = 200\n" + WIDE, "", moves=["nope"])
    assert found["type"] == "InputError" and len(str(found["message"])) == 300
    assert str(found["message"]).startswith("move 1 (frame 0): 'nope' is not legal for Min; "
                                            "legal moves: a-long-move-name-0000, ")
    assert found["msg"] == {"id": "raw", "params": {"text": found["message"]}}
    short = error("WIDTH = 2\n" + WIDE, "", moves=["nope"])
    assert short["msg"]["id"] == "error.move.illegal"


def test_an_exception_that_prints_when_worded_stays_quiet(capsys: pytest.CaptureFixture[str]) -> None:
    code = ("class Loud(Exception):\n    def __str__(self):\n        print('loud')\n"
            "        return 'worded'\n\ndef start(text):\n    raise Loud()\n")
    assert error(code)["message"] == "Loud: worded"
    assert capsys.readouterr() == ("", "")
