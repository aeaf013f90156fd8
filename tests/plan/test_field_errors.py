"""One description of an error for the window and the command line: plain words, the user's names."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from gpucalc.catalog.bundled import Catalog, CatalogError
from gpucalc.core.common.errors import PlanError
from gpucalc.core.specs.inputs import Deployment, Targets, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.io.errors import InputFileError
from gpucalc.plan.field_errors import (
    command_line_name,
    describe_error,
    error_field,
    flag_name,
    in_language,
    scenario_path,
)
from gpucalc.plan.scenario_file import scenario_from_document

EN, ZH = in_language("en"), in_language("zh")
SNAKE_CASE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
DOTTED_PATH = re.compile(r"\b[a-z_]+\.[a-z_]+\b")
CHINESE = re.compile(r"[\u4e00-\u9fff]")
SECTIONS: dict[str, type[BaseModel]] = {"deployment": Deployment, "workload": Workload, "targets": Targets}
SCENARIO_FIELDS = tuple(f"{section}.{name}" for section, model in SECTIONS.items()
                        for name in model.model_fields)
NOT_A_VALUE = {"a": 1}  # a value no scenario field accepts: a number, text or list is wanted
NOT_A_GROUP = 1  # a value no group of settings (a sub-model field) accepts


def _refused(path: str, value: Any) -> ValidationError:
    section, _, name = path.rpartition(".")
    data: dict[str, Any] = {section: {name: value}} if section else {name: value}
    with pytest.raises(ValidationError) as caught:
        Scenario.model_validate(data)
    return caught.value


def _cli(tr: Any = EN) -> Any:
    return partial(command_line_name, tr)


def _titles(path: str) -> str:
    return f"«{path.rpartition('.')[2].replace('_', ' ').upper()}»"  # a stand-in for the form's title


def _clean(message: str) -> None:
    assert not SNAKE_CASE.search(message.replace("--", "")), message
    assert not DOTTED_PATH.search(message), message


@pytest.mark.parametrize("path", SCENARIO_FIELDS)
def test_every_field_s_error_names_its_flag_and_its_title(path: str) -> None:
    section, _, name = path.partition(".")
    annotation = SECTIONS[section].model_fields[name].annotation
    is_group = isinstance(annotation, type) and issubclass(annotation, BaseModel)
    exc = _refused(path, NOT_A_GROUP if is_group else NOT_A_VALUE)
    on_the_command_line = describe_error(exc, EN, _cli())
    assert on_the_command_line.field == path
    assert on_the_command_line.known
    shown = flag_name(path) or f"'{path}' in the scenario file"
    assert on_the_command_line.message.startswith(shown), on_the_command_line.message
    in_the_window = describe_error(exc, EN, _titles)
    assert _titles(path) in in_the_window.message
    _clean(in_the_window.message)


def test_rules_across_fields_name_every_field_as_the_user_sees_it() -> None:
    exc = _refused("workload.input_len_p95", 10)
    described = describe_error(exc, EN, _cli())
    assert described.message == "--input-len-p95 must be at least --input-len"
    assert described.field == "workload.input_len_p95"
    assert described.fields == ("workload.input_len_p95", "workload.input_len_p50")
    with pytest.raises(ValidationError) as caught:
        Deployment(num_gpus=2, tensor_parallel_size=4)
    window = describe_error(caught.value, EN, _titles)
    assert window.message == ("«TENSOR PARALLEL SIZE» × «PIPELINE PARALLEL SIZE» = 4 needs at least 4 GPUs; "
                              "«NUM GPUS» is 2")
    assert window.field == "deployment.num_gpus"  # a sub-model's own error is placed in the scenario


def test_pydantic_errors_are_told_by_their_kind() -> None:
    cases = {
        ("deployment.num_gpus", 0): "--num-gpus must be at least 1",
        ("deployment.num_gpus", 1.5): "--num-gpus must be a whole number",
        ("deployment.num_gpus", "many"): "--num-gpus must be a whole number",
        ("deployment.gpu_memory_utilization", 0): "--gpu-memory-utilization must be more than 0",
        ("deployment.gpu_memory_utilization", 2): "--gpu-memory-utilization must be at most 1",
        ("deployment.gpu_memory_utilization", "lots"): "--gpu-memory-utilization must be a number",
        ("workload.qps_avg", 0): "--qps must be at least 0.000001",
        ("workload.mode", "batch"): "--mode must be one of: 'online', 'offline', 'mixed'",
        ("deployment.enforce_eager", "maybe"): "--enforce-eager must be on or off (true or false)",
        ("model", ""): "--model must not be empty",
        ("targets.percentile", 90): "--slo-percentile must be one of 50, 95, 99",
        ("targets.planning_memory_share", 0): "'targets.planning_memory_share' in the scenario file "
                                              "must be more than 0",
    }
    for (path, value), expected in cases.items():
        assert describe_error(_refused(path, value), EN, _cli()).message == expected
    unknown = _refused("deployment.tensor_parallel", 2)
    assert describe_error(unknown, EN, _cli()).message == (
        "'tensor_parallel' is not a setting gpucalc knows; remove it")
    with pytest.raises(ValidationError) as missing:
        Workload.model_validate({"classes": [{"share": 1.0, "input_len": 10}]})
    assert describe_error(missing.value, EN, _cli()).message == "--request-class is missing"


def test_plan_errors_name_the_field_to_change(catalog: Catalog) -> None:
    from gpucalc.catalog.resolve import resolve_scenario
    from gpucalc.core.memory.memory_plan import calculate_memory

    scenario = Scenario(deployment=Deployment(num_gpus=3, tensor_parallel_size=3))
    with pytest.raises(PlanError) as caught:
        calculate_memory(resolve_scenario(catalog, scenario))
    described = describe_error(caught.value, EN, _cli())
    assert described.message == "--tensor-parallel-size 3 does not divide the 32 attention heads"
    assert described.field == "deployment.tensor_parallel_size"
    assert str(caught.value) == "tensor_parallel_size 3 does not divide the 32 attention heads"
    assert error_field(caught.value) == "deployment.tensor_parallel_size"


def test_unknown_catalog_entries_belong_to_their_field(catalog: Catalog) -> None:
    for lookup, name, field in ((catalog.gpu, "h1000", "gpu"), (catalog.model, "no-such-model", "model"),
                                (catalog.engine, "tgi", "deployment.engine"),
                                (catalog.kv_format, "fp3", "deployment.kv_cache_dtype")):
        with pytest.raises(CatalogError) as caught:
            lookup(name)
        described = describe_error(caught.value, EN, _cli())
        assert described.field == field
        assert f"'{name}'" in described.message
        assert described.message.startswith("unknown ")


def test_every_kind_reads_in_chinese_with_chinese_names(catalog: Catalog) -> None:
    errors: list[BaseException] = [_refused("workload.input_len_p95", 10), _refused("deployment.num_gpus", 0),
                                   _refused("workload.mode", "batch"), _refused("deployment.num_gpus", "x")]
    for lookup in (lambda: catalog.gpu("h1000"), lambda: catalog.engine("tgi")):
        with pytest.raises(CatalogError) as caught:
            lookup()
        errors.append(caught.value)
    errors.append(PlanError("pp_layers", "{pipeline_parallel_size} {pp} exceeds the model's {layers} layers",
                            "pipeline_parallel_size", pp=64, layers=32))
    errors.append(InputFileError("config.json at /x: heads must be positive"))
    errors.append(OSError(13, "Permission denied", "/plans/a.json"))

    def chinese_titles(path: str) -> str:
        return f"「{path.rpartition('.')[2].count('_')}号字段」"

    for exc in errors:
        for name_field in (chinese_titles, _cli(ZH)):
            message = describe_error(exc, ZH, name_field).message
            assert CHINESE.search(message), message
            _clean(re.sub(r"\S+\.json", "", message))  # file names stay as they are
    rule = describe_error(_refused("workload.input_len_p95", 10), ZH, _cli(ZH)).message
    assert rule == "--input-len-p95 不能小于 --input-len"
    assert describe_error(_refused("targets.planning_memory_share", 0), ZH, _cli(ZH)).message.startswith(
        "场景文件中的")


def test_a_scenario_file_s_invalid_value_is_told_like_an_edit() -> None:
    from gpucalc.plan.scenario_file import ScenarioFileError

    document = {"format": "gpucalc-scenario", "schema_version": 1,
                "scenario": {"deployment": {"num_gpus": 0}}}
    with pytest.raises(ScenarioFileError) as caught:
        scenario_from_document(document)
    described = describe_error(caught.value, EN, _titles)
    assert described.message == "«NUM GPUS» must be at least 1"
    assert described.field == "deployment.num_gpus"


def test_anything_else_is_a_defect_told_in_one_sentence() -> None:
    described = describe_error(ZeroDivisionError("float division by zero"), EN, _cli())
    assert not described.known
    assert "division" not in described.message
    assert "unexpected error" in described.message


def test_scenario_paths_of_section_fields() -> None:
    assert scenario_path("input_len_p95") == "workload.input_len_p95"
    assert scenario_path("deployment.num_gpus") == "deployment.num_gpus"
    assert scenario_path("percentile") == "targets.percentile"
    assert scenario_path("share") == "workload.classes.share"
    assert scenario_path("") == ""
