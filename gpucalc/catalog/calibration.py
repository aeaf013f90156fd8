"""Calibrations saved as engine profiles in the user's ``engines`` table.

A calibration becomes a user engine entry with a new id, based on the engine it calibrates:
everything is copied from that engine, and the calibrated GPU gets an ``efficiency_by_gpu``
override holding the fitted factors (memory calibrations from a start-up log change the
activation and runtime constants instead; see :func:`gpucalc.core.measured.log_compare.calibrate_from_log`).
The entry is selectable like any other engine profile and exported with the user's tables.
Nothing is written until :func:`save_calibration` is called, and an existing profile of the same
id is replaced only with ``overwrite=True``.
"""

from __future__ import annotations

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.user_store import StoreNotice, UserStore, UserTable
from gpucalc.core.measured.log_compare import calibration_id, calibration_name
from gpucalc.core.specs.efficiency import Efficiency, EfficiencyOverride
from gpucalc.core.specs.engine import EngineProfile

FITTED_FIELDS = ("gemm_compute", "attention_compute", "memory_bandwidth", "comm_bandwidth",
                 "comm_latency_us", "step_overhead_ms")


class CalibrationConflictError(ValueError):
    """A profile with the calibration's id exists; saving needs ``overwrite=True``."""

    def __init__(self, profile_id: str, where: str) -> None:
        super().__init__(f"an engine profile '{profile_id}' already exists ({where}); choose another "
                         "name or confirm overwriting it")
        self.profile_id = profile_id
        self.where = where


def calibrated_engine_entry(base: EngineProfile, gpu_id: str, efficiency: Efficiency, *, day: str,
                            new_id: str | None = None, name: str | None = None,
                            version: str | None = None) -> EngineProfile:
    """A copy of ``base`` whose override for ``gpu_id`` is the fitted ``efficiency``.

    The new override comes first, so it wins over ``base``'s prefix overrides (``a100`` …).
    """
    override = EfficiencyOverride(**{f: getattr(efficiency, f) for f in FITTED_FIELDS},
                                  source=efficiency.source)
    others = {key: value for key, value in base.efficiency_by_gpu.items() if key != gpu_id}
    profile = base.model_copy(update={
        "id": new_id or calibration_id(base.id, version, gpu_id, day),
        "name": name or calibration_name(base.id, version, gpu_id, day),
        "version": version or base.version,
        "efficiency_by_gpu": {gpu_id: override, **others},
        "notes": f"Efficiency on {gpu_id} calibrated on {day} to measured benchmark points; based "
                 f"on the '{base.id}' profile. {base.notes}".strip(),
    })
    return EngineProfile.model_validate(profile.model_dump())


def existing_profile(store: UserStore, profile_id: str, bundled: Catalog | None = None) -> str | None:
    """Where a profile of ``profile_id`` already exists: ``"your tables"``, ``"bundled"`` or None."""
    if profile_id in store.get_entries("engines"):
        return "your tables"
    engines = (bundled or Catalog.load()).engines
    return "bundled" if profile_id in engines else None


def save_calibration(store: UserStore, entry: EngineProfile, overwrite: bool = False,
                     bundled: Catalog | None = None) -> list[StoreNotice]:
    """Write ``entry`` to the user's engines table.

    Raises :class:`CalibrationConflictError` when a profile of that id exists (user or bundled)
    and ``overwrite`` is false; :class:`~gpucalc.catalog.tables.TableValidationError` when the
    entry is not a valid engine profile.
    """
    where = existing_profile(store, entry.id, bundled)
    if where is not None and not overwrite:
        raise CalibrationConflictError(entry.id, where)

    def not_saved_meanwhile(current: UserTable) -> None:
        """Another process may have saved a profile of this id since the check above."""
        if not overwrite and entry.id in current.entries:
            raise CalibrationConflictError(entry.id, "your tables")

    return store.put_entry("engines", entry, check=not_saved_meanwhile)
