"""LatestJob answers only for the newest job: older results and failures are dropped inside it."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from functools import partial

import pytest
from pytestqt.qtbot import QtBot

from gpucalc.ui.worker import LatestJob, Worker

WAIT_MS = 10_000


class Answers:
    """What a LatestJob said, in the order it said it."""

    def __init__(self, job: LatestJob) -> None:
        self.done: list[object] = []
        self.failed: list[str] = []
        job.done.connect(self.done.append)
        job.failed.connect(lambda exc: self.failed.append(str(exc)))


def start_held(job: LatestJob, answer: Callable[[], object]) -> threading.Event:
    """Start a job that is running but holds its answer (or exception) until the event is set."""
    started, release = threading.Event(), threading.Event()

    def held() -> object:
        started.set()
        assert release.wait(10)
        return answer()

    job.start(held)
    assert started.wait(10)
    return release


def fail(message: str) -> Callable[[], object]:
    def raise_it() -> object:
        raise ValueError(message)
    return raise_it


@pytest.fixture
def job(qtbot: QtBot) -> Iterator[LatestJob]:
    """A LatestJob with two threads, so a newer job can answer while an older one still runs."""
    latest = LatestJob(max_threads=2)
    yield latest
    assert latest.wait(WAIT_MS)


def test_the_newest_of_several_jobs_is_the_only_answer(qtbot: QtBot) -> None:
    job = LatestJob(skip_superseded=True)
    answers = Answers(job)
    release = start_held(job, partial(str, "first"))
    for word in ("second", "third", "fourth"):  # these wait for the only thread
        job.start(partial(str, word))
    assert job.busy
    release.set()
    qtbot.waitUntil(lambda: job.dropped == 3 and answers.done != [], timeout=WAIT_MS)
    assert job.wait(WAIT_MS)
    assert answers.done == ["fourth"]
    assert answers.failed == []
    assert not job.busy


def test_an_older_result_arriving_after_a_newer_start_is_dropped(qtbot: QtBot, job: LatestJob) -> None:
    answers = Answers(job)
    release = start_held(job, partial(str, "old"))
    with qtbot.waitSignal(job.done, timeout=WAIT_MS):  # the newer job answers first, on the other thread
        job.start(partial(str, "new"))
    release.set()
    qtbot.waitUntil(lambda: job.dropped == 1, timeout=WAIT_MS)
    assert answers.done == ["new"]
    assert not job.busy


def test_a_stale_job_failing_is_not_reported(qtbot: QtBot, job: LatestJob) -> None:
    answers = Answers(job)
    release = start_held(job, fail("the old inputs were wrong"))
    job.start(partial(int, 42))
    release.set()
    qtbot.waitUntil(lambda: answers.done == [42] and job.dropped == 1, timeout=WAIT_MS)
    assert answers.failed == []


def test_the_newest_job_failing_is_reported_once(qtbot: QtBot, job: LatestJob) -> None:
    answers = Answers(job)
    with qtbot.waitSignal(job.failed, timeout=WAIT_MS):
        job.start(fail("no such GPU"))
    assert answers.failed == ["no such GPU"]
    assert answers.done == []
    assert job.dropped == 0
    assert not job.busy


def test_invalidate_drops_the_answer_of_a_running_job(qtbot: QtBot, job: LatestJob) -> None:
    answers = Answers(job)
    release = start_held(job, partial(str, "for the old points"))
    assert job.busy
    job.invalidate()
    assert not job.busy
    release.set()
    qtbot.waitUntil(lambda: job.dropped == 1, timeout=WAIT_MS)
    assert answers.done == []
    with qtbot.waitSignal(job.done, timeout=WAIT_MS):  # a job started afterwards answers again
        job.start(partial(str, "for the new points"))
    assert answers.done == ["for the new points"]


def test_no_pool_is_made_before_the_first_job(qtbot: QtBot) -> None:
    job = LatestJob()
    assert job.findChildren(Worker) == []
    assert job.wait(0)
    assert job.generation == 0
    with qtbot.waitSignal(job.done, timeout=WAIT_MS):
        job.start(partial(str, "ready"))
    assert len(job.findChildren(Worker)) == 1
    assert job.generation == 1
