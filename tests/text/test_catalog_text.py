"""The bundled tables' display text: collected into context "Catalog" and shown in the user's language."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.compute import PlanOptions, compute_plan
from gpucalc.report.data import report_data
from gpucalc.report.layout import TableRow
from gpucalc.report.sections import inputs_section
from gpucalc.report.summary import summary_blocks
from gpucalc.report.writer import Writer
from gpucalc.text.catalog_text import CATALOG_CONTEXT, catalog_name, split_qualifiers
from gpucalc.text.extract_messages import catalog_messages, extract

H20 = "NVIDIA H20 96GB (China variant)"


def test_qualifiers_split_from_the_product_name() -> None:
    assert split_qualifiers(H20) == ("NVIDIA H20 96GB", ("China variant",))
    assert split_qualifiers("NVIDIA GB300 (per GPU, NVL72) [extra]") == ("NVIDIA GB300",
                                                                          ("per GPU, NVL72", "extra"))
    assert split_qualifiers("NVIDIA A10") == ("NVIDIA A10", ())
    assert split_qualifiers("(all bracketed)") == ("(all bracketed)", ())


def _write(path: Path, entry: dict[str, object]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(entry), encoding="utf-8")


def test_the_extractor_collects_the_tables_display_text(tmp_path: Path) -> None:
    specs = tmp_path / "specs"
    _write(specs / "gpus" / "x.json", {"id": "x", "name": "Card X (export edition)",
                                       "interconnect": {"kind": "pcie", "name": "PCIe 5 (no bridge)"},
                                       "notes": "not shown"})
    _write(specs / "models" / "m.json", {"id": "m", "name": "Model M (preview)"})
    _write(specs / "engines" / "e.json", {"id": "e", "name": "Engine E"})
    found = [(m.context, m.source, m.filename, m.line) for m in catalog_messages(specs, root=tmp_path)]
    assert found == [("Catalog", "export edition", "specs/gpus/x.json", 1),
                     ("Catalog", "no bridge", "specs/gpus/x.json", 1),
                     ("Catalog", "preview", "specs/models/m.json", 1)]


def test_the_bundled_notes_are_in_the_catalogue_extract() -> None:
    catalog_texts = {m.source: m for m in extract() if m.context == CATALOG_CONTEXT}
    assert {"China variant", "HGX B200, per GPU", "18 links"} <= set(catalog_texts)
    assert catalog_texts["China variant"].filename.startswith("specs/gpus/")


def test_bundled_names_read_in_chinese_and_the_users_as_typed() -> None:
    assert catalog_name(H20, "zh") == "NVIDIA H20 96GB（中国特供版）"
    assert catalog_name(H20, "en") == H20
    assert catalog_name("NVIDIA B200 (HGX B200, per GPU)", "zh") == "NVIDIA B200（HGX B200，按单卡计）"
    assert catalog_name("Intel Gaudi 2 (HL-225)", "zh") == "Intel Gaudi 2 (HL-225)"  # a code stays
    assert catalog_name("My card (China variant)", "zh") == "My card (China variant)"  # not bundled


def _text(blocks: Sequence[object]) -> str:
    parts = []
    for block in blocks:
        if isinstance(block, TableRow):
            parts += [cell.text for cell in block.cells]
        else:
            parts.append(str(getattr(block, "text", "")))
    return " ".join(parts)


def test_the_report_names_a_bundled_gpu_in_chinese(catalog: Catalog) -> None:
    scenario = Scenario(model="llama-3.1-8b-instruct", gpu="h20-96gb",
                        deployment=Deployment(max_model_len=8192))
    plan = compute_plan(catalog, scenario, PlanOptions(uncertainty=False, views=False))
    chinese = _text(inputs_section(Writer(report_data(plan, "zh"), "zh")))
    assert "NVIDIA H20 96GB（中国特供版）" in chinese
    assert "China variant" not in chinese
    assert "NVIDIA H20 96GB（中国特供版）" in _text(summary_blocks(Writer(report_data(plan, "zh"), "zh")))
    assert H20 in _text(inputs_section(Writer(report_data(plan, "en"), "en")))
