"""Any string given as a model is a model spec or one line saying why not, never an OS error."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpucalc.catalog.bundled import Catalog, CatalogError
from gpucalc.catalog.resolve import MAX_MODEL_REF_CHARACTERS, resolve_model
from gpucalc.io.errors import InputFileError
from tests.io.refusals import result_or_refusal


def refusal(catalog: Catalog, ref: str) -> str:
    with pytest.raises((CatalogError, InputFileError)) as info:
        resolve_model(catalog, ref)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_file_name_too_long_is_not_an_os_error(catalog: Catalog) -> None:
    message = refusal(catalog, "x" * 300)
    assert "not a known model id or a readable folder" in message
    assert "File name too long" not in message


def test_overlong_reference_states_the_cap(catalog: Catalog) -> None:
    message = refusal(catalog, "m" * (MAX_MODEL_REF_CHARACTERS + 1))
    assert f"at most {MAX_MODEL_REF_CHARACTERS:,}" in message


@pytest.mark.parametrize("ref", ["llama\x00", "a\nb", "", "   "])
def test_empty_or_control_characters(catalog: Catalog, ref: str) -> None:
    refusal(catalog, ref)


def test_unknown_home_folder_is_one_line(catalog: Catalog) -> None:
    message = refusal(catalog, "~no-such-user-gpucalc/model")
    assert "not a known model id or a readable folder" in message


def test_unreadable_folder_is_one_line(catalog: Catalog, tmp_path: Path) -> None:
    if os.name != "posix" or os.geteuid() == 0:
        pytest.skip("needs a non-root POSIX user for permission bits to matter")
    locked = tmp_path / "locked"
    (locked / "model").mkdir(parents=True)
    locked.chmod(0)
    try:
        refusal(catalog, str(locked / "model"))
    finally:
        locked.chmod(0o700)


def test_catalog_ids_still_resolve(catalog: Catalog) -> None:
    assert resolve_model(catalog, "llama-3.1-8b-instruct").num_layers == 32


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ref=st.one_of(st.text(max_size=40), st.text(min_size=250, max_size=5000),
                     st.sampled_from(["~", "~root", "/", ".", "..", "/dev/null", "/proc/self"])))
def test_any_reference_is_a_model_or_one_line(catalog: Catalog, ref: str) -> None:
    spec = result_or_refusal(lambda: resolve_model(catalog, ref), CatalogError, InputFileError)
    assert spec is None or spec.num_layers >= 1
