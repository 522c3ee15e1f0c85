"""Running a user's program with bounds: time, output, memory, and nothing left behind.

``run_program(command, text, time_limit, output_limit, memory_limit)`` starts
COMMAND in a session (and process group) of its own with ``text`` on its standard
input, and returns what it printed, its exit status, its time and its peak
memory.  The bounds:

* **Time.**  The program is stopped when it passes ``time_limit`` seconds.
* **Nothing left behind.**  After every run, however it ended, the program's
  whole process group is killed, so children it started (a forked worker, a
  background ``sleep``) never outlive it (and, on Linux, nor do those that left
  the group: see the last point).  Where processes form no groups
  (``os.killpg`` missing, e.g. Windows) only the program itself is killed.
* **Never an unbounded wait on its pipes.**  Its output is read by threads
  while it runs; once it has exited, they get until the time limit's deadline
  to see the end of its output.  A process that escaped the group (its own
  ``setsid``) and keeps the output open past the deadline no longer holds the
  run up: the run counts as over the time limit (``Run.output_open``).
* **Output.**  At most ``output_limit`` bytes of standard output are read; a
  program that prints more is stopped (``Run.over_limit``) and only the head of
  its output is kept.  Standard error keeps its last ``STDERR_KEEP`` bytes.
* **Memory.**  With ``memory_limit`` (bytes) the program's address space is
  limited by the OS (``RLIMIT_AS``, set in the child before it runs the command),
  so an allocation past it fails; ``out_of_memory`` tells such a failure from
  another.  ``Run.peak_mb`` is its peak resident memory (``wait4``'s rusage).
* **Not even outside its group.**  On Linux the tool is a child subreaper
  (``reaper.py``): whatever the run left, in a session of its own or a
  double-forked daemon, is reparented to the tool and killed after the run.
"""
from __future__ import annotations

import errno
import os
import select
import shutil
import signal
import struct
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from typing import IO, Callable, Sequence

from . import reaper
from .limits import MB, OUTPUT_LIMIT_MB

try:
    import resource
except ImportError:                  # Windows: no address-space limit
    resource = None  # type: ignore[assignment]

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
    peak_mb: float | None = None  # peak resident memory (None where wait4 cannot tell)
    no_memory: bool = False   # the OS could not even start it within the memory limit
                              # (exec refused, or its static arrays were past the limit)


# What a program's standard error shows when an allocation failed (lower case).
_OUT_OF_MEMORY = ("memoryerror", "bad_alloc", "cannot allocate memory", "out of memory",
                  "memory exhausted", "failed to allocate", "allocation failed")
NEAR_LIMIT = 0.9                     # a failed run this close to the limit ran out of it


def out_of_memory(run: Run, memory_limit: int | None) -> bool:
    """Whether a run failed for want of memory under ``memory_limit`` bytes: it could not
    start, or it failed (an exit status other than 0, or a signal) with its peak near the
    limit or with an allocation failure on its standard error (MemoryError,
    std::bad_alloc, a failed malloc's message)."""
    if memory_limit is None:
        return False
    if run.no_memory:
        return True
    if run.status is None or run.status == 0:
        return False
    if run.peak_mb is not None and run.peak_mb * MB >= NEAR_LIMIT * memory_limit:
        return True
    said = run.stderr[-STDERR_KEEP:].lower()
    return any(sign in said for sign in _OUT_OF_MEMORY)


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
            if sigkill is not None:    # not proc.kill(): its poll() would reap the program,
                os.kill(proc.pid, sigkill)   # whose rusage (peak memory) wait4 then reads
            else:
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


def _limit_memory(memory_limit: int | None) -> Callable[[], None] | None:
    """What the child runs before the command: its address space limited (or None)."""
    if memory_limit is None or resource is None:
        return None
    bound = (memory_limit, memory_limit)
    setrlimit, limit_as = resource.setrlimit, resource.RLIMIT_AS

    def limit() -> None:            # in the child, between fork and exec: nothing but this
        setrlimit(limit_as, bound)
    return limit


def static_size(program: str) -> int:
    """The bytes an ELF executable maps before its first instruction (its PT_LOAD segments'
    memory sizes: code, data and static arrays); 0 for any other file.  A program whose static
    arrays pass the memory limit is killed by the kernel during exec (SIGSEGV or SIGKILL),
    before it has run any code: that is a memory verdict, not a crash."""
    path = shutil.which(program) or program
    try:
        with open(path, "rb") as fh:
            head = fh.read(64)
            if len(head) < 52 or head[:4] != b"\x7fELF" or head[4] not in (1, 2):
                return 0
            wide, order = head[4] == 2, "<" if head[5] == 1 else ">"
            if wide:
                phoff, = struct.unpack_from(order + "Q", head, 32)
                entry_size, count = struct.unpack_from(order + "HH", head, 54)
                fmt, at = order + "QQ", 40          # p_memsz at 40 (and p_type at 0)
            else:
                phoff, = struct.unpack_from(order + "I", head, 28)
                entry_size, count = struct.unpack_from(order + "HH", head, 42)
                fmt, at = order + "I", 20
            fh.seek(phoff)
            table = fh.read(entry_size * min(count, 256))
    except (OSError, struct.error):
        return 0
    total = 0
    for k in range(len(table) // max(entry_size, 1)):
        entry = table[k * entry_size:(k + 1) * entry_size]
        if len(entry) >= at + struct.calcsize(fmt) and \
                struct.unpack_from(order + "I", entry, 0)[0] == 1:       # PT_LOAD
            total += struct.unpack_from(fmt, entry, at)[0]
    return total


def _reap(proc: subprocess.Popen[bytes]) -> float | None:
    """Reaps the program (a zombie by now, or about to be); its peak memory in MB, from
    ``wait4``'s rusage (None where there is no wait4, or it was reaped already)."""
    wait4 = getattr(os, "wait4", None)
    if wait4 is None or proc.returncode is not None:
        proc.wait()
        return None
    try:
        _, status, usage = wait4(proc.pid, 0)
    except ChildProcessError:
        proc.wait()
        return None
    proc.returncode = os.waitstatus_to_exitcode(status)
    # ru_maxrss is in kilobytes on Linux, in bytes on macOS
    return float(usage.ru_maxrss) / (MB if sys.platform == "darwin" else 1024)


def run_program(command: Sequence[str], text: str, time_limit: float,
                output_limit: int = OUTPUT_LIMIT_MB * MB,
                memory_limit: int | None = None) -> Run:
    """Runs ``command`` with ``text`` on its standard input, within the bounds above
    (``memory_limit`` in bytes; None: no limit).  OSError when it cannot start."""
    reaping = reaper.available()
    before = reaper.children() if reaping else set()
    start = time.perf_counter()
    deadline = start + time_limit
    try:
        proc = subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=hasattr(os, "killpg"),
                                preexec_fn=_limit_memory(memory_limit))
    except OSError as error:
        if memory_limit is None or error.errno != errno.ENOMEM:
            raise
        return Run("", str(error), None, (time.perf_counter() - start) * 1000, no_memory=True)
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
        peak = _reap(proc)
        ms = (time.perf_counter() - start) * 1000
        if reaping:          # nor any process that left its group
            reaper.reap_leftovers(before)
    # The group is gone, so the pipes end at once, unless a process that left the group
    # still holds one (only where there is no subreaper): wait for that no longer than the
    # time limit allows.
    open_output = False
    for reader in (out, err):
        reader.join(max(0.0, deadline - time.perf_counter()))
        if reader.is_alive():
            reader.abandoned = True
            open_output = True
    over = out.over
    status = proc.returncode if finished and not over and not open_output else None
    killed_at_start = status is not None and status < 0 and memory_limit is not None and \
        static_size(command[0]) >= memory_limit
    return Run(out.text(), err.text(), status, ms, over_limit=over,
               output_open=finished and open_output and not over, peak_mb=peak,
               no_memory=killed_at_start)
