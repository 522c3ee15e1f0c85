"""Loading a user's game module, and turning whatever goes wrong into one typed failure.

The code is compiled under the file name ``<lab>`` (``FILENAME``) and run in a fresh
module's namespace, so a traceback's frames in the user's code are exactly those whose
file name is ``<lab>``: a failure names the innermost of them, the line the user wrote.

``LabFailure`` is the one error solve_lab turns into its ``{"ok": false, "error": ...}``:
``classify`` maps any exception to one (SyntaxError, RulesError, InputError,
ContractError, ViewError, LimitError).  ``quiet()`` keeps the user's prints off the real
standard output (a bounded buffer takes them) and gives ``input()`` an empty stdin;
``deadline()`` interrupts a call that never returns, where the platform has timers.
"""
from __future__ import annotations

import contextlib
import io
import signal
import sys
import threading
import types
from types import TracebackType
from typing import Any, Iterator

from ..errors import EngineError, InvalidInputError, LimitError
from ..i18n import SOURCE_LANG, Msg, Param, msg, raw, render
from ..search.iterative import ContractError, shown

FILENAME = "<lab>"
MODULE = "lab_game"
STATE_METHODS = ("to_move", "moves", "play", "is_terminal", "value", "key")
OUTPUT_KEPT = 1 << 16          # characters of the user's prints kept (then dropped)
MESSAGE_CHARS = 300


class LabFailure(Exception):
    """What solve_lab reports: a type, a message and the line in the user's code."""

    def __init__(self, kind: str, message: Msg, line: int | None = None) -> None:
        super().__init__(kind)
        self.kind = kind
        self.msg = message
        self.line = line


class TimeUp(BaseException):
    """Raised by the timer inside a call that would not return (a BaseException, so a
    user's ``except Exception`` does not swallow it)."""


def user_line(err: BaseException) -> int | None:
    """The innermost line of the user's code in ``err``'s traceback."""
    line = None
    tb: TracebackType | None = err.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == FILENAME:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def described(err: BaseException) -> str:
    """``ZeroDivisionError: division by zero``, cut to MESSAGE_CHARS."""
    try:
        text = str(err)
    except Exception:
        text = ""
    out = f"{type(err).__name__}: {text}" if text else type(err).__name__
    return out if len(out) <= MESSAGE_CHARS else out[:MESSAGE_CHARS - 3] + "..."


def _long_text(param: Param) -> bool:
    if isinstance(param, str):
        return len(param) > MESSAGE_CHARS
    if isinstance(param, Msg):
        return any(_long_text(p) for p in param.params.values())
    if isinstance(param, tuple):
        return any(_long_text(p) for p in param)
    return False


def bounded(message: Msg) -> Msg:
    """``message`` as it is, or its English text cut to MESSAGE_CHARS when a parameter is
    longer than that (an illegal move's list of legal ones, say): the page takes no longer."""
    if not _long_text(message):
        return message
    text = render(message, SOURCE_LANG)
    return raw(text if len(text) <= MESSAGE_CHARS else text[:MESSAGE_CHARS - 3] + "...")


def classify(err: BaseException, positions: int, limit_ms: int | None,
             elapsed_ms: int) -> LabFailure:
    """The failure ``err`` means (the figures word a time limit)."""
    if isinstance(err, LabFailure):
        return err
    if isinstance(err, TimeUp):
        return LabFailure("LimitError", msg("lab.error.time", ms=elapsed_ms, count=positions,
                                            limit=limit_ms or 0), user_line(err))
    if isinstance(err, MemoryError):
        return LabFailure("LimitError", msg("lab.error.memory", nodes=positions))
    if isinstance(err, EngineError):
        kind = {LimitError.kind: "LimitError", InvalidInputError.kind: "InputError"}.get(
            err.kind, err.kind)
        return LabFailure(kind, bounded(err.msg), user_line(err))
    line = user_line(err)
    if line is None:
        # Raised by the search or the walker, not in the user's code: what a method
        # returned did not fit (a play() that returned None, say).
        return LabFailure("ContractError", msg("lab.error.contract", reason=described(err)))
    return LabFailure("RulesError", raw(described(err)), line)


def load(code: str) -> types.ModuleType:
    """The user's module, run once; SyntaxError as a failure, anything it raises as is."""
    try:
        compiled = compile(code, FILENAME, "exec", dont_inherit=True)
    except SyntaxError as err:
        line = err.lineno if err.filename in (FILENAME, None) else None
        raise LabFailure("SyntaxError", raw(str(err.msg)), line) from None
    except (ValueError, MemoryError, RecursionError) as err:   # null bytes, deep nesting
        raise LabFailure("SyntaxError", raw(described(err))) from None
    module = types.ModuleType(MODULE)
    module.__file__ = FILENAME
    # Registered while it runs: dataclasses and typing look a class's module up.
    sys.modules[MODULE] = module
    exec(compiled, module.__dict__)
    return module


def unload() -> None:
    sys.modules.pop(MODULE, None)


def title_of(module: types.ModuleType) -> str:
    title = getattr(module, "TITLE", "")
    if not isinstance(title, str):
        raise LabFailure("ContractError", msg("lab.error.title", got=shown(title)))
    return title.strip()[:60]


def start_of(module: types.ModuleType, text: str) -> Any:
    """``start(text)``: its ValueError is bad input (its message, at the user's line)."""
    start = getattr(module, "start", None)
    if not callable(start):
        raise LabFailure("ContractError", msg("lab.error.no_start"))
    try:
        state = start(text)
    except ValueError as err:
        message = str(err) or type(err).__name__
        raise LabFailure("InputError", raw(message[:MESSAGE_CHARS]), user_line(err)) from None
    for name in STATE_METHODS:
        if not callable(getattr(state, name, None)):
            raise LabFailure("ContractError", msg("lab.error.missing_method", state=shown(state),
                                                  method=name))
    return state


class _Sink(io.TextIOBase):
    """A text stream that keeps its first OUTPUT_KEPT characters and drops the rest."""

    def __init__(self) -> None:
        self.kept: list[str] = []
        self.size = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        room = OUTPUT_KEPT - self.size
        if room > 0:
            self.kept.append(text[:room])
            self.size += min(room, len(text))
        return len(text)


@contextlib.contextmanager
def quiet() -> Iterator[_Sink]:
    """The user's prints go to a bounded buffer; ``input()`` reads an empty stdin."""
    sink = _Sink()
    stdin = sys.stdin
    sys.stdin = io.StringIO("")
    try:
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            yield sink
    finally:
        sys.stdin = stdin


@contextlib.contextmanager
def deadline(limit_ms: int | None) -> Iterator[None]:
    """Raises TimeUp in whatever runs ``limit_ms`` from now (native main thread only: in
    the browser the runner's own time limit ends a run that never returns)."""
    usable = (limit_ms is not None and sys.platform != "emscripten"
              and hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread())
    if not usable or limit_ms is None:
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise TimeUp()
    previous = signal.signal(signal.SIGALRM, expire)
    # A little later than the search's own check, which says how far it got.
    signal.setitimer(signal.ITIMER_REAL, limit_ms / 1000 + 0.25)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


__all__ = ["ContractError", "FILENAME", "LabFailure", "TimeUp", "classify", "deadline", "load",
           "quiet", "start_of", "title_of", "unload", "user_line"]
