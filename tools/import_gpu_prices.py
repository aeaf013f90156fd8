"""Write the sourced suggested-default prices into the GPU spec files (a build-time tool).

Reads ``specs/prices/gpu_prices.json`` (one object per price found, from the shared reference
pack; see ``specs/prices/README.md``) and, for every GPU with a ``suggested_default`` price,
replaces the ``price`` block of ``specs/gpus/<id>.json`` with that price and its source. Only the
``price`` value's text changes; the rest of each file stays as written::

    .venv/bin/python tools/import_gpu_prices.py            # write the price blocks
    .venv/bin/python tools/import_gpu_prices.py --check    # exit 1 if a file would change

gpucalc never runs this: it reads the spec files it writes. Rules (gpu_prices.md):

* A GPU without a suggested default keeps the price it has (the catalog's existing figures the
  research did not re-read) or stays without one.
* Where the research re-read the catalog's figure (same USD amount), the range and the earlier
  basis are kept next to the new source.
* A CNY price keeps its CNY amount and is converted at USD/CNY 6.6921, the rate printed in the
  CMIS snapshot of 2026-10-10 (a third-party figure, not an official fixing); the record must
  name that rate.
* Where a GPU has two suggested records (RTX 4090: RunPod in USD, AutoDL in CNY), the catalog's
  own USD figure wins and the other is named in the source's notes.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gpucalc.core.specs.price import Price, PriceSource  # noqa: E402 - after the path set-up

PRICES = ROOT / "specs" / "prices" / "gpu_prices.json"
GPUS = ROOT / "specs" / "gpus"
CNY_PER_USD = 6.6921
FX_DATE = "2026-10-10"
FX_NAME = "USD/CNY 6.6921 (CMIS snapshot 2026-10-10)"
FX_SOURCE = ("CMIS Daily snapshot 2026-10-10 (Gavinzll/compute-market-report data/"
             "cmis_snapshot_2026-10-10.json, \"fx\": {\"USD/CNY\": 6.6921}); a third-party figure, "
             "not an official fixing")
PRICE_KEY = re.compile(r'^  "price": ', re.MULTILINE)
FIRST_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
USD_DIGITS = 4
EARLIER_NOTE = "Same figure as the earlier catalog basis: {basis}."
EARLIER = re.compile(r"Same figure as the earlier catalog basis: (.*)\.$")
SOURCE_FIELDS = {"provider": "provider", "offering": "offering", "region": "region",
                 "date_or_period": "date_or_period", "source_url": "url", "read_via": "read_via",
                 "quote": "quote", "raw_price": "raw_price",
                 "derived_per_gpu_hour": "derived_per_gpu_hour", "confidence": "confidence",
                 "notes": "notes"}


def suggested_records(records: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The suggested-default price records of each GPU id."""
    found: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in records:
        if record.get("suggested_default") and record.get("price_per_gpu_hour") is not None:
            found[record["gpu_id"]].append(record)
    return dict(found)


def pick(records: list[dict[str, Any]], existing: dict[str, Any] | None) -> dict[str, Any]:
    """The record to use: the one re-reading the catalog's own USD figure, else the USD one."""
    current = (existing or {}).get("usd_per_gpu_hour")
    return min(records, key=lambda r: (not (r["currency"] == "USD" and r["price_per_gpu_hour"] == current),
                                       r["currency"] != "USD"))


def first_date(text: str | None) -> str | None:
    """The first YYYY-MM-DD in the source's dating ('checked 2026-09-25' → 2026-09-25)."""
    match = FIRST_DATE.search(text or "")
    return match.group(0) if match else None


def basis_line(record: dict[str, Any]) -> str:
    """One line for the price table's Basis column: provider, offering, dating (and the CNY quote)."""
    parts = [record["provider"], record.get("offering"), record.get("date_or_period")]
    if record["currency"] != "USD":
        parts.append(f"¥{record['price_per_gpu_hour']:g} at {CNY_PER_USD} CNY/USD")
    return "; ".join(str(p) for p in parts if p)


def earlier_basis(existing: dict[str, Any] | None) -> str | None:
    """The basis of a hand-made price block, or the one a written block already records."""
    if existing is None:
        return None
    if "source" not in existing:
        return existing.get("basis")
    match = EARLIER.search(existing["source"].get("notes") or "")
    return match.group(1) if match else None


def source_block(record: dict[str, Any], others: list[dict[str, Any]],
                 earlier: str | None) -> dict[str, Any]:
    """The record's provenance as a :class:`PriceSource` dict (empty fields left out)."""
    block = {ours: record.get(theirs) for theirs, ours in SOURCE_FIELDS.items()}
    notes = [block.get("notes") or ""]
    notes += [f"Also suggested: {r['provider']} {r['price_per_gpu_hour']:g} {r['currency']} "
              f"({r.get('offering')}, {r.get('date_or_period')})." for r in others]
    if earlier:
        notes.append(EARLIER_NOTE.format(basis=earlier))
    block["notes"] = " ".join(n for n in notes if n) or None
    PriceSource.model_validate(block)
    return {key: value for key, value in block.items() if value not in (None, "", False)}


def price_block(records: list[dict[str, Any]], existing: dict[str, Any] | None) -> dict[str, Any]:
    """The ``price`` block of one GPU from its suggested records (validated as a :class:`Price`)."""
    record = pick(records, existing)
    others = [r for r in records if r is not record]
    amount = float(record["price_per_gpu_hour"])
    same = (existing is not None and record["currency"] == "USD"
            and existing.get("usd_per_gpu_hour") == amount)
    block: dict[str, Any] = {"usd_per_gpu_hour": amount}
    if record["currency"] == "CNY":
        if record.get("usd_fx_rate") not in (None, FX_NAME):
            raise ValueError(f"{record['gpu_id']}: converted at {record['usd_fx_rate']}, not {FX_NAME}")
        block = {"usd_per_gpu_hour": round(amount / CNY_PER_USD, USD_DIGITS)}
    elif record["currency"] != "USD":
        raise ValueError(f"{record['gpu_id']}: no rate for {record['currency']}")
    if same and existing is not None and existing.get("range_usd_per_gpu_hour"):
        block["range_usd_per_gpu_hour"] = existing["range_usd_per_gpu_hour"]
    block["date"] = first_date(record.get("date_or_period"))
    block["basis"] = basis_line(record)
    if record["currency"] != "USD":
        block.update(currency=record["currency"], amount_per_gpu_hour=amount,
                     fx_units_per_usd=CNY_PER_USD, fx_date=FX_DATE, fx_source=FX_SOURCE)
    block["source"] = source_block(record, others, earlier_basis(existing) if same else None)
    Price.model_validate(block)
    return block


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def price_text(block: dict[str, Any]) -> str:
    """The block in the spec files' style: one key per line, the source one level further in."""
    lines = []
    for key, value in block.items():
        if key == "source":
            inner = ",\n".join(f"      {_json(k)}: {_json(v)}" for k, v in value.items())
            lines.append(f'    "source": {{\n{inner}\n    }}')
        else:
            lines.append(f"    {_json(key)}: {_json(value)}")
    return "{\n" + ",\n".join(lines) + "\n  }"


def with_price(text: str, block: dict[str, Any]) -> str:
    """``text`` (a spec file) with its top-level ``price`` value replaced by ``block``."""
    match = PRICE_KEY.search(text)
    if match is None:
        raise ValueError("no top-level \"price\" key")
    _, end = json.JSONDecoder().raw_decode(text, match.end())
    return text[:match.end()] + price_text(block) + text[end:]


def run(check: bool) -> int:
    """Write (or, with ``check``, compare) every GPU file; 1 when ``check`` finds a change."""
    suggested = suggested_records(json.loads(PRICES.read_text(encoding="utf-8")))
    changed: list[str] = []
    kept: list[str] = []
    without: list[str] = []
    for path in sorted(GPUS.glob("*.json")):
        text = path.read_text(encoding="utf-8")
        spec = json.loads(text)
        if spec["id"] not in suggested:
            (kept if spec.get("price") else without).append(spec["id"])
            continue
        new = with_price(text, price_block(suggested[spec["id"]], spec.get("price")))
        if new != text:
            changed.append(spec["id"])
            if not check:
                path.write_text(new, encoding="utf-8")
    unknown = sorted(set(suggested) - {json.loads(p.read_text(encoding="utf-8"))["id"]
                                       for p in GPUS.glob("*.json")})
    print(f"{'would change' if check else 'written'}: {len(changed)} {' '.join(changed)}")
    print(f"kept (no suggested default, price already there): {' '.join(kept)}")
    print(f"without a price: {' '.join(without)}")
    if unknown:
        print(f"suggested prices for GPUs not in specs/gpus: {' '.join(unknown)}")
    return 1 if check and changed else 0


def main() -> int:
    """Command line: write the price blocks, or ``--check`` that they are up to date."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file would change")
    return run(parser.parse_args().check)


if __name__ == "__main__":
    raise SystemExit(main())
