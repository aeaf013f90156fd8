"""Load the bundled spec tables and look entries up by id or alias."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from gpucalc.catalog.entries import ModelEntry
from gpucalc.catalog.kernels import KernelTableError, kernel_catalog_from, read_kernel_tables
from gpucalc.catalog.paths import specs_dir
from gpucalc.catalog.spec_index import (
    KERNELS_FOLDER,
    PRECISIONS_FILE,
    TABLE_FOLDERS,
    IndexKey,
    SpecFiles,
    SpecTexts,
    index_key,
    read_index,
    spec_files,
    write_index,
)
from gpucalc.core.common.errors import TemplatedError
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.engine import EngineProfile
from gpucalc.core.specs.gpu_spec import GpuSpec
from gpucalc.core.specs.kernel_surfaces import KernelCatalog
from gpucalc.core.specs.model_spec import ModelSpec
from gpucalc.core.specs.network import NetworkSpec, default_network_id
from gpucalc.core.specs.precision import KvFormat, WeightFormat
from gpucalc.io.bounded_json import read_json_file
from gpucalc.io.errors import InputFileError
from gpucalc.io.hf_config import model_spec_from_config

EntryT = TypeVar("EntryT", bound=BaseModel)


class CatalogError(LookupError):
    """An entry is unknown or a table is broken; the message says which and what to try."""


class UnknownEntryError(TemplatedError, CatalogError):
    """A name the catalog does not know, told by a translatable template (see core.errors)."""


UnknownTexts = tuple[str, str, str]
"""An entry kind's field in the scenario, and its message without and with suggestions."""
GPU_TEXTS: UnknownTexts = ("gpu", QT_TRANSLATE_NOOP("Errors", "unknown GPU '{name}'"),
                           QT_TRANSLATE_NOOP("Errors", "unknown GPU '{name}'; did you mean {choices}?"))
MODEL_TEXTS: UnknownTexts = (
    "model", QT_TRANSLATE_NOOP("Errors", "unknown model '{name}'"),
    QT_TRANSLATE_NOOP("Errors", "unknown model '{name}'; did you mean {choices}?"))
WEIGHT_TEXTS: UnknownTexts = (
    "weight_format", QT_TRANSLATE_NOOP("Errors", "unknown weight format '{name}'"),
    QT_TRANSLATE_NOOP("Errors", "unknown weight format '{name}'; did you mean {choices}?"))
NETWORK_TEXTS: UnknownTexts = (
    "network", QT_TRANSLATE_NOOP("Errors", "unknown network '{name}'"),
    QT_TRANSLATE_NOOP("Errors", "unknown network '{name}'; did you mean {choices}?"))
KV_TEXTS: UnknownTexts = (
    "kv_cache_dtype", QT_TRANSLATE_NOOP("Errors", "unknown KV cache dtype '{name}'"),
    QT_TRANSLATE_NOOP("Errors", "unknown KV cache dtype '{name}'; did you mean {choices}?"))


def _entries(pairs: list[list[Any]] | None, kind: type[EntryT]) -> dict[str, EntryT]:
    """The ``[file name, JSON]`` pairs of one folder validated as ``kind``, keyed by id."""
    entries: dict[str, EntryT] = {}
    for name, data in pairs or ():
        entry = _validated(name, data, kind)
        entries[str(getattr(entry, "id"))] = entry  # noqa: B009 - every entry type has an id
    return entries


def _read_spec(path: Path) -> Any:
    """A bundled spec file, read through the bounded JSON reader."""
    try:
        return read_json_file(path, f"bundled spec {path.name}")
    except InputFileError as exc:
        raise CatalogError(str(exc)) from exc


def _validated(name: str, data: Any, kind: type[EntryT]) -> EntryT:
    try:
        return kind.model_validate(data)
    except ValidationError as exc:
        raise CatalogError(f"bundled spec {name} is broken: {exc}") from exc


def _read_texts(base: Path, files: SpecFiles) -> SpecTexts:
    """The parsed JSON of every table under ``base``, read from its files (bounded)."""
    texts: SpecTexts = {"precisions": _read_spec(base / PRECISIONS_FILE)}
    for folder in TABLE_FOLDERS:
        paths = files[folder]
        texts[folder] = None if paths is None else [[path.name, _read_spec(path)] for path in paths]
    try:
        texts[KERNELS_FOLDER] = read_kernel_tables(base / KERNELS_FOLDER)
    except KernelTableError as exc:
        raise CatalogError(f"bundled kernel surfaces are broken: {exc}") from exc
    return texts


def _alias_index(entries: dict[str, Any], extra: Iterable[tuple[str, str]] = ()) -> dict[str, str]:
    """Lower-cased id and alias → id."""
    index: dict[str, str] = {}
    for entry_id, entry in entries.items():
        index[entry_id.lower()] = entry_id
        for alias in getattr(entry, "aliases", ()):
            index.setdefault(str(alias).lower(), entry_id)
        hf_id = getattr(entry, "hf_id", None)
        if hf_id:
            index.setdefault(hf_id.lower(), entry_id)
    for alias, entry_id in extra:
        index.setdefault(alias.lower(), entry_id)
    return index


def _lookup(index: dict[str, str], name: str, texts: UnknownTexts) -> str:
    key = name.strip().lower()
    if key in index:
        return index[key]
    close = difflib.get_close_matches(key, list(index), n=3, cutoff=0.6)
    field, unknown, suggested = texts
    if close:
        raise UnknownEntryError(suggested, field, name=name, choices=", ".join(close))
    raise UnknownEntryError(unknown, field, name=name)


def _kernels(directory: Path, texts: SpecTexts) -> KernelCatalog | None:
    try:
        return kernel_catalog_from(directory, texts[KERNELS_FOLDER])
    except KernelTableError as exc:
        raise CatalogError(f"bundled kernel surfaces are broken: {exc}") from exc


_LOADED: dict[str, tuple[IndexKey, Catalog]] = {}
"""The catalog of each folder of tables loaded in this process, with the key of its files."""


class Catalog:
    """Bundled (and, later, user-layered) spec tables."""

    def __init__(
        self,
        gpus: dict[str, GpuSpec],
        models: dict[str, ModelEntry],
        engines: dict[str, EngineProfile],
        weight_formats: dict[str, WeightFormat],
        kv_formats: dict[str, KvFormat],
        kernels: KernelCatalog | None = None,
        networks: dict[str, NetworkSpec] | None = None,
    ) -> None:
        self.gpus = gpus
        self.models = models
        self.engines = engines
        self.weight_formats = weight_formats
        self.kv_formats = kv_formats
        self.kernels = kernels  # measured kernel surfaces (specs/kernels), None when absent
        self.networks = networks or {}  # scale-out networks between nodes (specs/networks)
        self._specs: dict[str, ModelSpec] = {}

    @classmethod
    def load(cls, root: Path | None = None) -> Catalog:
        """Load the tables under ``root`` (default: the bundled ``specs/``).

        Read once per process while the files stay as they are (the same catalog comes back),
        and from the index of the tables (:mod:`gpucalc.catalog.spec_index`) when it matches
        them; otherwise from the files, and the index is written for the next process.
        """
        base = root or specs_dir()
        files = spec_files(base)
        key = index_key(base, files)
        if key is not None and key["root"] in _LOADED and _LOADED[key["root"]][0] == key:
            return _LOADED[key["root"]][1]
        texts = read_index(key) if key is not None else None
        from_files = texts is None
        if texts is None:
            texts = _read_texts(base, files)
        catalog = cls.from_texts(base, texts)
        if key is not None:
            if from_files:
                write_index(key, texts)
            _LOADED[key["root"]] = (key, catalog)
        return catalog

    @classmethod
    def from_texts(cls, base: Path, texts: SpecTexts) -> Catalog:
        """The catalog of the tables' parsed JSON ``texts`` (read under ``base``), validated."""
        precisions = texts["precisions"]
        weight_formats = {f["id"]: WeightFormat.model_validate(f) for f in precisions["weight_formats"]}
        kv_formats = {f["id"]: KvFormat.model_validate(f) for f in precisions["kv_formats"]}
        return cls(
            gpus=_entries(texts["gpus"], GpuSpec),
            models=_entries(texts["models"], ModelEntry),
            engines=_entries(texts["engines"], EngineProfile),
            weight_formats=weight_formats,
            kv_formats=kv_formats,
            kernels=_kernels(base / KERNELS_FOLDER, texts),
            networks=_entries(texts["networks"], NetworkSpec),
        )

    @cached_property
    def _gpu_index(self) -> dict[str, str]:
        return _alias_index(self.gpus)

    @cached_property
    def _model_index(self) -> dict[str, str]:
        return _alias_index(self.models)

    @cached_property
    def _weight_index(self) -> dict[str, str]:
        return _alias_index(self.weight_formats)

    @cached_property
    def _kv_index(self) -> dict[str, str]:
        return _alias_index(self.kv_formats)

    @cached_property
    def _network_index(self) -> dict[str, str]:
        return _alias_index(self.networks)

    def gpu(self, name: str) -> GpuSpec:
        """GPU by id or alias (case-insensitive)."""
        return self.gpus[_lookup(self._gpu_index, name, GPU_TEXTS)]

    def model_entry(self, name: str) -> ModelEntry:
        """Model entry by id, alias or Hugging Face id."""
        return self.models[_lookup(self._model_index, name, MODEL_TEXTS)]

    def has_model(self, name: str) -> bool:
        """Whether ``name`` names a catalog model."""
        return name.strip().lower() in self._model_index

    def has_weight_format(self, name: str) -> bool:
        """Whether ``name`` is a weight format id or alias the catalog knows."""
        return name.strip().lower() in self._weight_index

    def model(self, name: str) -> ModelSpec:
        """Parsed architecture of a catalog model (cached)."""
        entry = self.model_entry(name)
        if entry.id not in self._specs:
            self._specs[entry.id] = model_spec_from_config(
                entry.config, model_id=entry.id, name=entry.name, hf_id=entry.hf_id,
                hf_quant_config=entry.hf_quant_config,
            )
        return self._specs[entry.id]

    def engine(self, name: str) -> EngineProfile:
        """Engine profile by id (vllm, sglang, trtllm)."""
        aliases = {"tensorrt-llm": "trtllm", "trt-llm": "trtllm", "tensorrt_llm": "trtllm"}
        key = aliases.get(name.strip().lower(), name.strip().lower())
        if key not in self.engines:
            raise UnknownEntryError(QT_TRANSLATE_NOOP("Errors", "unknown engine '{name}'; choose one of "
                                                                "{choices}"),
                                    "engine", name=name, choices=", ".join(self.engines))
        return self.engines[key]

    def weight_format(self, name: str) -> WeightFormat:
        """Weight format by id or alias."""
        return self.weight_formats[_lookup(self._weight_index, name, WEIGHT_TEXTS)]

    def kv_format(self, name: str) -> KvFormat:
        """KV format by id or alias."""
        return self.kv_formats[_lookup(self._kv_index, name, KV_TEXTS)]

    def network(self, name: str) -> NetworkSpec:
        """Scale-out network by id or alias."""
        return self.networks[_lookup(self._network_index, name, NETWORK_TEXTS)]

    def network_for(self, gpu_id: str, name: str | None = None) -> NetworkSpec | None:
        """The network ``name`` names, else the one ``gpu_id``'s servers ship with (None: none)."""
        if name:
            return self.network(name)
        default = default_network_id(gpu_id, self.networks)
        return None if default is None else self.networks[default]
