"""Many seeded tasks (deals) run through an executor, resumable from a results file.

What ``card_play`` and ``puzzles`` share: each task's record depends on the task
alone (its seed), never on where or when it ran, so the tasks may be spread
through a ``concurrent.futures`` executor (this process with ``--jobs 1``,
worker processes with ``--jobs N``, or a Dask distributed scheduler with
``--scheduler ADDRESS``: ``pip install -e ./devtools[dask]``). With a results
file each record is appended to it (JSON lines, the run's settings on the
first) as it is done, and a run that finds the file skips the tasks it holds:
an interrupted run goes on where it stopped and ends with the same records.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import multiprocessing
import os
from collections.abc import Callable, Hashable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any, Protocol, TypeVar

#: A task's record: a JSON object.
Record = dict[str, Any]
T = TypeVar("T")


class RunSettings(Protocol):
    """What decides a run's records: a results file belongs to one."""

    def to_dict(self) -> dict[str, Any]: ...


def deal_key(record: Record) -> Hashable:
    """The task a record belongs to: its ``deal``."""
    return int(record["deal"])


def _start_method() -> str:
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


@contextlib.contextmanager
def executor(
    jobs: int, scheduler: str | None, tool: str = "card_play"
) -> Iterator[Executor | None]:
    """Where the tasks run: ``None`` (this process), worker processes, or the
    Dask scheduler at ``scheduler`` (its ``concurrent.futures`` executor);
    ``tool`` names the command in the message when Dask is missing."""
    if scheduler:
        try:
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise SystemExit(
                f"{tool}: --scheduler needs Dask: pip install -e './devtools[dask]'"
            ) from None
        with distributed.Client(scheduler) as client:
            yield client.get_executor(pure=False)
    elif jobs > 1:
        context = multiprocessing.get_context(_start_method())
        with ProcessPoolExecutor(jobs, mp_context=context) as pool:
            yield pool
    else:
        yield None


def completed(
    work: Callable[[T], Record], tasks: Sequence[T], pool: Executor | None
) -> Iterator[Record]:
    """The records of ``work`` on each task, in task order in this process, as
    they are done in a pool (``work`` must then be a module's function)."""
    if pool is None:
        yield from map(work, tasks)
        return
    futures: list[Future[Record]] = [pool.submit(work, t) for t in tasks]
    try:
        for future in as_completed(futures):
            yield future.result()
    finally:
        for future in futures:
            future.cancel()


def load_results(
    path: str, settings: RunSettings, key: Callable[[Record], Hashable] = deal_key
) -> dict[Hashable, Record]:
    """The records already in the results file ``path`` (none if it does not
    exist), by ``key``. A last line cut short (a run stopped while writing) is
    dropped from the file; a file of other settings is refused (``ValueError``)."""
    if not os.path.exists(path):
        return {}
    with open(path, "rb") as file:
        data = file.read()
    whole = data[: data.rfind(b"\n") + 1]
    if len(whole) != len(data):
        with open(path, "r+b") as file:
            file.truncate(len(whole))
    lines = whole.decode("utf-8").splitlines()
    if not lines:
        return {}
    try:
        header = json.loads(lines[0])
        records = [json.loads(line) for line in lines[1:] if line.strip()]
    except ValueError as err:
        raise ValueError(f"{path}: not a results file of this tool ({err})") from None
    if not isinstance(header, dict) or header.get("settings") != settings.to_dict():
        raise ValueError(
            f"{path} holds a run with other settings ({header.get('settings')}); "
            "name another results file"
        )
    return {key(r): r for r in records}


def run_tasks(
    work: Callable[[T], Record],
    tasks: Sequence[T],
    settings: RunSettings,
    done: dict[Hashable, Record],
    results: str | None = None,
    jobs: int = 1,
    scheduler: str | None = None,
    key: Callable[[Record], Hashable] = deal_key,
    progress: Callable[[int], None] | None = None,
    tool: str = "card_play",
) -> dict[Hashable, Record]:
    """``done`` (the records loaded from ``results``) with the record of each of
    ``tasks`` added by ``key``, each appended to ``results`` as it is done (the
    settings first, in a new file); ``progress`` is told how many records there
    are after each."""
    out = None
    if results:
        out = open(results, "a", encoding="utf-8")  # noqa: SIM115 - closed below
        if not done and out.tell() == 0:
            out.write(json.dumps({"settings": settings.to_dict()}) + "\n")
            out.flush()
    try:
        with executor(jobs if len(tasks) > 1 else 1, scheduler, tool) as pool:
            for record in completed(work, tasks, pool):
                done[key(record)] = record
                if out is not None:
                    out.write(json.dumps(record) + "\n")
                    out.flush()
                if progress is not None:
                    progress(len(done))
    finally:
        if out is not None:
            out.close()
    return done
