"""Every input has its vocabulary, each flag means one thing, and each flag is spelled in one file."""

from __future__ import annotations

import ast
import typing
from collections import defaultdict
from pathlib import Path

from pydantic import BaseModel, Field

from gpucalc.core.specs.disagg_inputs import Disaggregation
from gpucalc.core.specs.engine import EngineKind
from gpucalc.core.specs.inputs import Deployment, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.core.specs.speculative_inputs import SpeculativeDecoding
from gpucalc.engines import bench_tools
from gpucalc.engines.knobs import Form, Knob
from gpucalc.engines.tables import serve_flags, switches, written_flag
from gpucalc.engines.vocabulary import KNOBS

PACKAGE = Path(__file__).resolve().parents[2] / "gpucalc"
OPENED = {Deployment, Disaggregation, SpeculativeDecoding}
"""Models whose own fields each have a knob (a request class is one ``--request-class``, a custom
GPU a scenario file's)."""
SECTIONS = {"deployment", "workload", "targets"}
"""The scenario's sections: their fields have knobs, the section itself none."""


def _nested(annotation: object) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [kind for arg in typing.get_args(annotation) for kind in _nested(arg)]


def schema_paths(model: type[BaseModel] = Scenario, prefix: str = "") -> list[str]:
    """The dotted path of every field a knob must name."""
    paths: list[str] = []
    for name, info in model.model_fields.items():
        path = prefix + name
        inner = [kind for kind in _nested(info.annotation) if kind in OPENED or name in SECTIONS]
        if name not in SECTIONS or prefix:
            paths.append(path)
        for kind in inner:
            paths += schema_paths(kind, path + ".")
    return paths


def fields_without_vocabulary(paths: list[str], knobs: tuple[Knob, ...]) -> list[str]:
    """Schema paths no knob names, or whose knob says nothing about how it is set."""
    by_path = {item.path: item for item in knobs}
    missing = []
    for path in paths:
        item = by_path.get(path)
        if item is None or not (item.spellings or item.cli or item.file_only
                                or by_path.get(item.set_by, Knob("")).cli):
            missing.append(path)
    return missing


def test_every_field_of_the_scenario_has_its_knob() -> None:
    assert fields_without_vocabulary(schema_paths(), KNOBS) == []


def test_every_knob_names_a_field_of_the_scenario() -> None:
    paths = set(schema_paths())
    assert [item.path for item in KNOBS if item.path not in paths] == []
    assert len({item.path for item in KNOBS}) == len(KNOBS), "a field declared twice"


def test_a_field_without_vocabulary_is_found() -> None:
    class Wider(Workload):
        burst_factor: float = Field(default=1.0, ge=1)

    class WiderScenario(Scenario):
        workload: Wider = Wider()

    assert fields_without_vocabulary(schema_paths(WiderScenario), KNOBS) == ["workload.burst_factor"]
    bare = (*(item for item in KNOBS if item.path != "workload.qps_avg"), Knob("workload.qps_avg"))
    assert fields_without_vocabulary(schema_paths(), bare) == ["workload.qps_avg"]


def test_a_flag_means_one_field_in_each_engine() -> None:
    for engine in EngineKind:
        meanings: dict[str, set[str]] = defaultdict(set)
        for item in KNOBS:
            for spelling in item.spellings:
                if spelling.engine == engine and spelling.form == Form.VALUE:
                    for flag in spelling.flags:
                        meanings[flag].add(item.path)
        assert {flag: paths for flag, paths in meanings.items() if len(paths) > 1} == {}, engine
    cli: dict[str, set[str]] = defaultdict(set)
    for item in KNOBS:
        for argument in item.cli:
            for flag in argument.flags:
                cli[flag].add(item.path)
    assert {flag: paths for flag, paths in cli.items() if len(paths) > 1} == {}


def test_every_written_flag_is_read_back_by_its_engine() -> None:
    """A launch line pastes back: each flag it writes is one the engine's parser reads."""
    for engine in EngineKind:
        readable = {*serve_flags(engine), *switches()}
        for item in KNOBS:
            for form in Form:
                flag = written_flag(engine, item.path, form=form)
                assert flag is None or flag in readable, (engine, item.path, flag)


# -- no flag spelled twice -------------------------------------------------------------------

DECLARING = {"engines/vocabulary.py", "engines/bench_tools.py"}
GPUCALC_OWN = {"--model", "--concurrency", "--request-rate", "--num-prompts", "--num-requests",
               "--seed", "--burstiness", "--save-result"}
"""Options of gpucalc's own commands (``size --model``, ``estimate --concurrency``, ``simulate
--seed``, ``bench --save-result``) named like a tool's flag: gpucalc's words, declared where the
command is, in gpucalc/cli."""


def _flag_literals(path: Path) -> set[str]:
    """String constants of ``path`` that are a flag, outside docstrings and translated texts."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(
                body[0].value, ast.Constant):
            skip.add(id(body[0].value))  # a docstring
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "QT_TRANSLATE_NOOP":
            skip.update(id(arg) for arg in node.args)  # a sentence for the user
    return {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in skip and _is_flag(node.value)}


def _is_flag(text: str) -> bool:
    head = text[2:] if text.startswith("--") else text[1:] if text.startswith("-") else ""
    return bool(head) and head[0].isalpha() and all(c.isalnum() or c in "-_" for c in head) \
        and head.lower() == head


def declared_flags() -> set[str]:
    """Every flag the engine and benchmark vocabularies declare."""
    flags = {flag for item in KNOBS for spelling in item.spellings for flag in spelling.flags}
    flags |= {flag for item in KNOBS for argument in item.cli for flag in argument.flags}
    flags |= {flag for item in bench_tools.BENCH_FLAGS for flag in item.flags}
    return flags | set(bench_tools.SWITCHES) | bench_tools.NO_EFFECT


def test_no_declared_flag_is_spelled_outside_its_declaration() -> None:
    declared = declared_flags() - {"-m"}  # -m: python's own, launching a module
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if where in DECLARING:
            continue
        for flag in _flag_literals(path) & declared:
            if not (flag in GPUCALC_OWN and where.startswith("cli/")):
                found[flag].append(where)
    assert dict(found) == {}, "spell these through gpucalc.engines.tables / bench_tools instead"


def test_a_flag_spelled_twice_is_found(tmp_path: Path) -> None:
    source = tmp_path / "copy.py"
    source.write_text('"""Reads --max-num-seqs."""\nFLAG = "--max-num-seqs"\nTEXT = "see --tp"\n',
                      encoding="utf-8")
    assert _flag_literals(source) == {"--max-num-seqs"}
    assert "--max-num-seqs" in declared_flags()
