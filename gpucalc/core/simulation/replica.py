"""One simulated replica under continuous batching, one engine step at a time.

Each step the scheduler (vLLM V1's, simplified) first gives every decoding request one token,
then continues partially prefilled prompts, then admits waiting requests first come, first
served, while running slots (``max_num_seqs``), the token budget (``max_num_batched_tokens``,
chunked prefill) and KV tokens last. When the KV cache cannot hold the next tokens it preempts
the newest running request: its KV is freed and it goes back to the front of the queue to be
recomputed (prompt plus the tokens it already produced). The step lasts as long as the same
:class:`StepModel` the analytic load model uses says.

Prefix caching (vLLM's automatic prefix caching, SGLang's radix cache): a request may carry a
prefix id and the block-aligned length of its shared prefix. When the prefix is cached its
tokens are not prefilled and its KV is held once in the pool, reference-counted; a cold request
computes the whole prompt and, when its prefill ends, its prefix becomes the cached copy.
Unreferenced prefixes stay cached until the pool needs their room, least recently used first.

Decoding is aggregated: all decoding requests advance together, so a request's progress is a
function of the replica's decode-step counter, completions sit in a heap keyed by the counter
value they finish at, and the decode context is a running sum. Per step the Python work is a
handful of operations plus one per prompt chunk and per finished request.

A run of pure decode steps whose composition cannot change (no prompt chunk, no admission, no
preemption, no completion before its last step) is taken as one event: :meth:`Replica.extend_decode_run`
times its steps at once, and :meth:`Replica.finish_step` applies them as that many single steps
would.
"""

from __future__ import annotations

import math
from collections import OrderedDict, deque
from dataclasses import dataclass
from heapq import heappop, heappush

import numpy as np

from gpucalc.core.step.step_model import StepModel

UNSET = -1.0
# Shorter decode runs go step by step: below this the array call costs more than the Python
# steps it saves (a run-time choice only; every time is the same either way).
RUN_MIN_STEPS = 32


@dataclass(frozen=True, slots=True)
class ReplicaConfig:
    """Scheduler limits and step model of one replica."""

    step: StepModel
    kv_tokens: int  # KV cache capacity of the replica in tokens
    max_num_seqs: int  # running requests at most
    token_budget: int  # max_num_batched_tokens: tokens (decode + prefill) per step
    prefill_alone: bool = False  # a step that prefills runs no decodes (SGLang, vLLM V0)


class RequestBook:
    """Per-request state shared by all replicas (plain lists: the step loop reads them often)."""

    def __init__(self, inputs: list[int], outputs: list[int], arrivals: list[float],
                 prefixes: PrefixTraffic | None = None) -> None:
        count = len(inputs)
        self.input = inputs
        self.output = outputs
        self.arrival = arrivals
        self.admitted = [UNSET] * count  # first time the request was scheduled (s)
        self.first_token = [UNSET] * count  # s
        self.finish = [UNSET] * count  # s
        self.prefill_target = list(inputs)  # tokens to prefill (prompt, plus output on recompute)
        self.prefill_done = [0] * count
        self.generated = [0] * count  # output tokens produced (exact while not decoding)
        self.join_step = [0] * count  # replica decode counter when decoding (re)started
        self.join_context = [0] * count  # KV tokens held when decoding (re)started
        self.join_generated = [0] * count
        self.version = [0] * count  # bumped on preemption; stale heap entries are skipped
        self.prefix = prefixes.ids if prefixes else [-1] * count  # shared prefix id, -1 none
        self.shared = prefixes.shared if prefixes else [0] * count  # its block-aligned tokens
        self.own_cached = prefixes.own_cached if prefixes else [0] * count  # always-cached tokens
        self.held = [0] * count  # tokens of the request held by a cached prefix (not its own KV)


@dataclass(frozen=True, slots=True)
class PrefixTraffic:
    """Each request's shared prefix (id, block-aligned tokens) and tokens it always finds cached.

    ``own_cached`` stands for a measured hit rate without a shared structure: the request's own
    earlier tokens (its chat history), cached for it alone.
    """

    ids: list[int]
    shared: list[int]
    own_cached: list[int]


class Replica:
    """Waiting queue, running set and KV accounting of one replica."""

    def __init__(self, config: ReplicaConfig, book: RequestBook) -> None:
        self.config = config
        self.book = book
        self.waiting: deque[int] = deque()
        self.running: dict[int, None] = {}  # admission order: the last one is the newest
        self.prefilling: list[int] = []
        self.finishing: list[tuple[int, int, int]] = []  # heap of (decode step, request, version)
        self.decode_steps = 0
        self.decoding = 0
        self.context_sum = 0  # KV tokens of the decoding requests
        self.kv_used = 0  # KV tokens held or reserved by running requests
        self.preemptions = 0
        self.decode_step_s: list[float] = []  # gap before each step's decode tokens (ITL)
        self.decode_step_tokens: list[int] = []  # decoding requests in that step (one ITL each)
        self._last_decode_s = 0.0  # end of the last step that gave decoding requests a token
        self._decodes_now = True  # the planned step advances the decoding requests
        self.busy = False  # a step (or a wake-up) is scheduled
        self._scheduled: list[tuple[int, int]] = []  # (request, prompt tokens) of the step
        self._reserved = False  # decode tokens of the current step are already reserved
        self._run_gaps: list[float] = []  # ITL gaps of a fast-forwarded run of decode steps
        self.prefix_refs: dict[int, int] = {}  # cached prefix id -> running requests using it
        self.prefix_lru: OrderedDict[int, int] = OrderedDict()  # unreferenced: id -> tokens
        self.prompt_tokens_seen = 0  # prompt tokens of first admissions (the hit-rate base)
        self.prompt_tokens_cached = 0  # of those, tokens served from cache

    @property
    def outstanding(self) -> int:
        """Requests on this replica that have not finished (queued or running)."""
        return len(self.waiting) + len(self.running)

    def plan_step_seconds(self, now_s: float) -> float:
        """Schedule the next step and return its duration in seconds (0 when idle)."""
        scheduled: list[tuple[int, int]] = []
        if self.config.prefill_alone and (self.waiting or self.prefilling):
            self._reserved = False
            budget = self._continue_prefills(self.config.token_budget, scheduled)
            self._admit_waiting(now_s, budget, scheduled)
        self._decodes_now = not scheduled
        if self._decodes_now:
            self._reserve_decode_tokens()
            budget = self._continue_prefills(self.config.token_budget - self.decoding, scheduled)
            self._admit_waiting(now_s, budget, scheduled)
        self._scheduled = scheduled
        decoding = self.decoding if self._decodes_now else 0
        prompt_tokens = 0
        prompt_context = 0.0
        done = self.book.prefill_done
        for rid, chunk in scheduled:  # a chunk from position p attends to p + chunk/2 on average
            prompt_tokens += chunk
            prompt_context += chunk * (done[rid] + chunk / 2)
        if not decoding and not prompt_tokens:
            return 0.0
        context = self.context_sum / decoding if decoding else 0.0
        mean_prompt_context = prompt_context / prompt_tokens if prompt_tokens else 0.0
        return self.config.step.step_seconds(decoding, prompt_tokens, context,
                                             mean_prompt_context)

    def extend_decode_run(self, now_s: float, end_s: float, horizon_s: float) -> float:
        """Extend the planned step (``now_s`` to ``end_s``) to a run of identical decode steps.

        Applies when the step decodes, schedules no prompt and nothing is left prefilling: then a
        request still waiting could not be admitted and cannot be until a request completes (the
        slots and the token budget stay, the free KV only shrinks). The run stops at the first
        completion, before a step would need to preempt, and, when nothing waits, before the
        first step that starts at or after ``horizon_s`` (the earliest arrival this replica could
        get). Returns the end time of the run's last step.
        """
        decoding = self.decoding
        if (not decoding or self.finishing[0][0] - self.decode_steps < RUN_MIN_STEPS
                or self._scheduled or self.prefilling or not self._decodes_now
                or end_s <= now_s):  # a step too short to move the clock at this time
            return end_s
        steps = min(self.finishing[0][0] - self.decode_steps,
                    1 + (self.config.kv_tokens - self.kv_used) // decoding)
        if not self.waiting and horizon_s < math.inf:  # steps lengthen with the context: a bound
            steps = min(steps, 1 + int(max(horizon_s - now_s, 0.0) / (end_s - now_s)))
        if steps < RUN_MIN_STEPS:
            return end_s
        contexts = (self.context_sum + decoding * np.arange(steps)) / decoding
        seconds = self.config.step.step_seconds_many(decoding, 0.0, contexts, 0.0)
        times = np.cumsum(np.concatenate(([now_s], seconds)))  # run start, then each step's end
        if not self.waiting:
            steps = max(int(np.searchsorted(times[:steps], horizon_s)), 1)
        times[0] = self._last_decode_s
        self._run_gaps = np.diff(times[:steps + 1]).tolist()
        self.kv_used += (steps - 1) * decoding
        return float(times[steps])

    def _reserve_decode_tokens(self) -> None:
        """Make room for one new token per decoding request, preempting the newest if needed."""
        self._reserved = False
        self._free_cached_prefixes(self.kv_used + self.decoding - self.config.kv_tokens)
        while self.decoding and self.kv_used + self.decoding > self.config.kv_tokens:
            self._preempt_newest()
        self.kv_used += self.decoding
        self._reserved = True

    def _continue_prefills(self, budget: int, scheduled: list[tuple[int, int]]) -> int:
        """Schedule the next chunk of each partially prefilled prompt; return the budget left."""
        book, capacity = self.book, self.config.kv_tokens
        for rid in list(self.prefilling):
            if budget <= 0:
                break
            chunk = min(book.prefill_target[rid] - book.prefill_done[rid], budget)
            self._free_cached_prefixes(self.kv_used + chunk - capacity)
            while rid in self.running and self.kv_used + chunk > capacity:
                self._preempt_newest()
            if rid not in self.running:
                break
            self.kv_used += chunk
            budget -= chunk
            scheduled.append((rid, chunk))
        return budget

    def _admit_waiting(self, now_s: float, budget: int, scheduled: list[tuple[int, int]]) -> None:
        """Admit queued requests first come, first served while slots, budget and KV last.

        Engines that prefill alone admit a prompt only when all of it fits beside the prompts
        still being prefilled (SGLang's scheduler checks a request's whole input against the
        free pool; vLLM V0 without chunked prefill allocates the whole prompt at admission).
        Admitting on the first chunk alone would let a prompt whose later chunks do not fit be
        preempted and readmitted forever while no decode step frees memory.
        """
        book, capacity, limit = self.book, self.config.kv_tokens, self.config.max_num_seqs
        waiting, running = self.waiting, self.running
        whole = self.config.prefill_alone
        pending = self._pending_prompt_tokens(scheduled) if whole else 0
        while waiting and budget > 0 and len(running) < limit:
            rid = waiting[0]
            pooled = book.shared[rid] if book.prefix[rid] in self.prefix_refs else 0
            cached = pooled or book.own_cached[rid]
            remaining = book.prefill_target[rid] - cached
            chunk = min(remaining, budget)
            own = chunk + (cached - pooled)  # tokens of the request's own KV this step
            needed = pending + remaining + (cached - pooled) if whole else own
            if self.kv_used + needed > capacity and not self._free_cached_prefixes(
                    self.kv_used + needed - capacity, keep=book.prefix[rid] if pooled else -1):
                break
            waiting.popleft()
            running[rid] = None
            self.prefilling.append(rid)
            if book.admitted[rid] == UNSET:
                book.admitted[rid] = now_s
                self.prompt_tokens_seen += book.input[rid]
                self.prompt_tokens_cached += cached
            if pooled:
                self._reference_prefix(rid)
            book.prefill_done[rid] = cached
            self.kv_used += own
            pending += remaining - chunk if whole else 0
            budget -= chunk
            scheduled.append((rid, chunk))

    def _pending_prompt_tokens(self, scheduled: list[tuple[int, int]]) -> int:
        """Prompt tokens still to prefill for admitted requests, beyond this step's chunks."""
        book = self.book
        remaining = sum(book.prefill_target[r] - book.prefill_done[r] for r in self.prefilling)
        return remaining - sum(chunk for _, chunk in scheduled)

    def _reference_prefix(self, rid: int) -> None:
        """``rid`` uses its cached prefix: one more reference, off the eviction list."""
        book, pid = self.book, self.book.prefix[rid]
        self.prefix_refs[pid] = self.prefix_refs.get(pid, 0) + 1
        self.prefix_lru.pop(pid, None)
        book.held[rid] = book.shared[rid]

    def _cache_prefix(self, rid: int) -> None:
        """``rid`` finished computing its prompt: its shared prefix becomes the cached copy.

        The tokens stay in the pool, now counted as the prefix's (referenced by ``rid``); when
        the prefix is already cached (another request computed it meanwhile) ``rid`` keeps its
        own copy, as an engine keeps the first block registered under a hash.
        """
        book, pid = self.book, self.book.prefix[rid]
        if pid < 0 or not book.shared[rid] or book.held[rid] or pid in self.prefix_refs:
            return
        self.prefix_refs[pid] = 1
        book.held[rid] = book.shared[rid]

    def _release_prefix(self, rid: int) -> int:
        """``rid`` stops using its prefix; returns the tokens the prefix (not ``rid``) holds."""
        book = self.book
        held = book.held[rid]
        if held:
            pid = book.prefix[rid]
            refs = self.prefix_refs[pid] - 1
            self.prefix_refs[pid] = refs
            if not refs:
                self.prefix_lru[pid] = held  # newest at the end: evicted last
            book.held[rid] = 0
        return held

    def _free_cached_prefixes(self, short: int, keep: int = -1) -> bool:
        """Evict unreferenced cached prefixes, least recently used first, to free ``short`` tokens.

        Returns whether that much was freed (``keep`` is never evicted).
        """
        if short <= 0:
            return True
        for pid in list(self.prefix_lru):
            if short <= 0:
                break
            if pid == keep:
                continue
            tokens = self.prefix_lru.pop(pid)
            del self.prefix_refs[pid]
            self.kv_used -= tokens
            short -= tokens
        return short <= 0

    def finish_step(self, now_s: float, finished: list[int]) -> None:
        """Apply the planned step at its end time; append the requests that completed."""
        book = self.book
        if self.decoding and self._decodes_now:
            steps = 1
            if self._run_gaps:  # a fast-forwarded run: one gap per step
                steps = len(self._run_gaps)
                self.decode_step_s.extend(self._run_gaps)
                self.decode_step_tokens.extend([self.decoding] * steps)
                self._run_gaps = []
            else:
                self.decode_step_s.append(now_s - self._last_decode_s)  # the gap since the last token
                self.decode_step_tokens.append(self.decoding)
            self._last_decode_s = now_s
            self.decode_steps += steps
            self.context_sum += steps * self.decoding
            step = self.decode_steps
            heap = self.finishing
            while heap and heap[0][0] <= step:
                _, rid, version = heappop(heap)
                if version != book.version[rid]:
                    continue
                context = book.join_context[rid] + step - book.join_step[rid]
                self.context_sum -= context
                self.kv_used -= context - self._release_prefix(rid)
                self.decoding -= 1
                self._complete(rid, now_s, finished)
        for rid, chunk in self._scheduled:
            done = book.prefill_done[rid] + chunk
            book.prefill_done[rid] = done
            if done < book.prefill_target[rid]:
                continue
            self.prefilling.remove(rid)
            self._cache_prefix(rid)
            generated = book.generated[rid] + 1  # the step that ends a prefill samples a token
            book.generated[rid] = generated
            if book.first_token[rid] == UNSET:
                book.first_token[rid] = now_s
            if generated >= book.output[rid]:
                self.kv_used -= done - self._release_prefix(rid)
                self._complete(rid, now_s, finished)
                continue
            book.join_step[rid] = self.decode_steps
            book.join_context[rid] = done
            book.join_generated[rid] = generated
            heappush(self.finishing, (self.decode_steps + book.output[rid] - generated, rid,
                                      book.version[rid]))
            if not self.decoding:
                self._last_decode_s = now_s
            self.decoding += 1
            self.context_sum += done
        self._scheduled = []

    def _complete(self, rid: int, now_s: float, finished: list[int]) -> None:
        del self.running[rid]
        self.book.finish[rid] = now_s
        finished.append(rid)

    def _preempt_newest(self) -> None:
        """Recompute preemption of the newest running request: free its KV, requeue it first."""
        rid, _ = self.running.popitem()
        book = self.book
        self.preemptions += 1
        held = self._release_prefix(rid)
        if book.prefill_done[rid] < book.prefill_target[rid]:
            self.prefilling.remove(rid)
            self.kv_used -= book.prefill_done[rid] - held
        else:
            advanced = self.decode_steps - book.join_step[rid]
            context = book.join_context[rid] + advanced
            generated = book.join_generated[rid] + advanced
            book.generated[rid] = generated
            book.prefill_target[rid] = book.input[rid] + generated
            book.version[rid] += 1
            self.decoding -= 1
            self.context_sum -= context
            self.kv_used -= context - held + (1 if self._reserved else 0)
        book.prefill_done[rid] = 0
        self.waiting.appendleft(rid)
