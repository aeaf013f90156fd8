"""The shipped residual file loads, its tags come from the vocabulary, and it refuses bad ones."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from gpucalc.validation.metrics import METRICS
from gpucalc.validation.regimes import VOCABULARY
from gpucalc.validation.residuals import (
    ResidualRow,
    default_path,
    load_residuals,
    select,
    summarise,
)
from gpucalc.validation.scoring import validation_rows


def test_the_shipped_file_loads_with_tags_from_the_vocabulary() -> None:
    residuals = load_residuals()
    assert residuals.rows
    assert residuals.generated
    assert residuals.commit
    assert residuals.method
    ids = {str(r["id"]) for f in validation_rows().values() for r in f}
    for row in residuals.rows:
        assert row.id in ids
        assert row.metric in METRICS
        assert set(row.tags) == set(VOCABULARY)
        assert all(row.tags[name] in allowed for name, allowed in VOCABULARY.items())
        assert row.log_error == pytest.approx(math.log(row.predicted / row.measured), abs=1e-5)
    assert set(residuals.unscored) <= ids
    assert not set(residuals.unscored) & {r.id for r in residuals.rows}


def _row(**changes: object) -> dict[str, object]:
    tags = {name: values[0] for name, values in VOCABULARY.items()}
    row: dict[str, object] = {"id": "x", "file": "throughput", "group": "g", "metric": "ttft",
                              "measured": 100.0, "predicted": 150.0, "log_error": math.log(1.5),
                              "support": 3, "tags": tags}
    row.update(changes)
    return row


def _write(tmp_path: Path, rows: list[dict[str, object]]) -> Path:
    document = json.loads(default_path().read_text("utf-8"))
    document["rows"] = rows
    path = tmp_path / "residuals.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_a_tag_outside_the_vocabulary_is_refused_with_the_row(tmp_path: Path) -> None:
    bad = _row(tags={**_row()["tags"], "arrival": "sometimes"})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="arrival='sometimes'"):
        load_residuals(_write(tmp_path, [bad]))


def test_a_missing_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="residual file"):
        load_residuals(tmp_path / "absent.json")


def test_summary_by_regime_of_hand_made_rows() -> None:
    rows = [ResidualRow.model_validate(_row(id=str(i), log_error=math.log(1 + e), predicted=100 * (1 + e)))
            for i, e in enumerate((0.1, -0.2, 0.3, 0.5))]
    dense = [s for s in summarise(rows) if (s.tag, s.value) == ("architecture", "dense")]
    assert len(dense) == 1
    assert dense[0].count == 4
    assert dense[0].median_abs_error == pytest.approx(0.25)  # |errors| 0.1, 0.2, 0.3, 0.5
    assert dense[0].p90_abs_error == pytest.approx(0.44)  # linear between 0.3 and 0.5
    moe = {**_row()["tags"], "architecture": "moe"}  # type: ignore[dict-item]
    mixed = [*rows, ResidualRow.model_validate(_row(id="m", tags=moe))]
    assert [r.id for r in select(mixed, "ttft", architecture="moe")] == ["m"]
    assert select(mixed, "kv_tokens") == []
