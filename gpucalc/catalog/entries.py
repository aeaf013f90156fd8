"""Catalog entry types that are data-file shaped (the core gets parsed specs)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class PublishedParams(BaseModel):
    """Parameter counts the publisher states, in billions."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    total_b: float | None = Field(default=None, gt=0)
    active_b: float | None = Field(default=None, gt=0)
    source: str | None = None


class ModelEntry(BaseModel):
    """One bundled model: its Hugging Face config plus catalog metadata."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    schema_version: int = 1
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9.\-_]*$")
    name: str
    family: str = ""
    hf_id: str | None = None
    aliases: tuple[str, ...] = ()
    published_params: PublishedParams = PublishedParams()
    config_source: str = ""
    config: dict[str, Any]
    hf_quant_config: dict[str, Any] | None = None
