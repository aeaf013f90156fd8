"""Report wording in English and Chinese.

Every string goes through ``QCoreApplication.translate("Report", ...)`` so an installed Qt
translator (the window's) can carry it; when none translates it (the command line), the small
built-in Chinese table below is used, so ``--lang zh`` works without a translator.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

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
    '5. Ceilings against context length': '5. 并发上限随上下文长度的变化',
    '6. Latency and throughput against concurrency': '6. 延迟与吞吐随并发的变化',
    '7. Per-card grid': '7. 单卡并发参考表',
    '8. Fleet sizing and cost': '8. 卡数反推与成本',
    '9. Uncertainty and sensitivity': '9. 不确定性与敏感性',
    '10. Traffic simulation': '10. 流量仿真',
    '11. Efficiency assumptions': '11. 效率假设',
    '12. Notices': '12. 提示',
    '{model} on {n}× {gpu} · {engine}': '{model}，{n}× {gpu} · {engine}',
    'gpucalc {version} · created {date}': 'gpucalc {version} · 生成于 {date}',
    ('{n} concurrent requests per replica at TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms — limited '
     'by {bottleneck}; online capacity at the {watermark} watermark: {online}.'):
        ('在首 token 时间 ≤ {ttft} ms、每 token 延迟 ≤ {tpot} ms 下，每副本可承载 {n} '
         '个并发请求——瓶颈为{bottleneck}；按 {watermark} 安全水位的在线容量：{online}。'),
    ('For {qps} req/s average and {peak} req/s peak, sized for the peak with one spare '
     'replica (N + 1); the {n} cheapest of {m} options that meet the targets. ★ = Pareto '
     'front (no option is both cheaper and faster).'):
        ('平均 {qps} req/s、峰值 {peak} req/s，按峰值并留一个备用副本（N + 1）反推；列出满足目标的 '
         '{m} 个方案中最便宜的 {n} 个。★ = 帕累托前沿（没有既更便宜又更快的方案）。'),
    'checkpoint': '检查点自带',
    'what-if': '假设量化',
    'At {n} tokens the binding constraint changes from {a} to {b}.': '在 {n} token 处，瓶颈从{a}变为{b}。',
    'Latency against concurrency': '延迟随并发的变化',
    'Output throughput against concurrency': '输出吞吐随并发的变化',
    'concurrent requests (closed loop)': '并发请求数（闭环）',
    'ms': '毫秒',
    'output tokens/s': '输出 token/s',
    'target': '目标',
    'knee': '拐点',
    'watermark': '安全水位',
    'output tokens/s per replica': '每副本输出 token/s',
    'GPU inference capacity report': 'GPU 推理容量报告',
    '{r} replicas: {total} requests in all.': '{r} 个副本：共 {total} 个请求。',
    'Model': '模型',
    'Parameters': '参数量',
    '{total} total, {active} active per token': '总计 {total}，每 token 激活 {active}',
    'Precision': '精度',
    'weights {weights} ({origin}), KV cache {kv}': '权重 {weights}（{origin}），KV 缓存 {kv}',
    'GPU': 'GPU',
    '{n}× {gpu}: {mem} GiB usable each, {bw} GB/s, {link}':
        '{n}× {gpu}：每卡可用 {mem} GiB，{bw} GB/s，{link}',
    'Engine': '推理引擎',
    'Parallelism': '并行方式',
    'TP {tp} × PP {pp}, {r} replica(s)': '张量并行 {tp} × 流水线并行 {pp}，{r} 个副本',
    'Workload': '流量',
    ('input {i50} tokens (P95 {i95}), output {o50} tokens (P95 {o95}), {turns} turn(s); '
     '{qps} req/s average, {peak} req/s peak'):
        ('输入 {i50} token（P95 {i95}），输出 {o50} token（P95 {o95}），{turns} '
         '轮；平均 {qps} req/s，峰值 {peak} req/s'),
    'Targets': '延迟目标',
    'TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms; watermark {wm}; planning share {share}':
        ('首 token 时间 ≤ {ttft} ms，每 token 延迟 ≤ {tpot} ms；安全水位 {wm}；规划显存占比 '
         '{share}'),
    'State each item before reporting a capacity number (seed 000, capacity planning checklist).':
        '报容量数字之前逐条写明（容量规划清单：报数前先自查）。',
    'Memory picture of one GPU': '单卡显存构成',
    'GPU memory (GiB)': '显存（GiB）',
    'capacity {v} GiB': '容量 {v} GiB',
    'planning share {p}': '规划占比 {p}',
    'Line item': '扣减项',
    'Value': '数值',
    'Formula': '公式',
    'Inputs': '输入',
    'Source': '来源',
    'Sources': '来源',
    'Concurrency ceilings (the smallest binds)': '并发上限（最小者为瓶颈）',
    'running requests per replica': '每副本同时在算的请求数',
    'no limit': '无限制',
    'watermark {n}': '安全水位 {n}',
    'At the recommendation': '推荐并发下',
    'Offline maximum (batch full)': '离线最大（批次占满）',
    'Advice': '建议',
    'Operating points (one replica)': '工作点（单副本）',
    ('Knee (90 % of peak throughput): {k} concurrent requests; communication share of '
     'a step at the recommendation: {c}.'):
        '拐点（达到峰值吞吐的 90 %）：{k} 个并发请求；推荐并发下每步的通信占比：{c}。',
    'Ceilings against context length': '并发上限随上下文长度的变化',
    'context length (tokens per request)': '上下文长度（每请求 token 数）',
    'requests per replica': '每副本请求数',
    'crossover': '交叉点',
    'planning {n}': '规划长度 {n}',
    'No crossover: one constraint binds over the whole range.': '无交叉点：整个区间内都是同一个瓶颈。',
    ('Every request at the given context length ({o} of it output tokens); the dashed '
     'line is the recommendation (the smallest ceiling).'):
        '每个请求都取该上下文长度（其中输出 {o} token）；虚线为推荐值（最小的上限）。',
    'Precision tier': '量化档位',
    ('Concurrent requests per replica that meet the targets, by context length (tokens) '
     'and precision tier, and what binds.'):
        '满足延迟目标的每副本并发请求数，按上下文长度（token）与量化档位列出，并注明瓶颈。',
    'Source: {s}': '来源：{s}',
    'Scenario: {name}': '场景：{name}',
    'The model does not fit on this deployment.': '该部署放不下此模型。',
    'Launch command': '启动命令',
    'pass': '通过',
    'attention': '注意',
    'Pipeline stage {s} of {n} (the one whose KV cache binds).':
        '流水线第 {s} 段（共 {n} 段，其 KV 缓存为瓶颈）。',
    'No GPU in the catalog meets the targets.': '目录中没有满足目标的 GPU。',
    'Item': '项目',
    'Stated value': '写明的数值',
    'Check': '检查',
    'binding': '瓶颈',
    'Ceiling': '上限',
    'Requests per replica': '每副本请求数',
    'Binds': '瓶颈',
    'Point': '工作点',
    'Concurrency': '并发',
    'Output (tok/s)': '输出（tok/s）',
    'Requests/s': '请求/秒',
    'Weights / KV': '权重 / KV',
    'Conc.': '并发',
    'req/s per replica': '每副本 req/s',
    'GPUs': '卡数',
    'Util.': '利用率',
    '$/M tokens': '$/百万 token',
    'Factor': '因子',
    'Meaning': '含义',
    'None.': '无。',
    'does not fit': '放不下',
    'Page {n} of {total}': '第 {n} 页，共 {total} 页',
    'tokens': 'token',
    'bytes': '字节',
    'requests': '个请求',
    'short': '短',
    'medium': '中',
    'long': '长',
    'very long': '超长',
    'share of dense peak TFLOPS large GEMMs reach': '大矩阵乘能达到的稠密峰值 TFLOPS 比例',
    'share of peak attention kernels reach': '注意力算子能达到的峰值比例',
    'share of HBM bandwidth decode reaches': '逐 token 生成能达到的显存带宽比例',
    'share of link bandwidth all-reduce reaches': 'all-reduce 能达到的互联带宽比例',
    'fixed cost of one collective': '一次集合通信的固定开销',
    'fixed cost of one engine step': '引擎每步的固定开销',
    'FP8 GEMM share relative to BF16': 'FP8 矩阵乘相对 BF16 的效率比例',
    ('KV cache holds {tokens} tokens per replica: {n} requests at the planning length '
     '({planning} tokens)'):
        '每副本 KV 缓存可放 {tokens} token：规划长度（{planning} token）下 {n} 个请求',
    'lower concurrency: cap admission at {online} requests and queue the rest':
        '降并发：准入上限 {online} 个请求，其余排队',
    'Model size and precision': '模型参数量与量化档位',
    '{model}: {total} parameters ({active} active per token); weights {weights}, KV cache {kv}':
        ('{model}：参数量 {total}（每 token 激活 {active}）；权重 {weights}，KV 缓存 '
         '{kv}'),
    'Weights on their own line': '权重占用单独列一行',
    '{weights} GiB per GPU of {total} GiB ({share} of memory; planning share {limit})':
        '每卡 {weights} GiB，显存 {total} GiB（占 {share}；规划占比 {limit}）',
    'Context length at the real percentile': '上下文长度用真实分位数',
    ('Planned at P95: {input} input + {output} output = {planning} tokens per request '
     '(not max_model_len {max_len})'):
        ('按 P95 规划：输入 {input} + 输出 {output} = 每请求 {planning} token（不是最大长度 '
         '{max_len}）'),
    ('Planned at P95: {input} input + {history} chat history + {output} output = {planning} '
     'tokens per request (not max_model_len {max_len})'):
        ('按 P95 规划：输入 {input} + 对话历史 {history} + 输出 {output} = '
         '每请求 {planning} token（不是最大长度 {max_len}）'),
    'TTFT and TPOT targets': '首 token 时间与生成速度目标',
    ('Targets TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms; at {n} concurrent requests: TTFT {ttft_at} '
     'ms, TPOT {tpot_at} ms'):
        ('目标：首 token 时间 ≤ {ttft} ms，每 token 延迟 ≤ {tpot} ms；{n} 个并发时：首 '
         'token {ttft_at} ms，每 token {tpot_at} ms'),
    'KV cache sized for the real traffic shape': 'KV 缓存按真实流量形态估算',
    'Margin': '余量',
    ('Online capacity {online} requests ({watermark} watermark of {n}); weights + KV at '
     'P50 + margin within {share} of memory allow {plan} requests'):
        ('在线容量 {online} 个请求（{n} 的 {watermark} 安全水位）；权重 + P50 长度 KV + 余量控制在显存 '
         '{share} 以内时可容纳 {plan} 个请求'),
    'Degradation plan for peaks': '峰值降级方案',
    'Estimate against measurement': '估算与实测的差距',
    ('To do: load-test (single-request baseline, then raise concurrency to the knee) and '
     'record the gap to this estimate'):
        '待办：压测（先测单请求基线，再加并发找拐点），并记下与本估算的差距',
    ('No P95 length given: planned at the P50 lengths ({input} + {output} = {planning} '
     'tokens); state the real P95 of your traffic (max_model_len {max_len})'):
        ('未给出 P95 长度：按 P50 长度规划（{input} + {output} = {planning} token）'
         '；请写明真实流量的 P95（最大长度 {max_len}）'),
    'Targets TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms; not evaluated: the model does not fit':
        '目标：首 token 时间 ≤ {ttft} ms，每 token 延迟 ≤ {tpot} ms；模型放不下，未评估',
    'mixed traffic planned at its longest class ({longest} tokens)':
        '长短混合按最长的一类规划（{longest} token）',
    'multi-turn chat at its full history ({turns} turns)': '多轮对话按完整历史规划（{turns} 轮）',
    'No margin: the model does not fit': '没有余量：模型放不下',
    'None possible until the model fits': '模型放得下之前无法降级',
    'shorter context ({context} tokens): {short_n} requests':
        '缩短上下文（{context} token）：{short_n} 个请求',
    'smaller model or precision ({tier} weights): {tier_n} requests':
        '切小模型或降精度（{tier} 权重）：{tier_n} 个请求',
    # Uncertainty and sensitivity
    'KV cache tokens': 'KV 缓存 token 数',
    'Recommended concurrency': '推荐并发',
    'GPUs needed': '所需卡数',
    'Runtime (non-torch) memory': '运行时（非 torch）显存',
    'CUDA-graph memory': 'CUDA Graph 显存',
    'GEMM efficiency': 'GEMM 效率',
    'Attention efficiency': '注意力效率',
    'Memory-bandwidth efficiency': '显存带宽效率',
    'Link-bandwidth efficiency': '互联带宽效率',
    'Collective latency': '集合通信延迟',
    'Step overhead': '单步固定开销',
    'Context length P95': '上下文长度 P95',
    'Output length': '输出长度',
    'TPOT target': 'TPOT 目标',
    'TTFT target': 'TTFT 目标',
    'GPU memory': '显存容量',
    'Peak TFLOPS': '峰值 TFLOPS',
    'Memory bandwidth': '显存带宽',
    'Memory fraction': '显存占用比例',
    ('Low and high: every uncertain constant at once at the pessimistic or the optimistic end of '
     'its stated range (table below); low and high are the smallest and largest of the three '
     'evaluations — a planning range, not a confidence interval. GPUs needed for {qps} req/s '
     'average, {peak} req/s peak, as in the fleet sizing.'):
        ('低 / 高：所有不确定常数同时取其给定范围的悲观端 / 乐观端（范围见下表）；低、高取三次计算中的'
         '最小值与最大值——这是规划用的范围，不是置信区间。所需卡数按平均 {qps} req/s、峰值 {peak} '
         'req/s 计算，与卡数反推一节相同。'),
    'Result': '结果',
    'Low': '低',
    'Expected': '预期',
    'High': '高',
    'Unit': '单位',
    'Sensitivity': '敏感性',
    ('One factor at a time moved over its range, everything else at its value; the {n} largest '
     'swings of the recommended concurrency ({base} requests per replica). Workload lengths and '
     'targets move ±20 %, GPU figures and the memory fraction ±5 %, the constants over the ranges '
     'below.'):
        ('每次只让一个因子在其范围内变动，其余保持原值；列出使推荐并发（每副本 {base} 个请求）变化最大的 '
         '{n} 个因子。流量长度与延迟目标变动 ±20 %，GPU 参数与显存占用比例变动 ±5 %，常数按下表的范围变动。'),
    'Recommended concurrency, one factor at a time': '推荐并发（逐个因子变动）',
    'recommended concurrency (requests per replica)': '推荐并发（每副本请求数）',
    'at low value': '取低值时',
    'at high value': '取高值时',
    'expected': '预期',
    'Range': '范围',
    'Conc. at low': '低值时并发',
    'Conc. at high': '高值时并发',
    'Swing': '变化幅度',
    'Ranges of the uncertain constants': '不确定常数的范围',
    'Constant': '常数',
    'Reason and source': '依据与来源',
    'Not evaluated: the model does not fit on this deployment.': '未评估：该部署放不下此模型。',
    # Traffic simulation
    ('Discrete-event simulation of one replica (continuous batching on the same step-time model): '
     'Poisson arrivals at {k} rates up to {top}× the analytic saturation rate ({sat} req/s), {n} '
     'requests per rate with lengths drawn from the workload, fixed seed {seed} (the same plan '
     'gives the same numbers). Solid: P50; dashed: P95.'):
        ('单副本离散事件仿真（在同一步时模型上模拟连续批处理）：泊松到达，共 {k} 个请求速率，最高为解析'
         '饱和速率（{sat} req/s）的 {top} 倍；每个速率 {n} 个请求，长度按流量分布抽样；固定随机种子 '
         '{seed}（同一方案每次得到相同的数字）。实线：P50；虚线：P95。'),
    'TTFT against request rate': 'TTFT 随请求速率的变化',
    'TPOT against request rate': 'TPOT 随请求速率的变化',
    'request rate (req/s, one replica)': '请求速率（req/s，单副本）',
    'ms (log scale)': '毫秒（对数刻度）',
    'P{p} SLO': 'P{p} SLO 容量',
    'Rate (req/s)': '速率（req/s）',
    'Goodput (req/s)': '有效吞吐（req/s）',
    ('Capacity at the P{p} SLO (TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms): {cap} req/s per replica, '
     '{share} of the {analytic} req/s the analytic recommendation ({n} concurrent requests) '
     'carries.'):
        ('按 P{p} 满足 SLO（首 token 时间 ≤ {ttft} ms，每 token 延迟 ≤ {tpot} ms）的容量：每副本 '
         '{cap} req/s，为解析模型推荐值（{n} 个并发请求，{analytic} req/s）的 {share}。'),
    ('No simulated rate meets the targets at P{p} (TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms); the '
     'analytic recommendation ({n} concurrent requests) carries {analytic} req/s per replica.'):
        ('仿真的各个请求速率在 P{p} 下都达不到目标（首 token 时间 ≤ {ttft} ms，每 token 延迟 ≤ {tpot} '
         'ms）；解析模型的推荐值（{n} 个并发请求）每副本承载 {analytic} req/s。'),
    'Every simulated rate meets the targets, so the capacity is at least this.':
        '所有仿真速率都满足目标，实际容量不低于此值。',
    '{r} replicas: {total} req/s in all.': '{r} 个副本：共 {total} req/s。',
    ('Bisection in the simulator: {sim} req/s per replica at the P{p} SLO; the percentile-aware '
     'analytic capacity, {analytic} req/s, agrees within 10 % and is the figure planned.'):
        ('仿真二分查找：P{p} SLO 下每副本 {sim} req/s；按百分位计算的解析容量 {analytic} req/s 与之相差'
         '不超过 10 %，作为规划值。'),
    ('Bisection in the simulator: {sim} req/s per replica at the P{p} SLO; the percentile-aware '
     'analytic capacity, {analytic} req/s, is off by more than 10 % (ratio {ratio}), so the '
     'simulated figure is the one planned.'):
        ('仿真二分查找：P{p} SLO 下每副本 {sim} req/s；按百分位计算的解析容量 {analytic} req/s 相差'
         '超过 10 %（比值 {ratio}），因此以仿真值作为规划值。'),
    'Request classes at the recommendation (P{p}, one replica)': '推荐并发下各请求类别（P{p}，单副本）',
    'Class': '类别',
    'Input': '输入',
    'Output': '输出',
    'Share': '占比',
    'longest: watch this line, it breaks first': '最长类别：单独看这条线，它先崩',
    'misses a target': '未达目标',
    ('Knee: {k} req/s (the highest rate whose median TTFT stays within {g}× its value at the '
     'lowest rate).'):
        '拐点：{k} req/s（中位 TTFT 不超过最低速率时 {g} 倍的最高速率）。',
    'Not simulated: the model does not fit on this deployment.': '未仿真：该部署放不下此模型。',
    'Not simulated: the simulator cannot run this plan.': '未仿真：仿真器无法运行此方案。',
}


def tr(text: str, lang: str) -> str:
    """``text`` in ``lang`` ("en" or "zh"): the Qt translator's version, else the built-in one."""
    if lang != "zh":
        return text
    translated = QCoreApplication.translate(CONTEXT, text)
    if translated != text:
        return translated
    return ZH.get(text, text)


def trf(text: str, lang: str, **values: object) -> str:
    """``text`` translated, then formatted with ``values``."""
    return tr(text, lang).format(**values)
