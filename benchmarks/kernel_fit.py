"""Fit residuals of the shipped kernel surfaces, per GPU, engine family and surface.

Run: ``python -m benchmarks.kernel_fit``. Reads ``specs/kernels/*.json`` (built by
``make kernels``); residuals are the median and P90 of |predicted ÷ measured − 1| of time.
"""

from __future__ import annotations

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.kernel_surfaces import FitResidual, KernelSystem


def _rows(system: KernelSystem) -> list[tuple[str, str, FitResidual]]:
    rows: list[tuple[str, str, FitResidual]] = []
    for family, s in system.engines.items():
        rows += [(family, f"gemm {dtype}", g.residual) for dtype, g in s.gemm.items()]
        if s.context_attention is not None:
            rows.append((family, "context attention", s.context_attention.residual))
        if s.generation_attention is not None:
            rows.append((family, "generation attention", s.generation_attention.residual))
        rows += [(family, f"moe {dtype}", m.residual) for dtype, m in s.moe.items()]
        rows += [(family, f"all-reduce ×{r}", a.residual) for r, a in s.allreduce.items()]
    rows += [("nccl", f"all-reduce ×{r}", a.residual) for r, a in system.nccl_allreduce.items()]
    return rows


def main() -> None:
    kernels = Catalog.load().kernels
    if kernels is None:
        print("no kernel surfaces shipped (run make kernels)")
        return
    print(f"{'system':<22}{'engine':<8}{'surface':<24}{'rows':>7}{'median':>9}{'P90':>9}")
    for name, system in sorted(kernels.systems.items()):
        for family, surface, res in _rows(system):
            print(f"{name:<22}{family:<8}{surface:<24}{res.rows:>7}{res.median:>9.1%}{res.p90:>9.1%}")


if __name__ == "__main__":
    main()
