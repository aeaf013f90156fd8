"""Source groups of the validation rows: which publication or lab each measurement comes from.

A source group is the GitHub repository a row was read from, split into the repository's own
files (documentation, READMEs, blog posts, committed logs) and its issue tracker (issues and pull
requests, written by many users on their own set-ups). The repository is read from the row's
``source_url`` (``https://github.com/OWNER/REPO/blob|tree|issues|pull/…``), else from the start of
its ``source`` text (``github:OWNER/REPO@commit …``, ``OWNER/REPO issue #N …``,
``OWNER/REPO release/0.5.0 docs/…``). Rows of one group share an engine build, a client and a
way of measuring, so a constant fitted on a group can learn its habits: the accuracy benchmark
holds out one whole group at a time (leave-one-source-out).

Group ids are the repository name in lower case, with ``-issues`` for the tracker:
``gpustack``, ``llm-d-planner``, ``tensorrt-llm``, ``tensorrt-llm-issues``, ``vllm-issues``, …
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

_URL = re.compile(r"https?://github\.com/([\w.-]+)/([\w.-]+)(?:/(blob|tree|issues|pull|commit)\b)?")
_TEXT = re.compile(r"^(?:github:)?([\w.-]+)/([\w.-]+?)(?:@\S*)?(?:\s+\(.*?\))?(?:\s+(issue|PR|pull)\b|\s|$)")
TRACKER_KINDS = frozenset({"issues", "pull", "issue", "PR"})


class UnknownSourceError(ValueError):
    """A row whose source names no repository (it cannot be put in a group)."""


def source_repository(row: Mapping[str, Any]) -> tuple[str, str, bool]:
    """(owner, repository, from its tracker) of the publication a row was read from.

    Raises :class:`UnknownSourceError` when neither ``source_url`` nor ``source`` names one.
    """
    url = _URL.match(str(row.get("source_url") or ""))
    if url is not None:
        return url.group(1), url.group(2), url.group(3) in TRACKER_KINDS
    text = _TEXT.match(str(row.get("source") or "").strip())
    if text is not None:
        return text.group(1), text.group(2), text.group(3) in TRACKER_KINDS
    raise UnknownSourceError(f"row {row.get('id')!r}: its source names no repository")


def source_group(row: Mapping[str, Any]) -> str:
    """The id of the row's source group (``gpustack``, ``vllm-issues``, …)."""
    _, repository, tracker = source_repository(row)
    return repository.lower() + ("-issues" if tracker else "")


def group_rows(rows: Iterable[Mapping[str, Any]]) -> dict[str, list[str]]:
    """Row ids by source group, groups in order of first appearance."""
    groups: dict[str, list[str]] = {}
    for row in rows:
        groups.setdefault(source_group(row), []).append(str(row["id"]))
    return groups


EARLIER_PUBLIC_ROWS = frozenset({
    # start-up logs
    "kv-iss-001", "kv-iss-010", "kv-llmd-002", "kv-llmd-003", "kv-llmd-008", "kv-llmd-017",
    "kv-llmd-018", "kv-llmd-022", "kv-llmd-025", "kv-llmd-027", "kv-llmd-029", "kv-llmd-035",
    "kv-llmd-044", "kv-llmd-050", "kv-llmd-052", "kv-llmd-055",
    # throughput runs
    "tp-trt017-001", "tp-trt017-002", "tp-trt017-003", "tp-trt017-004", "tp-trt017-005",
    "tp-trt017-006", "tp-trt017-007", "tp-trt017-008", "tp-trt017-009", "tp-trt017-010",
    "tp-trt014-031", "tp-trt014-032", "tp-trt014-033", "tp-vllmblog-047", "tp-vllmblog-048",
    # whole runs
    "lp-gpustack-001", "lp-gpustack-005", "lp-gpustack-016", "lp-gpustack-021", "lp-gpustack-032",
    "lp-gpustack-034", "lp-gpustack-045", "lp-gpustack-046", "lp-zhjunqin-001", "lp-zhjunqin-002",
    "lp-zhjunqin-003", "lp-zhjunqin-004", "lp-zhjunqin-005", "lp-zhjunqin-006", "lp-zhjunqin-007",
    "lp-zhjunqin-008", "lp-recipes-001",
})
"""The 16 start-up logs, 15 throughput runs and 17 whole runs of the earlier public set: the
shipped engine constants were tuned on these rows (the specs' sources say so), so the accuracy
benchmark's as-shipped column is in-sample for them."""
