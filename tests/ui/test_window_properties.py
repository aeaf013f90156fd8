"""Property tests: whatever a file or a job throws at the window, it answers in one plain line."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtGui import Qt, QTextDocument

from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.scenario_file import ScenarioFileError
from gpucalc.ui.failures import describe_failure
from gpucalc.ui.plain_text import plain_tooltip
from gpucalc.ui.scenario_files import open_scenario

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])
JSON_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                        st.text(max_size=20))
JSON_VALUES = st.recursive(JSON_LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)), max_leaves=20)
SCENARIO_KEYS = st.sampled_from(["name", "model", "gpu", "custom_gpu", "deployment", "workload", "targets",
                                 "quantization", "dtype", "schema_version"])


def _document(scenario: object, version: object = 1) -> dict[str, object]:
    return {"format": "gpucalc-scenario", "schema_version": version, "scenario": scenario}


def _refusal(path: Path) -> str:
    """'' when ``path`` opens as a scenario, else the message (which must not be empty)."""
    try:
        scenario = open_scenario(path)
    except ScenarioFileError as exc:
        message = str(exc)
        assert message
        return message
    assert isinstance(scenario, Scenario)
    return ""


@SETTINGS
@given(st.binary(max_size=400))
def test_any_bytes_give_a_scenario_or_one_line(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "any.gpucalc.json"
    path.write_bytes(data)
    refusal = _refusal(path)
    assert "\n" not in refusal


@SETTINGS
@given(st.dictionaries(SCENARIO_KEYS, JSON_VALUES, max_size=5), JSON_VALUES)
def test_hostile_scenario_documents_give_a_scenario_or_one_line(
        tmp_path: Path, scenario: dict[str, object], version: object) -> None:
    path = tmp_path / "doc.gpucalc.json"
    path.write_text(json.dumps(_document(scenario, version if version is not None else 1)),
                    encoding="utf-8")
    assert "\n" not in _refusal(path)


ERRORS = st.sampled_from([ValueError, TypeError, ZeroDivisionError, KeyError, OverflowError, OSError,
                          RuntimeError, AttributeError, IndexError, RecursionError, MemoryError])


@SETTINGS
@given(ERRORS, st.text(max_size=200))
def test_every_failure_reads_as_one_plain_line(kind: type[Exception], message: str) -> None:
    failure = describe_failure(kind(message))
    assert failure.cause
    assert "\n" not in failure.cause
    assert "Traceback" not in failure.cause


@SETTINGS
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=80))
def test_a_tooltip_shows_its_text_as_written(text: str) -> None:
    tip = plain_tooltip(text)
    document = QTextDocument()
    if Qt.mightBeRichText(tip):  # how QToolTip decides
        document.setHtml(tip)
    else:
        document.setPlainText(tip)
    shown = " ".join(document.toPlainText().split())
    assert shown == " ".join(text.split())
