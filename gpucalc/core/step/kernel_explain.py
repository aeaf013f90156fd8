"""Where each step-time term's efficiency comes from, at the step's own shape.

For a plan on measured kernel surfaces, e.g. "GEMM at M = 64: 0.31 of FP8 peak — aiconfigurator-core
0.12.0 measured NVIDIA H100 SXM 80GB vllm 0.24.0 kernel tables, fit residual 6 %".
"""

from __future__ import annotations

from gpucalc.core.step.step_model import StepModel


def _pct(value: float) -> str:
    return f"{value:.0%}"


def kernel_term_sources(step: StepModel, tokens: float, decode: float, context: float,
                        prefill: float, prefill_context: float) -> dict[str, str]:
    """One sentence per step term (gemm, attention, communication); empty without surfaces."""
    k, profile = step.kernels, step.kernel_profile
    if k is None or profile is None or not k.groups:
        return {}
    where = profile.describe()
    surfaces = profile.surfaces
    big = max(k.groups, key=lambda g: g.flops_per_token)
    gemm_fraction = k.gemm_rate / k.gemm_peak * tokens / (tokens + k.gemm_m_half) * big.nk_factor
    gemm_res = surfaces.gemm[k.gemm_key].residual
    sources = {"gemm": (f"GEMM at M = {tokens:.0f}: {gemm_fraction:.2f} of {k.gemm_key} peak, "
                        f"weights streamed at {k.gemm_mem_rate / k.hbm_bytes_per_s:.2f} of HBM "
                        f"bandwidth — {where}, fit residual {_pct(gemm_res.median)} (median), "
                        f"{_pct(gemm_res.p90)} (P90)")}
    parts = [f"decode attention over {context:.0f} tokens of context: "
             f"{k.decode_mem_rate / k.hbm_bytes_per_s:.2f} of HBM bandwidth"]
    if prefill > 0:
        length = 2 * prefill_context
        fraction = k.prefill_rate / k.prefill_peak * length / (length + k.prefill_s_half)
        parts.append(f"prefill attention at {length:.0f} tokens: {fraction:.2f} of BF16 peak")
    residuals = [r.residual.median for r in (surfaces.generation_attention,
                                             surfaces.context_attention) if r is not None]
    fit = f", fit residual {_pct(max(residuals))}" if residuals else ""
    sources["attention"] = f"{'; '.join(parts)} — {where}{fit}"
    if k.allreduce_alpha_s and step.tp > 1:
        message = tokens * step.allreduce_bytes_per_token
        sources["communication"] = (
            f"all-reduce of {message / 1e6:.2f} MB on {step.tp} ranks: the faster of the "
            f"engine's custom all-reduce ({k.allreduce_alpha_s * 1e6:.1f} µs + bytes ÷ "
            f"{k.allreduce_bytes_per_s / 1e9:.0f} GB/s) and NCCL ({k.nccl_alpha_s * 1e6:.1f} µs "
            f"+ bytes ÷ {k.nccl_bytes_per_s / 1e9:.0f} GB/s) — {where}")
    return sources
