"""The worker skips a queued job that a newer one has superseded, and reports it as stale."""

from __future__ import annotations

import threading
from functools import partial

from pytestqt.qtbot import QtBot

from gpucalc.ui.worker import Worker


def test_a_queued_job_superseded_by_a_newer_one_never_runs(qtbot: QtBot) -> None:
    worker = Worker(max_threads=1)
    started, release = threading.Event(), threading.Event()
    ran: list[int] = []
    answers: list[tuple[int, object]] = []
    worker.finished.connect(lambda generation, result: answers.append((generation, result)))

    def job(generation: int) -> int:
        if generation == 1:
            started.set()
            release.wait(10)
        ran.append(generation)
        return generation

    worker.submit_latest(1, lambda: job(1))
    assert started.wait(10)  # the first job runs; the next two wait for the only thread
    for generation in (2, 3):
        worker.submit_latest(generation, partial(job, generation))
    release.set()
    qtbot.waitUntil(lambda: len(answers) == 3, timeout=10_000)
    assert ran == [1, 3]
    assert sorted(answers, key=lambda a: a[0]) == [(1, 1), (2, None), (3, 3)]
    assert worker.wait()


def test_plain_submit_runs_every_job(qtbot: QtBot) -> None:
    worker = Worker(max_threads=1)
    answers: list[int] = []
    worker.finished.connect(lambda _generation, result: answers.append(result))
    for generation in (1, 2, 3):
        worker.submit(generation, partial(int.__mul__, generation, 10))
    qtbot.waitUntil(lambda: len(answers) == 3, timeout=10_000)
    assert sorted(answers) == [10, 20, 30]
