"""Each game's comparator (py_engines/tools/compare.py): the judge it comes from, one
place (the engine's metadata) that the CLI's check and stress and the bridge all follow."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from py_engines.bridge import handle
from py_engines.i18n import render
from py_engines.registry import engine_names, get_engine
from py_engines.tools.compare import comparator_of, judge_output, trim

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
# The judge each problem is judged on today, and how it compares (see each game's comment).
JUDGES = {
    "the_game": ("trailing", "DOMjudge"),      # CERC 2022: DOMjudge, mirrored on Luogu
    "kalah": ("exact", "UVa"),                 # UVa 12180
    "house_of_cards": ("exact", "UVa Live Archive"),
    "byte_me": ("exact", "POJ"),               # POJ 1303
    "sevens": ("trailing", "Luogu"),           # THUPC 2022 on Luogu
}


def sample(game: str) -> tuple[str, str]:
    first = sorted((DATA / game).glob("*.in"))[0]
    return first.read_text(encoding="utf-8"), first.with_suffix(".ans").read_text(encoding="utf-8")


def spaced(answer: str) -> str:
    """The answer with a space after each line's last token (as a solution printing
    "card " in a loop does) and an extra blank line at the end."""
    return "".join(line.rstrip("\n") + " \n" for line in answer.splitlines(True)) + "\n"


def bridge_check(game: str, text: str, output: str, strict: bool = False) -> dict:
    reply = json.loads(handle(json.dumps({"cmd": "check", "game": game, "input": text,
                                          "output": output, "strict": strict})))
    assert reply["ok"], reply
    return reply


def test_every_registered_game_names_its_judge():
    assert sorted(engine_names()) == sorted(JUDGES)
    for game, expected in JUDGES.items():
        assert comparator_of(get_engine(game)) == expected


@pytest.mark.parametrize("game", sorted(JUDGES))
def test_trailing_spaces_follow_the_games_judge(game):
    text, answer = sample(game)
    comparator, judge = JUDGES[game]
    reply = bridge_check(game, text, spaced(answer))
    verdicts = {c["verdict"] for c in reply["cases"]}
    assert reply["comparator"] == comparator and reply["judge"] == judge
    assert reply["strict"]["verdict"] == "presentation" and reply["strict"]["line"] == 1
    assert render_msg(reply["strict"]["message_msg"]).startswith("presentation error at line 1, column ")
    if comparator == "trailing":
        assert verdicts == {"accepted"}
        note = render_msg(reply["note_msg"])
        assert note.startswith(f"{judge} ignores white space") and "presentation error at line 1" in note
    else:
        assert "presentation" in verdicts and reply["note_msg"] is None


@pytest.mark.parametrize("game", sorted(JUDGES))
def test_strict_reads_byte_for_byte_in_every_game(game):
    text, answer = sample(game)
    reply = bridge_check(game, text, spaced(answer), strict=True)
    assert reply["comparator"] == "exact" and "presentation" in {c["verdict"] for c in reply["cases"]}
    assert bridge_check(game, text, answer, strict=True)["accepted"] == reply["total"]


@pytest.mark.parametrize("game", sorted(JUDGES))
def test_a_wrong_token_is_wrong_under_every_comparator(game):
    text, answer = sample(game)
    bad = answer.replace(answer.split()[0], answer.split()[0] + "9", 1)
    for strict in (False, True):
        reply = bridge_check(game, text, spaced(bad), strict=strict)
        assert "wrong" in {c["verdict"] for c in reply["cases"]}
        assert reply["note_msg"] is None


def test_trailing_keeps_other_white_space_a_presentation_error():
    answers = ("1 2\n", "3\n")
    report = judge_output(answers, "1  2\n3\n", comparator="trailing", judge="Luogu")
    assert [c.verdict for c in report.cases] == ["presentation", "accepted"]
    assert report.note is None and report.strict is not None
    assert report.strict.verdict() == "presentation" and report.to_dict()["strict"]["line"] == 1


def test_trailing_ignores_crlf_and_final_blank_lines_but_not_a_missing_line():
    answers = ("1 2\n", "3\n")
    assert judge_output(answers, "1 2\r\n3\r\n\r\n\n", comparator="trailing").verdict() == "accepted"
    assert judge_output(answers, "1 2\n3", comparator="trailing").verdict() == "accepted"
    assert judge_output(answers, "1 2\n", comparator="trailing").verdict() == "wrong"
    assert judge_output(answers, "1 2\n3", comparator="exact").verdict() == "presentation"


def test_trim_drops_line_end_space_and_end_blank_lines_only():
    assert trim(" a \t\n\n b  \r\n\n \n") == " a\n\n b\n"
    assert trim("  \n\n") == ""


def render_msg(data: dict) -> str:
    from py_engines.i18n import Msg

    def build(value):
        if isinstance(value, dict) and "id" in value:
            return Msg(value["id"], {k: build(v) for k, v in value["params"].items()})
        return value
    return render(build(data))


def cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "py_engines", *args], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_cli_check_follows_the_judge_and_strict_reads_byte_for_byte(tmp_path):
    text, answer = sample("the_game")
    (tmp_path / "in").write_text(text)
    (tmp_path / "out").write_text(spaced(answer))
    judged = cli(tmp_path, "check", "the_game", "in", "out")
    assert judged.returncode == 0, judged.stderr
    assert judged.stdout.splitlines() == [
        "case 1: accepted", "accepted 1 of 1 cases",
        "DOMjudge ignores white space at line ends and at the end; byte for byte: "
        "presentation error at line 1"]
    strict = cli(tmp_path, "check", "the_game", "in", "out", "--strict")
    assert strict.returncode == 1 and "case 1: presentation error at line 1" in strict.stdout


SPACED_SEVENS = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
from py_engines import solve_text
for line in solve_text("sevens", sys.stdin.read()).splitlines():
    print(line + "  ")
"""


def test_cli_stress_follows_the_judge_and_strict_reads_byte_for_byte(tmp_path):
    (tmp_path / "spaced.py").write_text(SPACED_SEVENS)
    judged = cli(tmp_path, "stress", "sevens", "--count", "2", "--", sys.executable, "spaced.py")
    assert judged.returncode == 0, judged.stdout + judged.stderr
    strict = cli(tmp_path, "stress", "sevens", "--count", "2", "--strict", "--",
                 sys.executable, "spaced.py")
    assert strict.returncode == 1 and "presentation error" in strict.stdout
