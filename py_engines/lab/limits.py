"""The lab's bounds, shared by the CLI and the runner's driver."""
from __future__ import annotations

from ..text import MAX_INPUT_CHARS

MAX_CODE_CHARS = 1_000_000          # the user's module
MAX_INPUT = MAX_INPUT_CHARS         # the text start() reads
MAX_POSITIONS = 1_000_000_000       # the most a user may raise the positions limit to
MAX_TIME_MS = 3_600_000             # an hour
MAX_MOVES = 20_000                  # a variation's chosen moves
MAX_RESULT_BYTES = 32 << 20         # the JSON line the runner prints (its output limit is 64 MB)
