"""Ctrl-C during `simulate` and `rapport`: a prompt stop, no worker left behind, no traceback.

A terminal sends Ctrl-C (SIGINT) to the whole process group. The worker processes ignore it
(no traceback of theirs, no half-finished result sent back): the main process gets
``KeyboardInterrupt``, and leaving :func:`pool` terminates the workers, whatever they were
doing. SIGINT and SIGTERM are held back while the workers start (they are born holding them,
until their initializer sets what they do), so a Ctrl-C is never raised inside one of them.
:func:`terminate_as_interrupt` makes a SIGTERM stop a command the same way (without it the
main process dies at once and leaves its workers behind) — the same pattern as the
tournaments (``tournament/runner.py``)."""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.pool
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

_HELD = {signal.SIGINT, signal.SIGTERM}


def _worker_init(then: Callable[..., None] | None, args: tuple[Any, ...]) -> None:
    """In a worker: a Ctrl-C is for the main process, which stops the workers itself; a
    SIGTERM (how it stops them) ends the worker at once. Then the caller's initializer."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    if then is not None:
        then(*args)


@contextlib.contextmanager
def pool(
    processes: int,
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
) -> Iterator[multiprocessing.pool.Pool]:
    """A pool of ``processes`` workers that ignore Ctrl-C (each then runs ``initializer``);
    leaving the block (normally, on a Ctrl-C or on an error) terminates them."""
    blocking = hasattr(signal, "pthread_sigmask") and _main_thread()
    if blocking:
        signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        workers = multiprocessing.Pool(
            processes, initializer=_worker_init, initargs=(initializer, initargs)
        )
    finally:
        if blocking:  # a Ctrl-C held back is raised here, where the pool can be stopped
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    try:
        yield workers
    finally:
        workers.terminate()
        workers.join()


def worker_ids(workers: multiprocessing.pool.Pool) -> frozenset[int]:
    """The process ids of a pool's workers. A pool replaces a worker that died (killed for
    memory) without a word, and the task it held never ends: a change says so."""
    return frozenset(p.pid or 0 for p in getattr(workers, "_pool", ()))


def _raise_interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """Within the block, a SIGTERM stops the command as a Ctrl-C does (KeyboardInterrupt), so
    that its workers are stopped and its work is kept or said lost. Only in the main thread,
    and only when nobody else handles SIGTERM."""
    if not _main_thread() or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
        yield
        return
    signal.signal(signal.SIGTERM, _raise_interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Within the block (writing the work already done), a Ctrl-C waits until the end."""
    if not _main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()
