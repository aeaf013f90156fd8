"""Chinese wording of the formulas the report's tables print (keyed by the English formula).

A formula missing here prints in English, as the core states it; term names follow the glossary.
"""

from __future__ import annotations

ZH_FORMULAS: dict[str, str] = {
    'memory as the driver reports it': '驱动报告的显存',
    'Σ tensor groups': 'Σ 各组张量',
    'params × bits / 8 / 2^30; params = vocab × hidden / tp':
        '参数量 × 位宽 / 8 / 2^30；参数量 = 词表大小 × 隐藏维度 / 张量并行',
    'params × bits / 8 / 2^30; params = layers × attention params per rank':
        '参数量 × 位宽 / 8 / 2^30；参数量 = 层数 × 每卡注意力参数',
    'params × bits / 8 / 2^30; params = layers × 3 × hidden × intermediate / tp':
        '参数量 × 位宽 / 8 / 2^30；参数量 = 层数 × 3 × 隐藏维度 × 中间层维度 / 张量并行',
    'params × bits / 8 / 2^30; params = norms and routers, replicated on every rank':
        '参数量 × 位宽 / 8 / 2^30；参数量 = 归一化与路由器参数（每张卡各存一份）',
    ('params × bits / 8 / 2^30; params = MoE layers × experts × 3 × hidden × expert width / tp '
     '(all experts held)'):
        ('参数量 × 位宽 / 8 / 2^30；参数量 = MoE 层数 × 专家数 × 3 × 隐藏维度 × 专家宽度 / 张量并行'
         '（存放全部专家）'),
    'params × bits / 8 / 2^30; params = MoE layers × shared experts × 3 × hidden × width / tp':
        '参数量 × 位宽 / 8 / 2^30；参数量 = MoE 层数 × 共享专家数 × 3 × 隐藏维度 × 宽度 / 张量并行',
    'max(forward, sampler, vision encoder) + MoE workspace': 'max(前向激活, 采样器, 视觉编码器) + MoE 工作区',
    'base + T × factor × intermediate / tp × bytes per element':
        '基数 + T × 系数 × 中间层维度 / 张量并行 × 每元素字节数',
    'base + bytes_per_logit × min(max_num_seqs, T) × vocab':
        '基数 + 每 logit 字节数 × min(最大序列数, T) × 词表大小',
    'T × top_k × (max(2N, H) + max(N, H)) × bytes per element':
        'T × top_k × (max(2N, H) + max(N, H)) × 每元素字节数',
    'single-GPU runtime + extra when TP > 1': '单卡运行时 + 张量并行 > 1 时的额外开销',
    'assumed capture size': '假设的捕获大小',
    'fraction × total − (weights + activation + non-torch)': '显存比例 × 总量 − (权重 + 激活 + 非 torch)',
    'total − (weights + activation + non-torch + graphs + KV)':
        '总量 − (权重 + 激活 + 非 torch + CUDA Graph + KV)',
    'Σ layers × bytes per token per layer × TP ranks': 'Σ 各层 × 每层每 token 字节数 × 张量并行卡数',
    'Σ stage layers × 2 × KV heads/rank × head_dim × bytes (MLA: latent + rope dims)':
        'Σ 本阶段各层 × 2 × 每卡 KV 头数 × 头维度 × 字节数（MLA：潜向量维度 + RoPE 维度）',
    "KV blocks ÷ KV-cache groups × block size (engine's count)":
        'KV 块数 ÷ KV 缓存组数 × 块大小（引擎的计数）',
    'per-replica tokens × replicas': '每副本 token 数 × 副本数',
    'KV blocks ÷ blocks one max_model_len request reserves': 'KV 块数 ÷ 一个最大上下文长度请求预留的块数',
    'min(KV blocks ÷ blocks per request, max_num_seqs)': 'min(KV 块数 ÷ 每请求块数, 最大序列数)',
    'blocks per request at the average length × block bytes': '平均长度下每请求块数 × 块字节数',
    'floor((share × total − weights − margin) ÷ KV per request at average length)':
        'floor((占比 × 总量 − 权重 − 余量) ÷ 平均长度下每请求的 KV)',
    '(weights + margin + N × KV per request at average length) ÷ total':
        '(权重 + 余量 + N × 平均长度下每请求的 KV) ÷ 总量',
    'floor(KV blocks ÷ blocks per request at planning length)': 'floor(KV 块数 ÷ 规划长度下每请求块数)',
    ('max N: P95 TPOT(N decodes, chunked-prefill steps) ≤ TPOT target and P95 TTFT (queue in front of '
     'the prefill + own chunks) ≤ TTFT target; the mean meets both too'):
        ('最大 N：P95 TPOT（N 个解码、分块预填充步）≤ TPOT 目标，且 P95 TTFT（预填充前的排队 + '
         '自身分块）≤ TTFT 目标；平均值也同时满足'),
    'single GPU: no inter-GPU communication': '单卡：没有卡间通信',
    'max_num_seqs: the scheduler runs at most this many requests per step':
        '最大序列数：调度器每步最多运行这么多请求',
    'max N: all-reduce/all-to-all/pipeline time of one step ≤ 50 % × TPOT target':
        '最大 N：一步中 all-reduce / all-to-all / 流水线通信时间 ≤ 50 % × TPOT 目标',
}
