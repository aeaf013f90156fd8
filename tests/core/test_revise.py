"""What-ifs go through validation: a changed record is checked as a new one would be."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.common.revise import revised
from gpucalc.core.fleet.disaggregation import PoolShape, pool_deployment
from gpucalc.core.fleet.sensitivity import evaluate_uncertainty
from gpucalc.core.specs.inputs import Deployment, Targets, Workload
from tests.helpers import plan


def test_a_valid_change_is_applied_and_the_rest_kept() -> None:
    dep = Deployment(num_gpus=8, tensor_parallel_size=4, max_model_len=8192)
    wider = revised(dep, tensor_parallel_size=8)
    assert wider.tensor_parallel_size == 8
    assert (wider.num_gpus, wider.max_model_len) == (8, 8192)
    assert dep.tensor_parallel_size == 4  # the original stays as it was


def test_a_change_no_input_could_hold_is_refused() -> None:
    dep = Deployment(num_gpus=8, tensor_parallel_size=8)
    assert dep.model_copy(update={"num_gpus": 4}).num_gpus == 4  # what a bare copy lets through
    with pytest.raises(ValidationError, match="needs at"):
        revised(dep, num_gpus=4)  # TP 8 needs 8 GPUs
    with pytest.raises(ValidationError):
        revised(Workload(input_len_p50=2000, input_len_p95=4000), input_len_p95=1000)  # P95 < P50
    with pytest.raises(ValidationError):
        revised(Targets(), percentile=90)  # not one of 50, 95, 99
    with pytest.raises(ValidationError):
        revised(dep, gpu_memory_utilization=1.5)


def test_an_unknown_field_is_an_error() -> None:
    with pytest.raises(TypeError, match="no field"):
        revised(Targets(), tpot=50)


def test_the_plan_inputs_serve_a_new_gpu_as_it_runs(catalog: Catalog) -> None:
    """The weight-only rule of the inputs applies to a what-if on another GPU too."""
    h100 = plan(catalog, "llama-3.1-8b-instruct", quantization="fp8")
    on_a100 = revised(h100, gpu=catalog.gpu("a100-sxm-80gb"))
    assert on_a100.weight_format != h100.weight_format  # FP8 runs weight-only (W8A16) on A100
    assert on_a100.weight_format.compute_dtype.value in {"fp16", "bf16"}


def test_pool_deployments_and_sensitivity_bars_are_valid_records(catalog: Catalog) -> None:
    dep = Deployment(num_gpus=16, tensor_parallel_size=8)
    pool = pool_deployment(dep, PoolShape(tp=4, pp=1, dp=2))
    assert Deployment.model_validate(pool.model_dump()) == pool
    _bands, sensitivity = evaluate_uncertainty(plan(catalog, "llama-3.1-8b-instruct"))
    assert sensitivity is not None
    assert sensitivity.bars
