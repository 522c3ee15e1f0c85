"""Running a user's program with bounds: time, output, and nothing left behind.

``run_program(command, text, time_limit, output_limit)`` starts COMMAND in a
session (and process group) of its own with ``text`` on its standard input, and
returns what it printed, its exit status and its time.  The bounds:

* **Time.**  The program is stopped when it passes ``time_limit`` seconds.
* **Nothing left behind.**  After every run, however it ended, the program's
  whole process group is killed, so children it started (a forked worker, a
  background ``sleep``) never outlive it.  Where processes form no groups
  (``os.killpg`` missing, e.g. Windows) only the program itself is killed.
* **Never an unbounded wait on its pipes.**  Its output is read by threads
  while it runs; once it has exited, they get until the time limit's deadline
  to see the end of its output.  A process that escaped the group (its own
  ``setsid``) and keeps the output open past the deadline no longer holds the
  run up: the run counts as over the time limit (``Run.output_open``).
* **Output.**  At most ``output_limit`` bytes of standard output are read; a
  program that prints more is stopped (``Run.over_limit``) and only the head of
  its output is kept.  Standard error keeps its last ``STDERR_KEEP`` bytes.
"""
from __future__ import annotations

import os
import select
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from typing import IO, Callable, Sequence

from .limits import MB, OUTPUT_LIMIT_MB

HEAD_KEEP = 64 << 10                 # bytes kept of an output that passed the limit
STDERR_KEEP = 64 << 10               # last bytes kept of standard error
CHUNK = 1 << 16


@dataclass(frozen=True, slots=True)
class Run:
    """One run of the user's program."""

    stdout: str
    stderr: str
    status: int | None        # exit status; None when stopped (time or output limit)
    ms: float
    over_limit: bool = False  # stopped because its output passed the output limit
    output_open: bool = False  # exited, but its output stayed open past the time limit


class _Reader(threading.Thread):
    """Drains one pipe into a bounded buffer.  ``limit``: keep at most that many bytes
    and call ``on_full`` once more arrive (then stop reading); ``tail``: keep only the
    last ``tail`` bytes of whatever arrives."""

    def __init__(self, pipe: IO[bytes], *, limit: int | None = None, tail: int | None = None,
                 on_full: Callable[[], None] | None = None) -> None:
        super().__init__(daemon=True)
        # The thread owns the pipe and alone closes it, when its read returns: closing a
        # descriptor while another thread is blocked reading it could hand its number to
        # an unrelated file before that read returns.
        self.pipe = pipe
        self.limit = limit
        self.tail = tail
        self.on_full = on_full
        self.data = bytearray()
        self.over = False
        self.abandoned = False

    def run(self) -> None:
        fd = self.pipe.fileno()
        data = self.data
        try:
            while not self.abandoned:
                want = CHUNK if self.limit is None else min(CHUNK, self.limit + 1 - len(data))
                try:
                    chunk = os.read(fd, want)
                except OSError:
                    break
                if not chunk:
                    break
                data += chunk
                if self.limit is not None and len(data) > self.limit:
                    self.over = True
                    del data[HEAD_KEEP:]
                    if self.on_full is not None:
                        self.on_full()
                    break
                if self.tail is not None and len(data) > 2 * self.tail:
                    del data[:-self.tail]
        finally:
            self.pipe.close()

    def text(self) -> str:
        data = self.data if self.tail is None else self.data[-self.tail:]
        return data.decode("utf-8", errors="replace")


def _feed(pipe: IO[bytes], data: bytes) -> None:
    """Writes the program's input; a program that stops reading early is its business."""
    try:
        pipe.write(data)
    except OSError:          # BrokenPipeError: it exited or closed its input
        pass
    try:
        pipe.close()
    except OSError:
        pass


def kill_group(proc: subprocess.Popen[bytes]) -> None:
    """Kills the program's whole process group (only the program where there are none)."""
    killpg = getattr(os, "killpg", None)
    sigkill = getattr(signal, "SIGKILL", None)
    if killpg is not None and sigkill is not None:
        try:
            killpg(proc.pid, sigkill)
        except OSError:      # no such group any more; or (macOS) only zombies left in it
            pass
    if proc.returncode is None:
        try:
            proc.kill()
        except OSError:
            pass


def _exited(proc: subprocess.Popen[bytes], timeout: float) -> bool:
    """Waits up to ``timeout`` seconds for the program to exit; True when it did.

    Where the platform has pidfds the program is left unreaped (a zombie), so its pid,
    which names its process group, cannot be reused before ``kill_group`` runs."""
    pidfd_open = getattr(os, "pidfd_open", None)
    if pidfd_open is not None:
        try:
            fd = pidfd_open(proc.pid)
        except OSError:
            fd = None
        if fd is not None:
            try:
                ready, _, _ = select.select([fd], [], [], max(0.0, timeout))
            finally:
                os.close(fd)
            return bool(ready)
    try:
        proc.wait(timeout=max(0.0, timeout))
    except subprocess.TimeoutExpired:
        return False
    return True


def run_program(command: Sequence[str], text: str, time_limit: float,
                output_limit: int = OUTPUT_LIMIT_MB * MB) -> Run:
    """Runs ``command`` with ``text`` on its standard input, within the bounds above.
    OSError when it cannot start."""
    start = time.perf_counter()
    deadline = start + time_limit
    proc = subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=hasattr(os, "killpg"))
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    out = _Reader(proc.stdout, limit=output_limit, on_full=lambda: kill_group(proc))
    err = _Reader(proc.stderr, tail=STDERR_KEEP)
    feeder = threading.Thread(target=_feed, args=(proc.stdin, text.encode("utf-8")), daemon=True)
    for thread in (out, err, feeder):
        thread.start()
    finished = False
    try:
        finished = _exited(proc, deadline - time.perf_counter())
    finally:
        kill_group(proc)     # after every run: no child outlives the program
        proc.wait()
    ms = (time.perf_counter() - start) * 1000
    # The group is gone, so the pipes end at once, unless a process that left the group
    # still holds one: wait for that no longer than the time limit allows.
    open_output = False
    for reader in (out, err):
        reader.join(max(0.0, deadline - time.perf_counter()))
        if reader.is_alive():
            reader.abandoned = True
            open_output = True
    over = out.over
    status = proc.returncode if finished and not over and not open_output else None
    return Run(out.text(), err.text(), status, ms, over_limit=over,
               output_open=finished and open_output and not over)
