"""A knob added in two files (schema and vocabulary) reaches every reader and writer.

docs/ADDING_A_KNOB.md says a new knob touches three files (the third is the Chinese of its title
and help). This test copies the package, adds vLLM's ``--swap-space`` as
``deployment.swap_space_gib`` to the schema and the vocabulary only, and checks in a fresh
interpreter that the pasted command, the command line, the launch line, the field errors and the
form all know it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIELD = "    swap_space_gib: float | None = Field(default=None, ge=0, le=1024)\n"
KNOB = '''    Knob("deployment.swap_space_gib", (vllm("--swap-space"),),
         cli=(arg("--swap-space", dest="swap_space_gib", help="CPU swap space per GPU, GiB"),),
         shown=Shown(QT_TRANSLATE_NOOP("Fields", "CPU swap space"),
                     QT_TRANSLATE_NOOP("Fields", "vLLM --swap-space: host memory per GPU."),
                     unit="GiB")),
'''
PROBE = """
import json
from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.cli.args import scenario_from_flags
from gpucalc.cli.main import build_parser
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.plan.field_errors import flag_name
from gpucalc.plan.serve_command import parse_serve_command
from gpucalc.plan.serve_line import serve_line
from gpucalc.ui import fields

pasted = parse_serve_command("vllm serve meta-llama/Llama-3.1-8B-Instruct --swap-space 4").scenario
args = build_parser().parse_args(["estimate", "llama-3.1-8b-instruct", "--gpu", "h100",
                                  "--swap-space", "6"])
scenario = type(pasted).model_validate({**pasted.model_dump(), "model": "llama-3.1-8b-instruct"})
inputs = resolve_scenario(Catalog.load(), scenario)
import gpucalc
print(json.dumps({
    "package": gpucalc.__file__,
    "pasted": pasted.deployment.swap_space_gib,
    "cli": scenario_from_flags(args).deployment.swap_space_gib,
    "line": serve_line(inputs, calculate_memory(inputs, single_gpu_check=False).settings),
    "error": flag_name("deployment.swap_space_gib"),
    "form": [spec.title for spec in fields.ENGINE if spec.path == "deployment.swap_space_gib"],
}))
"""


def _insert_after(path: Path, anchor: str, text: str) -> None:
    source = path.read_text(encoding="utf-8")
    at = source.index(anchor)  # ValueError: the anchor moved; update this test with it
    end = source.index("\n", at) + 1
    path.write_text(source[:end] + text + source[end:], encoding="utf-8")


def _insert_before(path: Path, anchor: str, text: str) -> None:
    source = path.read_text(encoding="utf-8")
    at = source.index(anchor)
    path.write_text(source[:at] + text + source[at:], encoding="utf-8")


def test_a_knob_in_the_schema_and_the_vocabulary_reaches_everything(tmp_path: Path) -> None:
    for name in ("gpucalc", "specs", "resources"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    _insert_before(tmp_path / "gpucalc" / "core" / "specs" / "inputs.py",
                   '    engine: str = Field(default="vllm"', FIELD)  # Deployment's first field
    _insert_after(tmp_path / "gpucalc" / "engines" / "vocabulary.py",
                  "ENGINE: tuple[Knob, ...] = in_form(FormGroup.ENGINE,", KNOB)
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "QT_QPA_PLATFORM": "offscreen"}
    proc = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=tmp_path,
                          env=env, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    assert Path(seen["package"]).is_relative_to(tmp_path), seen["package"]
    assert seen["pasted"] == 4.0
    assert seen["cli"] == 6.0
    assert seen["line"].endswith("--swap-space 4.0")
    assert seen["error"] == "--swap-space"
    assert seen["form"] == ["CPU swap space"]
