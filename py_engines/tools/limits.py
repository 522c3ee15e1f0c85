"""The tools' limits, in one place (``check`` and ``stress``; the page's runner has its own).

Every limit an option sets is a finite number greater than 0 and at most its ceiling:
``nan``, ``inf``, ``1e300``, ``0`` and ``-1`` are refused with a message (exit status 2)."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import InvalidInputError
from ..i18n import msg
from ..text import shown_token

MB = 1 << 20
OUTPUT_LIMIT_MB = 64                 # as judges do; ``--output-limit MB``
MEMORY_LIMIT_MB = 256                # as judges do; ``--memory-limit MB``
TIME_LIMIT_S = 2.0                   # ``--time-limit SECONDS``


@dataclass(frozen=True, slots=True)
class Limit:
    """A numeric option: its name, unit and the largest value it takes."""

    option: str
    unit: str
    most: int


TIME_LIMIT = Limit("--time-limit", "s", 3600)
OUTPUT_LIMIT = Limit("--output-limit", "MB", 4096)
MEMORY_LIMIT = Limit("--memory-limit", "MB", 1 << 20)      # 1 TB


def limit_value(limit: Limit, text: str) -> float:
    """The option's value: a number in (0, most].  NaN fails every comparison, infinity and
    1e300 are above every ceiling; a value in bytes below one byte is refused too."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= limit.most or (limit.unit == "MB" and value * MB < 1):
        raise InvalidInputError(msg("tools.limit", option=limit.option, measure=limit.unit,
                                    most=limit.most, value=shown_token(text)))
    return value
