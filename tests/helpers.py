"""Small builders shared by tests."""

from __future__ import annotations

from typing import Any

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Workload


def plan(catalog: Catalog, model: str, gpu: str = "h100-sxm-80gb", *,
         quantization: str | None = None, workload: Workload | None = None,
         **deployment: Any) -> PlanInputs:
    """Resolve inputs for ``model`` on ``gpu`` with deployment flags as keyword arguments."""
    tp = deployment.get("tensor_parallel_size", 1) * deployment.get("pipeline_parallel_size", 1)
    deployment.setdefault("num_gpus", tp)
    return resolve_inputs(catalog, model, gpu, Deployment(**deployment), workload,
                          quantization=quantization)
