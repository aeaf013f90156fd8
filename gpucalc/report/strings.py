"""Report wording in English and Chinese.

Every string is looked up in the one catalogue (:mod:`gpucalc.text.catalogue`, context "Report").
The table below holds only the texts the report still translates by name without a mark
(term and input names, formulas, range reasons, section titles); a text marked for the catalogue
takes its Chinese from there.
"""

from __future__ import annotations

from gpucalc.report.strings_zh_formulas import ZH_FORMULAS
from gpucalc.text.catalogue import translate

CONTEXT = "Report"

ZH: dict[str, str] = {
    'GPU memory (total)': '显存总量',
    'Weights': '权重',
    'Activation peak': '激活峰值',
    'Runtime (non-torch)': '运行时（非 torch）',
    'CUDA graphs': 'CUDA Graph',
    'KV cache': 'KV 缓存',
    'Headroom': '余量',
    'KV bytes per token': '每 token 的 KV 字节数',
    'KV bytes per token per GPU': '每卡每 token 的 KV 字节数',
    'KV cache tokens (per replica)': 'KV 缓存 token 数（每副本）',
    'KV cache tokens, all replicas': 'KV 缓存 token 数（全部副本）',
    'Max concurrency at max model length': '最大上下文长度下的最大并发',
    'Concurrency at P50 length': 'P50 长度下的并发',
    'Concurrency at P95 length': 'P95 长度下的并发',
    'Concurrency within planning share': '规划水位内的并发',
    'Concurrency at the 80 % alarm': '达到 80% 警戒线时的并发',
    'KV per request at average length': '平均长度下每请求的 KV',
    'Memory share at planned concurrency': '规划并发下的显存占比',
    'Scheduler (max_num_seqs)': '调度器（max_num_seqs）',
    'scheduler': '调度器',
    "the scheduler's max_num_seqs cap": '调度器的 max_num_seqs 上限',
    'Memory (KV cache)': '显存（KV 缓存）',
    'Compute / latency': '算力 / 延迟',
    'Interconnect': '卡间通信',
    'memory': '显存',
    'compute': '算力',
    'interconnect': '卡间通信',
    'KV-cache memory': 'KV 缓存显存',
    'compute (latency)': '算力（延迟）',
    '1. Inputs': '1. 输入',
    '2. Pre-reporting checklist': '2. 报数前自查清单',
    '3. Memory per GPU': '3. 单卡显存',
    '4. Concurrency ceilings': '4. 并发上限',
    '5. Ceilings against planning length': '5. 并发上限随规划长度的变化',
    '6. Latency and throughput against concurrency': '6. 延迟与吞吐随并发的变化',
    '7. Per-card grid': '7. 单卡并发参考表',
    '8. Fleet sizing and cost': '8. 卡数反推与成本',
    '9. Uncertainty and sensitivity': '9. 不确定性与敏感性',
    '10. Traffic simulation': '10. 流量仿真',
    '11. Efficiency assumptions': '11. 效率假设',
    '12. Notices': '12. 提示',
    'online': '在线',
    'offline': '离线',
    'mixed': '混合',
    'tokens': 'token',
    'bytes': '字节',
    'requests': '个请求',
    'short': '短',
    'medium': '中',
    'long': '长',
    'very long': '超长',
    'scenario': '本场景',
    'share of dense peak TFLOPS large GEMMs reach': '大矩阵乘能达到的稠密峰值 TFLOPS 比例',
    'share of peak attention kernels reach': '注意力算子能达到的峰值比例',
    'share of HBM bandwidth decode reaches': '逐 token 生成能达到的显存带宽比例',
    'share of link bandwidth all-reduce reaches': 'all-reduce 能达到的互联带宽比例',
    'fixed cost of one collective': '一次集合通信的固定开销',
    'fixed cost of one engine step': '引擎每步的固定开销',
    'FP8 GEMM share relative to BF16': 'FP8 矩阵乘相对 BF16 的效率比例',
    # Uncertainty and sensitivity
    'KV cache tokens': 'KV 缓存 token 数',
    'GPUs needed': '所需卡数',
    'Runtime (non-torch) memory': '运行时（非 torch）显存',
    'CUDA-graph memory': 'CUDA Graph 显存',
    'GEMM efficiency': 'GEMM 效率',
    'Attention efficiency': '注意力效率',
    'Memory-bandwidth efficiency': '显存带宽效率',
    'Link-bandwidth efficiency': '互联带宽效率',
    'Collective latency': '集合通信延迟',
    'Step overhead': '单步固定开销',
    'Input length P95': '输入长度 P95',
    'Output length': '输出长度',
    'TPOT target': 'TPOT 目标',
    'TTFT target': 'TTFT 目标',
    'GPU memory': '显存容量',
    'Peak TFLOPS': '峰值 TFLOPS',
    'Memory bandwidth': '显存带宽',
    'Memory fraction': '显存占用比例',
    # Appendix: measurement plan
    '13. Appendix: measurement plan': '13. 附录：实测计划',
    # Line items, formula inputs, range reasons and planning rules the report translates by
    # name (moved from the summary table; they move to the term catalogue with the formulas)
    'FP8 GEMM factor': 'FP8 GEMM 系数',
    # Line items under weights and activations
    'Embedding': '词嵌入',
    'Attention': '注意力',
    'Dense MLP': '稠密 MLP',
    'Routed experts': '路由专家',
    'Shared experts': '共享专家',
    'Norms and router': '归一化与路由器',
    'LM head': '输出头（LM head）',
    'Vision tower': '视觉塔',
    'Forward pass activations': '前向激活',
    'Sampler': '采样器',
    'MoE workspace': 'MoE 工作区',
    'Vision encoder (profiling pass)': '视觉编码器（预估运行）',
    # Formula inputs
    'batched tokens T': '批处理 token 数 T',
    'forward pass (GiB)': '前向激活（GiB）',
    'sampler (GiB)': '采样器（GiB）',
    'MoE workspace (GiB)': 'MoE 工作区（GiB）',
    'vision encoder (GiB)': '视觉编码器（GiB）',
    'embedding (GiB)': '词嵌入（GiB）',
    'attention (GiB)': '注意力（GiB）',
    'dense MLP (GiB)': '稠密 MLP（GiB）',
    'routed experts (GiB)': '路由专家（GiB）',
    'shared experts (GiB)': '共享专家（GiB）',
    'norms and router (GiB)': '归一化与路由器（GiB）',
    'LM head (GiB)': '输出头（GiB）',
    'vision tower (GiB)': '视觉塔（GiB）',
    'activation (GiB)': '激活（GiB）',
    'alarm share': '警戒占比',
    'average tokens': '平均 token 数',
    'base (GiB)': '基数（GiB）',
    'block bytes': '块字节数',
    'block size': '块大小',
    'blocks per request': '每请求块数',
    'bytes per element': '每元素字节数',
    'bytes per logit': '每 logit 字节数',
    'communication (ms)': '通信（ms）',
    'concurrency': '并发',
    'decode step (ms)': '解码步（ms）',
    'factor': '系数',
    'format': '格式',
    'memory fraction': '显存比例',
    'KV-cache groups': 'KV 缓存组数',
    'intermediate size': '中间层维度',
    'KV blocks': 'KV 块数',
    'KV format': 'KV 格式',
    'KV cache (GiB)': 'KV 缓存（GiB）',
    'KV per request (GiB)': '每请求 KV（GiB）',
    'layers': '层数',
    'length margin': '长度余量',
    'margin (GiB)': '余量（GiB）',
    'max model length': '最大上下文长度',
    'max sequences': '最大序列数',
    'mean input': '平均输入',
    'mean-latency ceiling': '平均延迟上限',
    'mean output': '平均输出',
    'runtime (GiB)': '运行时（GiB）',
    'P95 input': 'P95 输入',
    'P95 TPOT (ms)': 'P95 TPOT（ms）',
    'P95 TTFT (ms)': 'P95 TTFT（ms）',
    'parameters': '参数量',
    'bytes per GPU': '每卡字节数',
    'percentile': '百分位',
    'planning share': '规划占比',
    'planning length': '规划长度',
    'PP': '流水线并行',
    'prefill queue utilisation': '预填充队列利用率',
    'prefill step (ms)': '预填充步（ms）',
    'prefill share of steps': '预填充步占比',
    'prefill tokens': '预填充 token 数',
    'replicas': '副本数',
    'requests/s': '请求/秒',
    'running requests': '运行中的请求',
    'share': '占比',
    'share limit': '占比上限',
    'single GPU (GiB)': '单卡（GiB）',
    'source': '来源',
    'step (ms)': '步长（ms）',
    'token budget': 'token 预算',
    'tokens per request': '每请求 token 数',
    'total (GiB)': '总量（GiB）',
    'TP': '张量并行',
    'extra with TP (GiB)': '张量并行额外（GiB）',
    'TPOT target (ms)': 'TPOT 目标（ms）',
    'TTFT target (ms)': 'TTFT 目标（ms）',
    'uncapped': '未截断值',
    'vocabulary': '词表大小',
    'weights (GiB)': '权重（GiB）',
    # Reasons of the uncertain constants' ranges (as the report prints them)
    ('the 13 single-stage text-model logs give measured ÷ estimated 0.97–1.04; widened to ±10 % for '
     'engine versions outside the set; the published measurements: measured ÷ estimated over the 16 '
     'vLLM start-up logs'):
        ('13 份单阶段文本模型日志的实测 ÷ 估算为 0.97–1.04；为覆盖这组以外的引擎版本放宽到 ±10 %；'
         '依据公开实测：16 份 vLLM 启动日志的实测 ÷ 估算'),
    ('measured ÷ estimated non-torch memory spans 0.53–1.17 over the single-stage logs; the published '
     'measurements: measured ÷ estimated over the 16 vLLM start-up logs'):
        ('单阶段日志中非 torch 显存的实测 ÷ 估算在 0.53–1.17 之间；依据公开实测：16 份 vLLM '
         '启动日志的实测 ÷ 估算'),
    "0.6 GiB assumed; vLLM logs 'Graph capturing … took 0.3–1.5 GiB'":
        "假设 0.6 GiB；vLLM 日志显示 'Graph capturing … took 0.3–1.5 GiB'",
    ('the published measurements: gpucalc over-predicts throughput by up to 29 % and under-predicts '
     'by up to 8 %'):
        '依据公开实测：gpucalc 对吞吐最多高估 29 %、最多低估 8 %',
    'the TP = 4 runs miss TTFT/TPOT by −59 % … +66 %; the link share is the least certain factor':
        'TP = 4 的实测中 TTFT/TPOT 偏差为 −59 % … +66 %；链路带宽占比是最不确定的系数',
    'same TP = 4 spread; fixed collective cost depends on NCCL version':
        '同样来自 TP = 4 的偏差；集合通信的固定开销取决于 NCCL 版本',
    'TTFT errors −43 % … +15 %': 'TTFT 误差 −43 % … +15 %',
    # Planning rules cited as sources (the capacity planning guide's wording)
    'weights + KV at average length + margin within 70 % of memory':
        '权重 + 平均长度下的 KV + 余量不超过显存的 70 %',
    'keep weights + KV(avg) + margin within 70 % of memory':
        '权重 + KV（平均长度）+ 余量控制在显存的 70 % 以内',
    'at 80 % with the average length, long-context service is not viable':
        '按平均长度已到 80 % 时，长上下文服务不可行',
    'weights + KV(avg) + margin within 70 % of memory; 80 % at the average length is the alarm':
        '权重 + KV（平均长度）+ 余量不超过显存的 70 %；按平均长度达到 80 % 即为警戒线',
    **ZH_FORMULAS,

}


def tr(text: str, lang: str) -> str:
    """``text`` in ``lang`` ("en" or "zh"), from the catalogue's "Report" context."""
    if lang != "zh":
        return text
    translated = translate(CONTEXT, text, lang)
    return translated if translated != text else ZH.get(text, text)


def trf(text: str, lang: str, **values: object) -> str:
    """``text`` translated, then formatted with ``values``."""
    return tr(text, lang).format(**values)
