"""Published length facts of a benchmark dataset (``specs/datasets/*.json``)."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gpucalc.io.bounded_json import read_json_file
from gpucalc.io.errors import InputFileError


class DatasetFacts(BaseModel):
    """Mean lengths of a dataset as a client samples it, its filter, and where each came from."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    id: str
    name: str
    prompt_tokens_mean: float = Field(gt=0)
    output_tokens_mean: float = Field(gt=0)
    means_source: str
    median_to_mean: float = Field(gt=0, lt=1)
    median_to_mean_source: str
    min_tokens: int = Field(ge=1)
    max_prompt_tokens: int = Field(ge=1)
    max_total_tokens: int = Field(ge=2)
    filter_source: str
    early_eos: str
    sampler_note: str = ""


def read_dataset_facts(path: Path) -> DatasetFacts:
    """The dataset facts in ``path``."""
    try:
        return DatasetFacts.model_validate(read_json_file(path, "dataset facts"))
    except ValidationError as exc:
        raise InputFileError(f"{path}: {exc.errors()[0]['msg']}") from exc
