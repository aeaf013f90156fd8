"""Report wording in English and Chinese.

Every string goes through ``QCoreApplication.translate("Report", ...)`` so an installed Qt
translator (the window's) can carry it; when none translates it (the command line), the small
built-in Chinese table below is used, so ``--lang zh`` works without a translator.
"""

from __future__ import annotations

from gpucalc.report.strings_zh_summary import ZH_SUMMARY
from gpucalc.text.catalogue import translate

CONTEXT = "Report"

ZH: dict[str, str] = {
    'Scheduler (max_num_seqs)': '调度器（max_num_seqs）',
    'scheduler': '调度器',
    "the scheduler's max_num_seqs cap": '调度器的 max_num_seqs 上限',
    'alarm {p}': '警戒线 {p}',
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
    'TTFT knee': 'TTFT 拐点',
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
     '{qps} req/s average, {peak} req/s peak; {mode} traffic'):
        ('输入 {i50} token（P95 {i95}），输出 {o50} token（P95 {o95}），{turns} '
         '轮；平均 {qps} req/s，峰值 {peak} req/s；{mode}流量'),
    'online': '在线',
    'offline': '离线',
    'mixed': '混合',
    'Targets': '延迟目标',
    'TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms; watermark {wm}; planning share {share}':
        ('首 token 时间 ≤ {ttft} ms，每 token 延迟 ≤ {tpot} ms；安全水位 {wm}；规划显存占比 '
         '{share}'),
    'State each item before reporting a capacity number (the capacity planning checklist).':
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
    ('Knee (the recommendation: past it a latency target breaks or requests queue): {k} '
     'concurrent requests; online capacity ({wm} of the knee): {online}; communication share of '
     'a step at the recommendation: {c}.'):
        ('拐点（即推荐并发：再往上延迟目标被击穿或请求开始排队）：{k} 个并发请求；在线容量（拐点的 {wm}）：'
         '{online}；推荐并发下每步的通信占比：{c}。'),
    'Ceilings against planning length': '并发上限随规划长度的变化',
    'planning length (KV tokens per request)': '规划长度（每请求 KV token 数）',
    'requests per replica': '每副本请求数',
    'crossover': '交叉点',
    'planning {n}': '规划长度 {n}',
    'No crossover: one constraint binds over the whole range.': '无交叉点：整个区间内都是同一个瓶颈。',
    ('Planning length: KV tokens one request holds (P95 input + history + P95 output). Each '
     'point is this scenario with every length scaled in proportion (output: {o} % of the mean '
     'request); at {n} tokens it is the answer. The dashed line is the recommendation (the '
     'smallest ceiling).'):
        '规划长度：单个请求占用的 KV token 数（P95 输入 + 历史 + P95 输出）。每个点都是本场景按比例'
        '缩放全部长度后的结果（输出占平均请求的 {o} %）；在 {n} token 处即为推荐答案。'
        '虚线为推荐值（最小的上限）。',
    'Precision tier': '量化档位',
    ('Concurrent requests per replica that meet the targets, by planning length (tokens per '
     'request, the scenario\'s lengths scaled in proportion) and precision tier, and what binds. '
     'The scenario\'s column at its precision is the answer.'):
        '满足延迟目标的每副本并发请求数，按规划长度（每请求 token 数，本场景各长度按比例缩放）'
        '与量化档位列出，并注明瓶颈。本场景列在其自身精度下即为推荐答案。',
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
    'scenario': '本场景',
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
    ('Online capacity {online} requests ({watermark} watermark of the knee, {n}); weights '
     '+ KV at the average length ({avg_len} tokens) + margin within {share} of memory allow {plan} '
     'requests; {online} requests fill {used}'):
        ('在线容量 {online} 个请求（拐点 {n} 的 {watermark} 安全水位）；权重 + 平均长度（{avg_len} token）'
         'KV + 余量控制在显存 {share} 以内时可容纳 {plan} 个请求；{online} 个请求占显存 {used}'),
    ('carries {avg} req/s average: {avg_ok}, {peak} req/s peak: {peak_ok} — {needed} GPUs needed '
     '({planned} planned, N + {k})'):
        ('能否承载平均 {avg} req/s：{avg_ok}，峰值 {peak} req/s：{peak_ok}——需要 {needed} 张卡（规划 '
         '{planned} 张，N + {k}）'),
    'Degradation plan for peaks': '峰值降级方案',
    'Estimate against measurement': '估算与实测的差距',
    ('To do: run the measurement plan (single-request baseline, then raise concurrency to the '
     'knee: gpucalc test-plan, or Tools → Measurement plan…) and record the gap to this estimate'):
        ('待办：按实测计划压测（先测单请求基线，再加并发找拐点：gpucalc test-plan，或 工具 → 实测计划…），'
         '并记下与本估算的差距'),
    ('No P95 length given: planned at the P50 lengths ({input} + {output} = {planning} '
     'tokens); state the real P95 of your traffic (max_model_len {max_len})'):
        ('未给出 P95 长度：按 P50 长度规划（{input} + {output} = {planning} token）'
         '；请写明真实流量的 P95（最大长度 {max_len}）'),
    ('Planned at {planning} tokens per request with the P95 input ({input}); no P95 output length '
     'given, so the P50 output ({output}) stands in: state the real P95 (max_model_len {max_len})'):
        ('按每请求 {planning} token 规划，输入取 P95（{input}）；未给出输出的 P95 长度，暂以 P50 输出'
         '（{output}）代替：请写明真实的 P95（最大长度 {max_len}）'),
    ('Planned at {planning} tokens per request with the P95 output ({output}); no P95 input length '
     'given, so the P50 input ({input}) stands in: state the real P95 (max_model_len {max_len})'):
        ('按每请求 {planning} token 规划，输出取 P95（{output}）；未给出输入的 P95 长度，暂以 P50 输入'
         '（{input}）代替：请写明真实的 P95（最大长度 {max_len}）'),
    'Targets TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms; not evaluated: the model does not fit':
        '目标：首 token 时间 ≤ {ttft} ms，每 token 延迟 ≤ {tpot} ms；模型放不下，未评估',
    'mixed traffic planned at its longest class ({longest} tokens)':
        '长短混合按最长的一类规划（{longest} token）',
    'multi-turn chat at its full history ({turns} turns)': '多轮对话按完整历史规划（{turns} 轮）',
    'No margin: the model does not fit': '没有余量：模型放不下',
    'output at its P50 (no output P95 given)': '输出按 P50 计（未给出输出的 P95）',
    'input at its P50 (no input P95 given)': '输入按 P50 计（未给出输入的 P95）',
    'None possible until the model fits': '模型放得下之前无法降级',
    'shorter context ({context} tokens): {short_n} requests':
        '缩短上下文（{context} token）：{short_n} 个请求',
    'smaller model or precision ({tier} weights): {tier_n} requests':
        '切小模型或降精度（{tier} 权重）：{tier_n} 个请求',
    # Uncertainty and sensitivity
    'Recommended concurrency': '推荐并发',
    ('Low and high: every uncertain constant at once at the pessimistic or the optimistic end of '
     'its stated range (table below); low and high are the smallest and largest of the three '
     'evaluations — a planning range, not a confidence interval. The recommended concurrency\'s '
     'range also brackets both ends of every sensitivity bar. GPUs needed for {qps} req/s '
     'average, {peak} req/s peak, by the fleet verdict\'s rule (page 1): {needed} GPUs needed '
     '({planned} planned).'):
        ('低 / 高：所有不确定常数同时取其给定范围的悲观端 / 乐观端（范围见下表）；低、高取三次计算中的'
         '最小值与最大值——这是规划用的范围，不是置信区间。推荐并发的范围还涵盖每个敏感性条形的两端。'
         '所需卡数按平均 {qps} req/s、峰值 {peak} req/s、以第 1 页承载结论的同一规则计算：需要 {needed} '
         '张卡（规划 {planned} 张）。'),
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
    ('TTFT knee: {k} req/s (the highest request rate whose median TTFT stays within {g}× its value '
     'at the lowest rate; a rate, not the concurrency knee of the answer).'):
        ('TTFT 拐点：{k} req/s（中位 TTFT 不超过最低速率时 {g} 倍的最高请求速率；'
         '这是请求速率，不是推荐答案中的并发拐点）。'),
    'Not simulated: the model does not fit on this deployment.': '未仿真：该部署放不下此模型。',
    'Not simulated: the simulator cannot run this plan.': '未仿真：仿真器无法运行此方案。',
    # Appendix: measurement plan
    '13. Appendix: measurement plan': '13. 附录：实测计划',
    ("The measurement order: a single-request baseline, a concurrency ladder at a fixed "
     "context until a latency target breaks, the real traffic mix, and the watermark check. "
     "Start the engine with the serve command, run each step and save its results; "
     "gpucalc test-plan --results FILE… (or Tools → Measurement plan… in the window) marks "
     "each run pass or attention: a figure within ±{tol} of this estimate passes. If the load "
     "test is far from the estimate, first check which memory deduction was missed and "
     "whether the context used the mean instead of P95."):
        ('实测顺序：先测单请求基线，再固定上下文按梯度加并发直到延迟目标被击穿，然后换成'
         '真实混合流量，最后检查安全水位。用启动命令拉起引擎，逐步运行并保存结果；gpucalc test-plan '
         '--results 文件…（或窗口中的 工具 → 实测计划…）逐条标记通过或需注意：与本估算相差在 ±{tol} '
         '以内即为通过。如果压测结果和估算差很远，先检查显存扣减的哪一项漏了、上下文是不是用了平均值而不是 '
         'P95。'),
    'Serve command': '启动命令',
    'Figures are per replica: benchmark one of the {r} replicas.':
        '数字均为单副本：压测其中一个副本（共 {r} 个副本）。',
    'Single-request baseline': '单请求基线',
    'Concurrency ladder at a fixed context': '固定上下文的并发梯度',
    'Real traffic mix': '真实混合流量',
    'Watermark check': '安全水位检查',
    ('One request at a time: the time to first token and the per-token latency with no batching; '
     'network and client overhead show here.'):
        '一次只发一条请求：不组批时的首 token 时间和每 token 延迟；网络和客户端开销在这里显现。',
    ('Fixed lengths, concurrency raised rung by rung around the recommendation; record TTFT, TPOT '
     'and throughput at each rung until a latency target breaks.'):
        '固定长度，围绕推荐值逐档加并发；每档记录首 token 时间、每 token 延迟和吞吐，直到延迟目标被击穿。',
    ('Run these together (long and short requests, chat history) at the recommendation in all; '
     "per-token latency should match the ladder's rung at the recommendation and the targets "
     'should hold. A large gap means an assumption of the estimate is wrong.'):
        ('同时运行这些命令（长短请求、对话历史），总并发等于推荐值；每 token 延迟应与梯度中推荐值那一档一致，'
         '且目标应当守住。差得多说明估算的假设有问题。'),
    ('Online capacity at the safety watermark: latencies should sit well inside the targets, '
     'leaving the rest for bursts and the long tail.'):
        '按安全水位的线上容量运行：延迟应明显低于目标，剩下的留给突发和长尾。',
    'The estimate expects a target to break at about {n} concurrent requests.':
        '估算预计并发约 {n} 时延迟目标被击穿。',
    '{label}: {input} in + {output} out, {prompts} prompts':
        '{label}：输入 {input} + 输出 {output}，{prompts} 条请求',
    'typical': '典型',
    'long tail': '长尾',
    'targets met': '满足目标',
    'a target broken': '目标被击穿',
    'Run': '运行',
    'Command': '命令',
    ('TTFT above the estimate: check the prompt lengths the benchmark sent and that the context '
     'was planned at P95, not the mean; queueing in front of prefill also shows here'):
        ('首 token 时间高于估算：检查压测实际发送的输入长度，以及上下文是否按 P95 而不是平均值规划；'
         '预填充前的排队也会体现在这里'),
    ('Per-token latency above the estimate: calibrate the efficiency factors on these results '
     '(gpucalc calibrate --bench FILE)'):
        '每 token 延迟高于估算：用这些结果校准效率系数（gpucalc calibrate --bench 文件）',
    ('Throughput below the estimate: fewer requests run at once than planned; check which memory '
     'deduction was missed (activation peak, CUDA graphs, runtime), which shrinks the KV cache '
     'and preempts requests'):
        ('吞吐低于估算：同时运行的请求比规划的少；检查显存扣减漏了哪一项（激活峰值、CUDA Graph、运行时），'
         '它会缩小 KV 缓存并导致请求被抢占'),
    ('Faster than the estimate: the efficiency factors are cautious; calibrate on these results '
     'to plan closer to the hardware'):
        '比估算快：效率系数偏保守；用这些结果校准，让规划更贴近硬件',
    'A latency target broke where the estimate expects it to hold':
        '估算认为能守住的地方延迟目标被击穿了',
    'The targets held where the estimate expects one to break: capacity is higher':
        '估算认为会被击穿的地方目标守住了：实际容量更高',
    'yes': '是',
    'no': '否',
    ('Carries {avg} req/s average: {avg_ok}; {peak} req/s peak: {peak_ok} — {needed} GPUs needed '
     '({planned} planned): N + k = {n} + {k} replicas of {per} GPUs, the average at {rate_wm} req/s '
     'per replica (the watermark), the peak at {rate_knee} req/s (the knee).'):
        ('能否承载平均 {avg} req/s：{avg_ok}；峰值 {peak} req/s：{peak_ok}——需要 {needed} 张卡（规划 '
         '{planned} 张）：N + k = {n} + {k} 个副本，每副本 {per} 张卡；平均流量按每副本 {rate_wm} req/s'
         '（安全水位），峰值按 {rate_knee} req/s（拐点）。'),
    ('All {r} replicas deployed: {conc} concurrent requests online, {rps} req/s, {tok} output tok/s '
     '({hour} tokens per GPU-hour, {day} tokens/day).'):
        ('已部署的全部 {r} 个副本：在线并发 {conc} 个请求，{rps} req/s，输出 {tok} tok/s（每卡时 '
         '{hour} token，每天 {day} token）。'),
    'GPUs needed cost ${hour}/h, ${month}/month.': '所需卡数的成本：每小时 ${hour}，每月 ${month}。',
    'Mixed traffic: {day} batch tokens/day backfill the capacity above the watermark.':
        '混合流量：安全水位以上的余量每天可回填 {day} 个离线批量 token。',
    'Offline traffic: memory filled, no latency targets, no watermark.':
        '离线流量：显存堆满，不设延迟目标，不留安全水位。',
    'TP {tp} × PP {pp}: {r} replicas, {conc} concurrent, {rps} req/s, {tok} tok/s':
        'TP {tp} × PP {pp}：{r} 个副本，并发 {conc}，{rps} req/s，{tok} tok/s',
    'Replicas versus TP on the same GPUs:': '同样的卡数，多副本与张量并行对比：',
    '‡ lower precision than the checkpoint: ': '‡ 精度低于原始权重：',
    'Lower tiers than the checkpoint\'s precision: ': '低于原始权重精度的档位：',
    **ZH_SUMMARY,

}


def list_separator(lang: str) -> str:
    """The separator between clauses of one stated value: '；' in Chinese, '; ' in English."""
    return "；" if lang == "zh" else "; "


def template_parts_text(parts: tuple[str, ...], values: dict[str, str], lang: str) -> str:
    """A checklist item's stated value: templates and words (yes / no) translated, joined."""
    local = {key: tr(value, lang) for key, value in values.items()}
    return list_separator(lang).join(tr(part, lang).format(**local) for part in parts)


def tr(text: str, lang: str) -> str:
    """``text`` in ``lang`` ("en" or "zh"), from the catalogue's "Report" context."""
    if lang != "zh":
        return text
    translated = translate(CONTEXT, text, lang)
    return translated if translated != text else ZH.get(text, text)


def trf(text: str, lang: str, **values: object) -> str:
    """``text`` translated, then formatted with ``values``."""
    return tr(text, lang).format(**values)
