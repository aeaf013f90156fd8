"""The spec-table editor: edits persist through the user's store and change the plan."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.file_lock import LOCK_NAME
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.catalog.user_store import UserStore
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.catalog_session import CatalogSession
from gpucalc.ui.app import Shell, warn_catalog_notices
from gpucalc.ui.dialogs.import_preview import ImportPreviewDialog
from gpucalc.ui.dialogs.spec_table_model import ERROR_BRUSH
from gpucalc.ui.dialogs.spec_table_tab import SpecTableTab
from gpucalc.ui.dialogs.spec_tables import SpecTablesDialog
from gpucalc.ui.dialogs.table_rows import RowOrigin
from gpucalc.ui.session import Session
from tests.ui.conftest import RESULT_TIMEOUT_MS

H100 = "h100-sxm-80gb"
MEMORY = "usable_memory_gib"


@pytest.fixture
def session(catalog: Catalog) -> CatalogSession:
    """A session on the test's isolated config dir (``GPUCALC_CONFIG_DIR``)."""
    return CatalogSession(UserStore(), catalog)


@pytest.fixture
def dialog(qtbot: QtBot, session: CatalogSession) -> SpecTablesDialog:
    made = SpecTablesDialog(session)
    qtbot.addWidget(made)
    return made


def _index(tab: SpecTableTab, entry_id: str, path: str) -> QModelIndex:
    model = tab.model
    return model.index(model.row_of(entry_id), model.column_of(path))


def _set_cell(qtbot: QtBot, dialog: SpecTablesDialog, table: str, entry_id: str, path: str,
              text: str) -> bool:
    tab = dialog.tab(table)
    with qtbot.waitSignal(dialog.tablesChanged, timeout=1000):
        ok = tab.model.setData(_index(tab, entry_id, path), text)
    return bool(ok)


def _user_file(store: UserStore, table: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(store.table_path(table).read_text(encoding="utf-8"))
    return data


def _kv_tokens(catalog: Catalog, scenario: Scenario) -> float:
    return calculate_memory(resolve_scenario(catalog, scenario)).kv_cache_tokens.value


def test_editing_gpu_memory_in_the_view_persists_and_lowers_capacity(
        qtbot: QtBot, dialog: SpecTablesDialog, catalog: Catalog) -> None:
    dialog.show()
    qtbot.waitExposed(dialog)
    tab = dialog.tab("gpus")
    dialog.tabs.setCurrentWidget(tab)
    proxy_index = tab.proxy.mapFromSource(_index(tab, H100, MEMORY))
    tab.view.setFocus()
    tab.view.setCurrentIndex(proxy_index)
    tab.view.edit(proxy_index)
    (editor,) = tab.view.viewport().findChildren(QLineEdit)
    assert editor.text() == "79.19"
    editor.selectAll()
    QTest.keyClicks(editor, "60")
    with qtbot.waitSignal(dialog.tablesChanged, timeout=1000):
        QTest.keyClick(editor, Qt.Key.Key_Return)

    row = tab.model.row_at(tab.model.row_of(H100))
    assert row.origin is RowOrigin.EDITED
    assert tab.model.data(tab.model.index(tab.model.row_of(H100), 0)) == "edited"
    stored = _user_file(dialog.session.store, "gpus")
    assert stored["entries"][H100][MEMORY] == 60.0
    assert stored["schema_version"] == 1

    fresh = CatalogSession(UserStore(), catalog)  # a new start of the app
    assert fresh.notices == []
    assert fresh.catalog.gpus[H100].usable_memory_gib == 60.0
    scenario = Scenario()
    assert scenario.gpu == H100
    assert _kv_tokens(fresh.catalog, scenario) < 0.75 * _kv_tokens(catalog, scenario)


def test_invalid_cell_is_marked_with_the_reason_and_nothing_is_saved(
        qtbot: QtBot, dialog: SpecTablesDialog) -> None:
    tab = dialog.tab("gpus")
    index = _index(tab, H100, MEMORY)
    with qtbot.assertNotEmitted(dialog.tablesChanged):
        assert not tab.model.setData(index, "-5")
    assert tab.model.data(index) == "-5"
    assert tab.model.data(index, Qt.ItemDataRole.BackgroundRole) == ERROR_BRUSH
    assert "greater than 0" in tab.model.data(index, Qt.ItemDataRole.ToolTipRole)
    assert not dialog.session.store.table_path("gpus").exists()
    assert dialog.session.catalog.gpus[H100].usable_memory_gib == pytest.approx(79.19)

    with qtbot.assertNotEmitted(dialog.tablesChanged):
        assert not tab.model.setData(index, "lots")
    assert "number" in tab.model.data(index, Qt.ItemDataRole.ToolTipRole)

    assert _set_cell(qtbot, dialog, "gpus", H100, MEMORY, "70")
    assert tab.model.data(index) == "70"
    assert tab.model.data(index, Qt.ItemDataRole.BackgroundRole) != ERROR_BRUSH

    assert not tab.model.setData(index, "0")
    tab.select_id(H100)
    data = json.loads(tab.json.text.toPlainText())
    with qtbot.waitSignal(dialog.tablesChanged, timeout=1000):
        assert tab.apply_json(json.dumps({**data, MEMORY: 72}))
    assert tab.model.data(index) == "72", "a new value from elsewhere clears the mark"
    assert tab.model.data(index, Qt.ItemDataRole.BackgroundRole) != ERROR_BRUSH


def test_enum_and_engine_cells_validate(qtbot: QtBot, dialog: SpecTablesDialog) -> None:
    gpus = dialog.tab("gpus")
    kind = _index(gpus, H100, "interconnect.kind")
    assert not gpus.model.setData(kind, "carrier-pigeon")
    assert "nvlink" in gpus.model.data(kind, Qt.ItemDataRole.ToolTipRole)
    assert _set_cell(qtbot, dialog, "engines", "vllm", "efficiency.gemm_compute", "0.5")
    assert dialog.session.catalog.engine("vllm").efficiency.gemm_compute == 0.5
    engines = dialog.tab("engines")
    assert not engines.model.setData(_index(engines, "vllm", "efficiency.gemm_compute"), "1.5")


def test_reset_entry_brings_back_the_bundled_value(qtbot: QtBot, dialog: SpecTablesDialog) -> None:
    assert _set_cell(qtbot, dialog, "gpus", H100, MEMORY, "60")
    tab = dialog.tab("gpus")
    assert tab.select_id(H100)
    assert tab.reset_button.isEnabled()
    assert not tab.delete_button.isEnabled()
    with qtbot.waitSignal(dialog.tablesChanged, timeout=1000):
        assert tab.reset_current()
    assert tab.model.data(_index(tab, H100, MEMORY)) == "79.19"
    assert tab.model.row_at(tab.model.row_of(H100)).origin is RowOrigin.BUNDLED
    assert dialog.session.catalog.gpus[H100].usable_memory_gib == pytest.approx(79.19)
    assert not dialog.session.store.table_path("gpus").exists()


def test_add_copy_then_delete_it(qtbot: QtBot, dialog: SpecTablesDialog) -> None:
    tab = dialog.tab("gpus")
    tab.select_id(H100)
    assert tab.add_copy("Bad Id") != ""
    with qtbot.waitSignal(dialog.tablesChanged, timeout=1000):
        assert tab.add_copy("lab-h100") == ""
    assert tab.current_id() == "lab-h100"
    assert tab.model.row_at(tab.model.row_of("lab-h100")).origin is RowOrigin.ADDED
    assert dialog.session.catalog.gpu("lab-h100").aliases == ()
    assert dialog.session.notices == []
    assert tab.add_copy("lab-h100").startswith("There is already")
    with qtbot.waitSignal(dialog.tablesChanged, timeout=1000):
        assert tab.delete_current()
    assert "lab-h100" not in dialog.session.catalog.gpus
    assert tab.model.row_of("lab-h100") == -1


def test_json_pane_edits_fields_without_a_column(qtbot: QtBot, dialog: SpecTablesDialog) -> None:
    tab = dialog.tab("gpus")
    tab.select_id(H100)
    data = json.loads(tab.json.text.toPlainText())
    assert data["id"] == H100
    data["tdp_w"] = 650
    with qtbot.waitSignal(dialog.tablesChanged, timeout=1000):
        assert tab.apply_json(json.dumps(data))
    assert dialog.session.catalog.gpus[H100].tdp_w == 650
    data["id"] = "other-id"
    assert not tab.apply_json(json.dumps(data))
    assert "id must stay" in tab.json.error.text()
    assert not tab.apply_json("{not json")
    assert "not valid JSON" in tab.json.error.text()


def test_filter_box_narrows_the_rows(dialog: SpecTablesDialog) -> None:
    tab = dialog.tab("gpus")
    total = tab.proxy.rowCount()
    tab.filter.setText("H200")
    assert 0 < tab.proxy.rowCount() < total
    assert tab.select_id("t4-16gb"), "selecting a filtered-out row clears the filter"
    assert tab.filter.text() == ""


def _export_doc(catalog: Catalog, entries: list[dict[str, Any]]) -> str:
    return json.dumps({"format": "gpucalc-table-export", "table": "gpus", "schema_version": 1,
                       "entries": entries})


def test_import_preview_then_apply(qtbot: QtBot, dialog: SpecTablesDialog, catalog: Catalog,
                                   tmp_path: Path) -> None:
    h100 = catalog.gpus[H100].model_dump(mode="json")
    new = {**h100, "id": "lab-gpu", "name": "Lab GPU", "aliases": []}
    changed = {**h100, MEMORY: 64.0}
    same = catalog.gpus["t4-16gb"].model_dump(mode="json")
    path = tmp_path / "in.json"
    path.write_text(_export_doc(catalog, [new, changed, same]), encoding="utf-8")
    tab = dialog.tab("gpus")

    with qtbot.assertNotEmitted(dialog.tablesChanged):
        assert not tab.import_from(path, confirm=False)
    plan = tab.last_plan
    assert plan is not None
    assert (plan.new, plan.changed, plan.unchanged) == (("lab-gpu",), (H100,), ("t4-16gb",))
    assert not dialog.session.store.table_path("gpus").exists()
    preview = ImportPreviewDialog(plan, dialog)
    assert "New entries (1): lab-gpu" in preview.summary.toPlainText()
    assert f"Changed entries (1): {H100}" in preview.summary.toPlainText()
    assert preview.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()

    with qtbot.waitSignal(dialog.tablesChanged, timeout=1000):
        assert tab.import_from(path, confirm=True)
    assert set(_user_file(dialog.session.store, "gpus")["entries"]) == {"lab-gpu", H100}
    assert dialog.session.catalog.gpus[H100].usable_memory_gib == 64.0
    assert "lab-gpu" in dialog.session.catalog.gpus
    assert "Imported 1 new and 1 changed" in dialog.status_label.text()


def test_import_with_a_bad_row_saves_nothing(qtbot: QtBot, dialog: SpecTablesDialog, tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text("id,name,memory_gb,usable_memory_gib,interconnect.kind\n"
                    "ok-gpu,OK,80,79,nvlink\n"
                    "bad-gpu,Bad,80,-1,nvlink\n", encoding="utf-8")
    tab = dialog.tab("gpus")
    with qtbot.assertNotEmitted(dialog.tablesChanged):
        assert not tab.import_from(path, confirm=True)
    assert tab.last_plan is not None
    assert not tab.last_plan.preview.ok
    assert "row 3" in dialog.status_label.text()
    preview = ImportPreviewDialog(tab.last_plan, dialog)
    assert not preview.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert not dialog.session.store.table_path("gpus").exists()


@pytest.mark.parametrize("suffix", ["json", "csv"])
def test_export_round_trip(qtbot: QtBot, dialog: SpecTablesDialog, tmp_path: Path, suffix: str) -> None:
    assert _set_cell(qtbot, dialog, "gpus", H100, MEMORY, "60")
    tab = dialog.tab("gpus")
    path = tmp_path / f"gpus.{suffix}"
    assert tab.export_to(path)
    assert path.exists()
    with qtbot.waitSignal(dialog.tablesChanged, timeout=1000):
        assert tab.reset_table()
    assert dialog.session.catalog.gpus[H100].usable_memory_gib == pytest.approx(79.19)
    with qtbot.waitSignal(dialog.tablesChanged, timeout=1000):
        assert tab.import_from(path, confirm=True)
    plan = tab.last_plan
    assert plan is not None
    assert plan.changed == (H100,)
    assert plan.new == ()
    assert dialog.session.catalog.gpus[H100].usable_memory_gib == 60.0
    assert set(_user_file(dialog.session.store, "gpus")["entries"]) == {H100}


def test_export_to_an_unknown_suffix_says_why(dialog: SpecTablesDialog, tmp_path: Path) -> None:
    assert not dialog.tab("gpus").export_to(tmp_path / "gpus.xlsx")
    assert "use a .json or .csv file" in dialog.status_label.text()


def test_price_edit_reaches_the_gpu(qtbot: QtBot, dialog: SpecTablesDialog) -> None:
    assert _set_cell(qtbot, dialog, "prices", H100, "usd_per_gpu_hour", "1.5")
    assert dialog.session.catalog.gpus[H100].usable_price_usd_per_hour == 1.5
    gpus = dialog.tab("gpus")
    price_column = next(i + 1 for i, c in enumerate(gpus.model.columns) if c.derive is not None)
    assert gpus.model.data(gpus.model.index(gpus.model.row_of(H100), price_column)) == "1.5"
    prices = dialog.tab("prices")
    assert not prices.model.setData(_index(prices, H100, "date"), "2026-02-30")


def test_a_cny_price_shows_its_quote_and_a_typed_dollar_price_makes_it_usd(
        qtbot: QtBot, dialog: SpecTablesDialog) -> None:
    prices = dialog.tab("prices")
    quoted = next(i + 1 for i, c in enumerate(prices.model.columns) if c.derive is not None)
    row = prices.model.row_of("a800-sxm-80gb")
    assert prices.model.data(prices.model.index(row, quoted)) == "¥7.80 ÷ 6.6921 (2026-10-10)"
    assert _set_cell(qtbot, dialog, "prices", "a800-sxm-80gb", "usd_per_gpu_hour", "1.05")
    price = dialog.session.catalog.gpus["a800-sxm-80gb"].price
    assert price is not None
    assert (price.usd_per_gpu_hour, price.currency, price.amount_per_gpu_hour) == (1.05, "USD", None)
    assert prices.model.data(prices.model.index(prices.model.row_of("a800-sxm-80gb"), quoted)) == ""


def test_reset_everything(qtbot: QtBot, dialog: SpecTablesDialog) -> None:
    assert _set_cell(qtbot, dialog, "gpus", H100, MEMORY, "60")
    assert _set_cell(qtbot, dialog, "kv_formats", "fp8", "bytes_per_element", "1.5")
    with qtbot.waitSignal(dialog.tablesChanged, timeout=1000):
        assert dialog.reset_everything()
    assert dialog.session.catalog.gpus[H100].usable_memory_gib == pytest.approx(79.19)
    assert dialog.session.catalog.kv_formats["fp8"].bytes_per_element == 1
    tables = dialog.session.store.tables_dir
    assert not tables.exists() or [p.name for p in tables.iterdir()] in ([], [LOCK_NAME])


def test_hidden_bundled_entry_can_be_reset(qtbot: QtBot, dialog: SpecTablesDialog) -> None:
    dialog.session.store.delete_entry("gpus", "t4-16gb")
    dialog.session.reload()
    tab = dialog.tab("gpus")
    tab.refresh()
    assert tab.model.row_at(tab.model.row_of("t4-16gb")).origin is RowOrigin.HIDDEN
    assert "t4-16gb" not in tab.visible_entries()
    assert not tab.model.flags(_index(tab, "t4-16gb", MEMORY)) & Qt.ItemFlag.ItemIsEditable
    tab.select_id("t4-16gb")
    with qtbot.waitSignal(dialog.tablesChanged, timeout=1000):
        assert tab.reset_current()
    assert "t4-16gb" in dialog.session.catalog.gpus


def test_edit_reaches_the_controller_live(qtbot: QtBot, catalog: Catalog, session: CatalogSession) -> None:
    shell = Shell(session.catalog, Scenario(), Session(language="en"))
    shell.session.catalog_session = session
    qtbot.addWidget(shell.window)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.start()
    assert shell.controller.last_outcome is not None
    before = shell.controller.last_outcome.memory.kv_cache_tokens.value
    dialog = SpecTablesDialog(session, shell.window)
    dialog.tablesChanged.connect(lambda: shell.controller.set_catalog(session.catalog))
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        assert dialog.tab("gpus").model.setData(_index(dialog.tab("gpus"), H100, MEMORY), "60")
    assert shell.controller.last_outcome.memory.kv_cache_tokens.value < 0.75 * before
    shell.shutdown()


def test_corrupted_user_file_loads_the_bundled_table_and_says_where_the_file_is(
        qtbot: QtBot, catalog: Catalog) -> None:
    store = UserStore()
    store.put_entry("gpus", {**catalog.gpus[H100].model_dump(mode="json"), MEMORY: 60.0})
    store.table_path("gpus").write_bytes(b"\x00\xff garbage {")
    session = CatalogSession(UserStore(), catalog)
    assert session.catalog.gpus == catalog.gpus
    (notice,) = session.notices
    assert notice.code == "user_table_skipped"
    kept = Path(str(notice.params["path"]))
    assert kept.read_bytes() == b"\x00\xff garbage {", "loading leaves the file as it is"
    assert str(kept) in session.notices_text()

    shell = Shell(session.catalog, Scenario(), Session(language="en"))
    shell.session.catalog_session = session
    qtbot.addWidget(shell.window)
    with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
        shell.start()
    assert warn_catalog_notices(shell)
    box = shell.window.message_box
    assert box is not None
    assert box.windowTitle() == "Your spec tables"
    assert str(kept) in box.text()
    box.close()
    shell.shutdown()


def test_no_notice_no_warning(qtbot: QtBot, session: CatalogSession) -> None:
    shell = Shell(session.catalog, Scenario(), Session(language="en"))
    shell.session.catalog_session = session
    qtbot.addWidget(shell.window)
    assert not warn_catalog_notices(shell)
    shell.shutdown()


def _next_tab_stop(widget: QWidget) -> QWidget:
    following = widget.nextInFocusChain()
    while following is not None and not (following.focusPolicy() & Qt.FocusPolicy.TabFocus
                                         and following.isVisible() and following.isEnabled()):
        following = following.nextInFocusChain()
    assert following is not None
    return following


def test_keyboard_escape_closes_and_enter_in_filter_does_not(qtbot: QtBot, dialog: SpecTablesDialog) -> None:
    dialog.show()
    qtbot.waitExposed(dialog)
    tab = dialog.tab("gpus")
    tab.select_id(H100)
    QTest.keyClick(tab.filter, Qt.Key.Key_Return)
    assert dialog.isVisible(), "no button is a default button, Enter does not close"
    assert _next_tab_stop(tab.filter) is tab.view
    assert _next_tab_stop(tab.view) is tab.json.text
    assert _next_tab_stop(tab.json.text) is tab.json.apply_button
    assert _next_tab_stop(tab.json.apply_button) is tab.add_button
    QTest.keyClick(tab.view, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
