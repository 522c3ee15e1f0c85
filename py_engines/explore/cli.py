"""``python3 -m py_engines explore GAME [--study NAME] --deals N --seed S [--workers K] [--json]``

Deal k (k = 0..N-1) is the engine's ``random_input(S + k)`` with the study's
options; ``--opt NAME=VALUE`` (or ``--NAME VALUE``) sets one of the study's own
options.  Plain output: the outcome table and a text plot of each metric;
``--json``: ``{"game", "study", "deals", "seed", "outcomes", "metrics",
"deals_per_s"}``.  Bad options exit with status 2 and a one-line message.
``--lang zh-CN`` words the plain output and the messages in Chinese (the JSON and
argparse's own help stay as they are).
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable, Mapping, Sequence

from ..errors import EngineError
from ..cli_lang import add_lang_argument, text_width
from ..i18n import Msg, msg, render
from ..registry import get_engine
from .run import explore
from .study import Plot, Study, get_study, studies_of

BAR = 24
SPARK_WIDTH = 40
SPARK = " \u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python3 -m py_engines explore",
        description="Solve many random deals of one game and count what happens.")
    parser.add_argument("game", help="game id (python3 -m py_engines --list)")
    parser.add_argument("--study", help="study name (default: the game's first; --studies lists)")
    parser.add_argument("--deals", type=int, help="number of deals N (deal k uses seed S + k)")
    parser.add_argument("--seed", type=int, default=0, help="seed S of deal 0 (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--opt", action="append", default=[], metavar="NAME=VALUE",
                        help="a study option, e.g. --opt players=10")
    parser.add_argument("--studies", action="store_true", help="list the game's studies")
    add_lang_argument(parser)
    return parser


def _options(pairs: Sequence[str], extra: Sequence[str]) -> dict[str, Any]:
    """``--opt a=1`` pairs and leftover ``--a 1`` / ``--a=1`` arguments, as study options."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise EngineError(msg("explore.cli.opt_pair", pair=pair))
        options[name] = value
    rest = list(extra)
    while rest:
        arg = rest.pop(0)
        if not arg.startswith("--") or len(arg) == 2:
            raise EngineError(msg("explore.cli.unexpected_argument", argument=arg))
        name, sep, value = arg[2:].partition("=")
        if not sep:
            if not rest:
                raise EngineError(msg("explore.cli.needs_value", option=name))
            value = rest.pop(0)
        options[name.replace("-", "_")] = value
    return options


def main(argv: list[str]) -> int:
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    try:
        engine = get_engine(args.game)
        if args.studies:
            for study in studies_of(engine):
                print(f"{study.name}\t{render(study.title, args.lang)}: "
                      f"{render(study.counts, args.lang)}")
            return 0
        if args.deals is None:
            raise EngineError(msg("explore.cli.deals_missing"))
        options = _options(args.opt, extra)
        study = get_study(engine, args.study)
        lang = args.lang

        def progress_line(done: int, total: int) -> None:
            print("\r" + render(msg("explore.cli.progress", done=done, total=total), lang),
                  end="", file=sys.stderr, flush=True)
        progress = None if args.json or not sys.stderr.isatty() else progress_line
        result = explore(engine.name, study.name, deals=args.deals, seed=args.seed,
                         workers=args.workers, options=options, progress=progress)
    except EngineError as err:
        print(render(msg("common.cli_error", message=err.located()), args.lang), file=sys.stderr)
        return 2
    if progress is not None:
        print(file=sys.stderr)
    if args.json:
        sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(report(study, result, args.workers, lang))
    return 0


# ----------------------------------------------------------------------------- plain output

def report(study: Study, result: Mapping[str, Any], workers: int, lang: str = "en") -> str:
    def say(m: Msg | str) -> str:
        return render(m, lang) if isinstance(m, Msg) else m

    lines = [render(msg("explore.cli.head", game=result["game"], title=study.title,
                        study=study.name, counts=study.counts), lang),
             render(msg("explore.cli.figures", deals=result["deals"], seed=result["seed"],
                        workers=workers, rate=f"{result['deals_per_s']:,}"), lang), ""]
    for plot in study.plots:
        data = _source(result, plot)
        lines.append(say(plot.title))
        lines += _text_plot(plot, data, say, _class_names(study, lang))
        lines.append("")
    return "\n".join(lines)


def _class_names(study: Study, lang: str) -> dict[str, str]:
    return {key: render(label, lang) for key, label in study.class_labels.items()}


def _pad(text: str, width: int) -> str:
    """``text`` right-aligned in ``width`` terminal columns (a CJK character takes two)."""
    return " " * max(0, width - text_width(text)) + text


def _source(result: Mapping[str, Any], plot: Plot) -> Mapping[str, Any]:
    if plot.source == "outcomes":
        return result["outcomes"]  # type: ignore[no-any-return]
    data: Mapping[str, Any] = result["metrics"].get(plot.source.removeprefix("metrics."), {})
    return data


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def _text_plot(plot: Plot, data: Mapping[str, Any], say: Callable[[Msg | str], str],
               names: Mapping[str, str]) -> list[str]:
    if plot.kind in ("bars", "histogram"):
        return _bars(plot, data, say, names)
    if plot.kind in ("dist_lines", "heatmap"):
        return _sparks(plot, data, say, names)
    return _shares(plot, data, say, names)


def _filled(plot: Plot, data: Mapping[str, int]) -> list[tuple[str, int]]:
    if plot.kind != "histogram" or not data:
        return list(data.items())
    numbers = [int(k) for k in data]
    return [(str(v), data.get(str(v), 0)) for v in range(min(numbers), max(numbers) + 1)]


def _bars(plot: Plot, data: Mapping[str, int], say: Callable[[Msg | str], str],
          names: Mapping[str, str]) -> list[str]:
    rows = [(names.get(label, label), count) for label, count in _filled(plot, data)]
    if not rows:
        return ["  " + say(msg("explore.cli.none"))]
    total = sum(count for _, count in rows)
    top = max(count for _, count in rows) or 1
    width = max(text_width(label) for label, _ in rows)
    return [f"  {_pad(label, width)}  {count:>9,} {_pct(count, total)}  "
            f"{'#' * round(BAR * count / top)}" for label, count in rows]


def _shares(plot: Plot, data: Mapping[str, Mapping[str, int]], say: Callable[[Msg | str], str],
            names: Mapping[str, str]) -> list[str]:
    """A table: one row per group, one column per class, each a share of the row."""
    if not data:
        return ["  " + say(msg("explore.cli.none"))]
    classes: list[str] = []
    for row in data.values():
        classes += [c for c in row if c not in classes]
    x = say(plot.x)
    width = max(text_width(x), *(text_width(names.get(g, g)) for g in data))
    lines = [f"  {_pad(x, width)}  " + "  ".join(_pad(names.get(c, c), 7) for c in classes)
             + "  " + _pad(say(msg("explore.axis.deals")), 9)]
    for group, row in data.items():
        total = sum(row.values())
        lines.append(f"  {_pad(names.get(group, group), width)}  "
                     + "  ".join(f"{_pct(row.get(c, 0), total):>7}" for c in classes)
                     + f"  {total:>9,}")
    return lines


def _sparks(plot: Plot, data: Mapping[str, Mapping[str, int]], say: Callable[[Msg | str], str],
            names: Mapping[str, str]) -> list[str]:
    """One line per group: a sparkline of its distribution over the buckets, and its mean."""
    if not data:
        return ["  " + say(msg("explore.cli.none"))]
    numbers = [int(k) for row in data.values() for k in row]
    low, high = min(numbers), max(numbers)
    step = -(-(high - low + 1) // SPARK_WIDTH)      # buckets per character
    width = max(text_width(names.get(g, g)) for g in data)
    span = msg("explore.cli.span", axis=plot.x, low=low, high=high)
    if step > 1:
        span = msg("explore.cli.span_step", axis=plot.x, low=low, high=high, step=step)
    lines = ["  " + say(span)]
    for group, row in data.items():
        total = sum(row.values())
        bins = [0] * (1 + (high - low) // step)
        for key, count in row.items():
            bins[(int(key) - low) // step] += count
        top = max(bins) or 1
        spark = "".join(SPARK[-(-(len(SPARK) - 1) * n // top)] for n in bins)
        mean = sum(int(k) * c for k, c in row.items()) / total if total else 0.0
        lines.append(f"  {_pad(names.get(group, group), width)}  |{spark}|  "
                     + say(msg("explore.cli.mean", mean=f"{mean:+.2f}", count=total)))
    return lines
