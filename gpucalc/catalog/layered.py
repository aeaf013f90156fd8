"""The catalog the app uses: bundled tables with the user's edits layered on top.

For each table: bundled entries, minus the ids the user deleted, then the user's entries (same
id replaces, new id adds). User prices then replace ``GpuSpec.price``; a deleted price hides the
bundled one.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.entries import ModelEntry
from gpucalc.catalog.tables import PriceEntry
from gpucalc.catalog.user_store import StoreNotice, UserStore, UserTable
from gpucalc.core.specs.engine import EngineProfile
from gpucalc.core.specs.gpu_spec import GpuSpec
from gpucalc.core.specs.network import NetworkSpec
from gpucalc.core.specs.precision import KvFormat, WeightFormat

EntryT = TypeVar("EntryT", bound=BaseModel)


def merge_table(bundled: dict[str, EntryT], user: UserTable, kind: type[EntryT]) -> dict[str, EntryT]:
    """Bundled entries minus deletions, then the user's entries of type ``kind`` on top."""
    merged = {key: entry for key, entry in bundled.items() if key not in user.deleted}
    for key, entry in user.entries.items():
        if isinstance(entry, kind):
            merged[key] = entry
    return merged


def apply_prices(gpus: dict[str, GpuSpec], prices: UserTable) -> tuple[dict[str, GpuSpec], list[StoreNotice]]:
    """GPUs with the user's prices (and deletions of prices) applied."""
    result = dict(gpus)
    notices: list[StoreNotice] = []
    for gpu_id in prices.deleted:
        if gpu_id in result:
            result[gpu_id] = result[gpu_id].model_copy(update={"price": None})
    for gpu_id, entry in prices.entries.items():
        if not isinstance(entry, PriceEntry):
            continue
        if gpu_id not in result:
            notices.append(StoreNotice(code="user_price_unknown_gpu", params={"id": gpu_id}))
            continue
        result[gpu_id] = result[gpu_id].model_copy(update={"price": entry.as_price()})
    return result, notices


def alias_conflicts(table: str, merged: dict[str, EntryT], user: UserTable) -> list[StoreNotice]:
    """Notices for user entries whose id or alias already names another entry (lookups pick one)."""
    owners: dict[str, str] = {}
    for key, entry in merged.items():
        if key in user.entries:
            continue
        for name in (key, *getattr(entry, "aliases", ())):
            owners.setdefault(str(name).lower(), key)
    notices: list[StoreNotice] = []
    for key in user.entries:
        if key not in merged:
            continue
        for alias in getattr(merged[key], "aliases", ()):
            other = owners.get(str(alias).lower())
            if other is not None and other != key:
                notices.append(StoreNotice(code="user_alias_conflict", params={
                    "table": table, "id": key, "alias": str(alias), "other": other}))
            owners.setdefault(str(alias).lower(), key)
    return notices


def layer_catalog(bundled: Catalog, store: UserStore) -> tuple[Catalog, list[StoreNotice]]:
    """``bundled`` with ``store``'s edits on top, and the notices loading them raised."""
    tables, notices = store.read_all()
    gpus = merge_table(bundled.gpus, tables["gpus"], GpuSpec)
    models = merge_table(bundled.models, tables["models"], ModelEntry)
    engines = merge_table(bundled.engines, tables["engines"], EngineProfile)
    weight_formats = merge_table(bundled.weight_formats, tables["weight_formats"], WeightFormat)
    kv_formats = merge_table(bundled.kv_formats, tables["kv_formats"], KvFormat)
    networks = merge_table(bundled.networks, tables["networks"], NetworkSpec)
    notices += alias_conflicts("gpus", gpus, tables["gpus"])
    notices += alias_conflicts("models", models, tables["models"])
    notices += alias_conflicts("weight_formats", weight_formats, tables["weight_formats"])
    notices += alias_conflicts("kv_formats", kv_formats, tables["kv_formats"])
    notices += alias_conflicts("networks", networks, tables["networks"])
    gpus, price_notices = apply_prices(gpus, tables["prices"])
    notices += price_notices
    catalog = Catalog(gpus=gpus, models=models, engines=engines, weight_formats=weight_formats,
                      kv_formats=kv_formats, kernels=bundled.kernels, networks=networks)
    return catalog, notices


def load_layered_catalog(bundled_root: Path | None = None,
                         user_dir: Path | None = None) -> tuple[Catalog, list[StoreNotice]]:
    """The bundled tables under ``bundled_root`` layered with the user's under ``user_dir``.

    Defaults: the bundled ``specs/`` and :func:`~gpucalc.catalog.user_store.default_user_dir`.
    Never fails because of the user's files; problems come back as notices.
    """
    return layer_catalog(Catalog.load(bundled_root), UserStore(user_dir))
