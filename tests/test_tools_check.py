"""The checker: every verdict, positions in the output text, case cutting, CLI and bridge."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from py_engines.i18n import render
from py_engines.bridge import handle
from py_engines.tools.check import check, check_answers

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
ANSWERS = ("HAND 3\nByte me!\nWin!\n", "HAND 2\nBust!\n", "HAND 4\nLose!\n")
MARK = r"HAND \d+"


def verdicts(report):
    return [c.verdict for c in report.cases]


def test_identical_output_is_accepted_everywhere():
    report = check_answers(ANSWERS, "".join(ANSWERS), marker=MARK)
    assert verdicts(report) == ["accepted"] * 3
    assert report.lines()[-1] == "accepted 3 of 3 cases" and report.ok


def test_wrong_line_is_located_in_the_output_text():
    out = "HAND 3\nByte me!\nWin!\nHAND 2\nWin!\nHAND 4\nLose!\n"
    report = check_answers(ANSWERS, out, marker=MARK)
    assert verdicts(report) == ["accepted", "wrong", "accepted"]
    bad = report.cases[1]
    assert (bad.line, bad.column, bad.expected, bad.got) == (5, 1, "Bust!", "Win!")
    assert report.lines()[1] == 'case 2: wrong answer at line 5, column 1: expected "Bust!", got "Win!"'
    assert report.lines()[-1] == "accepted 2 of 3 cases"


def test_column_points_inside_the_first_differing_token():
    report = check_answers(("Case 1: Axel wins 12\n",), "Case 1: Axel wins 13\n")
    case = report.cases[0]
    assert (case.verdict, case.line, case.column) == ("wrong", 1, 20)


@pytest.mark.parametrize("out, line, column", [
    ("HAND 3\nByte me!\nWin! \nHAND 2\nBust!\nHAND 4\nLose!\n", 3, 5),      # trailing space
    ("HAND 3\nByte me!\nWin!\r\nHAND 2\nBust!\nHAND 4\nLose!\n", 3, 5),     # CRLF
    ("HAND 3\nByte me!\nWin!\n\nHAND 2\nBust!\nHAND 4\nLose!\n", 4, 1),    # blank line
])
def test_white_space_only_is_a_presentation_error(out, line, column):
    report = check_answers(ANSWERS, out, marker=MARK)
    assert verdicts(report) == ["presentation", "accepted", "accepted"]
    assert (report.cases[0].line, report.cases[0].column) == (line, column)
    assert report.lines()[0].startswith("case 1: presentation error at line")
    strict = check_answers(ANSWERS, out, marker=MARK, strict=True)
    assert verdicts(strict) == ["wrong", "accepted", "accepted"]


def test_missing_final_newline_is_a_presentation_error_on_the_last_line():
    out = "".join(ANSWERS).removesuffix("\n")
    case = check_answers(ANSWERS, out, marker=MARK).cases[2]
    assert (case.verdict, case.line, case.column) == ("presentation", 7, 6)
    assert "missing final newline" in render(case.message)


def test_too_few_cases_are_wrong_answers_named_as_such():
    report = check_answers(ANSWERS, ANSWERS[0], marker=MARK)
    assert verdicts(report) == ["accepted", "wrong", "wrong"]
    assert all("too few cases" in render(c.message) for c in report.cases[1:])
    assert (report.cases[1].line, report.cases[1].column, report.cases[1].got) == (4, 1, None)


def test_too_many_cases_are_a_wrong_answer_named_as_such():
    report = check_answers(ANSWERS, "".join(ANSWERS) + "HAND 9\nWin!\n", marker=MARK)
    assert verdicts(report) == ["accepted", "accepted", "wrong"]
    assert "too many cases" in render(report.cases[2].message) and report.cases[2].line == 8


def test_cases_without_a_marker_are_cut_by_their_line_counts():
    answers = ("-2\n", "1\n", "0\n")
    report = check_answers(answers, "-2\n\n2\n0\n")
    assert verdicts(report) == ["presentation", "wrong", "accepted"]
    assert report.cases[1].line == 3


def test_tokens_moved_across_cases_are_still_presentation_errors():
    report = check_answers(("-2\n", "1\n"), "-2 1\n")
    assert set(verdicts(report)) == {"presentation"}
    assert verdicts(check_answers(("-2\n", "1\n"), "-2 1\n", strict=True))[0] == "wrong"


def test_a_long_line_is_quoted_by_its_head():
    got = "9 " * 3000 + "\n"
    case = check_answers(("Case 1: Axel wins 12\n",), got).cases[0]
    assert case.got == got[:-1] and len(render(case.message)) < 1200
    assert render(case.message).endswith('9 9 9 ..." (6,000 characters)')


def test_check_solves_the_input_with_the_engine():
    text = (DATA / "byte_me" / "gen-bm1-1.in").read_text()
    answer = (DATA / "byte_me" / "gen-bm1-1.ans").read_text()
    assert check("byte_me", text, answer).ok
    wrong = answer.replace("Lose!", "Win!", 1)
    report = check("byte_me", text, wrong)
    assert report.total == 50 and report.accepted == 49


def call(**request):
    return json.loads(handle(json.dumps(request)))


def test_bridge_check_envelope():
    text = (DATA / "kalah" / "spec-sample-1.in").read_text()
    answer = (DATA / "kalah" / "spec-sample-1.ans").read_text()
    lines = answer.splitlines(keepends=True)
    right = lines[1].strip()
    lines[1] = "7\n"
    reply = call(cmd="check", game="kalah", input=text, output="".join(lines), strict=False)
    assert reply["ok"] and reply["total"] == len(lines) and reply["accepted"] == len(lines) - 1
    bad = reply["cases"][1]
    assert set(bad) == {"case", "verdict", "line", "column", "expected", "got", "message",
                        "message_msg"}
    assert (bad["case"], bad["verdict"], bad["line"], bad["column"]) == (2, "wrong", 2, 1)
    assert bad["got"] == "7" and bad["expected"] == right


def test_bridge_check_reports_a_bad_input_with_its_position():
    reply = call(cmd="check", game="kalah", input="2\n1\n1 x 0 0\n", output="")
    assert not reply["ok"] and reply["error"]["line"] == 3 and reply["error"]["column"] == 3
    assert not call(cmd="check", game="kalah", input="1", output="", strict="yes")["ok"]


# ----------------------------------------------------------------------------- CLI

def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "py_engines", *args], capture_output=True,
                          text=True, cwd=cwd or ROOT, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_cli_check_exit_codes(tmp_path):
    src = DATA / "byte_me" / "gen-bm1-1.in"
    ans = DATA / "byte_me" / "gen-bm1-1.ans"
    ok = cli("check", "byte_me", str(src), str(ans))
    assert ok.returncode == 0 and ok.stdout.splitlines()[-1] == "accepted 50 of 50 cases"
    wrong = tmp_path / "out.txt"
    wrong.write_text(ans.read_text().replace("Bust!", "Win!", 1))
    res = cli("check", "byte_me", str(src), str(wrong))
    assert res.returncode == 1
    assert any(line.endswith('expected "Bust!", got "Win!"') for line in res.stdout.splitlines())
    bad = tmp_path / "bad.in"
    bad.write_text("START 3\n0101 1\n")
    res = cli("check", "byte_me", str(bad), str(ans))
    assert res.returncode == 2 and "line 2, column 1" in res.stderr and "Traceback" not in res.stderr
    assert cli("check", "byte_me", str(tmp_path / "none.in"), str(ans)).returncode == 2


def test_cli_help_lists_the_commands_and_games_keep_working():
    res = cli("--help")
    assert res.returncode == 0
    for command in ("check", "gen", "stress"):
        assert f"  {command} " in res.stdout
    assert cli("the_game", str(DATA / "the_game" / "sample-1.in")).stdout == \
        (DATA / "the_game" / "sample-1.ans").read_text()


def test_no_game_takes_a_command_name():
    from py_engines import engine_names
    from py_engines.tools import COMMANDS
    assert not set(COMMANDS) & set(engine_names())
