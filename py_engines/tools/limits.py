"""The tools' limits, in one place (``check`` and ``stress``; the page's runner has its own).

Every limit an option sets is a finite number greater than 0 and at most its ceiling:
``nan``, ``inf``, ``1e300``, ``0`` and ``-1`` are refused with a message (exit status 2).
A file the tools read is read only up to its limit (``read_capped``)."""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import BinaryIO

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


READ_CHUNK = 1 << 20


def read_capped(path: str, limit: int) -> tuple[str, bool]:
    """The file ``path`` ('-': standard input) as text when it has at most ``limit`` bytes,
    and whether it has more (then the text is empty: reading stops past the limit, so an
    endless pipe costs ``limit`` bytes of memory)."""
    if path == "-":
        return _read_stream(sys.stdin.buffer, limit)
    with open(path, "rb") as fh:
        return _read_stream(fh, limit)


def _read_stream(stream: BinaryIO, limit: int) -> tuple[str, bool]:
    data = bytearray()
    while len(data) <= limit:
        chunk = stream.read(min(READ_CHUNK, limit + 1 - len(data)))
        if not chunk:
            break
        data += chunk
    if len(data) > limit:
        return "", True
    return data.decode("utf-8", errors="replace"), False
