"""Chinese wording of the report's summary page, formula inputs named in words, range reasons.

Merged into :data:`gpucalc.report.strings.ZH`; terms follow the glossary of the window.
"""

from __future__ import annotations

ZH_SUMMARY: dict[str, str] = {
    'Summary': '摘要',
    'Engineering appendices': '工程附录',
    'Verdict': '结论',
    'Binding limit': '瓶颈',
    'Top risk': '最大风险',
    'What would change the answer': '什么会改变结论',
    'Why': '原因',
    'Pareto': '帕累托',
    'FP8 GEMM factor': 'FP8 GEMM 系数',
    'GPU memory for the KV cache': '存放 KV 缓存的显存',
    'compute speed (the latency targets)': '算力（延迟目标）',
    'the link between GPUs': '卡间互联',
    "the engine's cap on running requests": '引擎对同时运行请求数的上限',
    ('The {planned} GPUs planned carry the average of {avg} req/s: {avg_ok}; the peak of {peak} '
     'req/s: {peak_ok}. {needed} GPUs are needed, one spare replica included.'):
        ('规划的 {planned} 张卡能否承载平均 {avg} req/s：{avg_ok}；能否承载峰值 {peak} req/s：'
         '{peak_ok}。需要 {needed} 张卡（含一个备用副本）。'),
    'Cost of the GPUs needed: about ${month} per month.': '所需卡数的成本约为每月 ${month}。',
    'No GPU price is known, so no cost is given.': '目录中没有该 GPU 的价格，因此不给出成本。',
    ('{n} requests at once per replica, served within the latency targets; plan online traffic at '
     '{online} (the safety watermark).'):
        '每副本可同时处理 {n} 个请求并满足延迟目标；在线流量按 {online} 个规划（安全水位）。',
    ('Range {low}–{high} when the uncertain constants are at their pessimistic or optimistic '
     'ends.'):
        '不确定常数取悲观端或乐观端时，范围为 {low}–{high}。',
    '{limit} sets the number.': '决定这个数字的是{limit}。',
    'Next limit: {limit} at {n} requests.': '下一个限制：{limit}，在 {n} 个请求处。',
    ('{factor} within {range} moves the recommendation from {low} to {high} requests per '
     'replica.'):
        '{factor}在 {range} 之间变化时，推荐并发从每副本 {low} 变为 {high} 个请求。',
    'At {n} tokens per request the limit changes from {a} to {b}.':
        '每请求 {n} token 处，限制从{a}变为{b}。',
    'Not evaluated.': '未评估。',
    "Does not run: the model does not fit in the GPUs' memory.": '无法运行：模型放不进 GPU 显存。',
    ('More GPUs per replica (tensor or pipeline parallel), GPUs with more memory, or '
     'lower-precision weights.'):
        '每副本用更多卡（张量并行或流水线并行）、换显存更大的卡，或使用更低精度的权重。',
    ('The appendices give the inputs, every deduction with its formula and source, the curves, '
     'the fleet options and the measurement plan that checks this estimate.'):
        '附录列出输入、每一项显存扣减及其公式和来源、各条曲线、卡数方案，以及用来核对本估算的实测计划。',
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
}
