"""The editable spec tables: their entry types, ids and entry validation.

Every table the user can edit is described once here (name, pydantic entry type, id field);
the user store, the layered catalog and import/export all validate entries through
:func:`validate_entry`, so a user entry passes exactly the checks a bundled one does, plus a few
that only matter for hand-made data (unknown fields, non-finite numbers, usable model configs).
"""

from __future__ import annotations

import math
import re
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.entries import ModelEntry
from gpucalc.core.common.errors import error_location
from gpucalc.core.specs.engine import EngineProfile
from gpucalc.core.specs.gpu_spec import GpuSpec
from gpucalc.core.specs.network import NetworkSpec
from gpucalc.core.specs.precision import KvFormat, WeightFormat
from gpucalc.core.specs.price import MAX_PRICE_USD_PER_GPU_HOUR, USD, Price, iso_date
from gpucalc.io.errors import InputFileError
from gpucalc.io.hf_config import model_spec_from_config

TableName = Literal["gpus", "models", "engines", "weight_formats", "kv_formats", "prices",
                    "networks"]

USER_ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9.\-_]{0,127}$")


QUOTE_FIELDS = ("currency", "amount_per_gpu_hour", "fx_units_per_usd", "fx_date", "fx_source")
"""A price entry's fields for a quote in another currency (left out of a USD entry's file)."""


class PriceEntry(BaseModel):
    """The user's price for one GPU type; it replaces the bundled ``GpuSpec.price``.

    A price quoted in another currency keeps its amount, the rate it was converted at (units
    per USD) and that rate's date; ``usd_per_gpu_hour`` is the converted figure (checked by
    :class:`~gpucalc.core.specs.price.Price`).
    """

    model_config = ConfigDict(frozen=True, defer_build=True)

    gpu_id: str = Field(pattern=r"^[a-z0-9][a-z0-9.\-]*$")
    usd_per_gpu_hour: float = Field(ge=0, le=MAX_PRICE_USD_PER_GPU_HOUR, allow_inf_nan=False,
                                    description="Price per GPU-hour.")
    date: str | None = Field(default=None, description="When the price was seen, YYYY-MM-DD.")
    basis: str = Field(default="", description="Where the price comes from.")
    currency: str = Field(default=USD, pattern=r"^[A-Z]{3}$", description="ISO 4217 code of the quote.")
    amount_per_gpu_hour: float | None = Field(default=None, ge=0, allow_inf_nan=False,
                                              description="The quoted price in that currency.")
    fx_units_per_usd: float | None = Field(default=None, gt=0, allow_inf_nan=False,
                                           description="Currency units per USD it was converted at.")
    fx_date: str | None = Field(default=None, description="Date of that rate, YYYY-MM-DD.")
    fx_source: str | None = Field(default=None, description="Where the rate comes from.")

    @field_validator("date", "fx_date")
    @classmethod
    def _iso_date(cls, value: str | None) -> str | None:
        return iso_date(value)

    @model_validator(mode="after")
    def _a_valid_price(self) -> PriceEntry:
        self.as_price()  # the currency rules of Price (a ValueError names the broken rule)
        return self

    def as_price(self) -> Price:
        """The :class:`Price` a layered GPU carries."""
        return Price(usd_per_gpu_hour=self.usd_per_gpu_hour, date=self.date, basis=self.basis,
                     currency=self.currency, amount_per_gpu_hour=self.amount_per_gpu_hour,
                     fx_units_per_usd=self.fx_units_per_usd, fx_date=self.fx_date,
                     fx_source=self.fx_source)


def _check_model_config(entry: BaseModel) -> None:
    """A user model's config must parse into a model spec (else lookups fail later)."""
    if not isinstance(entry, ModelEntry):
        raise TypeError("the model-config check applies to model entries only")
    model_spec_from_config(entry.config, model_id=entry.id, name=entry.name, hf_id=entry.hf_id,
                           hf_quant_config=entry.hf_quant_config)


@dataclass(frozen=True)
class TableSpec:
    """One editable table: its file name, entry type and id field."""

    name: TableName
    model: type[BaseModel]
    id_field: str = "id"
    id_in_entry: bool = True
    extra_check: Callable[[BaseModel], None] | None = field(default=None, compare=False)
    extra_check_field: str = ""


TABLES: dict[str, TableSpec] = {
    "gpus": TableSpec("gpus", GpuSpec),
    "models": TableSpec("models", ModelEntry, extra_check=_check_model_config,
                        extra_check_field="config"),
    "engines": TableSpec("engines", EngineProfile),
    "weight_formats": TableSpec("weight_formats", WeightFormat),
    "kv_formats": TableSpec("kv_formats", KvFormat),
    "prices": TableSpec("prices", PriceEntry, id_field="gpu_id", id_in_entry=False),
    "networks": TableSpec("networks", NetworkSpec),
}
TABLE_NAMES: tuple[TableName, ...] = ("gpus", "models", "engines", "weight_formats", "kv_formats",
                                      "prices", "networks")


class TableValidationError(ValueError):
    """An entry fails validation; ``str()`` is one line naming the table, id, field and reason."""

    def __init__(self, table: str, entry_id: str | None, field_path: str, reason: str) -> None:
        self.table = table
        self.entry_id = entry_id
        self.field = field_path
        self.reason = " ".join(reason.split())
        where = f"{table} entry '{entry_id}'" if entry_id else f"{table} entry"
        super().__init__(f"{where}: {field_path}: {self.reason}" if field_path
                         else f"{where}: {self.reason}")


def table_spec(table: str) -> TableSpec:
    """The :class:`TableSpec` named ``table``; ``KeyError`` with the known names otherwise."""
    try:
        return TABLES[table]
    except KeyError:
        raise KeyError(f"unknown table '{table}'; tables are {', '.join(TABLE_NAMES)}") from None


def unwrap_optional(annotation: Any) -> Any:
    """``X | None`` → ``X``; anything else unchanged."""
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def submodel(annotation: Any) -> type[BaseModel] | None:
    """The pydantic model a field holds (possibly optional), or None."""
    inner = unwrap_optional(annotation)
    return inner if isinstance(inner, type) and issubclass(inner, BaseModel) else None


def sequence_item_model(annotation: Any) -> type[BaseModel] | None:
    """The pydantic model of ``tuple[Model, ...]`` / ``list[Model]`` fields, or None."""
    inner = unwrap_optional(annotation)
    if get_origin(inner) in (tuple, list):
        args = [a for a in get_args(inner) if a is not Ellipsis]
        if len(args) == 1:
            return submodel(args[0])
    return None


def is_scalar_type(annotation: Any) -> bool:
    """str, int, float, bool or an Enum (optional or not)."""
    inner = unwrap_optional(annotation)
    return isinstance(inner, type) and (inner in (str, int, float, bool) or issubclass(inner, Enum))


def unknown_field_paths(model: type[BaseModel], data: Mapping[str, Any], prefix: str = "") -> list[str]:
    """Dotted paths of keys in ``data`` that ``model`` does not define (free-form dicts excepted)."""
    unknown: list[str] = []
    for key, value in data.items():
        info = model.model_fields.get(str(key))
        if info is None:
            unknown.append(f"{prefix}{key}")
            continue
        sub = submodel(info.annotation)
        if sub is not None and isinstance(value, Mapping):
            unknown.extend(unknown_field_paths(sub, value, f"{prefix}{key}."))
        item = sequence_item_model(info.annotation)
        if item is not None and isinstance(value, list | tuple):
            for index, element in enumerate(value):
                if isinstance(element, Mapping):
                    unknown.extend(unknown_field_paths(item, element, f"{prefix}{key}.{index}."))
    return unknown


def non_finite_path(value: Any, prefix: str = "") -> str | None:
    """Dotted path of the first NaN or infinite number inside ``value``, or None."""
    if isinstance(value, float) and not math.isfinite(value):
        return prefix.rstrip(".") or "value"
    if isinstance(value, Mapping):
        items: list[tuple[Any, Any]] = list(value.items())
    elif isinstance(value, list | tuple):
        items = list(enumerate(value))
    else:
        return None
    for key, child in items:
        found = non_finite_path(child, f"{prefix}{key}.")
        if found:
            return found
    return None


def entry_id(spec: TableSpec, entry: BaseModel) -> str:
    """The id of a validated entry."""
    return str(getattr(entry, spec.id_field))


def validate_entry(table: str, data: Any) -> BaseModel:
    """Validate one entry dict for ``table``; raise :class:`TableValidationError` (one line)."""
    spec = table_spec(table)
    if not isinstance(data, Mapping):
        raise TableValidationError(table, None, "", "an entry must be a JSON object")
    raw_id = data.get(spec.id_field)
    shown_id = raw_id if isinstance(raw_id, str) else None
    if not isinstance(raw_id, str) or not USER_ID_PATTERN.fullmatch(raw_id):
        raise TableValidationError(
            table, shown_id, spec.id_field,
            "an id is 1-128 characters: lower-case letters, digits, '.', '-' or '_', "
            "starting with a letter or digit")
    unknown = unknown_field_paths(spec.model, data)
    if unknown:
        raise TableValidationError(table, raw_id, unknown[0], "unknown field")
    bad_number = non_finite_path(data)
    if bad_number:
        raise TableValidationError(table, raw_id, bad_number, "numbers must be finite")
    try:
        entry = spec.model.model_validate(dict(data))
    except ValidationError as exc:
        errors = exc.errors()
        first = errors[0]
        path = error_location(first["loc"])
        more = f" (and {len(errors) - 1} more problem(s))" if len(errors) > 1 else ""
        raise TableValidationError(table, raw_id, path, f"{first['msg']}{more}") from exc
    bad_number = non_finite_path(entry.model_dump(mode="python"))
    if bad_number:
        raise TableValidationError(table, raw_id, bad_number, "numbers must be finite")
    if spec.extra_check is not None:
        try:
            spec.extra_check(entry)
        except InputFileError as exc:
            raise TableValidationError(table, raw_id, spec.extra_check_field, str(exc)) from exc
        except Exception as exc:  # a config the reader cannot use, however it fails
            raise TableValidationError(table, raw_id, spec.extra_check_field,
                                       f"gpucalc cannot use this config ({exception_words(exc)})") from exc
    return entry


def exception_words(exc: Exception) -> str:
    """One short line saying what failed, for a config the model reader could not use."""
    words = " ".join(str(exc).split())[:200]
    return words or type(exc).__name__


def stored_form(table: str, entry: BaseModel) -> dict[str, Any]:
    """The JSON-ready dict an entry is saved as (prices are keyed by GPU id, without it)."""
    spec = table_spec(table)
    exclude = None if spec.id_in_entry else {spec.id_field}
    data = entry.model_dump(mode="json", exclude=exclude)
    if isinstance(entry, PriceEntry):  # a USD price is stored as it was before quotes had currencies
        fields = PriceEntry.model_fields
        data = {key: value for key, value in data.items()
                if key not in QUOTE_FIELDS or value != fields[key].default}
    return data


def with_key_id(table: str, key: str, raw: Any) -> Any:
    """A stored entry with its id filled in from its key (for tables that omit it)."""
    spec = table_spec(table)
    if spec.id_in_entry or not isinstance(raw, Mapping):
        return raw
    return {**raw, spec.id_field: key}


def price_from_gpu(gpu: GpuSpec) -> PriceEntry | None:
    """A GPU's price as a price-table entry (midpoint when only a range is known).

    The quoted currency, amount and rate come along; the source's details stay on the GPU.
    """
    price = gpu.price
    value = gpu.usable_price_usd_per_hour
    if price is None or value is None:
        return None
    basis = price.basis or ""
    if price.usd_per_gpu_hour is None and price.range_usd_per_gpu_hour:
        low, high = price.range_usd_per_gpu_hour
        basis = f"{basis} (= ({low} + {high}) / 2)".strip()  # the midpoint, in symbols any reader reads
    try:
        return PriceEntry(gpu_id=gpu.id, usd_per_gpu_hour=value, date=price.date, basis=basis,
                          currency=price.currency, amount_per_gpu_hour=price.amount_per_gpu_hour,
                          fx_units_per_usd=price.fx_units_per_usd, fx_date=price.fx_date,
                          fx_source=price.fx_source)
    except ValidationError:
        return None  # a bundled date in another format: not shown in the price table


def catalog_entries(catalog: Catalog, table: str) -> dict[str, BaseModel]:
    """All entries of ``table`` in ``catalog`` (bundled or layered), keyed by id."""
    table_spec(table)
    if table == "prices":
        prices = {gpu_id: price_from_gpu(gpu) for gpu_id, gpu in catalog.gpus.items()}
        return {gpu_id: price for gpu_id, price in prices.items() if price is not None}
    entries: dict[str, BaseModel] = dict(getattr(catalog, table))
    return entries
