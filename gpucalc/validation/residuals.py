"""Out-of-sample residuals by regime: the data a band is sized from.

``specs/validation/residuals.json`` is written by ``python -m benchmarks.generalisation --write``:
for every scored validation row and metric, the signed log-error ln(predicted ÷ measured) with
every fitted constant fitted on the other source groups only (leave-one-source-out), and the
row's regime tags (:data:`gpucalc.validation.regimes.VOCABULARY`). Its header says when, from
which gpucalc version and commit, and how. :func:`load_residuals` reads and checks it;
:func:`select` and :func:`summarise` pick and summarise the residuals of one regime.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from gpucalc.catalog.paths import specs_dir
from gpucalc.catalog.storage import UnusableDocumentError, read_json_document
from gpucalc.validation.metrics import METRICS
from gpucalc.validation.regimes import VOCABULARY

SCHEMA_VERSION = 1
MAX_RESIDUAL_FILE_BYTES = 8 * 1024 * 1024


class ResidualRow(BaseModel):
    """One row's out-of-sample error on one metric, with its regime."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    id: str
    file: str = Field(pattern=r"^(kv|throughput|whole_run)$")
    group: str
    metric: str
    measured: float = Field(gt=0)
    predicted: float = Field(gt=0)  # out of sample
    log_error: float  # ln(predicted ÷ measured), out of sample
    in_sample_log_error: float | None = None
    shipped_log_error: float | None = None
    support: int = Field(ge=0, description="Cases of the row's engine that its fit had.")
    tags: dict[str, str]

    @model_validator(mode="after")
    def _known(self) -> ResidualRow:
        if self.metric not in METRICS:
            raise ValueError(f"row {self.id}: unknown metric {self.metric!r}")
        for name, allowed in VOCABULARY.items():
            if self.tags.get(name) not in allowed:
                raise ValueError(f"row {self.id}: tag {name}={self.tags.get(name)!r} is not one "
                                 f"of {', '.join(allowed)}")
        extra = set(self.tags) - set(VOCABULARY)
        if extra:
            raise ValueError(f"row {self.id}: unknown tags {', '.join(sorted(extra))}")
        return self


class RegimeSummary(BaseModel):
    """Median and 90th percentile of |relative error| in one regime for one metric."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    metric: str
    tag: str
    value: str
    count: int
    median_abs_error: float
    p90_abs_error: float


class ResidualFile(BaseModel):
    """The residual file: header, vocabulary, rows and per-regime summary."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    schema_version: int = SCHEMA_VERSION
    generated: str  # ISO date
    gpucalc_version: str
    commit: str
    method: str
    vocabulary: dict[str, list[str]]
    rows: list[ResidualRow]
    summary: list[RegimeSummary]
    unscored: dict[str, str] = Field(default_factory=dict)  # row id → why it is not scored

    @model_validator(mode="after")
    def _same_vocabulary(self) -> ResidualFile:
        if {k: tuple(v) for k, v in self.vocabulary.items()} != VOCABULARY:
            raise ValueError("the file's tag vocabulary differs from gpucalc's (regenerate it)")
        return self


def default_path() -> Path:
    """``specs/validation/residuals.json``."""
    return specs_dir() / "validation" / "residuals.json"


def load_residuals(path: Path | None = None) -> ResidualFile:
    """The residual file, checked (every tag from the vocabulary); ValueError saying why not."""
    source = path or default_path()
    try:
        document = read_json_document(source, "residual file", MAX_RESIDUAL_FILE_BYTES)
    except UnusableDocumentError as error:
        raise ValueError(error.detail) from error
    try:
        return ResidualFile.model_validate(document)
    except ValidationError as error:
        first = error.errors()[0]
        raise ValueError(f"{source.name}: {first['msg']} at {'.'.join(map(str, first['loc']))}"
                         ) from error


def select(rows: Iterable[ResidualRow], metric: str | None = None,
           **tags: str) -> list[ResidualRow]:
    """The rows of ``metric`` (any when None) whose tags match all of ``tags``."""
    return [r for r in rows if (metric is None or r.metric == metric)
            and all(r.tags.get(k) == v for k, v in tags.items())]


def _quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    position = share * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summarise(rows: Iterable[ResidualRow]) -> list[RegimeSummary]:
    """Per metric, tag and value: count, median and P90 of |predicted ÷ measured − 1|."""
    grouped: dict[tuple[str, str, str], list[float]] = {}
    for row in rows:
        error = abs(math.exp(row.log_error) - 1.0)
        for name in VOCABULARY:
            grouped.setdefault((row.metric, name, row.tags[name]), []).append(error)
    return [RegimeSummary(metric=m, tag=t, value=v, count=len(e), median_abs_error=_quantile(e, 0.5),
                          p90_abs_error=_quantile(e, 0.9))
            for (m, t, v), e in sorted(grouped.items(), key=lambda item: (
                METRICS.index(item[0][0]), list(VOCABULARY).index(item[0][1]),
                VOCABULARY[item[0][1]].index(item[0][2])))]


def vocabulary() -> dict[str, list[str]]:
    """:data:`VOCABULARY` as the file stores it."""
    return {k: list(v) for k, v in VOCABULARY.items()}


def method_text(details: Mapping[str, object]) -> str:
    """The header's one-paragraph description of how the residuals were made."""
    return ("Leave-one-source-out: for each source group (the publication or lab a row comes "
            "from, gpucalc/validation/sources.py) the memory constants tuned on start-up logs "
            "(gpucalc/validation/constants.py; the step constants stay as shipped, since refitting "
            "them made held-out groups worse) are fitted on every other group "
            "(gpucalc/validation/fitting.py: per engine profile; soft-L1 loss on "
            "ln(predicted/measured), pull "
            f"{details.get('prior_weight')} towards the shipped values, at most "
            f"{details.get('max_iterations')} Levenberg-Marquardt iterations per stage) and the "
            "group's rows are predicted with them. Kernel surfaces stay fixed. log_error = "
            "ln(predicted/measured) out of sample; in_sample_log_error: constants fitted on all "
            "groups; shipped_log_error: the constants in specs/ when this file was written.")
