"""What ``gpucalc estimate`` prints: one plan as JSON or as text, every block in one place."""

from __future__ import annotations

from typing import Any

from gpucalc.cli.disagg_output import disaggregated_table
from gpucalc.cli.output import memory_json, memory_table, topology_json, topology_line, weight_format_json
from gpucalc.cli.perf_output import fleet_json, fleet_table, performance_json, performance_table
from gpucalc.cli.uncertainty_output import uncertainty_json, uncertainty_table
from gpucalc.core.capacity.figure_band import FigureBand
from gpucalc.core.parallel.topology import node_summary
from gpucalc.plan.compute import Plan
from gpucalc.plan.disaggregation import disaggregated_figures
from gpucalc.text.answer_text import alternative_sentence, fastest_sentence, no_qps_sentence
from gpucalc.text.band_text import band_lines
from gpucalc.text.catalog_text import catalog_name, weight_format_name
from gpucalc.text.catalogue import translate


def estimate_json(plan: Plan) -> dict[str, Any]:
    """The plan as ``--json`` writes it: memory, the answer, the fleet, alternatives and bands."""
    inputs = plan.inputs
    data = memory_json(plan.memory)
    data["weight_format"] = weight_format_json(inputs.weight_format)
    data["topology"] = topology_json(node_summary(inputs))
    if plan.performance is not None:
        memory_notices = data["notices"]
        data.update(performance_json(plan.performance))
        data["notices"] = [*memory_notices, *data["notices"]]  # both, not the last one's
    data["fleet"] = fleet_json(plan.fleet) if plan.fleet is not None else None
    data["alternatives"] = [row.model_dump() for row in plan.alternatives]
    data["fastest_layout"] = None if plan.fastest is None else plan.fastest.model_dump()
    data["disaggregated"] = None if plan.disaggregated is None else disaggregated_figures(
        plan.disaggregated, plan.fleet, inputs.gpu.usable_price_usd_per_hour)
    data["bands"] = {band.key: figure_band_json(band) for band in plan.figure_bands}
    if plan.bands is not None and plan.sensitivity is not None:
        data.update(uncertainty_json(plan.bands, plan.sensitivity))
    return data


def figure_band_json(band: FigureBand) -> dict[str, Any]:
    """One headline figure's band as ``--json`` writes it (``bands.<name>``)."""
    spread = band.spread
    return {"unit": band.unit, "low": band.low, "expected": band.expected, "high": band.high,
            "share": band.share, "residuals": spread.rows,
            "regime": dict(spread.regime),
            "widened_for": [regime.value for regime in spread.widened_for]}


def _title(plan: Plan, lang: str) -> str:
    inputs = plan.inputs
    return translate("Cli", "{model} on {gpus}× {gpu}, {engine}, TP{tp} PP{pp}, weights {weights}, "
                            "KV {kv}", lang).format(
        model=catalog_name(inputs.model.name, lang), gpus=inputs.deployment.num_gpus,
        gpu=catalog_name(inputs.gpu.name, lang), engine=inputs.engine.name,
        tp=inputs.deployment.tensor_parallel_size, pp=inputs.deployment.pipeline_parallel_size,
        weights=weight_format_name(inputs.weight_format, lang), kv=inputs.kv_format.label)


def _answer_blocks(plan: Plan, lang: str) -> list[str]:
    """The two measures; what serves when this layout does not; the fleet or the QPS it needs."""
    perf, blocks = plan.performance, []
    if perf is not None:
        blocks.append(performance_table(perf, plan.inputs.targets, lang))
        if perf.unreachable is not None:
            blocks.append("  " + (alternative_sentence(plan.alternatives[0], lang) if plan.alternatives
                                  else fastest_sentence(plan.fastest, lang)))
    if plan.fleet is not None:
        blocks.append(fleet_table(plan.fleet, lang))
    elif perf is not None and perf.unreachable is None:
        blocks.append("\n" + no_qps_sentence(perf.rates, lang))
    return blocks


def estimate_text(plan: Plan, lang: str) -> str:
    """The plan as the terminal shows it, in ``lang``."""
    inputs = plan.inputs
    blocks = [memory_table(plan.memory, _title(plan, lang), lang)]
    nodes = node_summary(inputs)
    if nodes.nodes > 1:
        blocks.append(topology_line(nodes, lang))
    blocks += _answer_blocks(plan, lang)
    blocks += band_lines(plan.figure_bands, lang)
    if plan.disaggregated is not None:
        blocks.append(disaggregated_table(plan.disaggregated, disaggregated_figures(
            plan.disaggregated, plan.fleet, inputs.gpu.usable_price_usd_per_hour),
            plan.disaggregated.traffic_qps, lang))
    if plan.bands is not None and plan.sensitivity is not None:
        blocks.append(uncertainty_table(plan.bands, plan.sensitivity, lang=lang))
    return "\n".join(blocks)
