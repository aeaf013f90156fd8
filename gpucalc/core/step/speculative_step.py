"""Speculative decoding in the step model: one place every view (load, ceilings, simulator) uses.

A speculative step verifies ``V`` tokens per running request (V = k + 1 for a chain; SGLang's
``--speculative-num-draft-tokens`` for a tree) through the target's GEMMs, attends each of them
to the request's context (the KV is read once per request, the FLOPs grow V-fold), and runs the
draft ``k`` times one after another. It yields τ tokens per request (the mean acceptance length).

The load model, the ceilings and the simulator count one output token per running request per
step. So the speculative step model answers in those units, a *token round*: the decode work of
a speculative step (target verify step with d·V tokens + k draft passes) ÷ τ, plus the full cost
the step's ``p`` prompt tokens add to it (their share is not divided: a prompt chunk waits for
the whole step, so TTFT keeps its real cost). TPOT = decode step ÷ τ; output throughput rises by
τ ÷ (step cost ratio). At small
batches the verify step costs about what a plain step does (weights dominate), so TPOT falls by
about τ ÷ (1 + draft share); at large batches the V-fold tokens make the GEMMs compute-bound and
the gain shrinks, and can turn into a loss.

Without CUDA graphs (``--enforce-eager``) the CPU launches the kernels of the target's layers and
of every draft pass; the step waits for whichever ends last, the launches or the GPU work of the
whole speculative step (verify, its extra attention and the draft passes together). The work of
one part is never hidden behind the launches of another, so the gain stays at most τ.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucalc.core.memory.speculative_draft import DraftFootprint, draft_footprint
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.speculative_inputs import acceptance_length
from gpucalc.core.step.ops import Ops, V
from gpucalc.core.step.step_model import StepModel


@dataclass(frozen=True, slots=True)
class Speculation:
    """The plain floats of a speculative set-up the step model evaluates."""

    verify_tokens: float  # V: tokens the target runs per request and step
    passes: float  # k: sequential draft passes per step
    branches: float  # draft tokens per request in each pass (EAGLE top-k)
    tokens_per_step: float  # τ
    draft: DraftFootprint | None  # None: n-gram (no draft model)
    attn_flops_per_s: float  # the rate verification's extra attention FLOPs run at
    gemm_flops_per_s: float
    memory_bytes_per_s: float
    collective_s: float  # per draft pass: the draft's all-reduce latencies under TP
    launch_s: float = 0.0  # without CUDA graphs: CPU launches of the target's and the draft's layers


def draft_pass_seconds(ops: Ops[V], spec: Speculation, tokens: V, requests: V, context: V) -> V:
    """One draft pass over ``tokens`` tokens of ``requests`` requests at ``context`` (roofline)."""
    d = spec.draft
    if d is None:
        return 0.0 * tokens
    hit = 1.0 - d.expert_hit_base ** tokens if d.expert_bytes else 0.0
    read = d.dense_bytes_read + d.expert_bytes * hit + requests * context * d.kv_bytes_per_token
    work = ops.maximum(d.flops_per_token * tokens / spec.gemm_flops_per_s,
                       read / spec.memory_bytes_per_s)
    return ops.select(tokens > 0, work + spec.collective_s, 0.0)


def draft_seconds(ops: Ops[V], spec: Speculation, decode: V, prompt: V, context: V) -> V:
    """The k draft passes of one step: the first over the verified and prompt tokens, then chains."""
    first = draft_pass_seconds(ops, spec, decode * spec.verify_tokens + prompt, decode, context)
    later = draft_pass_seconds(ops, spec, decode * spec.branches, decode, context)
    return first + (spec.passes - 1) * later


@dataclass(frozen=True, slots=True)
class SpeculativeStepModel(StepModel):
    """A :class:`StepModel` whose steps are token rounds of a speculative step (see the module)."""

    speculation: Speculation | None = None

    def seconds(self, ops: Ops[V], decode: V, prefill: V, context: V, prefill_context: V) -> V:
        """One token round with ``decode`` requests at ``context`` and ``prefill`` new tokens.

        Written once for floats and arrays, as the plain step; a step without decodes is plain.
        """
        plain = StepModel.seconds(self, ops, decode, prefill, context, prefill_context)
        spec = self.speculation
        if spec is None:
            return plain
        verify = spec.verify_tokens
        zero = 0.0 * decode
        # verification reads each request's KV once; its V queries add attention FLOPs
        extra = (self._attention(ops, decode, context, zero, zero)
                 - self._attention(ops, decode * verify, context, zero, zero)
                 + (verify - 1) * self._attn_flops(ops, decode, context) / spec.attn_flops_per_s)
        decode_only = (self._tokens_and_work(ops, decode * verify, zero, context, zero)[1] + extra
                       + draft_seconds(ops, spec, decode, zero, context))
        with_prompt = (self._tokens_and_work(ops, decode * verify, prefill, context, prefill_context)[1]
                       + extra + draft_seconds(ops, spec, decode, prefill, context))
        rounds = (self._finished(ops, with_prompt, spec.launch_s)
                  - (1.0 - 1.0 / spec.tokens_per_step) * self._finished(ops, decode_only, spec.launch_s))
        return ops.select(decode > 0, rounds, plain)

    def plain(self) -> StepModel:
        """The same deployment without speculation (for the gain it brings)."""
        return StepModel(**{name: getattr(self, name) for name in StepModel.__dataclass_fields__})


def with_speculation(step: StepModel, inputs: PlanInputs) -> StepModel:
    """``step`` as a speculative step model when ``inputs`` speculate, else unchanged."""
    spec = inputs.deployment.speculation
    if spec is None:
        return step
    draft = draft_footprint(inputs)
    k = step.kernels
    tp_latency = step.comm_latency_s * 2 * draft.layers if draft and step.tp > 1 else 0.0
    per_layer_launch_s = step.eager_launch_s / inputs.model.num_layers
    draft_layers = draft.layers * spec.num_speculative_tokens if draft else 0
    terms = Speculation(
        verify_tokens=float(spec.verify_tokens), passes=float(spec.num_speculative_tokens),
        branches=float(spec.eagle_topk), tokens_per_step=acceptance_length(spec).value,
        draft=draft, attn_flops_per_s=k.prefill_rate if k is not None else step.attn_flops_per_s,
        gemm_flops_per_s=step.gemm_flops_per_s, memory_bytes_per_s=step.memory_bytes_per_s,
        collective_s=tp_latency, launch_s=step.eager_launch_s + per_layer_launch_s * draft_layers)
    fields = {name: getattr(step, name) for name in StepModel.__dataclass_fields__}
    return SpeculativeStepModel(**fields, speculation=terms)
