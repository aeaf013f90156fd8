"""A self-describing CSV export: summary.csv, term_inputs.csv, README.txt, names beside ids, no JSON."""

from __future__ import annotations

import csv
import io
import json
import math
import zipfile
from pathlib import Path

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.inputs import Deployment, RequestClass, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.report.csv_export import report_tables, write_csv_files
from gpucalc.report.csv_readme import FILE_NOTES, README_NAME
from gpucalc.report.csv_summary import CSV_FORMAT_VERSION
from gpucalc.report.data import build_report
from gpucalc.text.numbers import NOT_FINITE_CONVENTION
from tests.report.scenarios import NO_FIT_SCENARIO, SMALL_SCENARIO, TP_SCENARIO

ID_COLUMNS = {"gpu": "gpu_name", "gpu_id": "gpu_name", "model": "model_name",
              "model_id": "model_name", "engine": "engine_name", "engine_id": "engine_name"}


def _export(tmp_path: Path, catalog: Catalog, scenario: Scenario = TP_SCENARIO) -> dict[str, str]:
    zip_path = write_csv_files(tmp_path / "plan.zip", scenario, catalog)[0]
    with zipfile.ZipFile(zip_path) as archive:
        return {name: archive.read(name).decode("utf-8-sig") for name in archive.namelist()}


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def _summary(files: dict[str, str]) -> dict[tuple[str, str], dict[str, str]]:
    return {(r["section"], r["field"]): r for r in _rows(files["summary.csv"])}


@pytest.fixture
def tp_files(tmp_path: Path, catalog: Catalog) -> dict[str, str]:
    return _export(tmp_path, catalog)


def test_every_csv_parses_and_no_cell_holds_json(tp_files: dict[str, str]) -> None:
    csv_names = [n for n in tp_files if n.endswith(".csv")]
    assert {"summary.csv", "term_inputs.csv", "line_items.csv", "fleet.csv"} <= set(csv_names)
    for name in csv_names:
        header, *body = list(csv.reader(io.StringIO(tp_files[name])))
        assert body, name
        for row in body:
            assert len(row) == len(header), name
            for cell in row:
                try:
                    parsed = json.loads(cell)
                except ValueError:
                    continue
                assert not isinstance(parsed, dict | list), (name, cell)


def test_ids_come_with_names(tp_files: dict[str, str]) -> None:
    for name, text in tp_files.items():
        if not name.endswith(".csv"):
            continue
        header = next(csv.reader(io.StringIO(text)))
        for column, name_column in ID_COLUMNS.items():
            if column in header:
                assert name_column in header, (name, column)
    fields = {field for _, field in _summary(tp_files)}
    for field in fields:
        if field.endswith("_id"):
            assert field.removesuffix("_id") + "_name" in fields, field
    sizing = _rows(tp_files["sizing.csv"])
    assert sizing[0]["gpu"]
    assert sizing[0]["gpu_name"]


def test_summary_holds_the_inputs_of_the_tp_scenario(tp_files: dict[str, str]) -> None:
    rows = _summary(tp_files)

    def value(section: str, field: str) -> str:
        return rows[(section, field)]["value"]

    assert value("export", "format_version") == str(CSV_FORMAT_VERSION)
    assert value("export", "scenario_name") == "70B chat, 8× H100"
    assert value("model", "model_id") == "llama-3.1-70b-instruct"
    assert value("model", "model_name") == "Llama 3.1 70B Instruct"
    assert value("gpu", "gpu_id") == "h100-sxm-80gb"
    assert value("gpu", "gpu_name") == "NVIDIA H100 SXM 80GB"
    assert (value("gpu", "gpu_count"), rows[("gpu", "gpu_count")]["unit"]) == ("8", "GPUs")
    assert value("engine", "engine_id") == "vllm"
    assert value("engine", "engine_name") == "vLLM"
    assert value("parallelism", "tensor_parallel_size") == "4"
    assert value("parallelism", "pipeline_parallel_size") == "1"
    assert value("parallelism", "expert_parallel") == "false"
    assert value("deployment", "max_model_len") == "32768"
    assert rows[("deployment", "max_model_len")]["source"] == "scenario"
    assert [value("traffic", f) for f in ("input_len_p50", "input_len_p95", "output_len_p50",
                                          "output_len_p95")] == ["2000", "6000", "300", "600"]
    assert (value("traffic", "qps_average"), value("traffic", "qps_peak")) == ("5", "10")
    assert rows[("traffic", "qps_peak")]["unit"] == "req/s"
    assert (value("targets", "ttft"), value("targets", "tpot")) == ("2000", "50")
    assert rows[("targets", "tpot")]["unit"] == "ms"
    assert value("targets", "percentile") == "95"
    assert value("precision", "weight_format_id") == "bf16"


def test_summary_answer_is_worked_by_hand(tp_files: dict[str, str]) -> None:
    """8× H100 at TP 4: two replicas deployed; the answer's per-replica rates decide the fleet."""
    rows = _summary(tp_files)

    def number(section: str, field: str) -> float:
        return float(rows[(section, field)]["value"])

    recommended = number("answer", "recommended_concurrency")
    assert (number("answer", "recommended_concurrency_low") <= recommended
            <= number("answer", "recommended_concurrency_high"))
    ceilings = {r["quantity"]: float(r["value"]) for r in _rows(tp_files["answer.csv"])
                if r["quantity"].startswith("ceilings.")}
    binding = rows[("answer", "binding_ceiling")]["value"]
    assert ceilings[f"ceilings.{binding}"] == min(ceilings.values())
    assert number("answer", "binding_ceiling_value") == min(ceilings.values())
    assert number("answer", "online_capacity") == math.floor(0.7 * recommended)  # watermark 0.7
    per_replica = {r["quantity"]: float(r["value"]) for r in _rows(tp_files["fleet.csv"])
                   if r["value"] not in ("", "true", "false", "online")}
    # N = max(ceil(5 ÷ planned rate), ceil(10 ÷ rate capacity)); N + 1 spare
    for_average = math.ceil(5 / per_replica["requests_per_s_per_replica_planned"])
    for_peak = math.ceil(10 / per_replica["requests_per_s_per_replica_capacity"])
    replicas = max(for_average, for_peak)
    assert number("fleet", "replicas_needed") == replicas + 1
    assert number("fleet", "gpus_needed") == 4 * (replicas + 1)
    assert number("fleet", "replicas_deployed") == 2  # 8 GPUs ÷ TP 4
    price = number("gpu", "price_per_gpu_hour")
    assert number("fleet", "cost_per_hour") == pytest.approx(number("fleet", "gpus_needed") * price)
    assert number("fleet", "cost_per_month") == pytest.approx(
        number("fleet", "cost_per_hour") * 730)  # hours in a month, as the verdict counts them
    assert rows[("fleet", "cost_per_month")]["unit"] == "USD/month"
    # the deployment carries a rate when its replicas deployed serve it (the spare apart)
    assert rows[("fleet", "carries_average_qps")]["value"] == str(for_average <= 2).lower()
    assert rows[("fleet", "carries_peak_qps")]["value"] == str(for_peak <= 2).lower()
    assert rows[("memory", "model_fits")]["value"] == "true"


def test_summary_sources_point_at_rows_that_exist(tp_files: dict[str, str]) -> None:
    for row in _rows(tp_files["summary.csv"]):
        source = row["source"]
        assert source, row
        if ".csv: " not in source:
            continue
        file, key = source.split(".csv: ")
        key = key.split(" ")[0]
        first_column = next(csv.reader(io.StringIO(tp_files[f"{file}.csv"])))[0]
        keys = {r[first_column] for r in _rows(tp_files[f"{file}.csv"])}
        assert key in keys, source


def test_term_inputs_list_every_formula_input(tp_files: dict[str, str]) -> None:
    items = _rows(tp_files["line_items.csv"])
    inputs = _rows(tp_files["term_inputs.csv"])
    assert list(inputs[0]) == ["file", "term", "input", "value"]
    for item in items:
        listed = [f"{r['input']}={r['value']}" for r in inputs
                  if r["file"] == "line_items" and r["term"] == item["item"]]
        assert "; ".join(listed) == item["inputs"], item["item"]
    fleet_inputs = {(r["term"], r["input"]): r["value"] for r in inputs if r["file"] == "fleet"}
    assert fleet_inputs[("gpus_needed", "gpus_per_replica")] == "4"
    assert {r["file"] for r in inputs} == {"line_items", "answer", "fleet"}


def test_readme_describes_every_file(tp_files: dict[str, str], catalog: Catalog) -> None:
    readme = tp_files[README_NAME]
    for name in tp_files:
        if name != README_NAME:
            assert f"\r\n{name}\r\n" in readme, name
    assert NOT_FINITE_CONVENTION in readme
    assert f"format version {CSV_FORMAT_VERSION}" in readme
    tables = report_tables(build_report(TP_SCENARIO, catalog))
    assert {t.name for t in tables} <= set(FILE_NOTES)


def test_defaults_and_resolved_values_say_so(tmp_path: Path, catalog: Catalog) -> None:
    scenario = SMALL_SCENARIO.model_copy(update={
        "deployment": Deployment(),
        "workload": Workload(qps_avg=2, classes=(
            RequestClass(name="chat", share=0.75, input_len=800, output_len=200),
            RequestClass(name="docs", share=0.25, input_len=6000, output_len=400)))})
    rows = _summary(_export(tmp_path, catalog, scenario))
    assert rows[("traffic", "qps_peak")]["value"] == "2"
    assert rows[("traffic", "qps_peak")]["source"] == "scenario (none given: the average)"
    assert rows[("deployment", "max_model_len")]["value"] == "131072"  # Llama 3.1 config
    assert rows[("deployment", "max_model_len")]["source"].startswith("resolved: ")
    assert rows[("traffic", "class_2_name")]["value"] == "docs"
    assert rows[("traffic", "class_2_share")]["value"] == "0.25"
    assert rows[("traffic", "class_1_input_len")]["unit"] == "tokens"


def test_no_fit_summary_has_inputs_and_says_it_does_not_fit(tmp_path: Path,
                                                            catalog: Catalog) -> None:
    files = _export(tmp_path, catalog, NO_FIT_SCENARIO)  # no band file: nothing runs
    assert set(files) == {"summary.csv", "line_items.csv", "term_inputs.csv", README_NAME}
    rows = _summary(files)
    assert rows[("memory", "model_fits")]["value"] == "false"
    assert rows[("gpu", "gpu_name")]["value"]
    assert not any(section in {"answer", "fleet"} for section, _ in rows)
