"""Every process a run starts ends with the run, on Linux even those that left its group.

A program may put a child in a session of its own (``setsid``) or double-fork a daemon:
killing its process group misses those.  On Linux the tool becomes a *child subreaper*
(``prctl(PR_SET_CHILD_SUBREAPER)``): an orphan anywhere below it is reparented to it
instead of to init, so after a run every process the run left behind is a child of the
tool.  ``reap_leftovers`` kills and reaps those (a child the tool had before the run is
left alone), again and again until none is left, since a killed process's own children
are reparented to the tool in their turn.  Elsewhere ``available()`` is False and only
the process-group kill holds (``process.kill_group``).
"""
from __future__ import annotations

import ctypes
import os
import signal
import sys
import time
from pathlib import Path

PR_SET_CHILD_SUBREAPER = 36
REAP_SECONDS = 5.0                   # the most reap_leftovers spends; then it gives up

_state: dict[str, bool] = {}

Child = tuple[int, str]              # a pid and its start time (a pid may be reused)


def available() -> bool:
    """Makes this process a child subreaper (once); True where that holds (Linux)."""
    if "on" not in _state:
        _state["on"] = _become_subreaper()
    return _state["on"]


def _become_subreaper() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        done = libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False
    return bool(done) and Path("/proc/self/stat").exists()


def children() -> set[Child]:
    """This process's children now (zombies too), each with its start time."""
    listed = _listed_children()
    pids = listed if listed is not None else _scanned_children()
    found: set[Child] = set()
    me = str(os.getpid())
    for pid in pids:
        fields = _stat(pid)
        # after the name: state, ppid, ..., starttime (field 22 of stat(5), the 20th here)
        if fields is not None and len(fields) > 19 and fields[1] == me:
            found.add((pid, fields[19]))
    return found


def _stat(pid: int) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            stat = fh.read().decode("ascii", "replace")
    except OSError:                  # it ended meanwhile
        return None
    return stat.rsplit(")", 1)[-1].split()


def _listed_children() -> set[int] | None:
    """The children the kernel lists per thread (/proc/self/task/*/children), or None
    where it does not (CONFIG_PROC_CHILDREN off): a few reads instead of a scan of /proc."""
    pids: set[int] = set()
    try:
        for task in os.scandir("/proc/self/task"):
            with open(f"{task.path}/children", encoding="ascii") as fh:
                pids.update(int(pid) for pid in fh.read().split())
    except OSError:                  # no such files, or a thread ended meanwhile: scan
        return None
    return pids


def _scanned_children() -> set[int]:
    try:
        return {int(entry.name) for entry in os.scandir("/proc") if entry.name.isdigit()}
    except OSError:
        return set()


def reap_leftovers(before: set[Child]) -> int:
    """Kills and reaps every child of this process not in ``before`` (what a run left);
    repeats until none is left.  Returns how many it ended."""
    ended = 0
    deadline = time.monotonic() + REAP_SECONDS
    while time.monotonic() < deadline:
        left = children() - before
        if not left:
            break
        for pid, _ in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        for pid, _ in left:
            ended += _reap(pid, deadline)
    return ended


def _reap(pid: int, deadline: float) -> int:
    """Waits for a killed child (a zombie is reaped at once); 1 when it was reaped."""
    while True:
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:    # reaped already (or not ours any more)
            return 0
        if done:
            return 1
        if time.monotonic() > deadline:
            return 0
        time.sleep(0.002)
