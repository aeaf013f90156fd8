"""A planning scenario as the user saves it: references by id plus every input."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.specs.gpu_spec import GpuSpec
from gpucalc.core.specs.inputs import Deployment, Targets, Workload

SCENARIO_SCHEMA_VERSION = 1


class Scenario(BaseModel):
    """Everything the window or a scenario file holds; resolved against the catalog to compute."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    schema_version: int = SCENARIO_SCHEMA_VERSION
    name: str = Field(default="", max_length=200)
    model: str = Field(default="llama-3.1-8b-instruct", min_length=1, max_length=4096,
                       description="Catalog id, Hugging Face id, config.json path or model folder.")
    gpu: str = Field(default="h100-sxm-80gb", min_length=1, max_length=200)
    custom_gpu: GpuSpec | None = Field(default=None, description="Used instead of `gpu` when set.")
    quantization: str | None = Field(default=None, max_length=64)
    dtype: str | None = Field(default=None, max_length=32)
    deployment: Deployment = Deployment()
    workload: Workload = Workload()
    targets: Targets = Targets()
