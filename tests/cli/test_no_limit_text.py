"""One rule for "no limit": a ceiling whose search reached its cap reads the same in every view."""

from __future__ import annotations

from gpucalc.catalog.bundled import Catalog
from gpucalc.cli.perf_output import performance_table
from gpucalc.core.capacity.calculate import calculate
from gpucalc.core.capacity.perf_model import MAX_SEARCH_CONCURRENCY
from gpucalc.core.capacity.perf_result import CeilingKind
from gpucalc.core.specs.inputs import Targets
from tests.helpers import plan


def test_a_ceiling_at_the_search_cap_reads_no_limit(catalog: Catalog) -> None:
    result = calculate(plan(catalog, "llama-3.1-70b-instruct", gpu="h100-sxm-80gb",
                            tensor_parallel_size=8, num_gpus=8))
    perf = result.performance
    assert perf is not None
    capped = [c.model_copy(update={"value": c.value.model_copy(update={"value": MAX_SEARCH_CONCURRENCY})})
              if c.kind is CeilingKind.INTERCONNECT else c for c in perf.ceilings]
    link = next(c for c in capped if c.kind is CeilingKind.INTERCONNECT)
    assert link.limited
    assert link.sets_no_limit
    table = performance_table(perf.model_copy(update={"ceilings": tuple(capped)}), Targets())
    line = next(line for line in table.splitlines() if line.strip().startswith("interconnect"))
    assert "no limit" in line
    assert f"{MAX_SEARCH_CONCURRENCY:,}" not in line
    assert not any(c.sets_no_limit for c in perf.ceilings if c.kind is CeilingKind.MEMORY)
