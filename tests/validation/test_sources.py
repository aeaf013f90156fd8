"""Source groups: every validation row belongs to exactly one publication or lab."""

from __future__ import annotations

import pytest

from gpucalc.validation.scoring import validation_rows
from gpucalc.validation.sources import (
    EARLIER_PUBLIC_ROWS,
    UnknownSourceError,
    group_rows,
    source_group,
)


def test_every_row_is_in_exactly_one_group() -> None:
    rows = [row for file_rows in validation_rows().values() for row in file_rows]
    ids = [str(row["id"]) for row in rows]
    assert len(ids) == len(set(ids))  # row ids are unique across the three files
    grouped = [row_id for members in group_rows(rows).values() for row_id in members]
    assert sorted(grouped) == sorted(ids)


def test_one_lab_across_files_is_one_group() -> None:
    rows = {str(r["id"]): r for f in validation_rows().values() for r in f}
    # GPUStack's Performance Lab: throughput rows and whole runs from the same pages
    assert source_group(rows["tp-more-001"]) == source_group(rows["lp-gpustack-001"]) == "gpustack"
    # TensorRT-LLM's own documentation, three releases (no source_url on the H200 blog rows)
    assert {source_group(rows[i]) for i in ("tp-trt017-001", "tp-trt014-031", "tp-trth200-040")} == {
        "tensorrt-llm"}
    # its issue tracker is another group: users' own set-ups
    assert source_group(rows["kv-iss-014"]) == source_group(rows["tp-trtuser-057"]) == (
        "tensorrt-llm-issues")
    assert source_group(rows["kv-iss-001"]) == "vllm-issues"
    assert source_group(rows["kv-llmd-002"]) == "llm-d-planner"


@pytest.mark.parametrize(("row", "group"), [
    ({"id": "a", "source": "github:owner/Some-Repo@abc123 docs/x.md"}, "some-repo"),
    ({"id": "b", "source": "owner/repo issue #12 'title'"}, "repo-issues"),
    ({"id": "c", "source": "owner/repo PR #3 (comment)"}, "repo-issues"),
    ({"id": "d", "source": "x", "source_url": "https://github.com/o/r/pull/5"}, "r-issues"),
    ({"id": "e", "source": "x", "source_url": "https://github.com/o/r/blob/abc/f.md#L3"}, "r"),
])
def test_group_from_the_repository_the_source_names(row: dict[str, str], group: str) -> None:
    assert source_group(row) == group


def test_a_row_without_a_repository_is_refused_with_its_id() -> None:
    with pytest.raises(UnknownSourceError, match="'z'"):
        source_group({"id": "z", "source": "a blog post", "source_url": "https://example.org/x"})


def test_the_earlier_public_rows_are_all_in_the_files() -> None:
    ids = {str(r["id"]) for f in validation_rows().values() for r in f}
    assert ids >= EARLIER_PUBLIC_ROWS
    assert len(EARLIER_PUBLIC_ROWS) == 16 + 15 + 17
