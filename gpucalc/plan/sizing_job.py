"""Sizing as one job: what a sizing searches (GPUs, precisions, layouts, fleet policy) and the search.

The window's Sizing tab, ``gpucalc size``, the report's sizing table and the plan's alternative
layouts all build their search here, so the three cannot search different things for the same
scenario: the same GPUs, the same precision tiers (or the scenario's own where it is pinned),
the same spare replicas and peak rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import precision_tiers
from gpucalc.core.fleet.fleet import DEFAULT_SPARE_REPLICAS
from gpucalc.core.fleet.sizing import SizingRequest, SizingRow, search_precisions, size_fleet
from gpucalc.core.specs.gpu_spec import GpuSpec
from gpucalc.core.specs.inputs import MIN_REQUEST_RATE, PlanInputs
from gpucalc.core.specs.precision import KvFormat, WeightFormat

Layout = tuple[int | None, int | None, int | None]
"""(TP, PP, DP) a search keeps to; None leaves that one free."""

FREE_LAYOUT: Layout = (None, None, None)


@dataclass(frozen=True, slots=True)
class SizingJob:
    """One sizing search: the scenario, the GPUs and (weights, KV) pairs tried, and the traffic."""

    inputs: PlanInputs
    gpus: tuple[GpuSpec, ...]
    precisions: tuple[tuple[WeightFormat | None, KvFormat | None], ...]
    request: SizingRequest

    def run(self, progress: Callable[[float], bool] | None = None) -> tuple[SizingRow, ...]:
        """Every GPU × precision × layout that meets the targets, cheapest first.

        ``progress`` gets the share of GPU types done; returning False cancels
        (:class:`gpucalc.core.fleet.sizing.SizingCancelled`).
        """
        return tuple(size_fleet(self.inputs, self.gpus, self.precisions, self.request, progress))


def sizing_job(catalog: Catalog, inputs: PlanInputs, *, gpus: Sequence[GpuSpec] | None = None,
               pin_weights: bool = False, pin_kv: bool = False, redundancy: int = DEFAULT_SPARE_REPLICAS,
               size_for_peak: bool = True, pinned_layout: Layout = FREE_LAYOUT) -> SizingJob | None:
    """The sizing of ``inputs`` for its workload's QPS over ``gpus`` (default: every catalog GPU).

    Every precision tier of the catalog is tried, except that ``pin_weights`` / ``pin_kv`` keep
    the scenario's own weights / KV cache format. None when the workload gives no QPS: there is no
    traffic to size for.
    """
    workload = inputs.workload
    if workload.qps_avg is None:
        return None
    precisions = search_precisions(list(precision_tiers(catalog).values()),
                                   pin_weights=pin_weights, pin_kv=pin_kv)
    request = SizingRequest(qps_avg=workload.qps_avg, qps_peak=workload.qps_peak,
                            redundancy=redundancy, size_for_peak=size_for_peak,
                            pinned_layout=pinned_layout)
    chosen = tuple(catalog.gpus.values()) if gpus is None else tuple(gpus)
    return SizingJob(inputs=inputs, gpus=chosen, precisions=tuple(precisions), request=request)


def own_gpu_job(inputs: PlanInputs) -> SizingJob:
    """The layouts of the deployment's own GPU and precision that meet the targets.

    Sized for the workload's QPS, or for one replica when none was given: the search behind a
    plan's alternatives when the deployment itself carries nothing at the targets.
    """
    workload = inputs.workload
    request = SizingRequest(qps_avg=workload.qps_avg or MIN_REQUEST_RATE, qps_peak=workload.qps_peak)
    return SizingJob(inputs=inputs, gpus=(inputs.gpu,), precisions=((None, None),), request=request)


__all__ = ["FREE_LAYOUT", "Layout", "SizingJob", "own_gpu_job", "sizing_job"]
