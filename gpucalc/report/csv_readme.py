"""``README.txt`` of a CSV export: what each file holds, its units and conventions. No Qt."""

from __future__ import annotations

from collections.abc import Sequence

from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.report.csv_summary import CSV_FORMAT_VERSION
from gpucalc.text.catalogue import translate
from gpucalc.text.numbers import NOT_FINITE_CONVENTION

README_NAME = "README.txt"
README_CONTEXT = "CsvReadme"
TITLE = QT_TRANSLATE_NOOP("CsvReadme", "gpucalc CSV export (format version {version}, gpucalc {gpucalc})")
FILES_HEADING = QT_TRANSLATE_NOOP("CsvReadme", "Files:")

FILE_NOTES: dict[str, str] = {
    "summary": QT_TRANSLATE_NOOP(
        "CsvReadme", "The plan in one file: its inputs (model, GPU and engine with id and name, GPU "
               "count, precision, parallelism, max model length, traffic, latency targets) and its "
               "answer (recommended concurrency and its range, the binding ceiling, online "
               "capacity, request and token rates, and the fleet verdict: whether the deployment "
               "carries the average and peak QPS, GPUs needed, cost per hour and per month). "
               "Columns: section, field, value, unit, source. The source is 'scenario' (what the "
               "plan was asked), 'catalog' (the GPU, model and engine tables), 'resolved: ...' "
               "(what the engine derives when the scenario leaves it open), 'calculated: ...' (a "
               "formula) or 'FILE.csv: ROW', the row of another file that explains the figure."),
    "line_items": QT_TRANSLATE_NOOP(
        "CsvReadme", "Memory per GPU of the binding pipeline stage, in GiB: every line item, with "
                  "the weight groups and activation parts under 'part_of'. 'inputs' lists the "
                  "formula's inputs as 'name=value; ...' (one per row in term_inputs.csv); "
                  "'sources' the datasheets and engine sources of its constants."),
    "term_inputs": QT_TRANSLATE_NOOP(
        "CsvReadme", "The inputs of every formula in line_items.csv, answer.csv and fleet.csv, one "
                   "per row: file, term (the row of that file), input (its name in the formula) "
                   "and value."),
    "answer": QT_TRANSLATE_NOOP(
        "CsvReadme", "The answer for one replica: each limited ceiling (requests), the recommended "
              "concurrency (the knee), online capacity, knee, communication share, and latency "
              "and rates at the recommendation and at the offline maximum. Columns: quantity, "
              "value, unit, formula."),
    "context_sweep": QT_TRANSLATE_NOOP(
        "CsvReadme", "The ceilings and the scheduler cap (running requests per replica) against "
                     "the planning length in tokens; 'binding' names the lowest."),
    "concurrency_sweep": QT_TRANSLATE_NOOP(
        "CsvReadme", "TTFT and TPOT (ms) and output throughput (tokens/s) of one replica "
                         "against concurrency (running requests)."),
    "per_card_grid": QT_TRANSLATE_NOOP(
        "CsvReadme", "Concurrency at the latency targets for each context tier and precision "
                     "tier on one replica; 'binding' is 'does_not_fit' where the model does not fit, "
                     "'past_max_model_len' or 'past_model_context' where the tier's length is past "
                     "the scenario's --max-model-len or the model's context (no figure)."),
    "sizing": QT_TRANSLATE_NOOP(
        "CsvReadme", "Fleet options that meet the targets, cheapest first: GPU (id and name), precision, "
              "layout ('aggregated', or the xPyD ratio of prefill and decode pools), "
              "TP, concurrency per replica, replicas and GPUs in total, utilization (fraction), "
              "latency (ms), cost (USD per hour and per million output tokens); 'pareto' marks "
              "options no other option beats on both cost per hour and TPOT."),
    "fleet": QT_TRANSLATE_NOOP(
        "CsvReadme", "The fleet verdict for the deployment: QPS carried, replicas and GPUs needed and "
             "deployed, totals and costs. Columns: quantity, value, unit."),
    "fleet_layouts": QT_TRANSLATE_NOOP(
        "CsvReadme", "The same GPUs split into replicas of different tensor-parallel sizes: "
                     "replicas, concurrency (requests), requests/s and output tokens/s in total."),
    "disaggregated": QT_TRANSLATE_NOOP(
        "CsvReadme", "Prefill/decode disaggregation: each pool's TP, PP, DP, replicas, "
                     "engines (DP × TP × PP GPUs each) and GPUs (needed and planned), the KV"
                     " transfer per P95 prompt (ms, bytes), TTFT, decode TPOT, "
                     "rates per replica, and the aggregated GPUs for the same traffic. Columns: "
                     "quantity, value, unit."),
    "figure_bands": QT_TRANSLATE_NOOP(
        "CsvReadme", "80 % band of each headline figure (KV cache, concurrency, output throughput, "
                    "TTFT, TPOT, rate capacity, GPUs needed): low, expected and high, sized from the "
                    "out-of-sample errors of the validation runs of the plan's regime ('regime', "
                    "'validation_runs'); 'widened_because' says why a band is wider than those errors "
                    "(no validation run of the regime); 'band' is the band in words."),
    "uncertainty": QT_TRANSLATE_NOOP(
        "CsvReadme", "Low, expected and high value of KV cache tokens, recommended concurrency "
                   "and GPUs needed, over the ranges of the uncertain constants."),
    "simulation_sweep": QT_TRANSLATE_NOOP(
        "CsvReadme", "Simulated TTFT and TPOT percentiles (ms), output tokens/s and goodput "
                        "(requests/s meeting the targets) of one replica at each request rate."),
}

CONVENTIONS = QT_TRANSLATE_NOOP(
    "CsvReadme",
    "Conventions of every file: UTF-8 with a byte-order mark, CRLF line ends, a header row, "
    "RFC 4180 quoting. Numbers are plain decimals ('.' as the decimal point, no thousands "
    "separators, no exponents, at most 9 significant digits); booleans are 'true' / 'false'; "
    "an empty cell means 'no value'. Units are in a 'unit' column or end the column name "
    "(_gib, _ms, _tokens, _requests, _per_s, _usd). Ids (gpu, model, engine) come with a name "
    "column. No cell is a formula: a text cell that would start with =, +, -, @, a tab or a line "
    "break (a scenario or class name such as =HYPERLINK(...)) has an apostrophe (') in front, "
    "so a spreadsheet shows it as text; a number cell is never changed, so a negative number "
    "stays a number (-12.5), and so does a text cell that is a plain decimal.")


def readme_text(table_names: Sequence[str], gpucalc_version: str, lang: str = "en") -> str:
    """The README of an export holding ``table_names`` (each as ``NAME.csv``), in ``lang``.

    The file and column names it quotes are the files' own (they are the same in every language).
    """
    def shown(text: str) -> str:
        return translate(README_CONTEXT, text, lang)

    title = shown(TITLE).format(version=CSV_FORMAT_VERSION, gpucalc=gpucalc_version)
    lines = [title, "", shown(CONVENTIONS), "", shown(NOT_FINITE_CONVENTION), "", shown(FILES_HEADING), ""]
    for name in table_names:
        lines += [f"{name}.csv", f"  {shown(FILE_NOTES[name])}", ""]
    return "\r\n".join(lines)
