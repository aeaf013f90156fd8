"""The report's content: every section as layout blocks, in English or Chinese."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF

from gpucalc.core.capacity.class_latency import ClassLatency
from gpucalc.core.capacity.perf_result import PerformanceResult, PointSummary, ceiling_of
from gpucalc.core.capacity.sweep import SCENARIO_TIER
from gpucalc.core.common.explain import Notice, Term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.memory.memory_plan import MEMORY_ALARM_SHARE
from gpucalc.core.parallel.topology import NodeSummary, node_summary
from gpucalc.core.specs.quality import QUALITY_CAVEAT
from gpucalc.core.step.prefix_cache import caching_on, prefix_cache_terms
from gpucalc.plan.checklist import fill_checklist, item_detail, item_title
from gpucalc.plan.disaggregation import pool_serve_lines
from gpucalc.plan.serve_line import serve_line
from gpucalc.report.data import SIZING_ROWS_SHOWN, ReportData
from gpucalc.report.disagg_text import pool_sentences
from gpucalc.report.fleet_text import layouts_sentence, totals_sentence, traffic_text, verdict_sentence
from gpucalc.report.layout import MUTED_COLOUR, Block, Canvas, Cell, Drawing, Heading, Paragraph, table
from gpucalc.report.measurement_section import measurement_section
from gpucalc.report.numbers import count, gib, params_text, percent, sig3, usd_cost
from gpucalc.report.plots import (
    CeilingBar,
    MemorySegment,
    draw_ceiling_bars,
    draw_context_sweep,
    draw_load_curves,
    draw_memory_bar,
)
from gpucalc.report.reader_text import reader_text
from gpucalc.report.risk_sections import factor_name, simulation_section, uncertainty_section
from gpucalc.report.summary import APPENDIX_TITLE, summary_blocks
from gpucalc.report.writer import SECTION_TITLES, Writer
from gpucalc.text.answer_text import concurrency_sentence, planned_sentence, short_limit_name
from gpucalc.text.catalog_text import catalog_name, weight_format_name
from gpucalc.text.palette import CEILING_COLOURS
from gpucalc.text.speculative_text import speculative_line
from gpucalc.text.terms import (
    CEILING_NAMES,
    all2all_mode_name,
    ceiling_name,
    source_text,
    traffic_mode_name,
)

QUALITY = Notice(code=QUALITY_CAVEAT, params={})
PASS_FILL = "#d8f0dd"
ATTENTION_FILL = "#fde7c8"
CONTEXT_TIER_NAMES = {"short": QT_TRANSLATE_NOOP("Report", "short"),
                      "medium": QT_TRANSLATE_NOOP("Report", "medium"),
                      "long": QT_TRANSLATE_NOOP("Report", "long"),
                      "very_long": QT_TRANSLATE_NOOP("Report", "very long"),
                      SCENARIO_TIER: QT_TRANSLATE_NOOP("Report", "scenario")}
def fleet_blocks(w: Writer) -> list[Block]:
    """The fleet in figures: carries the QPS or not, GPUs needed, totals over all replicas, cost."""
    fleet = w.data.plan.fleet
    if fleet is None:
        return []
    lines = [verdict_sentence(fleet, w.lang), totals_sentence(fleet, w.lang),
             layouts_sentence(fleet, w.lang)]
    return [Paragraph(text, size_pt=9.5, space_after_pt=4) for text in lines if text]


def disaggregated_blocks(w: Writer) -> list[Block]:
    """Both pools of a disaggregated plan, the KV transfer, and each pool's launch line."""
    pools = w.data.plan.disaggregated
    if pools is None:
        return []
    blocks: list[Block] = [Paragraph(text, size_pt=9.5, space_after_pt=4)
                           for text in pool_sentences(pools, w.data.plan.fleet, w.lang)]
    lines = pool_serve_lines(w.data.inputs)
    if lines is not None:
        for title, line in zip((w.t("Prefill launch command"), w.t("Decode launch command")), lines,
                               strict=True):
            blocks += [Paragraph(title, size_pt=9, bold=True, space_after_pt=1),
                       Paragraph(line, size_pt=8, mono=True, space_after_pt=4)]
    return blocks


def answer_sentence(w: Writer) -> str:
    """The number that matters and what binds it (UX.md: answer first)."""
    perf, targets = w.data.result.performance, w.data.inputs.targets
    if perf is None:
        blocking = w.data.result.memory.blocking_notices
        if blocking:
            return w.notice(blocking[0])
        return w.t("The model does not fit on this deployment.")
    sentence = (concurrency_sentence(perf, targets.ttft_ms, targets.tpot_ms, w.lang) + w.space
                + planned_sentence(perf.rates, w.lang))
    if perf.replicas > 1:
        sentence += w.space + w.t("{r} replicas: {total} requests in all.", r=perf.replicas,
                                  total=count(perf.recommended_concurrency.value * perf.replicas))
    return sentence


def inputs_section(w: Writer) -> list[Block]:
    """Model, precision, GPU, engine with its launch line, workload and targets."""
    inputs, memory = w.data.inputs, w.data.result.memory
    dep, wl, targets, gpu = inputs.deployment, inputs.workload, inputs.targets, inputs.gpu
    origin = w.t("checkpoint") if inputs.body_format_is_checkpoint else w.t("what-if")
    rows = [
        (w.t("Model"), catalog_name(inputs.model.name, w.lang)
         + (f" ({inputs.model.hf_id})" if inputs.model.hf_id else "")),
        (w.t("Parameters"), w.t("{total} total, {active} active per token",
                                total=params_text(memory.params.total.value),
                                active=params_text(memory.params.active.value))),
        (w.t("Precision"), w.t("weights {weights} ({origin}), KV cache {kv}",
                               weights=weight_format_name(inputs.weight_format, w.lang), origin=origin,
                               kv=inputs.kv_format.label)),
        (w.t("GPU"), w.t("{n}× {gpu}: {mem} GiB usable each, {bw} GB/s, {link}",
                         n=dep.num_gpus, gpu=catalog_name(gpu.name, w.lang),
                         mem=gib(memory.settings.total_gib.value), bw=sig3(gpu.hbm_bandwidth_gb_per_s or 0),
                         link=catalog_name(gpu.interconnect.name or gpu.interconnect.kind.value, w.lang))),
        (w.t("Engine"), f"{catalog_name(inputs.engine.name, w.lang)} {inputs.engine.version}"),
        (w.t("Parallelism"), w.t("TP {tp} × PP {pp}, {r} replica(s)", tp=dep.tensor_parallel_size,
                                 pp=dep.pipeline_parallel_size, r=dep.replicas)),
        *(((w.t("Decode context parallel"), w.t(
            "DCP {dcp}: the KV cache is sharded along tokens over {dcp} of the TP {tp} ranks",
            dcp=dep.decode_context_parallel_size, tp=dep.tensor_parallel_size)),)
          if dep.decode_context_parallel_size > 1 else ()),
        *expert_parallel_rows(w),
        (w.t("Workload"), w.t("input {i50} tokens (P95 {i95}), output {o50} tokens (P95 {o95}), "
                              "{turns} turn(s); {traffic}; {mode} traffic",
                              i50=count(wl.input_len_p50), i95=count(wl.input_p95),
                              o50=count(wl.output_len_p50), o95=count(wl.output_p95),
                              turns=wl.max_turns, traffic=traffic_text(wl, w.lang),
                              mode=traffic_mode_name(wl.mode.value, w.lang))),
        (w.t("Prefix caching"), prefix_caching_text(w)),
        (w.t("Targets"), w.t("TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms; watermark {wm}; planning share "
                             "{share}", ttft=sig3(targets.ttft_ms), tpot=sig3(targets.tpot_ms),
                             wm=percent(targets.watermark),
                             share=percent(targets.planning_memory_share))),
    ]
    nodes = node_summary(inputs)
    if nodes.nodes > 1:
        rows.insert(6, (w.t("Nodes"), nodes_text(w, nodes)))  # after Parallelism
    spec = dep.speculation
    if spec is not None:  # speculative decoding
        rows.append((w.t("Speculative decoding"), w.t(
            "{method}, k = {k}{draft}; acceptance length {tau}", method=spec.chosen.value,
            k=spec.num_speculative_tokens, draft=f" ({spec.draft_model})" if spec.draft_model else "",
            tau=w.t("as entered") if spec.acceptance_length is not None else w.t("method default"))))
    cells = [(Cell(k, bold=True), Cell(v)) for k, v in rows]
    cells.append((Cell(w.t("Launch command"), bold=True),
                  Cell(serve_line(inputs, memory.settings), mono=True)))
    return [w.heading(0), *table([w.t("Item"), w.t("Value")], cells, (1, 4), size_pt=8.5)]


def nodes_text(w: Writer, nodes: NodeSummary) -> str:
    """The nodes, the network between them and what crosses it, in one line."""
    text = w.t("{nodes} node(s), {per_node} GPUs per node; between nodes {network}, {gb_s} GB/s "
               "per GPU and direction ({formula})", nodes=nodes.nodes, per_node=nodes.gpus_per_node,
               network=catalog_name(nodes.network_name, w.lang), gb_s=sig3(nodes.scale_out.value),
               formula=w.formula(nodes.scale_out))
    if nodes.tp_spans_nodes:
        text += "; " + w.t("TP spans nodes (strongly advised against)")
    if nodes.pp_hops_across_nodes:
        text += "; " + w.t("{hops} pipeline hop(s) across nodes", hops=nodes.pp_hops_across_nodes)
    return text


def checklist_section(w: Writer) -> list[Block]:
    """Seed 000's checklist with the stated values and a pass / attention mark."""
    rows = []
    for i, item in enumerate(fill_checklist(w.data.plan), start=1):
        detail = item_detail(item, w.lang)
        mark = Cell(w.t("pass") if item.passed else w.t("attention"), align="center", bold=True,
                    fill=PASS_FILL if item.passed else ATTENTION_FILL)
        rows.append((Cell(str(i), align="right"), Cell(item_title(item, w.lang), bold=True), Cell(detail),
                     mark))
    return [w.heading(1),
            w.note(w.t("State each item before reporting a capacity number (the capacity planning "
                       "checklist)."), introduces=True),
            *table(["#", w.t("Item"), w.t("Stated value"), w.t("Check")], rows, (0.35, 2.8, 6.0, 1.0),
                   aligns=["right", "left", "left", "center"])]


def _term_row(w: Writer, term: Term, name: str, indent: bool = False) -> tuple[Cell, ...]:
    label = ("    " if indent else "") + name
    return (Cell(label, bold=not indent), Cell(w.term_value(term), align="right"),
            Cell(w.formula(term)), Cell(w.inputs_text(term)), Cell(w.cite(term.sources), align="center"))


def memory_section(w: Writer) -> list[Block]:
    """The memory picture and the deduction table, line by line with formulas."""
    memory, targets = w.data.result.memory, w.data.inputs.targets
    stage = memory.binding
    segments = [MemorySegment(t.key, w.name(t), t.value) for t in memory.line_items]
    total = memory.settings.total_gib.value
    first_source = len(w.sources)

    def draw(canvas: Canvas, box: QRectF) -> None:
        lines = ((targets.planning_memory_share,
                  w.t("planning share {p}", p=percent(targets.planning_memory_share))),
                 (MEMORY_ALARM_SHARE, w.t("alarm {p}", p=percent(MEMORY_ALARM_SHARE))))
        draw_memory_bar(canvas, box, segments, total, lines, w.t("Memory picture of one GPU"),
                        w.t("GPU memory (GiB)"), w.t("capacity {v} GiB", v=gib(total)))

    rows = [_term_row(w, memory.settings.total_gib, w.name(memory.settings.total_gib))]
    for item in memory.line_items:
        rows.append(_term_row(w, item, w.name(item)))
        parts = (stage.weights if item is stage.weights_total
                 else stage.activation_parts if item is stage.activation else ())
        rows += [_term_row(w, p, w.name(p), indent=True)
                 for p in parts if p.value]
    for t in (memory.kv_bytes_per_token, memory.kv_bytes_per_token_per_gpu, *memory.state_terms,
              memory.kv_cache_tokens,
              memory.kv_cache_tokens_all_replicas, memory.max_concurrency, memory.concurrency_p50,
              memory.concurrency_p95, memory.kv_per_average_request, memory.planning_check,
              memory.alarm_check, *_memory_share_terms(w)):
        rows.append(_term_row(w, t, w.name(t)))
    blocks: list[Block] = [w.heading(2), Drawing(44, draw)]
    if len(memory.stages) > 1:
        blocks.append(w.note(w.t("Pipeline stage {s} of {n} (the one whose KV cache binds).",
                                 s=stage.stage.index + 1, n=len(memory.stages))))
    blocks += table([w.t("Line item"), w.t("Value"), w.t("Formula"), w.t("Inputs"), w.t("Source")],
                    rows, (2.2, 1.4, 3.2, 3.2, 0.7), aligns=["left", "right", "left", "left", "center"],
                    size_pt=7.0)
    blocks.append(Paragraph(w.t("Sources"), bold=True, size_pt=8, space_before_pt=4,
                            space_after_pt=2, keep_with_next=True))
    return blocks + w.source_list(first_source)


def _memory_share_terms(w: Writer) -> tuple[Term, ...]:
    """Seed 001's share of memory at the planned concurrency (none when the model does not fit)."""
    perf = w.data.result.performance
    return () if perf is None or perf.memory_share is None else (perf.memory_share,)


def _point_cells(w: Writer, name: str, point: PointSummary) -> tuple[Cell, ...]:
    concurrency = (count(point.concurrency) if point.concurrency == round(point.concurrency)
                   else sig3(point.concurrency))
    return (Cell(name, bold=True), Cell(concurrency, align="right"),
            Cell(sig3(point.ttft_ms.value), align="right"), Cell(sig3(point.tpot_ms.value), align="right"),
            Cell(sig3(point.output_tokens_per_s.value), align="right"),
            Cell(sig3(point.requests_per_s.value), align="right"))


def ceilings_section(w: Writer, perf: PerformanceResult) -> list[Block]:
    """The three ceilings (bars and table), the verdict, advice and operating points."""
    bars = [CeilingBar(c.kind, ceiling_name(c.kind, w.lang), None if c.sets_no_limit else c.value.value,
                       c.binding) for c in perf.ceilings]

    def draw(canvas: Canvas, box: QRectF) -> None:
        draw_ceiling_bars(canvas, box, bars, w.t("Concurrency ceilings (the smallest binds)"),
                          w.t("running requests per replica"), w.t("no limit"),
                          perf.recommended_concurrency.value, perf.online_capacity.value,
                          w.t("watermark {n}", n=count(perf.online_capacity.value)))

    rows = [(Cell(ceiling_name(c.kind, w.lang), bold=True,
                  colour=CEILING_COLOURS[c.kind]),
             Cell(w.t("no limit") if c.sets_no_limit else count(c.value.value), align="right"),
             Cell(w.formula(c.value)), Cell(w.inputs_text(c.value)),
             Cell(w.t("binding") if c.binding else "", bold=True, align="center"))
            for c in perf.ceilings]
    advice = [Paragraph("• " + w.notice(a), size_pt=9, indent_pt=6, space_after_pt=2)
              for a in perf.advice]
    points = [_point_cells(w, w.t("At the recommendation"), perf.at_recommended),
              _point_cells(w, w.t("Offline maximum (batch full)"), perf.offline_max)]
    return [w.heading(3), Paragraph(answer_sentence(w), bold=True, keep_with_next=True),
            Drawing(38, draw),
            *table([w.t("Ceiling"), w.t("Requests per replica"), w.t("Formula"), w.t("Inputs"),
                    w.t("Binds")], rows, (2.0, 1.4, 3.2, 3.2, 0.9),
                   aligns=["left", "right", "left", "left", "center"]),
            Paragraph(w.t("Advice"), bold=True, space_before_pt=6, space_after_pt=2,
                      keep_with_next=True), *advice,
            Paragraph(w.t("Operating points (one replica)"), bold=True, space_before_pt=6,
                      space_after_pt=2, keep_with_next=True),
            *table([w.t("Point"), w.t("Concurrency"), "TTFT (ms)", "TPOT (ms)",
                    w.t("Output (tok/s)"), w.t("Requests/s")], points, (2.6, 1.2, 1.2, 1.2, 1.4, 1.2),
                   aligns=["left", "right", "right", "right", "right", "right"]),
            *class_blocks(w, perf), *prefix_cache_blocks(w, perf),
            *expert_parallel_blocks(w, perf),
            *([w.note(speculative_line(perf.speculative, w.lang))] if perf.speculative else []),
            w.note(w.t("Knee (the recommendation: past it a latency target breaks or requests "
                       "queue): {k} concurrent requests; online capacity ({wm} of the knee): "
                       "{online}; communication share of a step at the recommendation: {c}.",
                       k=count(perf.knee_concurrency.value), wm=percent(perf.rates.watermark),
                       online=count(perf.online_capacity.value), c=percent(perf.comm_share.value)))]


def prefix_cache_blocks(w: Writer, perf: PerformanceResult) -> list[Block]:
    """Prefix caching: hit rate, cached tokens, prefill saved and shared KV, with sources."""
    terms = prefix_cache_terms(perf.prefix_cache)
    if not terms:
        return []
    first_source = len(w.sources)
    rows = [_term_row(w, t, w.name(t)) for t in terms]
    return [Paragraph(w.t("Prefix cache (one replica)"), bold=True, space_before_pt=6,
                      space_after_pt=2, keep_with_next=True),
            *table([w.t("Figure"), w.t("Value"), w.t("Formula"), w.t("Inputs"), w.t("Source")],
                   rows, (2.2, 1.2, 3.2, 3.2, 0.7), aligns=["left", "right", "left", "left", "center"],
                   size_pt=7.0),
            *w.source_list(first_source)]


def prefix_caching_text(w: Writer) -> str:
    """The inputs table's line on prefix caching: on or off, and the shared-prefix structure."""
    inputs = w.data.inputs
    dep, wl = inputs.deployment, inputs.workload
    state = w.t("on") if caching_on(dep, inputs.engine) else w.t("off")
    origin = w.t("engine default") if dep.enable_prefix_caching is None else w.t("set")
    text = w.t("{state} ({origin})", state=state, origin=origin)
    if wl.shared_prefix_len:
        text += w.t("; shared prefix {tokens} tokens, {n} distinct",
                    tokens=count(wl.shared_prefix_len), n=count(wl.num_prefixes))
    if wl.prefix_hit_rate is not None:
        text += w.t("; measured hit rate {rate}", rate=percent(wl.prefix_hit_rate))
    if wl.history_cached:
        text += w.t("; chat history cached")
    return text


def expert_parallel_rows(w: Writer) -> list[tuple[str, str]]:
    """The deployment table's data-parallel row (none at DP 1)."""
    dep = w.data.inputs.deployment
    if dep.data_parallel_size <= 1:
        return []
    text = w.t("DP {dp} × attention TP {tp} per engine ({gpus} GPUs), each DP rank its own KV cache "
               "and scheduler", dp=dep.data_parallel_size, tp=dep.tensor_parallel_size,
               gpus=dep.gpus_per_engine)
    if w.data.inputs.model.moe is not None:
        text += w.t("; experts over {ranks} ranks ({how}), EPLB {eplb}, {redundant} redundant "
                    "experts, all-to-all {mode}",
                    ranks=dep.data_parallel_size * dep.tensor_parallel_size,
                    how=w.t("expert parallel") if dep.enable_expert_parallel else w.t("each expert split"),
                    eplb=w.t("on") if dep.enable_eplb else w.t("off"),
                    redundant=dep.num_redundant_experts,
                    mode=all2all_mode_name(dep.all2all_mode.value, w.lang))
    return [(w.t("Data parallel"), text)]


def expert_parallel_blocks(w: Writer, perf: PerformanceResult) -> list[Block]:
    """The DP expert group's figures with formula, inputs and sources (none without one)."""
    if not perf.expert_parallel:
        return []
    rows = [_term_row(w, t, w.name(t)) for t in perf.expert_parallel]
    return [Paragraph(w.t("Expert group (DP × TP ranks)"), bold=True, space_before_pt=6,
                      space_after_pt=2, keep_with_next=True),
            *table([w.t("Figure"), w.t("Value"), w.t("Formula"), w.t("Inputs"), w.t("Source")], rows,
                   (2.0, 1.2, 3.4, 3.0, 0.8), aligns=["left", "right", "left", "left", "center"])]


def class_blocks(w: Writer, perf: PerformanceResult) -> list[Block]:
    """Mixed traffic: each class's P-th TTFT and TPOT, the longest on its own marked line."""
    if not perf.per_class:
        return []

    def note(row: ClassLatency) -> str:
        parts = [w.t("longest: watch this line, it breaks first")] if row.longest else []
        if not row.meets_targets:
            parts.append(w.t("misses a target"))
        return "; ".join(parts)

    rows = [(Cell(row.name, bold=row.longest), Cell(percent(row.share), align="right"),
             Cell(count(row.input_tokens), align="right"),
             Cell(count(row.output_tokens), align="right"),
             Cell(sig3(row.ttft_ms.value), align="right"),
             Cell(sig3(row.tpot_ms.value), align="right"), Cell(note(row)))
            for row in perf.per_class]
    pct = w.data.inputs.targets.percentile
    return [Paragraph(w.t("Request classes at the recommendation (P{p}, one replica)", p=pct),
                      bold=True, space_before_pt=6, space_after_pt=2, keep_with_next=True),
            *table([w.t("Class"), w.t("Share"), w.t("Input"), w.t("Output"), f"P{pct} TTFT (ms)",
                    f"P{pct} TPOT (ms)", ""], rows, (1.8, 0.9, 1.0, 1.0, 1.3, 1.3, 2.7),
                   aligns=["left", "right", "right", "right", "right", "right", "left"])]


def sweep_section(w: Writer) -> list[Block]:
    """Ceilings against planning length (KV tokens per request) with crossovers."""
    sweep = w.data.sweep
    if sweep is None:
        return []
    labels = {k: ceiling_name(k, w.lang) for k in CEILING_NAMES}
    planning = sweep.planning_tokens

    def draw(canvas: Canvas, box: QRectF) -> None:
        draw_context_sweep(canvas, box, sweep, labels, w.t("Ceilings against planning length"),
                           w.t("planning length (KV tokens per request)"), w.t("requests per replica"),
                           w.t("crossover"), planning, w.t("planning {n}", n=count(planning)))

    lines = [w.t("At {n} tokens the binding constraint changes from {a} to {b}.",
                 n=count(c.context_tokens), a=ceiling_name(c.before, w.lang),
                 b=ceiling_name(c.after, w.lang)) for c in sweep.crossovers]
    if not lines:
        lines = [w.t("No crossover: one constraint binds over the whole range.")]
    return [w.heading(4), Drawing(70, draw),
            w.note(w.t("Planning length: KV tokens one request holds (P95 input + history + P95 "
                       "output). Each point is this scenario with every length scaled in proportion "
                       "(output: {o} % of the mean request); at {n} tokens it is the answer. The "
                       "dashed line is the recommendation (the smallest ceiling).",
                       o=round(sweep.output_share * 100), n=count(planning))),
            *[Paragraph("• " + line, size_pt=9, indent_pt=6, space_after_pt=2) for line in lines]]


def load_section(w: Writer, perf: PerformanceResult) -> list[Block]:
    """TTFT, TPOT and throughput against concurrency, and the curve as a table."""
    targets = w.data.inputs.targets
    text = {"latency_title": w.t("Latency against concurrency"),
            "throughput_title": w.t("Output throughput against concurrency"),
            "x_label": w.t("concurrent requests (closed loop)"), "latency_axis": w.t("ms"),
            "throughput_axis": w.t("output tokens/s"), "target": w.t("target"),
            "knee": w.t("knee {n} ({name})"), "watermark": w.t("watermark {n}"),
            "limit": w.t("{name} limit {n}"), "over_target": w.t("{name} past target from {n}"),
            "throughput_legend": w.t("output tokens/s per replica")}
    names = {k: ceiling_name(k, w.lang, short=True) for k in CEILING_NAMES}

    def draw(canvas: Canvas, box: QRectF) -> None:
        draw_load_curves(canvas, box, perf, targets.ttft_ms, targets.tpot_ms, text, names)

    rows = [(Cell(count(c.concurrency), align="right"), Cell(sig3(c.ttft_ms), align="right"),
             Cell(sig3(c.tpot_ms), align="right"), Cell(sig3(c.output_tokens_per_s), align="right"))
            for c in perf.load_curve]
    return [w.heading(5), Drawing(72, draw),
            *table([w.t("Concurrency"), "TTFT (ms)", "TPOT (ms)", w.t("Output (tok/s)")], rows,
                   (1, 1, 1, 1), aligns=["right"] * 4, size_pt=7.5)]


def grid_section(w: Writer) -> list[Block]:
    """Seed 001's grid: concurrency at the SLO per context tier and precision tier."""
    cells = w.data.grid
    if not cells:
        return []
    tiers = list(dict.fromkeys(c.precision_tier for c in cells))
    rows = []
    for tier in tiers:
        row = [c for c in cells if c.precision_tier == tier]
        name = w.t(CONTEXT_TIER_NAMES[tier]) if tier == SCENARIO_TIER else tier
        label = f"{name} ({row[0].weight_format} / KV {row[0].kv_format})"
        rows.append((Cell(label, bold=True), *[
            Cell(f"{count(c.concurrency)} · {ceiling_name(c.binding, w.lang, short=True)}" if c.binding
                 else w.t("does not fit"), align="right",
                 colour=CEILING_COLOURS[c.binding] if c.binding else MUTED_COLOUR)
            for c in row]))
    contexts = list(dict.fromkeys((c.context_tier, c.context_tokens) for c in cells))
    header = [w.t("Precision tier")] + [f"{w.t(CONTEXT_TIER_NAMES.get(name, name))} ({count(n)})"
                                        for name, n in contexts]
    return [w.heading(6),
            w.note(w.t("Concurrent requests per replica that meet the targets, by planning length "
                       "(tokens per request, the scenario's lengths scaled in proportion) and "
                       "precision tier, and what binds. The scenario's column at its precision is "
                       "the answer."), introduces=True),
            *table(header, rows, (2.0, *[1.6] * len(contexts)),
                   aligns=["left"] + ["right"] * len(contexts)),
            w.note(w.t("Lower tiers than the checkpoint's precision: ") + w.notice(QUALITY))]


def sizing_section(w: Writer) -> list[Block]:
    """The cheapest fleet options over the catalog's GPUs, Pareto front marked."""
    wl = w.data.inputs.workload
    rows = []
    for r in w.data.sizing[:SIZING_ROWS_SHOWN]:
        cost = usd_cost(r.cost_usd_per_hour, sign=False)
        per_m = usd_cost(r.cost_usd_per_million_output_tokens, sign=False)
        rows.append((Cell(r.gpu_name), Cell(f"{r.precision} / {r.kv_format}"),
                     Cell(r.layout_text, align="right"),
                     Cell(count(r.recommended_concurrency), align="right"),
                     Cell(short_limit_name(r.bottleneck, w.lang),
                          colour=CEILING_COLOURS[ceiling_of(r.bottleneck)]),
                     Cell(sig3(r.requests_per_s_per_replica), align="right"),
                     Cell(count(r.gpus_total), align="right"), Cell(percent(r.utilization), align="right"),
                     Cell(sig3(r.tpot_ms), align="right"), Cell(cost, align="right"),
                     Cell(per_m, align="right"),
                     Cell(("★" if r.pareto else "") + ("‡" if r.quantized_below_checkpoint else ""),
                          align="center")))
    if wl.qps_avg is None:
        return [w.heading(7), Paragraph(w.t("No QPS was given, so no fleet is sized: give the "
                                            "traffic to compare the GPUs of the catalog."))]
    intro = w.t("For {traffic}, sized for the peak with one spare replica (N + 1); the {n} cheapest "
                "of {m} options that meet the targets. ★ = Pareto front (no option is both cheaper "
                "and faster).", traffic=traffic_text(wl, w.lang),
                n=min(SIZING_ROWS_SHOWN, len(w.data.sizing)), m=len(w.data.sizing))
    if not rows:
        return [w.heading(7), Paragraph(w.t("No GPU in the catalog meets the targets."))]
    caveat = ([w.note(w.t("‡ lower precision than the checkpoint: ") + w.notice(QUALITY), introduces=True)]
              if any(r.quantized_below_checkpoint for r in w.data.sizing[:SIZING_ROWS_SHOWN]) else [])
    return [w.heading(7), w.note(intro, introduces=True), *caveat,
            *table([w.t("GPU"), w.t("Weights / KV"), "TP", w.t("Conc."), w.t("Binds"),
                    w.t("req/s per replica"), w.t("GPUs"), w.t("Util."), "TPOT (ms)", "$/h",
                    w.t("$/M tokens"), w.t("Pareto")], rows,
                   (2.6, 1.5, 0.5, 0.8, 1.5, 1.1, 0.8, 0.8, 0.9, 0.9, 0.9, 0.8),
                   aligns=["left", "left", "right", "right", "left", "right", "right", "right",
                           "right", "right", "right", "center"], size_pt=7.0)]


def efficiency_section(w: Writer, perf: PerformanceResult) -> list[Block]:
    """Efficiency factors of the performance model with their sources."""
    eff = perf.efficiency
    meanings = [
        ("gemm_compute", percent(eff.gemm_compute),
         QT_TRANSLATE_NOOP("Report", "share of dense peak TFLOPS large GEMMs reach")),
        ("attention_compute", percent(eff.attention_compute),
         QT_TRANSLATE_NOOP("Report", "share of peak attention kernels reach")),
        ("memory_bandwidth", percent(eff.memory_bandwidth),
         QT_TRANSLATE_NOOP("Report", "share of HBM bandwidth decode reaches")),
        ("comm_bandwidth", percent(eff.comm_bandwidth),
         QT_TRANSLATE_NOOP("Report", "share of link bandwidth all-reduce reaches")),
        ("comm_latency_us", f"{sig3(eff.comm_latency_us)} µs",
         QT_TRANSLATE_NOOP("Report", "fixed cost of one collective")),
        ("step_overhead_ms", f"{sig3(eff.step_overhead_ms)} ms",
         QT_TRANSLATE_NOOP("Report", "fixed cost of one engine step")),
        ("fp8_gemm_relative", sig3(eff.fp8_gemm_relative),
         QT_TRANSLATE_NOOP("Report", "FP8 GEMM share relative to BF16")),
    ]
    rows = [(Cell(factor_name(w, key), bold=True), Cell(value, align="right"), Cell(w.t(text)))
            for key, value, text in meanings]
    return [w.heading(10), *table([w.t("Factor"), w.t("Value"), w.t("Meaning")], rows, (2, 1, 5),
                                 aligns=["left", "right", "left"]),
            Paragraph(w.t("Source: {s}", s=reader_text(source_text(eff.source, w.lang)) or "—"), size_pt=8,
                      space_before_pt=4)]


def notices_section(w: Writer) -> list[Block]:
    """Warnings about the inputs and the result."""
    perf = w.data.result.performance
    notices = (*w.data.result.memory.notices, *(perf.notices if perf is not None else ()))
    lines = [Paragraph("• " + w.notice(n), size_pt=9, indent_pt=6, space_after_pt=2)
             for n in notices]
    return [w.heading(11), *(lines or [Paragraph(w.t("None."))])]


def appendix_intro(w: Writer) -> list[Block]:
    """The appendices' opening: the answer sentence and the fleet in figures."""
    return [Paragraph(w.t(APPENDIX_TITLE), size_pt=15, bold=True, space_after_pt=6),
            Paragraph(answer_sentence(w), size_pt=10, bold=True, space_after_pt=6), *fleet_blocks(w),
            *disaggregated_blocks(w)]


def report_blocks(data: ReportData) -> tuple[list[Block], tuple[str, ...]]:
    """All blocks of the report of ``data`` and the section titles it contains."""
    w = Writer(data, data.lang)
    perf = data.result.performance
    builders: list[Callable[[], list[Block]]] = [
        lambda: summary_blocks(w), lambda: appendix_intro(w), lambda: inputs_section(w),
        lambda: checklist_section(w), lambda: memory_section(w)]
    if perf is not None:
        builders += [lambda: ceilings_section(w, perf), lambda: sweep_section(w),
                     lambda: load_section(w, perf), lambda: grid_section(w), lambda: sizing_section(w),
                     lambda: uncertainty_section(w), lambda: simulation_section(w),
                     lambda: efficiency_section(w, perf)]
    else:
        builders += [lambda: [w.heading(3), Paragraph(answer_sentence(w))],
                     lambda: uncertainty_section(w), lambda: simulation_section(w)]
    builders.append(lambda: notices_section(w))
    builders.append(lambda: measurement_section(w))
    blocks = [b for build in builders for b in build()]
    titles = tuple(b.text for b in blocks if isinstance(b, Heading))
    return blocks, titles


__all__ = ["SECTION_TITLES", "report_blocks"]
