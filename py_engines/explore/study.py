"""What a study is, and the pure arithmetic that turns deals into one result.

A *study* asks one question of many random deals of one game.  Deal ``k`` of a
study from seed ``S`` is the engine's ``random_input(S + k, **options)``, where
the options come from the study (``deal_options(k, study_options)``), so any
deal can be reopened from its seed alone.  The study's ``record`` turns one
solved deal into a *tally*: counts only, e.g.
``{"outcomes": {"won": 1}, "metrics": {"cards_left": {"12": 1}}}``.

Tallies add up leaf by leaf (``merge``), and every leaf is an integer, so the
sum does not depend on how the deals were split between workers or in which
order the parts arrive: any number of workers gives the same result, in the CLI
and in the page alike.  Alongside the counts an aggregate keeps, for every leaf,
the first deal that reached it (``examples``), merged by ``min``: that is the deal
a click on a bar opens.

A game declares its studies beside its rules (``STUDIES`` in the game's module
or in a ``studies`` module of its package); a game without any gets the
default study, which counts the judge's answers.
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ..api import RandomOption, Result, text_field
from ..errors import InvalidInputError
from ..i18n import Msg, msg
from ..text import shown_token, small_number

Tally = dict[str, Any]
"""Nested dicts whose leaves are integer counts."""

Record = Callable[[Any, Any, Result[Any], Mapping[str, Any]], Tally]
"""``record(engine, problem, result, deal_options)`` -> the tally of one solved deal."""

DealOptions = Callable[[int, Mapping[str, Any]], dict[str, Any]]
"""``deal_options(k, study_options)`` -> the ``random_input`` options of deal ``k``."""

PLOT_KINDS = ("bars", "histogram", "rate_lines", "dist_lines", "stacked", "heatmap")
MAX_DEALS = 1_000_000
_GAMES = "py_engines.games"
DEFAULT_STUDY = "answers"
ANSWER_CHARS = 40
SIGNS = ("+", "0", "-")      # the outcome classes of a scored game: the margin's sign


def margin_sign(value: int) -> str:
    """A margin's outcome class: '+', '0' or '-'."""
    return "+" if value > 0 else "-" if value < 0 else "0"


# The page draws a plot 176 px wide in an 8 px font (web/js/explore/plots.js): a title fits
# 22 cells, an x label 21 (a CJK glyph takes two cells); tests/test_i18n.py holds every
# language's texts to it.
TITLE_CHARS = 22
LABEL_CHARS = 21


@dataclass(frozen=True, slots=True)
class Plot:
    """One plot of a study, drawn from one entry of the tally.

    ``source`` is ``"outcomes"`` or ``"metrics.NAME"``.  Kinds: ``bars`` (one bar
    per class), ``histogram`` (integer buckets, gaps filled), ``rate_lines``
    (x = group, one line per class, y = the class's share of the group),
    ``dist_lines`` (x = integer bucket, one line per group, y = share of the
    group), ``stacked`` (one bar per group, split by class), ``heatmap`` (x =
    integer bucket, one row per group, colour = share of the group).
    """

    source: str
    title: Msg
    kind: str
    x: Msg | str = ""
    y: Msg | str = msg("explore.axis.deals")

    def __post_init__(self) -> None:
        if self.kind not in PLOT_KINDS:
            raise ValueError(f"unknown plot kind {self.kind!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, **text_field("title", self.title), "kind": self.kind,
                **text_field("x", self.x), **text_field("y", self.y)}


@dataclass(frozen=True, slots=True)
class Study:
    name: str
    title: Msg
    counts: Msg                      # what it counts, in one sentence
    record: Record
    plots: tuple[Plot, ...]
    classes: tuple[str, ...] = ()    # outcome classes in display order
    options: tuple[RandomOption, ...] = ()
    deal_options: DealOptions | None = None
    metrics: tuple[str, ...] = field(default=())   # metric names, in display order
    # How a reader sees a class or a bucket that is a word ("won", "no swap"); the others
    # (numbers, signs, the judge's own words) read as they are.
    class_labels: Mapping[str, Msg] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "title_msg": self.title.to_dict(),
                "counts_msg": self.counts.to_dict(),
                "classes": list(self.classes), "metrics": list(self.metrics),
                "class_labels_msg": {k: v.to_dict() for k, v in self.class_labels.items()},
                "options": [o.to_dict() for o in self.options],
                "plots": [p.to_dict() for p in self.plots]}

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The study's options with defaults, or InvalidInputError naming the bad one."""
        known = {o.name: o for o in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise InvalidInputError(msg("explore.error.unknown_option", study=self.name,
                                        option=unknown[0], options=", ".join(known))
                                    if known else
                                    msg("explore.error.no_options", study=self.name,
                                        option=unknown[0]))
        out: dict[str, Any] = {}
        for name, opt in known.items():
            out[name] = _checked(opt, options.get(name, opt.default))
        return out

    def options_of_deal(self, k: int, options: Mapping[str, Any]) -> dict[str, Any]:
        return {} if self.deal_options is None else self.deal_options(k, options)


def _checked(opt: RandomOption, value: Any) -> Any:
    if opt.choices is not None:
        if value not in opt.choices:
            raise InvalidInputError(msg("error.option.choice", option=opt.label,
                                        choices=opt.choices))
        return value
    if isinstance(value, str):
        text = value.strip()
        negative = text[:1] == "-"
        body = text[1:] if negative else text
        if body.isdigit():
            number = small_number(body)      # no conversion of a 4,301-digit text
            if number is None:
                raise InvalidInputError(msg("error.option.range_not", option=opt.label,
                                            min=str(opt.minimum), max=str(opt.maximum),
                                            value=shown_token(text)))
            value = -number if negative else number
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError(msg("error.option.integer", option=opt.label))
    if (opt.minimum is not None and value < opt.minimum) or \
            (opt.maximum is not None and value > opt.maximum):
        raise InvalidInputError(msg("error.option.range_not", option=opt.label,
                                    min=str(opt.minimum), max=str(opt.maximum), value=value))
    return value


# ----------------------------------------------------------------------------- default study

def _answer_record(engine: Any, problem: Any, result: Result[Any],
                   options: Mapping[str, Any]) -> Tally:
    outcomes: dict[str, int] = {}
    for summary in engine.summaries(problem, result):
        key = " / ".join(summary.answer.split("\n")).strip(" /")[:ANSWER_CHARS]
        outcomes[key] = outcomes.get(key, 0) + 1
    return {"outcomes": outcomes, "metrics": {}}


ANSWERS = Study(DEFAULT_STUDY, msg("explore.study.answers.title"),
                msg("explore.study.answers.counts"), _answer_record,
                (Plot("outcomes", msg("explore.study.answers.title"), "bars",
                      msg("explore.study.answers.answer")),))


# ----------------------------------------------------------------------------- lookup

def studies_of(engine: Any) -> tuple[Study, ...]:
    """The game's studies, looked up beside its rules.

    In order: the engine's ``studies`` attribute, ``STUDIES`` in the game's module
    ``py_engines.games.NAME``, or ``STUDIES`` in ``py_engines.games.NAME.studies``
    when the game is a package; otherwise the default study.
    """
    found: Sequence[Study] | None = getattr(engine, "studies", None)
    top = f"{_GAMES}.{engine.name}"
    if found is None and importlib.util.find_spec(top) is not None:
        module = importlib.import_module(top)
        found = getattr(module, "STUDIES", None)
        is_package = hasattr(module, "__path__")
        if found is None and is_package and importlib.util.find_spec(f"{top}.studies"):
            found = getattr(importlib.import_module(f"{top}.studies"), "STUDIES", None)
    return tuple(found) if found else (ANSWERS,)


def get_study(engine: Any, name: str | None) -> Study:
    studies = studies_of(engine)
    if not name:
        return studies[0]
    for study in studies:
        if study.name == name:
            return study
    raise InvalidInputError(msg("explore.error.unknown_study", study=name, game=engine.name,
                                studies=", ".join(s.name for s in studies)))


def check_deals(deals: Any) -> int:
    if isinstance(deals, bool) or not isinstance(deals, int):
        raise InvalidInputError(msg("explore.error.deals_integer"))
    if not 1 <= deals <= MAX_DEALS:
        raise InvalidInputError(msg("explore.error.deals_range", max=MAX_DEALS, deals=deals))
    return deals


def check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidInputError(msg("explore.error.seed"))
    return seed


# ----------------------------------------------------------------------------- deals and tallies

def empty() -> dict[str, Any]:
    return {"deals": 0, "outcomes": {}, "metrics": {}, "examples": {}}


def deal(engine: Any, study: Study, seed: int, k: int,
         options: Mapping[str, Any]) -> dict[str, Any]:
    """The aggregate of the single deal ``k``: its tally, and ``k`` as every leaf's example."""
    deal_opts = study.options_of_deal(k, options)
    text = engine.random_input(seed + k, **deal_opts)
    problem = engine.parse(text)
    result = engine.solve(problem)
    tally = study.record(engine, problem, result, deal_opts)
    examples = {path: k for path in _leaf_paths(tally)}
    return {"deals": 1, "outcomes": tally.get("outcomes", {}),
            "metrics": tally.get("metrics", {}), "examples": examples}


def run_range(engine: Any, study: Study, seed: int, start: int, count: int,
              options: Mapping[str, Any]) -> dict[str, Any]:
    """The aggregate of deals ``start .. start + count - 1``."""
    total = empty()
    for k in range(start, start + count):
        total = merge(total, deal(engine, study, seed, k, options))
    return total


def _leaf_paths(tally: Mapping[str, Any], prefix: str = "") -> list[str]:
    paths: list[str] = []
    for key, value in tally.items():
        path = f"{prefix}/{key}" if prefix else key
        if isinstance(value, Mapping):
            paths += _leaf_paths(value, path)
        else:
            paths.append(path)
    return paths


def _add(a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = dict(a)
    for key, value in b.items():
        if isinstance(value, Mapping):
            out[key] = _add(out.get(key, {}), value)
        else:
            out[key] = out.get(key, 0) + value
    return out


def merge(a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    """The aggregate of two disjoint sets of deals: counts add, examples keep the first deal."""
    examples = dict(a["examples"])
    for path, k in b["examples"].items():
        examples[path] = min(k, examples.get(path, k))
    return {"deals": a["deals"] + b["deals"], "outcomes": _add(a["outcomes"], b["outcomes"]),
            "metrics": _add(a["metrics"], b["metrics"]), "examples": examples}


def _key_order(classes: Sequence[str]) -> Callable[[str], tuple[int, float, str]]:
    rank = {c: i for i, c in enumerate(classes)}

    def order(key: str) -> tuple[int, float, str]:
        if key in rank:
            return (0, rank[key], "")
        try:
            return (1, int(key), "")
        except ValueError:
            return (2, 0, key)
    return order


def canonical(tally: Mapping[str, Any], classes: Sequence[str] = ()) -> dict[str, Any]:
    """The same counts with keys in one fixed order (classes first, then numbers, then names)."""
    order = _key_order(classes)
    return {key: canonical(tally[key], classes) if isinstance(tally[key], Mapping) else tally[key]
            for key in sorted(tally, key=order)}


def result_json(game: str, study: Study, seed: int, aggregate: Mapping[str, Any],
                seconds: float) -> dict[str, Any]:
    """The study's result as the CLI prints it and ``pixelJudge.explore`` resolves it."""
    deals = aggregate["deals"]
    metrics = canonical(aggregate["metrics"], study.classes)
    ordered = {name: metrics[name] for name in study.metrics if name in metrics}
    ordered.update((name, value) for name, value in metrics.items() if name not in ordered)
    return {"game": game, "study": study.name, "deals": deals, "seed": seed,
            "outcomes": canonical(aggregate["outcomes"], study.classes), "metrics": ordered,
            "deals_per_s": round(deals / seconds, 1) if seconds > 0 else 0.0}
