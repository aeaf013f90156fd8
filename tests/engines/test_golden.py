"""Every flag, key and field means what it meant when the vocabulary was spelled by hand.

The cases and their outcomes were recorded from the hand-written tables (see
:mod:`tests.engines.golden`); each test replays one section against the code as it is now and
lists the cases whose outcome moved.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from tests.engines import golden


@cache
def _recorded() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(golden.GOLDEN.read_text(encoding="utf-8"))
    return loaded


def _moved(section: str) -> list[str]:
    outcome = golden.SECTIONS[section][1]
    moved = []
    for case, expected in _recorded()[section]:
        now = json.loads(json.dumps(outcome(case), ensure_ascii=False, sort_keys=True))
        if now != expected:
            moved.append(f"{json.dumps(case, ensure_ascii=False)[:300]}\n  was {expected}\n  now {now}")
    return moved


@pytest.mark.parametrize("section", sorted(golden.SECTIONS))
def test_every_recorded_case_has_its_recorded_outcome(section: str) -> None:
    cases = _recorded()[section]
    assert len(cases) > 40, f"{section}: too few cases to pin the vocabulary"
    moved = _moved(section)
    assert not moved, f"{len(moved)} of {len(cases)} {section} cases moved:\n" + "\n".join(moved[:15])


def test_every_option_keeps_its_spellings_destination_and_default() -> None:
    now = json.loads(json.dumps(golden.cli_options(), sort_keys=True))
    recorded = _recorded()["cli_options"]
    for command, rows in recorded.items():
        by_dest = {row["dest"] + " " + " ".join(row["options"]): row for row in now[command]}
        for row in rows:
            key = row["dest"] + " " + " ".join(row["options"])
            assert by_dest.get(key) == row, f"{command}: {key} was {row}, now {by_dest.get(key)}"
        assert len(now[command]) == len(rows), f"{command}: options added or removed"


def test_the_golden_file_holds_the_cases_the_brief_names() -> None:
    """Launch lines for DP + EP, DCP, speculation, pools and nodes, in every engine."""
    lines = [outcome for _, outcome in _recorded()["serve_lines"] if "line" in outcome]
    text = "\n".join(outcome["line"] for outcome in lines)
    for words in ("--data-parallel-size", "--enable-dp-attention", "--decode-context-parallel-size",
                  "--speculative-config", "--speculative-algorithm", "--nnodes", "--tp_size",
                  "--eplb-config", "--deepep-mode", "--no-enable-prefix-caching"):
        assert words in text, words
    assert sum(1 for outcome in lines if outcome["pools"]) >= 10


def test_the_form_keeps_its_fields_titles_and_help() -> None:
    now = json.loads(json.dumps(golden.form_fields(), sort_keys=True))
    recorded = _recorded()["form"]
    # the form's folded sections order the fields by section; each keeps its title and help
    by_path = {row["path"]: row for row in now["fields"]}
    assert sorted(by_path) == sorted(row["path"] for row in recorded["fields"])
    for was in recorded["fields"]:
        assert by_path[was["path"]] == was, was["path"]
    assert now["titles"] == recorded["titles"]
