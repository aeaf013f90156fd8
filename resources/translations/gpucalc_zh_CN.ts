<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>Answer</name>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="25" />
            <source>KV-cache memory</source>
            <translation>存放 KV 缓存的显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="26" />
            <source>the P{pct} TTFT target ({target} ms)</source>
            <translation>P{pct} 首 token 时间目标（{target} ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="27" />
            <source>the P{pct} TPOT target ({target} ms)</source>
            <translation>P{pct} 每 token 延迟目标（{target} ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="28" />
            <source>the interconnect (communication past half the TPOT budget)</source>
            <translation>卡间通信（通信超过每 token 延迟预算的一半）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="30" />
            <source>the scheduler cap (max_num_seqs)</source>
            <translation>调度上限（max_num_seqs）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="35" />
            <source>memory</source>
            <translation>显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="36" />
            <source>TTFT</source>
            <translation>TTFT</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="37" />
            <source>TPOT</source>
            <translation>TPOT</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="38" />
            <source>interconnect</source>
            <translation>通信</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="39" />
            <source>scheduler</source>
            <translation>调度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="43" />
            <source>The two measures differ because random arrivals bunch: a load test that holds N requests in flight meets no queue of its own making, while requests that arrive at random queue in front of the prefill, so the same targets allow fewer in flight.</source>
            <translation>两个口径不同，是因为随机到达会扎堆：保持 N 个请求在途的压测不会自己制造排队，而随机到达的请求要在预填充前排队，所以同样的目标下能在途的请求更少。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="54" />
            <source>Concurrency</source>
            <translation>并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="55" />
            <source>Rate capacity</source>
            <translation>请求速率容量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="60" />
            <source>{label}: {text}</source>
            <translation>{label}：{text}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="83" />
            <source>{n} requests in flight per replica with P{pct} TTFT ≤ {ttft} ms and TPOT ≤ {tpot} ms, as a load test holding N requests (--max-concurrency N) measures it; limited by {limit}.</source>
            <translation>每副本 {n} 个在途请求，P{pct} 首 token 时间 ≤ {ttft} ms、每 token 延迟 ≤ {tpot} ms，即保持 N 个请求在途的压测（--max-concurrency N）测得的口径；受限于{limit}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="92" />
            <source>{rps} req/s per replica under random (Poisson) arrivals at the same P{pct} targets, about {inflight} requests in flight on average.</source>
            <translation>随机（泊松）到达下，同样的 P{pct} 目标，每副本 {rps} req/s，平均约 {inflight} 个请求在途。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="101" />
            <source>Plan {n} requests per replica online: the memory planning rule (weights + KV at the average length + margin within the planning share of memory) allows no more.</source>
            <translation>在线按每副本 {n} 个请求规划：显存规划规则（权重 + 平均长度下的 KV + 余量，不超过显存规划占比）不允许更多。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="104" />
            <source>Plan {n} requests per replica online ({share} of the concurrency, the watermark), and {rps} req/s ({share} of the rate capacity).</source>
            <translation>在线按每副本 {n} 个请求规划（并发的 {share}，即安全水位），以及 {rps} req/s（请求速率容量的 {share}）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="113" />
            <source>No request fits: one request at the planning length needs more KV cache than one replica holds; shorten the context, quantize the KV cache or add memory.</source>
            <translation>一个请求也放不下：规划长度下单个请求所需的 KV 缓存超过一个副本的容量；请缩短上下文、量化 KV 缓存或增加显存。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="120" />
            <source>P{pct} {name} is {value} ms with one request in flight against a target of {target} ms ({ratio}× over)</source>
            <translation>仅 1 个请求在途时 P{pct} {name} 为 {value} ms，目标为 {target} ms（超出 {ratio} 倍）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="125" />
            <source>No number of requests in flight meets the targets on this layout.</source>
            <translation>在此部署方式下，任何在途请求数都达不到目标。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="126" />
            <source>No number of requests in flight meets the targets: {parts}. The best this layout reaches is TTFT {ttft} ms and TPOT {tpot} ms.</source>
            <translation>任何在途请求数都达不到目标：{parts}。此部署方式最好只能做到首 token 时间 {ttft} ms、每 token 延迟 {tpot} ms。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="132" />
            <source>The planned GPUs do not carry {rate}: it needs {n} replicas + {k} spare = {needed} GPUs; {planned} GPUs hold {deployed} replicas.</source>
            <translation>计划的 GPU 承载不了 {rate}：需要 {n} 个副本 + {k} 个备用 = {needed} 张 GPU；{planned} 张 GPU 只能部署 {deployed} 个副本。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="135" />
            <source>The planned GPUs do not carry {rate}: it needs {n} replicas + {k} spare = {needed} GPUs; {planned} GPUs hold one replica.</source>
            <translation>计划的 GPU 承载不了 {rate}：需要 {n} 个副本 + {k} 个备用 = {needed} 张 GPU；{planned} 张 GPU 只能部署 1 个副本。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="150" />
            <source>{avg} req/s on average and {peak} req/s at the peak</source>
            <translation>平均 {avg} req/s、峰值 {peak} req/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="153" />
            <source>{avg} req/s</source>
            <translation>{avg} req/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="155" />
            <source>The planned GPUs carry {rate}: {n} replicas serve it, + {k} spare = {needed} GPUs ({planned} planned).</source>
            <translation>计划的 GPU 能承载 {rate}：{n} 个副本服务，+ {k} 个备用 = {needed} 张 GPU（计划 {planned} 张）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="159" />
            <source>Short of {short} spare replicas for failover.</source>
            <translation>故障切换还缺 {short} 个备用副本。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="171" />
            <source>No price for this GPU in the catalog: the cost is not known.</source>
            <translation>目录中没有这款 GPU 的价格：成本未知。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="172" />
            <source>{hour}/h, {month}/month for the GPUs needed</source>
            <translation>所需 GPU 每小时 {hour}、每月 {month}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="176" />
            <source>, {usd} per million output tokens</source>
            <translation>，每百万输出 token {usd}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="183" />
            <source>One replica carries {rps} req/s at the targets ({planned} req/s planned at the watermark); give the traffic (--qps, the QPS field) to size the fleet.</source>
            <translation>一个副本在目标内承载 {rps} req/s（按安全水位规划 {planned} req/s）；给出流量（--qps，即 QPS 字段）才能推算卡数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="192" />
            <source>No layout of this GPU type meets the targets either.</source>
            <translation>这款 GPU 的任何部署方式也都达不到目标。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="193" />
            <source>No layout of {gpu} meets the targets: the fastest, TP {layout}, reaches P{pct} TTFT {ttft} ms and TPOT {tpot} ms with one request in flight.</source>
            <translation>{gpu} 的任何部署方式都达不到目标：最快的 TP {layout} 在仅 1 个请求在途时 P{pct} 首 token 时间 {ttft} ms、每 token 延迟 {tpot} ms。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="202" />
            <source>The sizing search finds {gpu} {precision} at TP {layout} ({per} GPUs per replica) holding {n} requests in flight at the targets</source>
            <translation>卡数搜索找到 {gpu} {precision}，TP {layout}（每副本 {per} 张 GPU），在目标内可承载 {n} 个在途请求</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/answer_text.py" line="207" />
            <source>: {gpus} GPUs for the traffic, {hour}/h</source>
            <translation>：该流量需要 {gpus} 张 GPU，每小时 {hour}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="59" />
            <source>does not fit</source>
            <translation>放不下</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="61" />
            <source>fits on one GPU</source>
            <translation>单卡可放下</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="63" />
            <source>fits on one GPU; TP {tp} × PP {pp} adds KV room</source>
            <translation>单卡可放下；TP {tp} × PP {pp} 增加 KV 空间</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="65" />
            <source>needs TP {tp} × PP {pp}</source>
            <translation>需要 TP {tp} × PP {pp}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="72" />
            <source>{model} on {n}× {gpu}: KV cache holds {tokens} tokens — {conc} requests of {length} tokens; {fit}</source>
            <translation>{model} 在 {n}× {gpu} 上：KV 缓存可容纳 {tokens} 个 token，即 {conc} 个 {length} token 的请求；{fit}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="85" />
            <source>{model} on {n}× {gpu}</source>
            <translation>{model}，{n}× {gpu}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="89" />
            <source>: no request count meets the targets — </source>
            <translation>：没有任何请求数能达到目标——</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="92" />
            <source>: {n} requests in flight per replica at P{pct} (a --max-concurrency load test), limited by {limit}</source>
            <translation>：P{pct} 下每副本 {n} 个在途请求（--max-concurrency 压测口径），受限于{limit}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="97" />
            <source>; rate capacity {rps} req/s under random arrivals (≈ {inflight} in flight)</source>
            <translation>；随机到达下请求速率容量 {rps} req/s（约 {inflight} 个在途）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="116" />
            <source>KV cache holds {tokens} tokens, {mem} requests at the planning length ({fit}); at the concurrency TTFT {ttft} ms (P{pct} {ttft_p}), TPOT {tpot} ms (P{pct} {tpot_p}), {tok} output tok/s per replica</source>
            <translation>KV 缓存可存 {tokens} 个 token，即规划长度下 {mem} 个请求（{fit}）；在该并发下首 token 时间 {ttft} ms（P{pct} {ttft_p}），每 token 延迟 {tpot} ms（P{pct} {tpot_p}），每副本输出 {tok} tok/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="124" />
            <source>.</source>
            <translation>。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="145" />
            <source>; {nodes} nodes of {per_node} GPUs joined by {network} at {gb_s} GB/s per GPU</source>
            <translation>；{nodes} 个节点（每节点 {per_node} 卡）经 {network} 互联，每卡 {gb_s} GB/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="150" />
            <source> — TP spans nodes (strongly advised against)</source>
            <translation> — TP 跨节点（强烈不建议）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="173" />
            <source>As {n} replicas of TP {tp} the same GPUs serve {rps} req/s ({conc} in flight planned) instead of {own} req/s.</source>
            <translation>同样的 GPU 若部署为 {n} 个 TP {tp} 副本，可服务 {rps} req/s（规划 {conc} 个在途），而不是 {own} req/s。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="185" />
            <source>Mixed: {tokens} batch tokens/day backfill above the watermark.</source>
            <translation>混合：安全水位以上每天可回填 {tokens} 个离线批量 token。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="187" />
            <source>Offline: {hour} tokens per GPU-hour, {day} tokens/day.</source>
            <translation>离线：每卡时 {hour} token，每天 {day} token。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="198" />
            <source>; longest class “{name}” on its own line: P{p} TTFT {ttft} ms, TPOT {tpot} ms</source>
            <translation>；最长类别 “{name}” 单独看：P{p} TTFT {ttft} ms，TPOT {tpot} ms</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="203" />
            <source> — it misses a target first</source>
            <translation>——它最先达不到目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="210" />
            <source>At P50 length ({p50} tokens): {c50} concurrent requests · at P95 ({p95} tokens): {c95} · within the {share} % planning share: {plan}</source>
            <translation>P50 长度（{p50} token）：{c50} 个并发请求 · P95 长度（{p95} token）：{c95} · {share}% 规划显存占比内：{plan}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="222" />
            <source>Does not fit</source>
            <translation>放不下</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="224" />
            <source>Misses the targets</source>
            <translation>达不到目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="226" />
            <source>Starts; requests capped at the KV pool</source>
            <translation>可启动；请求数受 KV 缓存池限制</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="228" />
            <source>Fits, above planning share</source>
            <translation>可放下，超出规划占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/answer.py" line="229" />
            <source>Fits</source>
            <translation>可放下</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/disagg_view.py" line="21" />
            <source>Disaggregated {ratio}: prefill pool {p} × TP {ptp} × PP {ppp} = {pg} GPUs, TTFT {ttft} ms incl. KV transfer {kv} ms; decode pool {d} × TP {dtp} × PP {dpp} = {dg} GPUs, TPOT {tpot} ms at {knee} requests each — {gpus} GPUs in all</source>
            <translation>预填充/生成分离 {ratio}：预填充池 {p} × TP {ptp} × PP {ppp} = {pg} 张 GPU，TTFT {ttft} ms（含 KV 传输 {kv} ms）；生成池 {d} × TP {dtp} × PP {dpp} = {dg} 张 GPU，每个副本 {knee} 个请求时 TPOT {tpot} ms——共 {gpus} 张 GPU</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/disagg_view.py" line="30" />
            <source>prefill</source>
            <translation>预填充</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/disagg_view.py" line="31" />
            <source>decode</source>
            <translation>生成</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/disagg_view.py" line="33" />
            <source>; {pool} in {engines} engines of DP {dp}</source>
            <translation>；{pool}为 {engines} 个 DP {dp} 引擎</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/disagg_view.py" line="37" />
            <source> ({gpus} aggregated for the same traffic)</source>
            <translation>（同样流量不分离需要 {gpus} 张）</translation>
        </message>
    </context>
    <context>
        <name>AnswerBanner</name>
        <message>
            <location filename="../../gpucalc/ui/panels/answer_banner.py" line="29" />
            <source>Computing…</source>
            <translation>计算中…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/answer_banner.py" line="116" />
            <source>Stale</source>
            <translation>已过期</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/answer_banner.py" line="117" />
            <source>Was: {verdict}</source>
            <translation>原为：{verdict}</translation>
        </message>
    </context>
    <context>
        <name>Bands</name>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="18" />
            <source>KV cache</source>
            <translation>KV 缓存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="19" />
            <source>concurrency</source>
            <translation>并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="20" />
            <source>output throughput</source>
            <translation>输出吞吐</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="21" />
            <source>TTFT</source>
            <translation>TTFT</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="22" />
            <source>TPOT</source>
            <translation>TPOT</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="23" />
            <source>rate capacity</source>
            <translation>请求速率容量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="24" />
            <source>GPUs needed</source>
            <translation>所需 GPU</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="29" />
            <source>dense models</source>
            <translation>稠密模型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="30" />
            <source>MoE models</source>
            <translation>MoE 模型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="31" />
            <source>MLA models</source>
            <translation>MLA 模型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="32" />
            <source>hybrid-attention models</source>
            <translation>混合注意力模型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="33" />
            <source>one GPU</source>
            <translation>单卡</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="34" />
            <source>tensor parallel</source>
            <translation>张量并行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="35" />
            <source>pipeline parallel</source>
            <translation>流水线并行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="36" />
            <source>data parallel</source>
            <translation>数据并行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="37" />
            <source>expert parallel</source>
            <translation>专家并行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="38" />
            <source>DP attention + expert parallel</source>
            <translation>DP 注意力 + 专家并行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="39" />
            <source>measured kernels</source>
            <translation>实测算子</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="40" />
            <source>mapped kernels</source>
            <translation>映射算子</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="41" />
            <source>no kernel tables</source>
            <translation>无算子表</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="46" />
            <source>widened: no validation run of DP attention + expert parallel</source>
            <translation>已放宽：验证集中没有 DP 注意力 + 专家并行的实测</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="48" />
            <source>widened: no validation run with speculative decoding</source>
            <translation>已放宽：验证集中没有投机解码的实测</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="50" />
            <source>widened: mapped kernel tables</source>
            <translation>已放宽：算子表为映射所得</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="62" />
            <source>all runs</source>
            <translation>全部实测</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="69" />
            <source>{value} {unit} (exact: the scheduler's cap)</source>
            <translation>{value} {unit}（精确值：调度上限）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="71" />
            <source>{low}–{high} {unit} ({share} band from {rows} validation runs: {regime})</source>
            <translation>{low}–{high} {unit}（{share} 区间，依据 {rows} 条验证实测：{regime}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="77" />
            <source>; {why}</source>
            <translation>；{why}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="84" />
            <source>80 % bands: measured values of unseen runs fall inside them 4 times in 5; each is sized from the out-of-sample errors of the validation runs of this plan's regime.</source>
            <translation>80 % 区间：未参与拟合的实测值有五分之四落在区间内；每个区间都按本方案所属类别的验证实测的样本外误差确定。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="99" />
            <source>{low}–{high} {unit}</source>
            <translation>{low}–{high} {unit}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="115" />
            <source>{share} bands: {figures}</source>
            <translation>{share} 区间：{figures}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="126" />
            <source>bands (measured values of unseen runs fall inside 4 times in 5, sized from the out-of-sample errors of the validation runs of this regime):</source>
            <translation>区间（未参与拟合的实测值约五次中有四次落在区间内；按同类场景验证实测的样本外误差确定）：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/band_text.py" line="130" />
            <source>{figure}: {band}</source>
            <translation>{figure}：{band}</translation>
        </message>
    </context>
    <context>
        <name>Baselines</name>
        <message>
            <location filename="../../gpucalc/ui/baselines.py" line="48" />
            <source>Open baseline scenario</source>
            <translation>打开基线场景</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/baselines.py" line="49" />
            <source>gpucalc scenarios (*.gpucalc.json);;JSON (*.json)</source>
            <translation>gpucalc 场景 (*.gpucalc.json);;JSON (*.json)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/baselines.py" line="58" />
            <source>Cannot open scenario</source>
            <translation>无法打开场景</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/baselines.py" line="65" />
            <source>Cannot compute the baseline</source>
            <translation>无法计算基线</translation>
        </message>
    </context>
    <context>
        <name>BenchDialog</name>
        <message>
            <location filename="../../gpucalc/ui/dialogs/bench_dialog.py" line="43" />
            <source>Predict a benchmark</source>
            <translation>预测压测结果</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/bench_dialog.py" line="48" />
            <source>Paste a vllm bench serve, benchmark_serving.py, sglang.bench_serving, genai-perf profile or trtllm-bench throughput command. It runs on this window's deployment: {model} on {gpu}, {engine}.</source>
            <translation>粘贴一条 vllm bench serve、benchmark_serving.py、sglang.bench_serving、genai-perf profile 或 trtllm-bench throughput 命令。按本窗口的部署运行：{model}，{gpu}，{engine}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/bench_dialog.py" line="60" />
            <source>&amp;Predict</source>
            <translation>预测(&amp;P)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/bench_dialog.py" line="81" />
            <source>Simulating…</source>
            <translation>正在仿真…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/bench_dialog.py" line="96" />
            <source>Cannot predict this command: {reason}</source>
            <translation>无法预测此命令：{reason}</translation>
        </message>
    </context>
    <context>
        <name>Catalog</name>
        <message>
            <location filename="../../specs/gpus/a10-24gb.json" line="16" />
            <source>no NVLink</source>
            <translation>无 NVLink</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/a10g-24gb.json" line="4" />
            <source>AWS-only variant</source>
            <translation>AWS 专供版</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/a10g-24gb.json" line="16" />
            <source>generation not stated; no NVLink</source>
            <translation>代数未注明；无 NVLink</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/a800-sxm-80gb.json" line="4" />
            <source>China variant</source>
            <translation>中国特供版</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/a800-sxm-80gb.json" line="16" />
            <source>capped</source>
            <translation>限速版</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/arc-pro-b60-24gb.json" line="4" />
            <source>24 GB</source>
            <translation>24 GB</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/arc-pro-b60-24gb.json" line="16" />
            <source>no NVLink-class link</source>
            <translation>无 NVLink 类互联</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/ascend-910b-64gb.json" line="4" />
            <source>variant unspecified; 910B1 observed</source>
            <translation>具体型号未注明；实测为 910B1</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/ascend-910b-64gb.json" line="16" />
            <source>peer-to-peer mesh, no switch</source>
            <translation>点对点全互联，无交换芯片</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/ascend-910b2-64gb.json" line="16" />
            <source>196 GB/s intra-node, direction unspecified</source>
            <translation>节点内 196 GB/s，方向未注明</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/ascend-910b4-32gb.json" line="16" />
            <source>32 GB/s, direction unspecified</source>
            <translation>32 GB/s，方向未注明</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/ascend-910c-128gb.json" line="4" />
            <source>2-die package</source>
            <translation>双芯粒封装</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/ascend-910c-128gb.json" line="16" />
            <source>784 GB/s, direction unspecified</source>
            <translation>784 GB/s，方向未注明</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/b200-180gb.json" line="4" />
            <source>HGX B200, per GPU</source>
            <translation>HGX B200，按单卡计</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/b300-270gb.json" line="4" />
            <source>HGX B300, per GPU</source>
            <translation>HGX B300，按单卡计</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/gaudi2-96gb.json" line="4" />
            <source>HL-225</source>
            <translation>HL-225</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/gaudi2-96gb.json" line="16" />
            <source>24x 100GbE RoCE v2, incl. scale-out</source>
            <translation>24 个 100GbE RoCE v2 端口，含横向扩展</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/gaudi3-128gb.json" line="4" />
            <source>HL-325L OAM</source>
            <translation>HL-325L OAM</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/gaudi3-128gb.json" line="16" />
            <source>21 scale-up + 3 scale-out</source>
            <translation>21 个纵向扩展 + 3 个横向扩展</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/gb200-186gb.json" line="4" />
            <source>per Blackwell GPU, GB200 NVL72</source>
            <translation>按单颗 Blackwell GPU 计，GB200 NVL72</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/gb300-279gb.json" line="4" />
            <source>per Blackwell Ultra GPU, GB300 NVL72</source>
            <translation>按单颗 Blackwell Ultra GPU 计，GB300 NVL72</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/gb300-279gb.json" line="4" />
            <source>extra</source>
            <translation>补充</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/h100-sxm-80gb.json" line="16" />
            <source>18 links</source>
            <translation>18 条链路</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/h20-141gb.json" line="4" />
            <source>China variant, HBM3e refresh</source>
            <translation>中国特供版，HBM3e 升级款</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/h200-nvl-141gb.json" line="16" />
            <source>2- or 4-way</source>
            <translation>2 路或 4 路</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/mi250x-128gb.json" line="16" />
            <source>xGMI</source>
            <translation>xGMI</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/rtx-pro-6000-96gb.json" line="4" />
            <source>Workstation Edition</source>
            <translation>工作站版</translation>
        </message>
        <message>
            <location filename="../../specs/gpus/v100-sxm2-32gb.json" line="16" />
            <source>6 links</source>
            <translation>6 条链路</translation>
        </message>
        <message>
            <location filename="../../specs/models/llama-3.1-70b-instruct-fp8.json" line="4" />
            <source>NVIDIA ModelOpt</source>
            <translation>NVIDIA ModelOpt</translation>
        </message>
        <message>
            <location filename="../../specs/models/llama-3.3-70b-instruct-fp8-dynamic.json" line="4" />
            <source>RedHatAI</source>
            <translation>RedHatAI</translation>
        </message>
        <message>
            <location filename="../../specs/models/llama-4-scout-17b-16e-instruct-fp8-dynamic.json" line="4" />
            <source>Red Hat</source>
            <translation>Red Hat</translation>
        </message>
        <message>
            <location filename="../../specs/models/mistral-large-instruct-2407.json" line="4" />
            <source>2407</source>
            <translation>2407</translation>
        </message>
        <message>
            <location filename="../../specs/models/mistral-small-24b-instruct-2501.json" line="4" />
            <source>2501</source>
            <translation>2501</translation>
        </message>
        <message>
            <location filename="../../specs/engines/vllm-v0.json" line="5" />
            <source>V0 engine</source>
            <translation>V0 引擎</translation>
        </message>
        <message>
            <location filename="../../specs/networks/ethernet-100g-per-server.json" line="4" />
            <source>one NIC per 8-GPU server</source>
            <translation>每台 8 卡服务器一块网卡</translation>
        </message>
        <message>
            <location filename="../../specs/networks/ib-hdr-200.json" line="4" />
            <source>one ConnectX-6 per GPU</source>
            <translation>每卡一块 ConnectX-6</translation>
        </message>
        <message>
            <location filename="../../specs/networks/ib-ndr-400.json" line="4" />
            <source>one ConnectX-7 per GPU</source>
            <translation>每卡一块 ConnectX-7</translation>
        </message>
        <message>
            <location filename="../../specs/networks/ib-xdr-800.json" line="4" />
            <source>one ConnectX-8 per GPU</source>
            <translation>每卡一块 ConnectX-8</translation>
        </message>
        <message>
            <location filename="../../specs/networks/roce-400.json" line="4" />
            <source>one NIC per GPU, Spectrum-X class</source>
            <translation>每卡一块网卡，Spectrum-X 级</translation>
        </message>
    </context>
    <context>
        <name>CeilingBars</name>
        <message>
            <location filename="../../gpucalc/ui/plots/ceiling_bars.py" line="80" />
            <source>Concurrent requests per replica</source>
            <translation>每副本并发请求数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/ceiling_bars.py" line="95" />
            <source>online capacity {n}</source>
            <translation>在线容量 {n}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/ceiling_bars.py" line="105" />
            <source>{n} — binding</source>
            <translation>{n} — 瓶颈</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/ceiling_bars.py" line="107" />
            <source>{n} (off scale)</source>
            <translation>{n}（超出刻度）</translation>
        </message>
    </context>
    <context>
        <name>Ceilings</name>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="245" />
            <source>no limit</source>
            <translation>无限制</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="477" />
            <source>Memory (KV cache)</source>
            <translation>显存（KV 缓存）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="478" />
            <source>Compute (TTFT/TPOT)</source>
            <translation>算力（TTFT/TPOT）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="479" />
            <source>Interconnect</source>
            <translation>卡间通信</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="480" />
            <source>Scheduler (max_num_seqs)</source>
            <translation>调度器（max_num_seqs）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="484" />
            <source>Memory</source>
            <translation>显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="485" />
            <source>Compute</source>
            <translation>算力</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="487" />
            <source>Scheduler</source>
            <translation>调度器</translation>
        </message>
    </context>
    <context>
        <name>CeilingsTab</name>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="42" />
            <source>Load</source>
            <translation>工作点</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="42" />
            <source>Concurrency</source>
            <translation>并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="42" />
            <source>TTFT ms</source>
            <translation>TTFT ms</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="43" />
            <source>TPOT ms</source>
            <translation>TPOT ms</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="43" />
            <source>Output tok/s</source>
            <translation>输出 tok/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="43" />
            <source>req/s</source>
            <translation>req/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="44" />
            <source>Figure</source>
            <translation>指标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="44" />
            <source>Value</source>
            <translation>数值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="48" />
            <source>Ceilings and the scheduler cap: the smallest one sets the concurrency</source>
            <translation>并发上限与调度器上限：最小者决定并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="49" />
            <source>What moves the binding ceiling</source>
            <translation>影响瓶颈上限的因素</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="52" />
            <source>Latency and throughput per replica</source>
            <translation>单副本延迟与吞吐</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="53" />
            <source>Step time at the recommendation</source>
            <translation>推荐并发下的单步耗时</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="64" />
            <source>Binding: {name}</source>
            <translation>瓶颈：{name}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="85" />
            <source>At the recommendation</source>
            <translation>推荐并发下</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="86" />
            <source>Offline maximum (batch full)</source>
            <translation>离线最大（批次占满）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="87" />
            <source>At the chosen concurrency</source>
            <translation>指定并发下</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/ceilings_tab.py" line="88" />
            <source>At the chosen request rate</source>
            <translation>指定请求速率下</translation>
        </message>
    </context>
    <context>
        <name>Checklist</name>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="29" />
            <source>Context length at the real percentile</source>
            <translation>上下文长度用真实分位数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="30" />
            <source>TTFT and TPOT targets</source>
            <translation>首 token 时间与生成速度目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="31" />
            <source>Margin</source>
            <translation>余量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="32" />
            <source>Degradation plan for peaks</source>
            <translation>峰值降级方案</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="74" />
            <source>Model size and precision</source>
            <translation>模型参数量与量化档位</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="75" />
            <source>{model}: {total} parameters ({active} active per token); weights {weights}, KV cache {kv}</source>
            <translation>{model}：参数量 {total}（每 token 激活 {active}）；权重 {weights}，KV 缓存 {kv}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="88" />
            <source>Weights on their own line</source>
            <translation>权重占用单独列一行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="89" />
            <source>{weights} GiB per GPU of {total} GiB ({share} of memory; planning share {limit})</source>
            <translation>每卡 {weights} GiB，显存 {total} GiB（占 {share}；规划占比 {limit}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="96" />
            <source>No P95 length given: planned at the P50 lengths ({input} + {output} = {planning} tokens); state the real P95 of your traffic (max_model_len {max_len})</source>
            <translation>未给出 P95 长度：按 P50 长度规划（{input} + {output} = {planning} token）；请写明真实流量的 P95（最大长度 {max_len}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="99" />
            <source>Planned at P95: {input} input + {history} chat history + {output} output = {planning} tokens per request (not max_model_len {max_len})</source>
            <translation>按 P95 规划：输入 {input} + 对话历史 {history} + 输出 {output} = 每请求 {planning} token（不是最大长度 {max_len}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="102" />
            <source>Planned at P95: {input} input + {output} output = {planning} tokens per request (not max_model_len {max_len})</source>
            <translation>按 P95 规划：输入 {input} + 输出 {output} = 每请求 {planning} token（不是最大长度 {max_len}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="125" />
            <source>output at its P50 (no output P95 given)</source>
            <translation>输出按 P50 计（未给出输出的 P95）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="127" />
            <source>input at its P50 (no input P95 given)</source>
            <translation>输入按 P50 计（未给出输入的 P95）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="137" />
            <source>Targets TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms; not evaluated: the model does not fit</source>
            <translation>目标：首 token 时间 ≤ {ttft} ms，每 token 延迟 ≤ {tpot} ms；模型放不下，未评估</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="147" />
            <source>Targets TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms; at {n} concurrent requests: TTFT {ttft_at} ms, TPOT {tpot_at} ms</source>
            <translation>目标：首 token 时间 ≤ {ttft} ms，每 token 延迟 ≤ {tpot} ms；{n} 个并发时：首 token {ttft_at} ms，每 token {tpot_at} ms</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="159" />
            <source>KV cache holds {tokens} tokens per replica: {n} requests at the planning length ({planning} tokens)</source>
            <translation>每副本 KV 缓存可放 {tokens} token：规划长度（{planning} token）下 {n} 个请求</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="162" />
            <source>mixed traffic planned at its longest class ({longest} tokens)</source>
            <translation>长短混合按最长的一类规划（{longest} token）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="165" />
            <source>multi-turn chat at its full history ({turns} turns)</source>
            <translation>多轮对话按完整历史规划（{turns} 轮）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="167" />
            <source>KV cache sized for the real traffic shape</source>
            <translation>KV 缓存按真实流量形态估算</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="172" />
            <source>Online capacity {online} requests ({watermark} watermark of the knee, {n}); weights + KV at the average length ({avg_len} tokens) + margin within {share} of memory allow {plan} requests; {online} requests fill {used}</source>
            <translation>在线容量 {online} 个请求（拐点 {n} 的 {watermark} 安全水位）；权重 + 平均长度（{avg_len} token）KV + 余量控制在显存 {share} 以内时可容纳 {plan} 个请求；{online} 个请求占显存 {used}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="186" />
            <source>No margin: the model does not fit</source>
            <translation>没有余量：模型放不下</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="226" />
            <source>None possible until the model fits</source>
            <translation>模型放得下之前无法降级</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="229" />
            <source>lower concurrency: cap admission at {online} requests and queue the rest</source>
            <translation>降并发：准入上限 {online} 个请求，其余排队</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="235" />
            <source>shorter context ({context} tokens): {short_n} requests</source>
            <translation>缩短上下文（{context} token）：{short_n} 个请求</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="241" />
            <source>smaller model or precision ({tier} weights): {tier_n} requests</source>
            <translation>切小模型或降精度（{tier} 权重）：{tier_n} 个请求</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="250" />
            <source>Estimate against measurement</source>
            <translation>估算与实测的差距</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/checklist.py" line="251" />
            <source>To do: run the measurement plan (single-request baseline, then raise concurrency to the knee: gpucalc test-plan, or Tools → Measurement plan…) and record the gap to this estimate</source>
            <translation>待办：按实测计划压测（先测单请求基线，再加并发找拐点：gpucalc test-plan，或 工具 → 实测计划…），并记下与本估算的差距</translation>
        </message>
    </context>
    <context>
        <name>ChecklistTab</name>
        <message>
            <location filename="../../gpucalc/ui/panels/checklist_tab.py" line="32" />
            <source>Go through each item before reporting a capacity number (the capacity planning checklist). Updated with every result.</source>
            <translation>报容量数字之前逐条自查（容量规划清单）。随每次计算结果更新。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/checklist_tab.py" line="37" />
            <source>Item</source>
            <translation>项目</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/checklist_tab.py" line="37" />
            <source>Stated value</source>
            <translation>写明的数值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/checklist_tab.py" line="37" />
            <source>Check</source>
            <translation>检查</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/checklist_tab.py" line="63" />
            <source>{n} of {total} items need attention.</source>
            <translation>{total} 项中有 {n} 项需要注意。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/checklist_tab.py" line="67" />
            <source>pass</source>
            <translation>通过</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/checklist_tab.py" line="67" />
            <source>attention</source>
            <translation>需注意</translation>
        </message>
    </context>
    <context>
        <name>ClassesEditor</name>
        <message>
            <location filename="../../gpucalc/ui/panels/workload_extras.py" line="72" />
            <source>Class</source>
            <translation>类别</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/workload_extras.py" line="72" />
            <source>Share</source>
            <translation>占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/workload_extras.py" line="72" />
            <source>Input</source>
            <translation>输入</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/workload_extras.py" line="73" />
            <source>Output</source>
            <translation>输出</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/workload_extras.py" line="77" />
            <source>Mixed traffic: each class's share of requests and its lengths (tokens). Shares must add up to 1. The memory ceiling plans for the longest class.</source>
            <translation>长短混合流量：各类别的请求占比及长度（token）。占比之和须为 1。显存上限按最长的一类规划。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/workload_extras.py" line="80" />
            <source>Add class</source>
            <translation>添加类别</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/workload_extras.py" line="81" />
            <source>Remove class</source>
            <translation>删除类别</translation>
        </message>
    </context>
    <context>
        <name>Cli</name>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="149" />
            <source>Not saved: add --save to store it as engine profile '{id}' ({name}).</source>
            <translation>未保存：加 --save 可将其存为引擎配置 '{id}'（{name}）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="157" />
            <source>Saved engine profile '{id}' ({name}) in your tables; it is listed with the engines in the window and accepted by compare-log / calibrate --engine {id}.</source>
            <translation>已将引擎配置 '{id}'（{name}）保存到你的数据表中；它会与窗口里的引擎一起列出，gpucalc compare-log / gpucalc calibrate 也可用 --engine {id} 选用它。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="164" />
            <source>not reported</source>
            <translation>未报告</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="166" />
            <source>KV cache tokens</source>
            <translation>KV 缓存 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="167" />
            <source>max concurrency</source>
            <translation>最大并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="187" />
            <source>figure</source>
            <translation>指标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="188" />
            <source>engine log</source>
            <translation>引擎日志</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="189" />
            <source>difference</source>
            <translation>差值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="192" />
            <source>beyond tolerance</source>
            <translation>超出容差</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="198" />
            <source>{flagged} of {total} figures differ by more than {tolerance}.</source>
            <translation>{total} 项指标中有 {flagged} 项相差超过 {tolerance}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="206" />
            <source>note: {note}</source>
            <translation>注意：{note}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="229" />
            <source>Calibrated profile '{id}' ({name}):</source>
            <translation>校准后的配置 '{id}'（{name}）：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="232" />
            <source>{formula}; was {old}</source>
            <translation>{formula}；原值 {old}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="269" />
            <source>{model} on {gpu}, {engine} profile — log: {log} ({file})</source>
            <translation>{model}，{gpu}，{engine} 配置 —— 日志：{log}（{file}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="274" />
            <source>flags from the log: {flags}</source>
            <translation>取自日志的参数：{flags}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="296" />
            <source>throughput</source>
            <translation>吞吐</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="297" />
            <source>ttft</source>
            <translation>TTFT</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="298" />
            <source>tpot</source>
            <translation>TPOT</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="308" />
            <source>Fitted {name} on {fit} point(s), {held} held out, {iterations} iterations, {seconds} s</source>
            <translation>已用 {fit} 个数据点拟合 {name}，留出 {held} 个用于检验，迭代 {iterations} 次，用时 {seconds} s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="314" />
            <source>factor</source>
            <translation>系数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="314" />
            <source>default</source>
            <translation>默认值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="315" />
            <source>fitted</source>
            <translation>拟合值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="317" />
            <source>fixed</source>
            <translation>固定</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="319" />
            <source>median |error|</source>
            <translation>误差中位数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="320" />
            <source>fit: before</source>
            <translation>拟合集：之前</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="320" />
            <source>after</source>
            <translation>之后</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="321" />
            <source>held out: before</source>
            <translation>留出集：之前</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="330" />
            <source>mean |ln error|</source>
            <translation>平均 |ln 误差|</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/calibrate.py" line="367" />
            <source>Measurement plan, against the estimate before this fit (details: gpucalc test-plan … --results FILE…): {marks}</source>
            <translation>测试计划，对照本次拟合前的估算（详情：gpucalc test-plan … --results FILE…）：{marks}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/disagg_output.py" line="12" />
            <source>prefill</source>
            <translation>预填充</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/disagg_output.py" line="12" />
            <source>decode</source>
            <translation>生成</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/disagg_output.py" line="17" />
            <source>{pool} pool in whole engines: {engines} × DP {dp} × TP {tp} × PP {pp} = {gpus} GPUs for {replicas} replicas (one per DP rank)</source>
            <translation>{pool}池按整引擎计：{engines} × DP {dp} × TP {tp} × PP {pp} = {gpus} 张 GPU，承载 {replicas} 个副本（每个 DP rank 一个）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/disagg_output.py" line="33" />
            <source>disaggregated prefill/decode ({ratio}): {gpus} GPUs for {qps} req/s</source>
            <translation>预填充/生成分离（{ratio}）：{qps} req/s 需要 {gpus} 张 GPU</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/disagg_output.py" line="35" />
            <source>prefill pool: {replicas} replicas × TP {tp} × PP {pp} = {gpus} GPUs ({needed} needed); {rate} req/s each at the TTFT target; TTFT {ttft} ms (P95 prefill {prefill} ms + KV transfer {transfer} ms + queue)</source>
            <translation>预填充池：{replicas} 个副本 × TP {tp} × PP {pp} = {gpus} 张 GPU（需要 {needed} 个）；每个副本在 TTFT 目标下 {rate} req/s；TTFT {ttft} ms（P95 预填充 {prefill} ms + KV 传输 {transfer} ms + 排队）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/disagg_output.py" line="43" />
            <source>decode pool: {replicas} replicas × TP {tp} × PP {pp} = {gpus} GPUs ({needed} needed); knee {knee} requests, TPOT {tpot} ms without prompt chunks, {rate} req/s each</source>
            <translation>生成池：{replicas} 个副本 × TP {tp} × PP {pp} = {gpus} 张 GPU（需要 {needed} 个）；拐点 {knee} 个请求，不含提示词分块的 TPOT {tpot} ms，每个副本 {rate} req/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/disagg_output.py" line="49" />
            <source>KV transfer: {mb} MB per P95 prompt over {link} at {gbs} GB/s per GPU from {senders} GPUs: {ms} ms</source>
            <translation>KV 传输：每个 P95 提示词 {mb} MB，经 {link}，每张 GPU {gbs} GB/s，{senders} 张 GPU 同时发送：{ms} ms</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/disagg_output.py" line="56" />
            <source>aggregated for the same traffic: {gpus} GPUs</source>
            <translation>同样流量不分离部署：{gpus} 张 GPU</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/estimate_output.py" line="53" />
            <source>{model} on {gpus}× {gpu}, {engine}, TP{tp} PP{pp}, weights {weights}, KV {kv}</source>
            <translation>{model}，{gpus}× {gpu}，{engine}，TP{tp} PP{pp}，权重 {weights}，KV {kv}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/lengths_output.py" line="49" />
            <source>{path}: {rows} rows ({format}), {usable} usable, {skipped} skipped</source>
            <translation>{path}：共 {rows} 行（{format}），可用 {usable} 行，跳过 {skipped} 行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/lengths_output.py" line="53" />
            <source>skipped {example}</source>
            <translation>已跳过 {example}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/lengths_output.py" line="56" />
            <source>{conversations} conversations; input percentiles over first turns</source>
            <translation>{conversations} 个会话；输入长度分位数按首轮统计</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/lengths_output.py" line="60" />
            <source>input</source>
            <translation>输入</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/lengths_output.py" line="61" />
            <source>output</source>
            <translation>输出</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/lengths_output.py" line="62" />
            <source>input tokens (log-spaced bins):</source>
            <translation>输入 token 数（对数等距分箱）：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/lengths_output.py" line="64" />
            <source>output tokens (log-spaced bins):</source>
            <translation>输出 token 数（对数等距分箱）：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/lengths_output.py" line="66" />
            <source>suggested workload:</source>
            <translation>建议的负载设置：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/lengths_output.py" line="67" />
            <source>gpucalc estimate MODEL --gpu GPU {flags}</source>
            <translation>gpucalc estimate 模型 --gpu GPU {flags}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/lengths_output.py" line="70" />
            <source>class {name} {share} of requests, mean {input} in / {output} out tokens (no estimate flag; use the window or --json)</source>
            <translation>请求类别 {name} 占请求的 {share}，平均输入 {input} / 输出 {output} token（gpucalc estimate 没有对应参数；请用窗口或 --json）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="74" />
            <source>{figures} ({verdict})</source>
            <translation>{figures}（{verdict}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="82" />
            <source>measured {figures} — {source}</source>
            <translation>实测 {figures} —— {source}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="84" />
            <source>no comparable figure</source>
            <translation>没有可比较的数据</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="91" />
            <source>{label} ({input} in + {output} out, {prompts} prompts): expect {expected}</source>
            <translation>{label}（输入 {input} + 输出 {output}，{prompts} 条请求）：预期 {expected}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="115" />
            <source>Serve: {command}</source>
            <translation>启动服务：{command}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="116" />
            <source>Targets TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms; recommendation {recommended} concurrent requests, online capacity {online}; a figure within ±{tolerance} passes.</source>
            <translation>目标 TTFT ≤ {ttft} ms，TPOT ≤ {tpot} ms；推荐并发 {recommended} 个请求，在线容量 {online}；实测值与预期相差在 ±{tolerance} 以内即为通过。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="128" />
            <source>Results that match no run (other concurrency or lengths): {results}</source>
            <translation>没有对应测试项的结果（并发或长度不同）：{results}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="168" />
            <source>baseline</source>
            <translation>基线</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="169" />
            <source>ladder</source>
            <translation>并发梯度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="170" />
            <source>mix</source>
            <translation>真实流量混合</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="171" />
            <source>watermark</source>
            <translation>安全水位</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="177" />
            <source>{step}: {mark}</source>
            <translation>{step}：{mark}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="21" />
            <source>weights</source>
            <translation>权重</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="22" />
            <source>activation peak</source>
            <translation>激活峰值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="23" />
            <source>runtime (non-torch)</source>
            <translation>运行时（非 torch）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="24" />
            <source>CUDA graphs</source>
            <translation>CUDA Graph</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="25" />
            <source>KV cache</source>
            <translation>KV 缓存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="26" />
            <source>headroom</source>
            <translation>余量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="141" />
            <source>per GPU</source>
            <translation>每卡</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="142" />
            <source>share</source>
            <translation>占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="142" />
            <source>formula</source>
            <translation>公式</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="147" />
            <source>total</source>
            <translation>合计</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="148" />
            <source>weights by tensor group (GiB):</source>
            <translation>按张量组划分的权重（GiB）：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="161" />
            <source>KV bytes per token</source>
            <translation>每 token KV 字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="162" />
            <source>state per request</source>
            <translation>每请求状态</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="165" />
            <source>concurrency @ P50 length</source>
            <translation>P50 长度下的并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="166" />
            <source>concurrency @ P95 length</source>
            <translation>P95 长度下的并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="167" />
            <source>params total / active</source>
            <translation>参数量 总 / 激活</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="169" />
            <source>fits on one GPU</source>
            <translation>单卡放得下</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="170" />
            <source>average length</source>
            <translation>平均长度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="171" />
            <source>{tokens} tokens ({gib} GiB KV per request)</source>
            <translation>{tokens} token（每请求 KV {gib} GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="173" />
            <source>{share} planning line</source>
            <translation>{share} 规划线</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="175" />
            <source>{share} alarm line</source>
            <translation>{share} 警戒线</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="180" />
            <source>max concurrency @ {tokens} tokens: {concurrency}x</source>
            <translation>{tokens} token 长度下的最大并发：{concurrency} 倍</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="187" />
            <source>{requests} requests at average length</source>
            <translation>平均长度下 {requests} 个请求</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/output.py" line="200" />
            <source>nodes: {nodes} × {gpus_per_node} GPUs; between nodes {network} at {gb_s} GB/s per GPU and direction ({formula})</source>
            <translation>节点：{nodes} × {gpus_per_node} 卡；节点间经 {network}，每卡每方向 {gb_s} GB/s（{formula}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="47" />
            <source>alarm</source>
            <translation>超过警戒线</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="48" />
            <source>passes</source>
            <translation>通过</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="49" />
            <source>above the planning line</source>
            <translation>超过规划线</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="153" />
            <source>prefix cache: hit rate {hit}, {cached} cached prompt tokens per request, {saved} prompt tok/s not prefilled at the recommendation, shared prefixes hold {gib} GiB per GPU</source>
            <translation>前缀缓存：命中率 {hit}，每请求 {cached} 个输入 token 来自缓存，推荐并发下每秒 {saved} 个输入 token 免预填充，共享前缀每卡占 {gib} GiB</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="179" />
            <source>expert group: DP {dp} × TP {tp} = {size} ranks, {experts} experts per GPU, imbalance {imbalance}×, all-to-all ({mode}) {ms} ms per step at the recommendation</source>
            <translation>专家组：DP {dp} × TP {tp} = {size} 个 rank，每卡 {experts} 个专家，负载不均衡 {imbalance}×，all-to-all（{mode}）在推荐并发下每步 {ms} ms</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="213" />
            <source>{point}: TTFT {ttft} ms (P{pct} {ttft_p} ms), TPOT {tpot} ms (P{pct} {tpot_p} ms), {tokens} output tok/s, {requests} req/s</source>
            <translation>{point}：首 token 时间 {ttft} ms（P{pct} {ttft_p} ms），每 token 延迟 {tpot} ms（P{pct} {tpot_p} ms），输出 {tokens} tok/s，{requests} req/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="219" />
            <source>{point}: TTFT {ttft} ms, TPOT {tpot} ms, {tokens} output tok/s, {requests} req/s</source>
            <translation>{point}：TTFT {ttft} ms，TPOT {tpot} ms，输出 {tokens} tok/s，{requests} req/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="243" />
            <source>concurrency ceilings (requests in flight per replica):</source>
            <translation>并发上限（每副本在途请求数）：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="246" />
            <source>binding</source>
            <translation>起约束作用</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="258" />
            <source>advice: {advice}</source>
            <translation>建议：{advice}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="263" />
            <source>memory share at {concurrency} requests of average length {share} (planning line {planning}, alarm {alarm}): {verdict}</source>
            <translation>平均长度下 {concurrency} 个请求的显存占比 {share}（规划线 {planning}，警戒线 {alarm}）：{verdict}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="275" />
            <source>← longest class: watch this line, it breaks first</source>
            <translation>← 最长的一类：盯住这一行，它最先超标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="277" />
            <source>(misses a target)</source>
            <translation>（未达到某项目标）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="278" />
            <source>class {name} ({share}, {input} in + {output} out): P{pct} TTFT {ttft} ms, P{pct} TPOT {tpot} ms</source>
            <translation>请求类别 {name}（{share}，输入 {input} + 输出 {output}）：P{pct} TTFT {ttft} ms，P{pct} TPOT {tpot} ms</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="295" />
            <source>planning length: KV tokens per request, every length scaled in the scenario's proportion (output: {share} of the mean request); requests per replica:</source>
            <translation>规划长度：每请求的 KV token 数，各长度按场景的比例缩放（输出占平均请求的 {share}）；每副本的请求数：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="302" />
            <source>the answer</source>
            <translation>即本场景的结果</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="336" />
            <source>gpu</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="336" />
            <source>prec</source>
            <translation>精度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="337" />
            <source>layout</source>
            <translation>布局</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="338" />
            <source>conc</source>
            <translation>并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="338" />
            <source>planned</source>
            <translation>规划</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="339" />
            <source>bound</source>
            <translation>瓶颈</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="339" />
            <source>req/s/rep</source>
            <translation>req/s/副本</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="340" />
            <source>GPUs</source>
            <translation>卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="340" />
            <source>util</source>
            <translation>利用率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="341" />
            <source>$/Mtok</source>
            <translation>$/百万 token</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="357" />
            <source>pareto</source>
            <translation>帕累托最优</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="383" />
            <source>fleet ({mode} traffic, {replicas} replicas × {gpus} GPUs deployed):</source>
            <translation>集群（{mode}流量，部署 {replicas} 个副本 × 每副本 {gpus} 张 GPU）：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="387" />
            <source>replicas: average {for_avg} at {avg_rate} req/s each (planned), peak {for_peak} at {peak_rate} req/s each (the rate capacity)</source>
            <translation>副本：平均流量 {for_avg} 个，每个 {avg_rate} req/s（规划值）；峰值 {for_peak} 个，每个 {peak_rate} req/s（请求速率容量）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="394" />
            <source>all replicas: {concurrency} requests in flight planned, {rps} req/s, {tps} output tok/s, {per_hour} tokens per GPU-hour, {per_day} tokens/day</source>
            <translation>全部副本：规划 {concurrency} 个在途请求，{rps} req/s，输出 {tps} tok/s，每 GPU 小时 {per_hour} token，每天 {per_day} token</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="403" />
            <source>backfill (mixed): {day} batch tokens/day in the capacity above the watermark</source>
            <translation>离线回填（混合）：安全水位以上的容量每天可处理 {day} 个批处理 token</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="406" />
            <source>layout TP {tp} × PP {pp}: {replicas} replicas, {concurrency} in flight planned, {rps} req/s, {tps} output tok/s</source>
            <translation>部署 TP {tp} × PP {pp}：{replicas} 个副本，规划 {concurrency} 个在途，{rps} req/s，输出 {tps} tok/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/report.py" line="44" />
            <source>wrote {path} ({pages} pages, {kib} KiB, {lang})</source>
            <translation>已写入 {path}（{pages} 页，{kib} KiB，{lang}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/report.py" line="66" />
            <source>wrote {path}</source>
            <translation>已写入 {path}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/simulate.py" line="148" />
            <source>queue ms</source>
            <translation>排队 ms</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/simulate.py" line="150" />
            <source>steady TTFT</source>
            <translation>稳态 TTFT</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/simulate.py" line="151" />
            <source>steady TPOT</source>
            <translation>稳态 TPOT</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/simulate.py" line="155" />
            <source>{requests} requests in {seconds} s: {rps} req/s, {tps} output tok/s, goodput {goodput} req/s ({attainment} within SLO), {preemptions} preemptions</source>
            <translation>{seconds} s 内完成 {requests} 个请求：{rps} req/s，输出 {tps} tok/s，goodput {goodput} req/s（{attainment} 满足 SLO），抢占 {preemptions} 次</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/simulate.py" line="163" />
            <source>steady: requests sent after the first wave completed and done before the last send, as the concurrency is judged (no ramp-up, no drain)</source>
            <translation>稳态：第一波请求完成之后发出、最后一个请求发出之前完成的请求，与判定并发的口径相同（不含爬坡和收尾）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/simulate.py" line="167" />
            <source>prefix cache: {hit} of prompt tokens served from cache</source>
            <translation>前缀缓存：{hit} 的输入 token 来自缓存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/simulate.py" line="172" />
            <source>class {name} ({requests} requests): TTFT P50/P95 {ttft50}/{ttft95} ms, TPOT P50/P95 {tpot50}/{tpot95} ms</source>
            <translation>请求类别 {name}（{requests} 个请求）：TTFT P50/P95 {ttft50}/{ttft95} ms，TPOT P50/P95 {tpot50}/{tpot95} ms</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/simulate.py" line="214" />
            <source>rate</source>
            <translation>请求速率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/simulate.py" line="214" />
            <source>achieved</source>
            <translation>实际吞吐</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/simulate.py" line="216" />
            <source>preempt</source>
            <translation>抢占</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/simulate.py" line="233" />
            <source>TTFT knee: {knee} req/s; capacity at P{percentile} SLO: {capacity} req/s</source>
            <translation>TTFT 拐点：{knee} req/s；按 P{percentile} SLO 的容量：{capacity} req/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/uncertainty_output.py" line="17" />
            <source>recommended concurrency</source>
            <translation>推荐并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/uncertainty_output.py" line="18" />
            <source>GPUs needed at --qps</source>
            <translation>--qps 下需要的 GPU 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/uncertainty_output.py" line="56" />
            <source>Uncertainty (low/high: the uncertain constants at their pessimistic and optimistic corners; the recommended concurrency's range also brackets every sensitivity bar):</source>
            <translation>不确定性（低 / 高：各不确定常数取悲观与乐观两端；推荐并发的区间还涵盖每一条敏感性条）：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/uncertainty_output.py" line="65" />
            <source>Sensitivity of the recommended concurrency ({baseline} requests), one factor at a time, largest swing first:</source>
            <translation>推荐并发（{baseline} 个请求）的敏感性，每次只变一个因素，变化最大的在前：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/uncertainty_output.py" line="71" />
            <source>swing</source>
            <translation>变化幅度</translation>
        </message>
    </context>
    <context>
        <name>Compare</name>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="46" />
            <source>Model</source>
            <translation>模型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="47" />
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="49" />
            <source>Engine</source>
            <translation>推理引擎</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="50" />
            <source>TP × PP</source>
            <translation>TP × PP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="52" />
            <source>Weights / KV</source>
            <translation>权重 / KV</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="54" />
            <source>Context P95 (tokens)</source>
            <translation>上下文 P95（token）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="56" />
            <source>KV cache tokens</source>
            <translation>KV 缓存 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="57" />
            <source>Concurrency at P95 length (memory)</source>
            <translation>P95 长度下的并发（显存）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="59" />
            <source>Recommended concurrency</source>
            <translation>推荐并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="61" />
            <source>Bottleneck</source>
            <translation>瓶颈</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="63" />
            <source>Online capacity (watermark)</source>
            <translation>在线容量（安全水位）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="65" />
            <source>TTFT at the recommendation (ms)</source>
            <translation>推荐并发下的 TTFT（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="67" />
            <source>TPOT at the recommendation (ms)</source>
            <translation>推荐并发下的 TPOT（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="69" />
            <source>Output tok/s at the recommendation</source>
            <translation>推荐并发下的输出 tok/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="72" />
            <source>Offline maximum output tok/s</source>
            <translation>离线最大输出 tok/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="75" />
            <source>GPUs needed for the QPS (N + k)</source>
            <translation>承载 QPS 所需卡数（N + k）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="77" />
            <source>Requests/s, all replicas (watermark)</source>
            <translation>每秒请求数（全部副本，安全水位）</translation>
        </message>
    </context>
    <context>
        <name>CompareTab</name>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="108" />
            <source>Pin the current result as baseline</source>
            <translation>将当前结果固定为基线</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="110" />
            <source>Open a baseline scenario…</source>
            <translation>打开基线场景…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="112" />
            <source>No baseline yet: pin the current result, change inputs, and compare.</source>
            <translation>尚无基线：先固定当前结果，再修改输入进行对比。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="147" />
            <source>Figure</source>
            <translation>指标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="147" />
            <source>Baseline: {name}</source>
            <translation>基线：{name}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="148" />
            <source>Current</source>
            <translation>当前</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="148" />
            <source>Change</source>
            <translation>变化</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/compare_tab.py" line="150" />
            <source>Baseline: {name}. Green: better than the baseline; red: worse.</source>
            <translation>基线：{name}。绿色：优于基线；红色：劣于基线。</translation>
        </message>
    </context>
    <context>
        <name>ContextSweepPlot</name>
        <message>
            <location filename="../../gpucalc/ui/plots/sweep_plot.py" line="37" />
            <source>TTFT target unreachable here</source>
            <translation>此处 TTFT 目标无法达到</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/sweep_plot.py" line="38" />
            <source>TPOT target unreachable here</source>
            <translation>此处 TPOT 目标无法达到</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/sweep_plot.py" line="39" />
            <source>no room for one request here</source>
            <translation>此处放不下一个请求</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/sweep_plot.py" line="42" />
            <source>no concurrency serves a request here</source>
            <translation>此处任何并发都服务不了请求</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/sweep_plot.py" line="68" />
            <source>Planning length per request (tokens, log scale)</source>
            <translation>每请求规划长度（token，对数坐标）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/sweep_plot.py" line="69" />
            <source>Concurrent requests per replica (log scale)</source>
            <translation>每副本并发请求数（对数刻度）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/sweep_plot.py" line="79" />
            <source>Recommended (smallest)</source>
            <translation>推荐值（最小上限）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/sweep_plot.py" line="80" />
            <source>Crossover</source>
            <translation>交叉点</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/sweep_plot.py" line="128" />
            <source>crossover {n}</source>
            <translation>交叉点 {n}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/sweep_plot.py" line="130" />
            <source>planning length {n}</source>
            <translation>规划长度 {n}</translation>
        </message>
    </context>
    <context>
        <name>CsvReadme</name>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="14" />
            <source>gpucalc CSV export (format version {version}, gpucalc {gpucalc})</source>
            <translation>gpucalc CSV 导出（格式版本 {version}，gpucalc {gpucalc}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="15" />
            <source>Files:</source>
            <translation>文件：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="18" />
            <source>The plan in one file: its inputs (model, GPU and engine with id and name, GPU count, precision, parallelism, max model length, traffic, latency targets) and its answer (recommended concurrency and its range, the binding ceiling, online capacity, request and token rates, and the fleet verdict: whether the deployment carries the average and peak QPS, GPUs needed, cost per hour and per month). Columns: section, field, value, unit, source. The source is 'scenario' (what the plan was asked), 'catalog' (the GPU, model and engine tables), 'resolved: ...' (what the engine derives when the scenario leaves it open), 'calculated: ...' (a formula) or 'FILE.csv: ROW', the row of another file that explains the figure.</source>
            <translation>一个文件看全方案：输入（模型、GPU 与引擎的 id 和名称、卡数、精度、并行方式、最大模型长度、流量、延迟目标）与结论（推荐并发及其范围、瓶颈上限、在线容量、请求与 token 速率，以及集群结论：部署能否承载平均与峰值 QPS、所需 GPU、每小时与每月成本）。列：section、field、value、unit、source。source 为 'scenario'（方案给定的值）、'catalog'（GPU、模型与引擎规格表）、'resolved: ...'（场景未指定时引擎推导出的值）、'calculated: ...'（公式）或 'FILE.csv: ROW'，即解释该数字的另一文件中的行。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="28" />
            <source>Memory per GPU of the binding pipeline stage, in GiB: every line item, with the weight groups and activation parts under 'part_of'. 'inputs' lists the formula's inputs as 'name=value; ...' (one per row in term_inputs.csv); 'sources' the datasheets and engine sources of its constants.</source>
            <translation>瓶颈流水线段每张 GPU 的显存，单位 GiB：每一项显存占用，权重分组与激活各部分列在 'part_of' 之下。'inputs' 以 'name=value; ...' 列出公式的输入（在 term_inputs.csv 中每个输入一行）；'sources' 列出其常数所依据的数据手册与引擎来源。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="33" />
            <source>The inputs of every formula in line_items.csv, answer.csv and fleet.csv, one per row: file, term (the row of that file), input (its name in the formula) and value.</source>
            <translation>line_items.csv、answer.csv 与 fleet.csv 中每个公式的输入，每行一个：file、term（该文件中的行）、input（它在公式中的名称）与 value。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="37" />
            <source>The answer for one replica: each limited ceiling (requests), the recommended concurrency (the knee), online capacity, knee, communication share, and latency and rates at the recommendation and at the offline maximum. Columns: quantity, value, unit, formula.</source>
            <translation>单副本的结论：每个受限的上限（请求数）、推荐并发（拐点）、在线容量、拐点、通信占比，以及推荐并发下与离线最大时的延迟和速率。列：quantity、value、unit、formula。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="42" />
            <source>The ceilings and the scheduler cap (running requests per replica) against the planning length in tokens; 'binding' names the lowest.</source>
            <translation>各并发上限与调度上限（每副本运行中的请求数）随规划长度（token）的变化；'binding' 标出最低者。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="45" />
            <source>TTFT and TPOT (ms) and output throughput (tokens/s) of one replica against concurrency (running requests).</source>
            <translation>单副本的 TTFT 与 TPOT（ms）以及输出吞吐（tokens/s）随并发（运行中的请求数）的变化。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="48" />
            <source>Concurrency at the latency targets for each context tier and precision tier on one replica; 'binding' is 'does_not_fit' where the model does not fit, 'past_max_model_len' or 'past_model_context' where the tier's length is past the scenario's --max-model-len or the model's context (no figure).</source>
            <translation>单副本在延迟目标下、各上下文档位与量化档位的并发；模型放不下处 'binding' 为 'does_not_fit'，档位长度超过场景的 --max-model-len 或模型上下文处为 'past_max_model_len' 或 'past_model_context'（无数值）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="53" />
            <source>Fleet options that meet the targets, cheapest first: GPU (id and name), precision, layout ('aggregated', or the xPyD ratio of prefill and decode pools), TP, concurrency per replica, replicas and GPUs in total, utilization (fraction), latency (ms), cost (USD per hour and per million output tokens); 'pareto' marks options no other option beats on both cost per hour and TPOT.</source>
            <translation>满足目标的集群方案，按成本从低到高：GPU（id 与名称）、精度、部署方式（'aggregated'，或预填充与解码池的 xPyD 比例）、TP、每副本并发、副本数与 GPU 总数、利用率（比例）、延迟（ms）、成本（每小时与每百万输出 token 的美元）；'pareto' 标出在每小时成本与 TPOT 上都不被其他方案同时胜过的方案。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="59" />
            <source>The fleet verdict for the deployment: QPS carried, replicas and GPUs needed and deployed, totals and costs. Columns: quantity, value, unit.</source>
            <translation>该部署的集群结论：承载的 QPS、所需与已部署的副本数和 GPU 数、合计与成本。列：quantity、value、unit。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="62" />
            <source>The same GPUs split into replicas of different tensor-parallel sizes: replicas, concurrency (requests), requests/s and output tokens/s in total.</source>
            <translation>同样的 GPU 按不同张量并行规模拆成副本：副本数、并发（请求数）、合计请求/秒与输出 tokens/s。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="65" />
            <source>Prefill/decode disaggregation: each pool's TP, PP, DP, replicas, engines (DP × TP × PP GPUs each) and GPUs (needed and planned), the KV transfer per P95 prompt (ms, bytes), TTFT, decode TPOT, rates per replica, and the aggregated GPUs for the same traffic. Columns: quantity, value, unit.</source>
            <translation>预填充/解码分离：每个池的 TP、PP、DP、副本数、引擎数（每个 DP × TP × PP 张 GPU）与 GPU 数（所需与计划），每个 P95 提示词的 KV 传输（ms、字节）、TTFT、解码 TPOT、每副本速率，以及同样流量下合并部署所需的 GPU。列：quantity、value、unit。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="71" />
            <source>80 % band of each headline figure (KV cache, concurrency, output throughput, TTFT, TPOT, rate capacity, GPUs needed): low, expected and high, sized from the out-of-sample errors of the validation runs of the plan's regime ('regime', 'validation_runs'); 'widened_because' says why a band is wider than those errors (no validation run of the regime); 'band' is the band in words.</source>
            <translation>每个关键指标（KV 缓存、并发、输出吞吐、TTFT、TPOT、请求速率容量、所需 GPU）的 80 % 区间：low、expected 与 high，按本方案所属类别（'regime'、'validation_runs'）验证实测的样本外误差确定；'widened_because' 说明区间为何比这些误差更宽（验证集中没有该类别的实测）；'band' 是用文字写出的区间。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="77" />
            <source>Low, expected and high value of KV cache tokens, recommended concurrency and GPUs needed, over the ranges of the uncertain constants.</source>
            <translation>KV 缓存 token、推荐并发与所需 GPU 在各不确定常数取值范围内的低值、期望值与高值。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="80" />
            <source>Simulated TTFT and TPOT percentiles (ms), output tokens/s and goodput (requests/s meeting the targets) of one replica at each request rate.</source>
            <translation>单副本在每个请求速率下模拟得到的 TTFT 与 TPOT 分位数（ms）、输出 tokens/s 与有效吞吐（满足目标的请求/秒）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_readme.py" line="85" />
            <source>Conventions of every file: UTF-8 with a byte-order mark, CRLF line ends, a header row, RFC 4180 quoting. Numbers are plain decimals ('.' as the decimal point, no thousands separators, no exponents, at most 9 significant digits); booleans are 'true' / 'false'; an empty cell means 'no value'. Units are in a 'unit' column or end the column name (_gib, _ms, _tokens, _requests, _per_s, _usd). Ids (gpu, model, engine) come with a name column. No cell is a formula: a text cell that would start with =, +, -, @, a tab or a line break (a scenario or class name such as =HYPERLINK(...)) has an apostrophe (') in front, so a spreadsheet shows it as text; a number cell is never changed, so a negative number stays a number (-12.5), and so does a text cell that is a plain decimal.</source>
            <translation>所有文件的约定：带字节顺序标记（BOM）的 UTF-8、CRLF 换行、一行表头、RFC 4180 引号规则。数字为普通十进制数（'.' 为小数点，无千位分隔符，无指数，最多 9 位有效数字）；布尔值为 'true' / 'false'；空单元格表示“无值”。单位在 'unit' 列中，或写在列名末尾（_gib、_ms、_tokens、_requests、_per_s、_usd）。id（gpu、model、engine）旁有名称列。单元格都不是公式：以 =、+、-、@、制表符或换行开头的文本单元格（例如名为 =HYPERLINK(...) 的场景或类别）前面加一个撇号（'），表格软件因此把它当作文本显示；数字单元格从不改动，所以负数仍是数字（-12.5），纯十进制数的文本单元格也一样。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/numbers.py" line="126" />
            <source>Numbers in --json output and CSV files are always finite. A quantity that is unbounded or never reached (the latency when nothing can run, a request rate with no limit, a knee the curve never shows) is JSON null and an empty CSV cell; readable text says 'unbounded'.</source>
            <translation>--json 输出和 CSV 文件中的数字总是有限值。无上界或达不到的量（什么都跑不了时的延迟、没有上限的请求速率、曲线上没有出现的拐点）在 JSON 中为 null，在 CSV 中为空单元格；可读文本中写作“无上界”。</translation>
        </message>
    </context>
    <context>
        <name>CsvSummary</name>
        <message>
            <location filename="../../gpucalc/report/csv_summary.py" line="44" />
            <source>link plan</source>
            <translation>链路规划</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_summary.py" line="100" />
            <source>the checkpoint's format</source>
            <translation>检查点自身的格式</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_summary.py" line="102" />
            <source>kv_cache_dtype auto follows the model's dtype</source>
            <translation>kv_cache_dtype 为 auto 时跟随模型的 dtype</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_summary.py" line="123" />
            <source>the engine's default</source>
            <translation>引擎的默认值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_summary.py" line="136" />
            <source>GPUs ÷ GPUs per node, rounded up</source>
            <translation>卡数 ÷ 每节点卡数，向上取整</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_summary.py" line="139" />
            <source>the GPU's server or NVLink domain</source>
            <translation>该 GPU 所在服务器或 NVLink 域</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_summary.py" line="142" />
            <source>the network the GPU's servers ship with</source>
            <translation>该 GPU 服务器自带的网络</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_summary.py" line="170" />
            <source>none given: the P50</source>
            <translation>未给出：取 P50</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_summary.py" line="187" />
            <source>none given: no fleet is sized</source>
            <translation>未给出：不做集群规模测算</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_summary.py" line="192" />
            <source>none given: the average</source>
            <translation>未给出：取平均值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_summary.py" line="249" />
            <source>the limit that binds (memory, ttft, tpot, interconnect or scheduler)</source>
            <translation>起约束作用的上限（memory、ttft、tpot、interconnect 或 scheduler）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_summary.py" line="257" />
            <source>the rule that sets the planned concurrency (watermark or memory_share)</source>
            <translation>决定规划并发的规则（watermark 或 memory_share）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/csv_summary.py" line="277" />
            <source>the limit that binds random traffic</source>
            <translation>随机流量下起约束作用的上限</translation>
        </message>
    </context>
    <context>
        <name>CustomGpuDialog</name>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu.py" line="37" />
            <source>Custom GPU</source>
            <translation>自定义 GPU</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu.py" line="48" />
            <source>&amp;Save to my GPU table (replaces an entry with the same id)</source>
            <translation>保存到用户 GPU 表（替换同 id 的条目）(&amp;S)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu.py" line="58" />
            <source>Start &amp;from:</source>
            <translation>基于型号(&amp;F)：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu.py" line="93" />
            <source>Not saved: {reason}</source>
            <translation>未保存：{reason}</translation>
        </message>
    </context>
    <context>
        <name>CustomGpuForm</name>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="31" />
            <source>NVLink (switch or board)</source>
            <translation>NVLink（交换机或基板）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="32" />
            <source>NVLink bridge (pairs)</source>
            <translation>NVLink 桥接（两卡一对）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="33" />
            <source>PCIe only</source>
            <translation>仅 PCIe</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="34" />
            <source>xGMI (AMD Infinity Fabric)</source>
            <translation>xGMI（AMD 卡间互连）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="35" />
            <source>HCCS (Huawei Ascend)</source>
            <translation>HCCS（华为昇腾）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="36" />
            <source>RoCE network</source>
            <translation>RoCE 网络</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="92" />
            <source>&amp;ID:</source>
            <translation>ID(&amp;I)：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="93" />
            <source>&amp;Name:</source>
            <translation>名称(&amp;N)：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="94" />
            <source>&amp;Memory (marketing):</source>
            <translation>标称显存(&amp;M)：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="95" />
            <source>&amp;Usable memory:</source>
            <translation>可用显存(&amp;U)：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="97" />
            <source>Dense {dtype}:</source>
            <translation>稠密 {dtype}：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="98" />
            <source>HBM &amp;bandwidth:</source>
            <translation>HBM 带宽(&amp;B)：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="99" />
            <source>&amp;Interconnect:</source>
            <translation>互联方式(&amp;I)：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="100" />
            <source>&amp;Link bandwidth (bidir.):</source>
            <translation>互联带宽（双向）(&amp;L)：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="101" />
            <source>&amp;GPUs per link domain:</source>
            <translation>互联域内卡数(&amp;G)：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="102" />
            <source>&amp;Price per GPU-hour:</source>
            <translation>每卡每小时价格(&amp;P)：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="104" />
            <source>Lower-case letters, digits, '.' and '-'; the id it is saved under</source>
            <translation>小写字母、数字、“.” 和 “-”；保存时使用的 id</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="105" />
            <source>Total memory as the driver reports it (nvidia-smi)</source>
            <translation>驱动报告的总显存（nvidia-smi）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="106" />
            <source>GPUs the fast link joins: 2 for an NVLink bridge pair, 8 for an NVLink board, 72 for an NVL72 rack; tensor parallelism past it runs over PCIe</source>
            <translation>高速互联连通的卡数：NVLink 桥接的一对卡为 2，NVLink 基板为 8，NVL72 机柜为 72；超出此范围的张量并行走 PCIe</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="114" />
            <source>{name} (custom)</source>
            <translation>{name}（自定义）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="139" />
            <source>entered by the user</source>
            <translation>用户填写</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="147" />
            <source>Custom GPU based on {name}.</source>
            <translation>基于 {name} 的自定义 GPU。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="155" />
            <source>Give the GPU a name.</source>
            <translation>请填写 GPU 名称。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/custom_gpu_form.py" line="157" />
            <source>Give at least one dense TFLOPS figure.</source>
            <translation>请至少填写一项稠密 TFLOPS。</translation>
        </message>
    </context>
    <context>
        <name>EntryJsonEditor</name>
        <message>
            <location filename="../../gpucalc/ui/dialogs/entry_json_editor.py" line="25" />
            <source>Entry as JSON</source>
            <translation>条目 JSON</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/entry_json_editor.py" line="26" />
            <source>Apply JSON</source>
            <translation>应用 JSON</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/entry_json_editor.py" line="28" />
            <source>Validate the JSON and save it as your entry</source>
            <translation>校验 JSON 并保存为用户条目</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/entry_json_editor.py" line="35" />
            <source>All fields (JSON):</source>
            <translation>全部字段（JSON）：</translation>
        </message>
    </context>
    <context>
        <name>Errors</name>
        <message>
            <location filename="../../gpucalc/catalog/bundled.py" line="53" />
            <source>unknown GPU '{name}'</source>
            <translation>未知的 GPU“{name}”</translation>
        </message>
        <message>
            <location filename="../../gpucalc/catalog/bundled.py" line="54" />
            <source>unknown GPU '{name}'; did you mean {choices}?</source>
            <translation>未知的 GPU“{name}”；是否指 {choices}？</translation>
        </message>
        <message>
            <location filename="../../gpucalc/catalog/bundled.py" line="56" />
            <source>unknown model '{name}'</source>
            <translation>未知的模型“{name}”</translation>
        </message>
        <message>
            <location filename="../../gpucalc/catalog/bundled.py" line="57" />
            <source>unknown model '{name}'; did you mean {choices}?</source>
            <translation>未知的模型“{name}”；是否指 {choices}？</translation>
        </message>
        <message>
            <location filename="../../gpucalc/catalog/bundled.py" line="59" />
            <source>unknown weight format '{name}'</source>
            <translation>未知的权重精度“{name}”</translation>
        </message>
        <message>
            <location filename="../../gpucalc/catalog/bundled.py" line="60" />
            <source>unknown weight format '{name}'; did you mean {choices}?</source>
            <translation>未知的权重精度“{name}”；是否指 {choices}？</translation>
        </message>
        <message>
            <location filename="../../gpucalc/catalog/bundled.py" line="62" />
            <source>unknown network '{name}'</source>
            <translation>未知网络 '{name}'</translation>
        </message>
        <message>
            <location filename="../../gpucalc/catalog/bundled.py" line="63" />
            <source>unknown network '{name}'; did you mean {choices}?</source>
            <translation>未知网络 '{name}'；是否指 {choices}？</translation>
        </message>
        <message>
            <location filename="../../gpucalc/catalog/bundled.py" line="65" />
            <source>unknown KV cache dtype '{name}'</source>
            <translation>未知的 KV 缓存精度“{name}”</translation>
        </message>
        <message>
            <location filename="../../gpucalc/catalog/bundled.py" line="66" />
            <source>unknown KV cache dtype '{name}'; did you mean {choices}?</source>
            <translation>未知的 KV 缓存精度“{name}”；是否指 {choices}？</translation>
        </message>
        <message>
            <location filename="../../gpucalc/catalog/bundled.py" line="256" />
            <source>unknown engine '{name}'; choose one of {choices}</source>
            <translation>未知的推理引擎“{name}”；请从 {choices} 中选择</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/bench.py" line="52" />
            <source>paste the benchmark command after --, e.g. gpucalc bench --gpu h100-sxm-80gb -- vllm bench serve --model M --num-prompts 200</source>
            <translation>请在 -- 之后粘贴压测命令，例如 gpucalc bench --gpu h100-sxm-80gb -- vllm bench serve --model M --num-prompts 200</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/bench.py" line="70" />
            <source>benchmark command: {reason}</source>
            <translation>压测命令：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/bench.py" line="80" />
            <source>give --gpu ID (and the serve flags), or --scenario FILE</source>
            <translation>请给出 --gpu ID（及启动参数），或 --scenario FILE</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/errors.py" line="78" />
            <source>scenario {file}: {reason}</source>
            <translation>场景文件 {file}：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/main.py" line="291" />
            <source>the model does not fit, so there is no load curve</source>
            <translation>模型放不下，因此没有负载曲线</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/main.py" line="332" />
            <source>size needs the traffic to size for: give --qps (average requests per second)</source>
            <translation>size 需要给出要承载的流量：请给出 --qps（平均每秒请求数）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/main.py" line="342" />
            <source>no GPU in the list meets the targets; relax TTFT/TPOT or add GPU types</source>
            <translation>列表中没有满足目标的 GPU；请放宽 TTFT/TPOT 或加入更多 GPU 型号</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/main.py" line="522" />
            <source>internal error: {kind}: {detail} — rerun with {variable}=1 for details</source>
            <translation>内部错误：{kind}：{detail} —— 设置 {variable}=1 后重新运行可查看详情</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/main.py" line="561" />
            <source>cannot write the output: {reason}</source>
            <translation>无法写出输出：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/main.py" line="562" />
            <source>this terminal's encoding ({encoding}) cannot show every character, so some were replaced; set PYTHONIOENCODING=utf-8 (Windows: chcp 65001) to see them all</source>
            <translation>此终端的编码（{encoding}）无法显示全部字符，部分字符已被替换；设置 PYTHONIOENCODING=utf-8（Windows：chcp 65001）即可完整显示</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/main.py" line="638" />
            <source>the window and the PDF report need PySide6 and pyqtgraph, which are part of every gpucalc install; reinstall gpucalc ({package} could not be loaded)</source>
            <translation>窗口和 PDF 报告需要 PySide6 和 pyqtgraph，它们随 gpucalc 一同安装；请重新安装 gpucalc（无法加载 {package}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="188" />
            <source>the model does not fit, so there is nothing to measure</source>
            <translation>模型放不下，因此没有可测的内容</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/report.py" line="47" />
            <source>the model does not fit; the report says why and what to change</source>
            <translation>模型放不下；报告中说明了原因和需要调整的地方</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/report.py" line="59" />
            <source>{path} is a file; give a .zip name or a folder</source>
            <translation>{path} 是一个文件；请给出 .zip 文件名或文件夹</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/scenario_source.py" line="38" />
            <source>give either --scenario FILE or MODEL --gpu ID, not both</source>
            <translation>请给出 --scenario FILE 或 MODEL --gpu ID，二者不能同时给出</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/scenario_source.py" line="45" />
            <source>give MODEL and --gpu ID, or --scenario FILE</source>
            <translation>请给出 MODEL 和 --gpu ID，或 --scenario FILE</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/simulate.py" line="266" />
            <source>the model does not fit, so there is nothing to simulate</source>
            <translation>模型放不下，因此没有可模拟的内容</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/physical_bounds.py" line="43" />
            <source>a request of {tokens} tokens ({prompt} prompt, {history} multi-turn history, {output} output) is longer than {max_model_len} {limit}, so the engine refuses it: raise {max_model_len} (the model allows {model_limit}) or plan shorter requests ({input_len_p50} / {input_len_p95}, {output_len_p50} / {output_len_p95}, {max_turns})</source>
            <translation>一条 {tokens} token 的请求（输入 {prompt}、多轮历史 {history}、输出 {output}）超过 {max_model_len} {limit}，引擎会拒绝它：请调高 {max_model_len}（模型最多支持 {model_limit}），或按更短的请求规划（{input_len_p50} / {input_len_p95}、{output_len_p50} / {output_len_p95}、{max_turns}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/physical_bounds.py" line="48" />
            <source>a request of {tokens} tokens ({prompt} prompt, {history} multi-turn history, {output} output) is longer than the model's context of {limit} tokens, so the engine refuses it: plan shorter requests ({input_len_p50} / {input_len_p95}, {output_len_p50} / {output_len_p95}, {max_turns})</source>
            <translation>一条 {tokens} token 的请求（输入 {prompt}、多轮历史 {history}、输出 {output}）超过模型 {limit} token 的上下文长度，引擎会拒绝它：请按更短的请求规划（{input_len_p50} / {input_len_p95}、{output_len_p50} / {output_len_p95}、{max_turns}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/physical_bounds.py" line="53" />
            <source>request class {name} ({tokens} tokens: {prompt} prompt + {output} output) is longer than {max_model_len} {limit}, so the engine refuses its requests: shorten the class ({classes}) or raise {max_model_len} (the model allows {model_limit})</source>
            <translation>请求类别 {name}（{tokens} token：输入 {prompt} + 输出 {output}）超过 {max_model_len} {limit}，引擎会拒绝这类请求：请缩短该类别（{classes}）或调高 {max_model_len}（模型最多支持 {model_limit}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/physical_bounds.py" line="57" />
            <source>request class {name} ({tokens} tokens: {prompt} prompt + {output} output) is longer than the model's context of {limit} tokens, so the engine refuses its requests: shorten the class ({classes})</source>
            <translation>请求类别 {name}（{tokens} token：输入 {prompt} + 输出 {output}）超过模型 {limit} token 的上下文长度，引擎会拒绝这类请求：请缩短该类别（{classes}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/physical_bounds.py" line="61" />
            <source>gpucalc computed an impossible {figure} of {value} {unit} ({rule}) for these inputs, so it shows no answer rather than a wrong one; please report the inputs</source>
            <translation>gpucalc 对这组输入算出了不可能的 {figure}：{value} {unit}（{rule}），因此不给出结果，以免给出错误答案；请报告这组输入</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="48" />
            <source>{prefill_tp} {tp} cannot split the model's heads ({heads} attention heads, {kv_heads} KV heads)</source>
            <translation>{prefill_tp} {tp} 无法均分模型的注意力头（{heads} 个注意力头，{kv_heads} 个 KV 头）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="50" />
            <source>{decode_tp} {tp} cannot split the model's heads ({heads} attention heads, {kv_heads} KV heads)</source>
            <translation>{decode_tp} {tp} 无法均分模型的注意力头（{heads} 个注意力头，{kv_heads} 个 KV 头）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="52" />
            <source>{prefill_pp} {pp} exceeds the model's {layers} layers</source>
            <translation>{prefill_pp} {pp} 超过模型的 {layers} 层</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="53" />
            <source>{decode_pp} {pp} exceeds the model's {layers} layers</source>
            <translation>{decode_pp} {pp} 超过模型的 {layers} 层</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="56" />
            <source>a prefill replica of TP {tp} × PP {pp} does not hold the model and a KV cache; raise {prefill_tp}</source>
            <translation>TP {tp} × PP {pp} 的预填充副本放不下模型和 KV 缓存；请调大 {prefill_tp}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="58" />
            <source>a decode replica of TP {tp} × PP {pp} does not hold the model and a KV cache; raise {decode_tp}</source>
            <translation>TP {tp} × PP {pp} 的生成副本放不下模型和 KV 缓存；请调大 {decode_tp}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="300" />
            <source>{ttft_ms}: a P95 prompt takes {prefill_ms} ms to prefill and {transfer_ms} ms to move to the decode pool; raise the target or {prefill_tp}</source>
            <translation>{ttft_ms}：一个 P95 提示词预填充需要 {prefill_ms} ms，传到生成池需要 {transfer_ms} ms；请放宽目标或调大 {prefill_tp}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="342" />
            <source>a decode replica of TP {tp} × PP {pp} cannot run one request: its KV cache holds {memory} requests and one decode step takes {step_ms} ms against {tpot_ms}; raise {decode_tp}</source>
            <translation>TP {tp} × PP {pp} 的生成副本连一个请求都跑不了：KV 缓存只容纳 {memory} 个请求，一步生成需要 {step_ms} ms，对比 {tpot_ms}；请调大 {decode_tp}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="57" />
            <source>{pipeline_parallel_size} {pp} exceeds the model's {layers} layers</source>
            <translation>{pipeline_parallel_size} {pp} 超过了模型的 {layers} 层</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/settings.py" line="100" />
            <source>the token budget ({max_num_batched_tokens}) must be at least {seqs:,} tokens: one decode token for each of the {seqs:,} requests a step may run ({max_num_seqs}); {tokens:,} is below it, so raise the budget or lower {max_num_seqs}</source>
            <translation>token 预算（{max_num_batched_tokens}）至少要 {seqs:,} 个 token：一步最多运行 {seqs:,} 个请求（{max_num_seqs}），每个请求逐 token 生成需要 1 个 token；{tokens:,} 低于此值，请提高预算或降低 {max_num_seqs}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/speculative_draft.py" line="56" />
            <source>{model} has no multi-token-prediction (MTP) layers in its config: choose EAGLE, n-gram or a draft model for {speculative_config}</source>
            <translation>{model} 的配置中没有多 token 预测（MTP）层：请为 {speculative_config} 选择 EAGLE、n-gram 或草稿模型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/speculative_draft.py" line="140" />
            <source>the draft model of {speculative_config} was not looked up in the catalog</source>
            <translation>{speculative_config} 的草稿模型未在目录中查到</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/context_parallel.py" line="46" />
            <source>{decode_context_parallel_size} {dcp} can be at most {tensor_parallel_size} ÷ KV heads = {tp} ÷ {heads} = {largest}: only KV replicated across TP ranks can be sharded</source>
            <translation>{decode_context_parallel_size} {dcp} 最多为 {tensor_parallel_size} ÷ KV 头数 = {tp} ÷ {heads} = {largest}：只有在 TP 各卡间重复存放的 KV 才能切分</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/expert_parallel.py" line="111" />
            <source>{num_redundant_experts}: redundant experts need expert parallel and EPLB (--enable-expert-parallel --enable-eplb)</source>
            <translation>{num_redundant_experts}：冗余专家需要开启专家并行和 EPLB（--enable-expert-parallel --enable-eplb）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/expert_parallel.py" line="115" />
            <source>{all2all_mode}: DeepEP all-to-all needs expert parallel (--enable-expert-parallel)</source>
            <translation>{all2all_mode}：DeepEP all-to-all 需要开启专家并行（--enable-expert-parallel）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/expert_parallel.py" line="120" />
            <source>{num_redundant_experts}: {experts} experts + {redundant} redundant do not spread evenly over EP {ep} ranks</source>
            <translation>{num_redundant_experts}：{experts} 个专家 + {redundant} 个冗余专家无法均分到 EP {ep} 个 rank 上</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/parallel.py" line="50" />
            <source>{tensor_parallel_size} {tp} does not divide the {heads} attention heads</source>
            <translation>{tensor_parallel_size} {tp} 不能整除 {heads} 个注意力头</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/parallel.py" line="54" />
            <source>{tensor_parallel_size} {tp} does not divide the {heads} KV heads</source>
            <translation>{tensor_parallel_size} {tp} 不能整除 {heads} 个 KV 头</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/parallel.py" line="57" />
            <source>{tensor_parallel_size} {tp} is not a multiple of the {heads} KV heads</source>
            <translation>{tensor_parallel_size} {tp} 不是 {heads} 个 KV 头的整数倍</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/topology.py" line="166" />
            <source>{node_count} nodes × {per_node} GPUs per node = {node_gpus} GPUs, but {num_gpus} is {gpus}; change {nodes}, {gpus_per_node} or {num_gpus}</source>
            <translation>{node_count} 个节点 × 每节点 {per_node} 卡 = {node_gpus} 卡，但 {num_gpus} 为 {gpus}；请修改 {nodes}、{gpus_per_node} 或 {num_gpus}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/inputs.py" line="123" />
            <source>{tensor_parallel_size} × {pipeline_parallel_size} = {per_replica} needs at least {per_replica} GPUs; {num_gpus} is {gpus}</source>
            <translation>{tensor_parallel_size} × {pipeline_parallel_size} = {per_replica}，至少需要 {per_replica} 张 GPU；而 {num_gpus} 为 {gpus}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/inputs.py" line="131" />
            <source>{data_parallel_size} {dp} × {per_replica} GPUs per rank needs at least {needed} GPUs; {num_gpus} is {gpus}</source>
            <translation>{data_parallel_size} {dp} × 每个 rank {per_replica} 张卡至少需要 {needed} 张 GPU；{num_gpus} 为 {gpus}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/inputs.py" line="237" />
            <source>{input_len_p95} must be at least {input_len_p50}</source>
            <translation>{input_len_p95} 不能小于 {input_len_p50}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/inputs.py" line="240" />
            <source>{output_len_p95} must be at least {output_len_p50}</source>
            <translation>{output_len_p95} 不能小于 {output_len_p50}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/inputs.py" line="243" />
            <source>{qps_peak} needs {qps_avg}</source>
            <translation>{qps_peak} 需要同时给出 {qps_avg}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/inputs.py" line="245" />
            <source>{qps_peak} must be at least {qps_avg}</source>
            <translation>{qps_peak} 不能小于 {qps_avg}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/inputs.py" line="249" />
            <source>{classes}: the shares must add up to 1, not {total:.3g}</source>
            <translation>{classes}：占比之和必须为 1，而不是 {total:.3g}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/inputs.py" line="291" />
            <source>{percentile} must be one of {choices}</source>
            <translation>{percentile} 必须是 {choices} 之一</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/parallel_inputs.py" line="50" />
            <source>{decode_context_parallel_size} {dcp} must divide {tensor_parallel_size} {tp}: decode context parallel reuses the TP group's GPUs</source>
            <translation>{decode_context_parallel_size} {dcp} 必须整除 {tensor_parallel_size} {tp}：解码上下文并行复用 TP 组的 GPU</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/speculative_inputs.py" line="27" />
            <source>{speculative_config} needs a method: MTP, EAGLE, EAGLE-3, n-gram or a draft model</source>
            <translation>{speculative_config} 需要指定方法：MTP、EAGLE、EAGLE-3、n-gram 或草稿模型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/speculative_inputs.py" line="93" />
            <source>give either {acceptance_length} or {acceptance_rate}, not both</source>
            <translation>{acceptance_length} 与 {acceptance_rate} 只能填一个</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/speculative_inputs.py" line="97" />
            <source>{acceptance_length} must be at most {num_speculative_tokens} + 1 = {most}</source>
            <translation>{acceptance_length} 不能超过 {num_speculative_tokens} + 1 = {most}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/speculative_inputs.py" line="101" />
            <source>the draft-model method needs a {draft_model}</source>
            <translation>草稿模型方法需要填写 {draft_model}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/step/step_model.py" line="417" />
            <source>GPU {gpu_id} has no memory bandwidth figure; add it in the GPU table to estimate latency</source>
            <translation>GPU {gpu_id} 没有显存带宽数据；请在 GPU 表中补充后再估算延迟</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/step/step_model.py" line="423" />
            <source>GPU {gpu_id} has no TFLOPS figure; add it in the GPU table to estimate latency</source>
            <translation>GPU {gpu_id} 没有 TFLOPS 数据；请在 GPU 表中补充后再估算延迟</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/display.py" line="20" />
            <source>no display found ({variables} not set), so the window cannot open; run gpucalc on a desktop or over ssh -X, or use the command line (gpucalc estimate …); for a screenshot without a display set QT_QPA_PLATFORM=offscreen</source>
            <translation>未找到显示器（未设置 {variables}），窗口无法打开；请在桌面环境或通过 ssh -X 运行 gpucalc，或使用命令行（gpucalc estimate …）；没有显示器时截图请设置 QT_QPA_PLATFORM=offscreen</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/display.py" line="24" />
            <source>the window cannot start: {reason}; check that the display is reachable, or install the Qt system libraries (make system-deps: libxcb-cursor0 and friends); QT_QPA_PLATFORM=offscreen renders screenshots without a display</source>
            <translation>窗口无法启动：{reason}；请检查显示器是否可连接，或安装 Qt 所需的系统库（make system-deps：libxcb-cursor0 等）；QT_QPA_PLATFORM=offscreen 可在没有显示器时渲染截图</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="45" />
            <source>{field} must be more than {limit}</source>
            <translation>{field} 必须大于 {limit}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="46" />
            <source>{field} must be at least {limit}</source>
            <translation>{field} 不能小于 {limit}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="47" />
            <source>{field} must be less than {limit}</source>
            <translation>{field} 必须小于 {limit}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="48" />
            <source>{field} must be at most {limit}</source>
            <translation>{field} 不能大于 {limit}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="49" />
            <source>{field} needs at least {limit} characters</source>
            <translation>{field} 至少需要 {limit} 个字符</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="51" />
            <source>{field} takes at most {limit} characters</source>
            <translation>{field} 最多 {limit} 个字符</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="53" />
            <source>{field} takes at most {limit} entries</source>
            <translation>{field} 最多 {limit} 项</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="54" />
            <source>{field} needs at least {limit} entries</source>
            <translation>{field} 至少需要 {limit} 项</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="57" />
            <source>{field} must be a whole number</source>
            <translation>{field} 必须是整数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="58" />
            <source>{field} must be a number</source>
            <translation>{field} 必须是数字</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="59" />
            <source>{field} must be on or off (true or false)</source>
            <translation>{field} 只能是开或关（true 或 false）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="60" />
            <source>{field} must be a group of settings</source>
            <translation>{field} 必须是一组设置</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="61" />
            <source>{field} must be a list</source>
            <translation>{field} 必须是列表</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="65" />
            <source>{field} must be a finite number</source>
            <translation>{field} 必须是有限的数字</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="67" />
            <source>{field} is missing</source>
            <translation>缺少 {field}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="68" />
            <source>{field} must be text</source>
            <translation>{field} 必须是文本</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="73" />
            <source>{field} must not be empty</source>
            <translation>{field} 不能为空</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="74" />
            <source>{field} must be one of: {choices}</source>
            <translation>{field} 必须是以下之一：{choices}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="75" />
            <source>'{key}' is not a setting gpucalc knows; remove it</source>
            <translation>“{key}”不是 gpucalc 认识的设置；请删除它</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="76" />
            <source>{field}: {reason}</source>
            <translation>{field}：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="77" />
            <source>this value</source>
            <translation>该值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="78" />
            <source>'{key}' in the scenario file</source>
            <translation>场景文件中的“{key}”</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="79" />
            <source>cannot use this file: {reason}</source>
            <translation>无法使用该文件：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="80" />
            <source>cannot use '{path}': {reason}</source>
            <translation>无法使用“{path}”：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="81" />
            <source>cannot read or write a file: {reason}</source>
            <translation>无法读写文件：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/field_errors.py" line="82" />
            <source>an unexpected error stopped the calculation; please report it with the scenario file</source>
            <translation>意外错误中断了计算；请连同场景文件一起报告此问题</translation>
        </message>
    </context>
    <context>
        <name>Examples</name>
        <message>
            <location filename="../../resources/examples/llama-3.1-70b-8xa100.gpucalc.json" line="5" />
            <source>Llama-3.1-70B on one 8× A100-80GB server</source>
            <translation>Llama-3.1-70B：单台 8× A100-80GB 服务器</translation>
        </message>
        <message>
            <location filename="../../resources/examples/qwen2.5-32b-long-documents-on-2xh100.gpucalc.json" line="5" />
            <source>Qwen2.5-32B reading long documents on 2× H100 (TP 2, fp8 KV cache)</source>
            <translation>Qwen2.5-32B 长文档阅读：2× H100（TP 2，fp8 KV 缓存）</translation>
        </message>
        <message>
            <location filename="../../resources/examples/qwen2.5-7b-chat-on-rtx-4090.gpucalc.json" line="5" />
            <source>Qwen2.5-7B multi-turn chat on one RTX 4090</source>
            <translation>Qwen2.5-7B 多轮对话：单张 RTX 4090</translation>
        </message>
    </context>
    <context>
        <name>ExplainPane</name>
        <message>
            <location filename="../../gpucalc/ui/disagg_view.py" line="46" />
            <source>, in {engines} engines of DP {dp}</source>
            <translation>，共 {engines} 个 DP {dp} 引擎</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/disagg_view.py" line="53" />
            <source>Prefill pool: {n} × TP {tp} × PP {pp}</source>
            <translation>预填充池：{n} × TP {tp} × PP {pp}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/disagg_view.py" line="58" />
            <source>Decode pool: {n} × TP {tp} × PP {pp}</source>
            <translation>生成池：{n} × TP {tp} × PP {pp}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="67" />
            <source>Memory per GPU</source>
            <translation>每卡显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="69" />
            <source>Weights by tensor group</source>
            <translation>按张量组划分的权重</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="70" />
            <source>Activation peak</source>
            <translation>激活峰值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="71" />
            <source>KV cache and concurrency</source>
            <translation>KV 缓存与并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="77" />
            <source>Effective settings</source>
            <translation>生效的设置</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="80" />
            <source>Parameters</source>
            <translation>参数量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="106" />
            <source>Speculative decoding</source>
            <translation>投机解码</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="108" />
            <source>Ceilings and the scheduler cap</source>
            <translation>并发上限与调度器上限</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="111" />
            <source>Rate capacity (random arrivals)</source>
            <translation>请求速率容量（随机到达）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="112" />
            <source>Memory share at the planned concurrency</source>
            <translation>规划并发下的显存占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="114" />
            <source>Step time at the recommendation</source>
            <translation>推荐并发下的单步耗时</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="116" />
            <source>At the recommendation</source>
            <translation>推荐并发下</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="117" />
            <source>Offline maximum</source>
            <translation>离线最大</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="118" />
            <source>Prefix cache</source>
            <translation>前缀缓存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="127" />
            <source>Layout TP {tp} × PP {pp}: {n} replicas</source>
            <translation>布局 TP {tp} × PP {pp}：{n} 个副本</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="132" />
            <source>Fleet: does it carry the QPS</source>
            <translation>集群：能否承载 QPS</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="139" />
            <source>Fleet: all replicas deployed</source>
            <translation>集群：已部署的全部副本</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="150" />
            <source>Formula</source>
            <translation>公式</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="151" />
            <source>Inputs</source>
            <translation>输入</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="152" />
            <source>Sources</source>
            <translation>来源</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="164" />
            <source>JSON key</source>
            <translation>JSON 键</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="275" />
            <source>Figure</source>
            <translation>指标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="275" />
            <source>Value</source>
            <translation>数值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="279" />
            <source>Select a figure to see how it is computed.</source>
            <translation>选中一个指标，查看其计算方法。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/explain_pane.py" line="330" />
            <source>Nodes and network</source>
            <translation>节点与网络</translation>
        </message>
    </context>
    <context>
        <name>Exporter</name>
        <message>
            <location filename="../../gpucalc/ui/exports.py" line="41" />
            <source>Export report</source>
            <translation>导出报告</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/exports.py" line="43" />
            <source>PDF (*.pdf)</source>
            <translation>PDF (*.pdf)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/exports.py" line="50" />
            <source>Export CSV tables</source>
            <translation>导出 CSV 表格</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/exports.py" line="52" />
            <source>Zip of CSV files (*.zip)</source>
            <translation>CSV 文件压缩包 (*.zip)</translation>
        </message>
    </context>
    <context>
        <name>Failures</name>
        <message>
            <location filename="../../gpucalc/ui/failures.py" line="40" />
            <source>Unexpected error of type {kind}; the traceback is in the log.</source>
            <translation>意外错误（类型 {kind}）；详细回溯已写入日志。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/failures.py" line="52" />
            <source>the computation gave no result</source>
            <translation>计算没有得到结果</translation>
        </message>
    </context>
    <context>
        <name>Fields</name>
        <message>
            <location filename="../../gpucalc/engines/knobs.py" line="227" />
            <source>auto</source>
            <translation>自动</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="66" />
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="67" />
            <source>GPU type from the bundled catalog.</source>
            <translation>内置目录中的 GPU 型号。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="72" />
            <source>GPUs</source>
            <translation>卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="73" />
            <source>GPUs in the deployment (replicas × TP × PP).</source>
            <translation>部署中的 GPU 数（副本数 × TP × PP）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="77" />
            <source>Memory override</source>
            <translation>显存覆盖值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="78" />
            <source>Total GPU memory as the engine sees it (MIG slice, shared GPU); auto uses the catalog value.</source>
            <translation>引擎看到的 GPU 总显存（MIG 切片、共享 GPU）；自动则使用目录值。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="80" />
            <source>catalog value</source>
            <translation>目录值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="87" />
            <source>Nodes</source>
            <translation>节点数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="88" />
            <source>Servers the GPUs sit in (--nnodes); an NVL72 rack counts as one. When set, GPUs = nodes × GPUs per node; auto counts the nodes the GPUs fill.</source>
            <translation>GPU 所在的服务器数（--nnodes）；一个 NVL72 机柜算一个节点。设置后，卡数 = 节点数 × 每节点卡数；自动时按卡数推算节点数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="91" />
            <source>from the GPUs</source>
            <translation>按卡数推算</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="95" />
            <source>GPUs per node</source>
            <translation>每节点卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="96" />
            <source>GPUs in one node; auto: the GPU's server (8 on HGX boards and PCIe servers, 72 in an NVL72 rack).</source>
            <translation>一个节点的卡数；自动：按该 GPU 的服务器（HGX 板卡和 PCIe 服务器为 8，NVL72 机柜为 72）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="98" />
            <source>GPU's server</source>
            <translation>按 GPU 服务器</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="103" />
            <source>Network between nodes</source>
            <translation>节点间网络</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="104" />
            <source>Scale-out network (the Networks spec table): collectives that cross nodes run at its per-GPU NIC bandwidth. Tensor parallel across nodes is strongly advised against.</source>
            <translation>横向扩展网络（规格表中的“网络”）：跨节点的集合通信按其每卡网卡带宽计算。强烈不建议张量并行跨节点。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="114" />
            <source>Engine</source>
            <translation>推理引擎</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="115" />
            <source>Serving engine whose memory accounting is used.</source>
            <translation>采用哪个推理引擎的显存记账方式。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="124" />
            <source>Memory fraction</source>
            <translation>显存占用比例</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="125" />
            <source>vLLM --gpu-memory-utilization, SGLang --mem-fraction-static, TensorRT-LLM free memory fraction; auto uses the engine default.</source>
            <translation>vLLM --gpu-memory-utilization、SGLang --mem-fraction-static、TensorRT-LLM 空闲显存比例；自动则使用引擎默认值。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="127" />
            <source>engine default</source>
            <translation>引擎默认</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="133" />
            <source>Max model length</source>
            <translation>最大上下文长度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="134" />
            <source>--max-model-len; auto uses the model's context.</source>
            <translation>--max-model-len；自动则使用模型的上下文长度。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="135" />
            <source>model maximum</source>
            <translation>模型上限</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="141" />
            <source>Batched tokens</source>
            <translation>批处理 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="142" />
            <source>--max-num-batched-tokens: the token budget of one scheduler step; it sets the activation peak.</source>
            <translation>--max-num-batched-tokens：一次调度步的 token 预算，决定激活峰值。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="151" />
            <source>Max sequences</source>
            <translation>最大并发序列数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="152" />
            <source>--max-num-seqs: requests running at once.</source>
            <translation>--max-num-seqs：同时在算的请求数上限。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="164" />
            <source>Tensor parallel (TP)</source>
            <translation>张量并行（TP）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="165" />
            <source>GPUs one layer is split across.</source>
            <translation>一层被切分到的 GPU 数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="172" />
            <source>Pipeline parallel (PP)</source>
            <translation>流水线并行（PP）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="173" />
            <source>Stages the layers are split into.</source>
            <translation>模型层被切分成的段数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="186" />
            <source>Expert parallel (EP)</source>
            <translation>专家并行（EP）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="187" />
            <source>Split the experts of MoE layers across ranks.</source>
            <translation>将 MoE 层的专家切分到各卡。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="193" />
            <source>Decode context parallel (DCP)</source>
            <translation>解码上下文并行（DCP）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="194" />
            <source>vLLM --decode-context-parallel-size: shards the KV cache along tokens over this many ranks of the TP group where TP would replicate it (MLA, or GQA with TP above the KV heads): KV per GPU ÷ DCP, KV capacity × DCP.</source>
            <translation>vLLM --decode-context-parallel-size：在 TP 会重复存放 KV 的情况下（MLA，或 TP 大于 KV 头数的 GQA），把 KV 缓存按 token 切分到 TP 组中的这么多张卡上：每卡 KV ÷ DCP，KV 容量 × DCP。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="204" />
            <source>State dtype</source>
            <translation>状态精度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="205" />
            <source>vLLM --mamba-ssm-cache-dtype: dtype of the recurrent state of linear-attention / Mamba layers; auto follows the model config, else the model dtype.</source>
            <translation>vLLM --mamba-ssm-cache-dtype：线性注意力 / Mamba 层递归状态的精度；自动则按模型配置，未给出时用模型精度。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="218" />
            <source>Data parallel (DP)</source>
            <translation>数据并行（DP）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="219" />
            <source>vLLM --data-parallel-size, SGLang --dp-size with --enable-dp-attention: attention ranks of one engine, each with its own KV cache and scheduler; a MoE model's experts shard over DP × TP GPUs.</source>
            <translation>vLLM --data-parallel-size，SGLang --dp-size 配合 --enable-dp-attention：一个引擎内的注意力 rank 数，每个 rank 有自己的 KV 缓存和调度器；MoE 模型的专家分布在 DP × TP 张 GPU 上。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="228" />
            <source>Expert load balancer (EPLB)</source>
            <translation>专家负载均衡（EPLB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="229" />
            <source>--enable-eplb: replicates busy experts; the default imbalance drops from 1.4 to 1.08 (measured).</source>
            <translation>--enable-eplb：复制繁忙的专家；默认负载不均衡从 1.4 降到 1.08（实测）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="240" />
            <source>Redundant experts</source>
            <translation>冗余专家</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="241" />
            <source>Extra expert copies EPLB spreads over the EP ranks (vLLM --eplb-config num_redundant_experts); they take memory on every GPU.</source>
            <translation>EPLB 分布到各 EP rank 上的额外专家副本（vLLM --eplb-config num_redundant_experts）；每张 GPU 都要为它们占用显存。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="247" />
            <source>Expert imbalance</source>
            <translation>专家负载不均衡</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="248" />
            <source>Busiest EP rank's routed tokens ÷ the mean (1 / the balancedness EPLB logs); it scales the expert GEMMs. Default measured: expert GEMM time under power-law routing (α 1.01) ÷ balanced; the Explanation pane names the source.</source>
            <translation>最忙 EP rank 的路由 token 数 ÷ 平均值（EPLB 日志中 balancedness 的倒数）；按此放大专家 GEMM。默认值为实测：幂律路由（α 1.01）下的专家 GEMM 时间 ÷ 均衡路由下的时间；来源见“计算说明”窗格。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="252" />
            <source>1.4, 1.08 with EPLB</source>
            <translation>1.4，开启 EPLB 时 1.08</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="264" />
            <source>All-to-all</source>
            <translation>All-to-all</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="265" />
            <source>How tokens reach the experts of other DP ranks: all-gather (vLLM's default), DeepEP normal (high throughput) or DeepEP low latency.</source>
            <translation>token 如何到达其他 DP rank 上的专家：all-gather（vLLM 默认）、DeepEP 高吞吐（normal）或 DeepEP 低延迟（low latency）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="277" />
            <source>No CUDA graphs (eager)</source>
            <translation>禁用 CUDA Graph（eager）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="278" />
            <source>vLLM --enforce-eager, SGLang --disable-cuda-graph: frees the CUDA-graph memory but every step pays the kernel launches, which slows small batches.</source>
            <translation>vLLM --enforce-eager、SGLang --disable-cuda-graph：省下 CUDA Graph 显存，但每步都要承担 kernel 启动开销，小批次会变慢。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="286" />
            <source>Weight precision</source>
            <translation>权重精度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="287" />
            <source>The checkpoint's own precision, or a what-if quantization (fp8, int8, int4, nvfp4).</source>
            <translation>检查点自身的精度，或假设的量化档位（fp8、int8、int4、nvfp4）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="296" />
            <source>KV cache dtype</source>
            <translation>KV 缓存精度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="297" />
            <source>--kv-cache-dtype: auto keeps the activation dtype.</source>
            <translation>--kv-cache-dtype：自动则与激活精度相同。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="309" />
            <source>Prefix caching</source>
            <translation>前缀缓存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="310" />
            <source>Reuse the KV blocks of prompt prefixes already computed (vLLM --[no-]enable-prefix-caching, SGLang --disable-radix-cache); on by default in vLLM V1, SGLang and TensorRT-LLM.</source>
            <translation>复用已计算过的输入前缀的 KV 块（vLLM --enable-prefix-caching / --no-enable-prefix-caching，SGLang --disable-radix-cache）；vLLM V1、SGLang 和 TensorRT-LLM 默认开启。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="317" />
            <source>Disaggregated prefill/decode</source>
            <translation>预填充/生成分离</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="318" />
            <source>Prefill and decode on separate pools of replicas (vLLM --kv-transfer-config, SGLang --disaggregation-mode, Dynamo xPyD); the KV cache moves between them.</source>
            <translation>预填充与生成放在不同的副本池上（vLLM --kv-transfer-config、SGLang --disaggregation-mode、Dynamo xPyD），KV 缓存在两池之间传输。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="324" />
            <source>Prefill TP</source>
            <translation>预填充 TP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="325" />
            <source>--prefill-tp: tensor parallel size of a prefill replica.</source>
            <translation>--prefill-tp：一个预填充副本的张量并行数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="326" />
            <source>same as TP</source>
            <translation>同 TP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="330" />
            <source>Decode TP</source>
            <translation>生成 TP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="331" />
            <source>--decode-tp: tensor parallel size of a decode replica.</source>
            <translation>--decode-tp：一个生成副本的张量并行数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="337" />
            <source>Prefill DP</source>
            <translation>预填充 DP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="338" />
            <source>--prefill-dp: attention DP ranks of one prefill engine (SGLang --dp with --enable-dp-attention); the pool comes in whole engines of DP × TP × PP GPUs.</source>
            <translation>--prefill-dp：一个预填充引擎的注意力 DP rank 数（SGLang --dp 配合 --enable-dp-attention）；该池按整引擎计，每个引擎 DP × TP × PP 张 GPU。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="341" />
            <source>same as DP</source>
            <translation>同 DP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="345" />
            <source>Decode DP</source>
            <translation>生成 DP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="346" />
            <source>--decode-dp: attention DP ranks of one decode engine (SGLang --dp with --enable-dp-attention); the pool comes in whole engines of DP × TP × PP GPUs.</source>
            <translation>--decode-dp：一个生成引擎的注意力 DP rank 数（SGLang --dp 配合 --enable-dp-attention）；该池按整引擎计，每个引擎 DP × TP × PP 张 GPU。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="353" />
            <source>Prefill PP</source>
            <translation>预填充 PP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="354" />
            <source>--prefill-pp: pipeline stages of a prefill replica.</source>
            <translation>--prefill-pp：一个预填充副本的流水线级数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="355" />
            <source>same as PP</source>
            <translation>同 PP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="359" />
            <source>Decode PP</source>
            <translation>生成 PP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="360" />
            <source>--decode-pp: pipeline stages of a decode replica.</source>
            <translation>--decode-pp：一个生成副本的流水线级数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="365" />
            <source>Prefill replicas</source>
            <translation>预填充副本</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="366" />
            <source>--prefill-replicas: a fixed prefill pool; auto sizes it from the QPS at the TTFT target.</source>
            <translation>--prefill-replicas：固定预填充池规模；自动时按 TTFT 目标下的 QPS 反推。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="368" />
            <source>sized from QPS</source>
            <translation>按 QPS 反推</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="372" />
            <source>Decode replicas</source>
            <translation>生成副本</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="373" />
            <source>--decode-replicas: a fixed decode pool; auto sizes it from the QPS at the TPOT target.</source>
            <translation>--decode-replicas：固定生成池规模；自动时按 TPOT 目标下的 QPS 反推。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="380" />
            <source>KV link</source>
            <translation>KV 链路</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="381" />
            <source>--kv-transfer-gbps: link between the pools per GPU (400 = NDR InfiniBand); auto uses the GPU's fast link inside one domain, else the scale-out network.</source>
            <translation>--kv-transfer-gbps：两个池之间每卡的链路带宽（400 = NDR InfiniBand）；自动：同一高速互联域内用 GPU 的高速链路，否则用跨节点网络。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="384" />
            <source>from the GPU</source>
            <translation>取自 GPU</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="392" />
            <source>Speculative decoding</source>
            <translation>投机解码</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="393" />
            <source>vLLM --speculative-config method, SGLang --speculative-algorithm: MTP (the model's own layers), EAGLE, EAGLE-3, n-gram or a draft model; off: plain decoding.</source>
            <translation>vLLM 的 --speculative-config、SGLang 的 --speculative-algorithm：MTP（模型自带的层）、EAGLE、EAGLE-3、n-gram 或草稿模型；关闭：普通解码。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="404" />
            <source>Speculative tokens (k)</source>
            <translation>投机 token 数（k）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="405" />
            <source>Draft tokens per request and step (num_speculative_tokens, --speculative-num-steps).</source>
            <translation>每个请求每步的草稿 token 数（vLLM 配置中的投机 token 数、SGLang --speculative-num-steps）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="412" />
            <source>Draft model</source>
            <translation>草稿模型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="413" />
            <source>The draft model of method draft_model (catalog id, Hugging Face id or folder); a label for EAGLE heads.</source>
            <translation>草稿模型方法所用的草稿模型（目录 id、Hugging Face id 或文件夹）；对 EAGLE 头仅作标注。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="421" />
            <source>Acceptance length (τ)</source>
            <translation>接受长度（τ）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="422" />
            <source>Tokens one target step yields per request, 1 … k+1: the mean acceptance length the engine logs; auto assumes the method's published acceptance rate.</source>
            <translation>目标模型每步为每个请求产出的 token 数，1 … k+1：即引擎日志中的平均接受长度；自动则采用该方法公开的接受率。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="425" />
            <source>method default</source>
            <translation>方法默认值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="432" />
            <source>Input length P50</source>
            <translation>输入长度 P50</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="433" />
            <source>Median prompt length.</source>
            <translation>输入长度中位数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="437" />
            <source>Input length P95</source>
            <translation>输入长度 P95</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="438" />
            <source>95th percentile prompt length; auto = P50.</source>
            <translation>输入长度 95 分位；自动 = P50。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="439" />
            <source>same as P50</source>
            <translation>同 P50</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="442" />
            <source>Output length P50</source>
            <translation>输出长度 P50</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="443" />
            <source>Median generated length.</source>
            <translation>输出长度中位数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="447" />
            <source>Output length P95</source>
            <translation>输出长度 P95</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="448" />
            <source>95th percentile generated length; auto = P50.</source>
            <translation>输出长度 95 分位；自动 = P50。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="452" />
            <source>Turns</source>
            <translation>对话轮数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="453" />
            <source>Turns of a multi-turn chat.</source>
            <translation>多轮对话的轮数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="457" />
            <source>History per turn</source>
            <translation>每轮历史增长</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="458" />
            <source>Tokens the history grows by each turn.</source>
            <translation>每轮对话历史增加的 token 数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="464" />
            <source>Length margin</source>
            <translation>长度余量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="465" />
            <source>Plan every length this share longer (seed 002: 0.2–0.3 when request lengths vary widely); 0 = off.</source>
            <translation>所有长度按此比例加长后再规划（种子文档 002：请求长度差异大时取 0.2–0.3）；0 = 关闭。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="471" />
            <source>QPS average</source>
            <translation>平均 QPS</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="472" />
            <source>Average requests per second the fleet must carry; not given = the answer is per replica, no fleet is sized.</source>
            <translation>整个集群需要承载的平均每秒请求数；不填 = 结论按单副本给出，不推算卡数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="474" />
            <source>not given</source>
            <translation>不填</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="477" />
            <source>QPS peak</source>
            <translation>峰值 QPS</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="478" />
            <source>Peak requests per second; auto = average.</source>
            <translation>峰值每秒请求数；自动 = 平均值。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="479" />
            <source>same as average</source>
            <translation>同平均值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="484" />
            <source>Traffic</source>
            <translation>流量类型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="485" />
            <source>Online: at the latency targets, the watermark's share of the knee online. Offline: no latency targets, memory filled for throughput. Mixed: online at the watermark, batch work backfilled above it.</source>
            <translation>在线：满足延迟目标，在线承载拐点乘以安全水位的并发。离线：不设延迟目标，显存堆满以换取吞吐。混合：在线部分按安全水位，水位以上回填离线批量任务。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="493" />
            <source>Shared prefix</source>
            <translation>共享前缀</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="494" />
            <source>Tokens every prompt shares with others (system prompt, few-shot examples, a common document); cached in whole KV blocks and held once per distinct prefix.</source>
            <translation>每个输入与其他请求共有的 token（系统提示词、少样本示例、公共文档）；按整块 KV 缓存，每种前缀只存一份。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="501" />
            <source>Distinct prefixes</source>
            <translation>不同前缀数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="502" />
            <source>How many different shared prefixes the traffic uses.</source>
            <translation>流量中不同共享前缀的数量。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="507" />
            <source>Prefix hit rate</source>
            <translation>前缀命中率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="508" />
            <source>Measured share of prompt tokens served from the prefix cache (vLLM logs 'Prefix cache hit rate'); auto derives it from the shared prefix.</source>
            <translation>实测的输入 token 前缀缓存命中占比（vLLM 日志中的前缀缓存命中率）；自动时由共享前缀推算。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="511" />
            <source>from shared prefix</source>
            <translation>由共享前缀推算</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="515" />
            <source>Chat history cached</source>
            <translation>对话历史已缓存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="516" />
            <source>A chat turn finds its earlier turns still in the prefix cache (the next turn arrives before eviction), so the history is not prefilled again.</source>
            <translation>多轮对话的每一轮都能在前缀缓存中找到之前的轮次（下一轮在淘汰前到达），历史无需再次预填充。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="526" />
            <source>TTFT target</source>
            <translation>TTFT 目标（首 token 时间）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="527" />
            <source>Time to first token the service must meet.</source>
            <translation>服务必须满足的首 token 时间。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="534" />
            <source>TPOT target</source>
            <translation>TPOT 目标（每 token 延迟）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="535" />
            <source>Time per output token the service must meet.</source>
            <translation>服务必须满足的每输出 token 延迟。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="542" />
            <source>SLO percentile</source>
            <translation>SLO 分位</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="543" />
            <source>Share of requests (P50, P95 or P99) that must meet the TTFT and TPOT targets; seed 000 plans at P95.</source>
            <translation>须满足 TTFT 与 TPOT 目标的请求比例（P50、P95 或 P99）；种子文档 000 按 P95 规划。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="550" />
            <source>Safety watermark</source>
            <translation>安全水位</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="551" />
            <source>Share of the knee (the recommended concurrency, past which more concurrency only buys latency) planned as online capacity; the rest is left for bursts and long tails.</source>
            <translation>按拐点（即推荐并发，再往上加并发只会增加延迟）的该比例规划在线容量；其余留给突发和长尾。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="556" />
            <source>Planning memory share</source>
            <translation>规划显存占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="557" />
            <source>Weights + KV at average length + margin must fit this share of GPU memory.</source>
            <translation>权重 + 平均长度下的 KV + 余量须在显存的该比例之内。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="565" />
            <source>Model</source>
            <translation>模型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="566" />
            <source>Search the catalog by name, or type a Hugging Face id, a config.json path or a model folder.</source>
            <translation>按名称搜索目录，或输入 Hugging Face id、config.json 路径或模型文件夹。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="572" />
            <source>Activation dtype</source>
            <translation>激活精度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="573" />
            <source>--dtype: auto follows the checkpoint.</source>
            <translation>--dtype：自动则跟随检查点。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="581" />
            <source>File version</source>
            <translation>文件版本</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="584" />
            <source>Scenario name</source>
            <translation>场景名称</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="587" />
            <source>Custom GPU</source>
            <translation>自定义 GPU</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="599" />
            <source>KV cache memory</source>
            <translation>KV 缓存显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="604" />
            <source>KV block size</source>
            <translation>KV 块大小</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="610" />
            <source>Images per prompt</source>
            <translation>每个请求的图片数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="632" />
            <source>EAGLE top-k</source>
            <translation>EAGLE top-k</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="638" />
            <source>Draft tokens verified</source>
            <translation>验证的草稿 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="644" />
            <source>Acceptance rate (α)</source>
            <translation>接受率（α）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/engines/vocabulary.py" line="651" />
            <source>Request classes</source>
            <translation>请求类别</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/fields.py" line="68" />
            <source>Deployment</source>
            <translation>部署</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/fields.py" line="69" />
            <source>Workload</source>
            <translation>负载</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/fields.py" line="70" />
            <source>Targets</source>
            <translation>目标</translation>
        </message>
    </context>
    <context>
        <name>FirstStepsDialog</name>
        <message>
            <location filename="../../gpucalc/ui/help.py" line="166" />
            <source>First steps with gpucalc</source>
            <translation>gpucalc 入门</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/help.py" line="168" />
            <source>1. On the left, choose the model, the GPU and how many GPUs serve it.</source>
            <translation>1. 在左侧选择模型、GPU 型号和卡数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/help.py" line="169" />
            <source>2. Describe the traffic: prompt and answer lengths, requests per second, and the latency targets the service must meet.</source>
            <translation>2. 描述流量：输入与输出长度、每秒请求数，以及服务必须达到的延迟目标。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/help.py" line="171" />
            <source>3. Read the answer at the top: how many requests one deployment carries at once, which limit binds, and whether it fits. Every number explains itself: click it and read the Explanation pane on the right.</source>
            <translation>3. 在顶部查看结论：一套部署能同时承载多少请求、瓶颈是什么、是否放得下。每个数字都能自我说明：点击它，在右侧“计算说明”中查看。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/help.py" line="174" />
            <source>4. The tabs show the detail: memory, curves against context and load, the GPUs needed for your traffic, and a simulation.</source>
            <translation>4. 各标签页给出细节：显存、随上下文和负载变化的曲线、承载您流量所需的卡数，以及流量仿真。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/help.py" line="176" />
            <source>5. Edit → Undo (Ctrl+Z) takes back any change; File → Examples opens a worked scenario; F1 opens the manual at the field you are in.</source>
            <translation>5. “编辑 → 撤销”（Ctrl+Z）可撤回任何修改；“文件 → 示例”打开示例场景；F1 打开手册中当前输入项的说明。</translation>
        </message>
    </context>
    <context>
        <name>Formulas</name>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="89" />
            <source>P{pct} TTFT of the closed loop: step in progress + prefill queue + own chunks</source>
            <translation>闭环的 P{pct} 首 token 时间：进行中的步 + 预填充排队 + 自身分块</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="93" />
            <source>P{pct} TPOT of the closed loop: decode step + the prefill steps met</source>
            <translation>闭环的 P{pct} 每 token 延迟：解码步 + 遇到的预填充步</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="101" />
            <source>continuous batching with chunked prefill, {clients} clients</source>
            <translation>连续批处理 + 分块预填充，{clients} 个客户端</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="104" />
            <source>finite run of {prompts} prompts: at most {prompts} running at once, throughput = output tokens ÷ run time (ramp-up and drain included)</source>
            <translation>有限压测 {prompts} 条请求：同时最多运行 {prompts} 条，吞吐 = 输出 token 数 ÷ 运行时间（含爬升与收尾）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="142" />
            <source>lowest limiting ceiling (offline: memory only): past it a latency target breaks or requests queue</source>
            <translation>起限制作用的最低上限（离线：只看显存）：超过后延迟目标被击穿或请求开始排队</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="150" />
            <source>max(2 × active params × tokens ÷ (peak × gemm eff), weight bytes ÷ (BW × mem eff))</source>
            <translation>max(2 × 激活参数量 × token 数 ÷ (峰值 × GEMM 效率), 权重字节数 ÷ (带宽 × 显存带宽效率))</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="152" />
            <source>max(attention FLOPs ÷ rate, KV bytes read ÷ (BW × mem eff)) + prefill FLOPs</source>
            <translation>max(注意力 FLOPs ÷ 速率, 读取的 KV 字节数 ÷ (带宽 × 显存带宽效率)) + 预填充 FLOPs</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="154" />
            <source>2 × layers × (latency + 2(n−1)/n × tokens × hidden × 2 B ÷ link) + EP + PP</source>
            <translation>2 × 层数 × (延迟 + 2(n−1)/n × token 数 × 隐藏维度 × 2 B ÷ 互联带宽) + EP + PP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="158" />
            <source>Σ GEMM groups max(FLOPs ÷ (peak × e_max · M/(M + M½) · NK/(NK + NK½)), weight bytes ÷ (HBM × e_mem)) + t₀; MoE at e_max · t/(t + t½) over tokens per expert t</source>
            <translation>Σ 各组 GEMM max(FLOPs ÷ (峰值 × e_max · M/(M + M½) · NK/(NK + NK½)), 权重字节数 ÷ (HBM × e_mem)) + t₀；MoE 按每专家 token 数 t 取 e_max · t/(t + t½)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="161" />
            <source>decode KV bytes ÷ (HBM × e_mem) + t_seq × decodes + prefill FLOPs ÷ (BF16 peak × e_max · s/(s + s½)) + t₀ per layer</source>
            <translation>逐 token 生成读取的 KV 字节数 ÷ (HBM × e_mem) + t_seq × 生成请求数 + 预填充 FLOPs ÷ (BF16 峰值 × e_max · s/(s + s½)) + 每层 t₀</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="164" />
            <source>2 × layers × min(custom α + bytes ÷ β, NCCL α + bytes ÷ β) + EP + PP</source>
            <translation>2 × 层数 × min(自定义 α + 字节数 ÷ β, NCCL α + 字节数 ÷ β) + EP + PP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="168" />
            <source>MoE layers × (fixed + tokens × bytes per token ÷ link): expert dispatch + combine over the DP × TP ranks</source>
            <translation>MoE 层数 × (固定开销 + token 数 × 每 token 字节 ÷ 链路)：专家分发 + 合并，跨 DP × TP 个 rank</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="171" />
            <source>max(layers × launch cost per layer − GPU work, 0) without CUDA graphs</source>
            <translation>max(层数 × 每层启动开销 − GPU 计算时间, 0)（不使用 CUDA Graph 时）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="173" />
            <source>fixed scheduler/launch cost per step</source>
            <translation>每步固定的调度 / 启动开销</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="250" />
            <source>requests in flight on one engine (a closed-loop ladder, --max-concurrency N) whose P{pct} TTFT and TPOT meet the targets: min(memory, compute, interconnect, scheduler); offline: memory</source>
            <translation>一个引擎上 P{pct} 首 token 时间和每 token 延迟都达标的在途请求数（闭环并发阶梯，--max-concurrency N）：min(显存, 算力, 通信, 调度)；离线：显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="263" />
            <source>communication ÷ step time</source>
            <translation>通信时间 ÷ 单步时间</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="271" />
            <source>closed loop at the concurrency: means of the steady state</source>
            <translation>该并发下的闭环：稳态均值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/calculate.py" line="273" />
            <source>steady state with the batch filled to the KV and scheduler caps</source>
            <translation>批填满到 KV 与调度上限时的稳态</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/ceilings.py" line="44" />
            <source>floor(KV blocks ÷ blocks per request at planning length)</source>
            <translation>floor(KV 块数 ÷ 规划长度下每请求块数)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/ceilings.py" line="55" />
            <source>max_num_seqs: the scheduler runs at most this many requests per step</source>
            <translation>最大序列数：调度器每步最多运行这么多请求</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/ceilings.py" line="206" />
            <source>max N in flight (closed loop): P{pct} TPOT(N decodes, chunked-prefill steps) ≤ TPOT target and P{pct} TTFT (queue in front of the prefill + own chunks) ≤ TTFT target; the mean meets both too</source>
            <translation>最大在途数 N（闭环）：P{pct} 每 token 延迟（N 路解码，分块预填充步）≤ 每 token 延迟目标，且 P{pct} 首 token 时间（预填充前排队 + 自身分块）≤ 首 token 时间目标；均值也同时达标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/ceilings.py" line="250" />
            <source>single GPU: no inter-GPU communication</source>
            <translation>单卡：没有卡间通信</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/ceilings.py" line="256" />
            <source>max N: all-reduce/all-to-all/pipeline time of one step ≤ 50 % × TPOT target</source>
            <translation>最大 N：一步中 all-reduce / all-to-all / 流水线通信时间 ≤ 50 % × TPOT 目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/ceilings.py" line="430" />
            <source>{per_rank} per DP rank × {ranks} DP ranks</source>
            <translation>每 DP 秩 {per_rank} × {ranks} 个 DP 秩</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/class_latency.py" line="57" />
            <source>P{pct}: the step in progress + queue wait in front of the prefill + ceil(input ÷ room) prefill steps of this class's prompt</source>
            <translation>P{pct}：进行中的步 + 预填充前的排队等待 + 该类提示词的 ceil(输入 ÷ 可用空间) 个预填充步</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/class_latency.py" line="64" />
            <source>P{pct}: decode step + share of chunked-prefill steps met over this class's output</source>
            <translation>P{pct}：解码步 + 本类输出期间遇到的分块预填充步所占份额</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/engine_answer.py" line="56" />
            <source>offline: the batch filled to memory and the scheduler cap, no latency targets</source>
            <translation>离线：批填满到显存与调度上限，不设延迟目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/engine_answer.py" line="60" />
            <source>no request rate meets the percentile targets</source>
            <translation>没有任何请求速率能达到分位数目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/engine_answer.py" line="65" />
            <source>highest Poisson rate whose P{pct} TTFT (prefill queue + own chunks) and P{pct} TPOT meet the targets: the rate at that mean running batch × DP ranks</source>
            <translation>P{pct} 首 token 时间（预填充排队 + 自身分块）与 P{pct} 每 token 延迟都达标的最高泊松速率：该平均运行批下的速率 × DP 秩数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/engine_answer.py" line="75" />
            <source>rate capacity × mean end-to-end latency (Little's law)</source>
            <translation>请求速率容量 × 平均端到端延迟（Little 定律）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/engine_answer.py" line="80" />
            <source>rate capacity × mean output tokens</source>
            <translation>请求速率容量 × 平均输出 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/engine_answer.py" line="83" />
            <source>P{pct} TTFT at the rate capacity</source>
            <translation>请求速率容量下的 P{pct} 首 token 时间</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/engine_answer.py" line="85" />
            <source>P{pct} TPOT at the rate capacity</source>
            <translation>请求速率容量下的 P{pct} 每 token 延迟</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/engine_answer.py" line="161" />
            <source>min(max(1, floor(watermark × concurrency)), memory-share rule's requests)</source>
            <translation>min(max(1, floor(安全水位 × 并发)), 显存占比规则的请求数)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/engine_answer.py" line="188" />
            <source>P{pct} TTFT with one request in flight: the step in progress + the prompt's own prefill chunks</source>
            <translation>仅 1 个请求在途时的 P{pct} 首 token 时间：进行中的步 + 该提示词自身的预填充分块</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/engine_answer.py" line="193" />
            <source>P{pct} TPOT with one request in flight: one decode step</source>
            <translation>仅 1 个请求在途时的 P{pct} 每 token 延迟：一个解码步</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/speculative_result.py" line="17" />
            <source>TPOT without speculation ÷ TPOT with it, same running batch (closed loop)</source>
            <translation>不投机时的 TPOT ÷ 投机时的 TPOT，同一批大小（闭环）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/speculative_result.py" line="69" />
            <source>no draft weights (n-gram prompt lookup)</source>
            <translation>无草稿权重（n-gram 提示词查找）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/speculative_result.py" line="72" />
            <source>draft layers × KV bytes per token per layer (per GPU)</source>
            <translation>草稿层数 × 每层每 token 的 KV 字节数（每卡）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="281" />
            <source>max(ceil(average QPS ÷ (watermark × req/s per replica)), ceil(peak QPS ÷ req/s per replica))</source>
            <translation>max(ceil(平均 QPS ÷ (水位 × 每副本 req/s)), ceil(峰值 QPS ÷ 每副本 req/s))</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="312" />
            <source>ceil(P95 prompt ÷ token budget) chunks × prefill-only step time</source>
            <translation>ceil(P95 提示词 ÷ token 预算) 个分块 × 纯预填充步时间</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="316" />
            <source>token budget ÷ prefill-only step time of a full budget</source>
            <translation>token 预算 ÷ 满预算纯预填充步时间</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="320" />
            <source>ρ × prompt tok/s ÷ mean prompt, ρ = 2w ÷ (S + 2w), w = TTFT target − P95 prefill − KV transfer, S = mean prompt ÷ prompt tok/s</source>
            <translation>ρ × 提示词 tok/s ÷ 平均提示词，ρ = 2w ÷ (S + 2w)，w = TTFT 目标 − P95 预填充 − KV 传输，S = 平均提示词 ÷ 提示词 tok/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="327" />
            <source>M/D/1 wait at the average QPS per prefill replica + P95 prefill + KV transfer</source>
            <translation>每个预填充副本在平均 QPS 下的 M/D/1 等待 + P95 预填充 + KV 传输</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="358" />
            <source>min(KV at planning length, max_num_seqs, max N: decode-only step ≤ TPOT target)</source>
            <translation>min(规划长度下的 KV 容量, max_num_seqs, 最大 N：纯生成步 ≤ TPOT 目标)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="363" />
            <source>decode-only step at the knee (no prompt chunks)</source>
            <translation>拐点处的纯生成步（无提示词分块）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="367" />
            <source>knee ÷ decode step time</source>
            <translation>拐点 ÷ 生成步时间</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="370" />
            <source>Little's law: knee ÷ (mean output × decode step time)</source>
            <translation>Little 定律：拐点 ÷ (平均输出 × 生成步时间)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="110" />
            <source>GPUs × price per GPU-hour × hours</source>
            <translation>卡数 × 每卡时价格 × 小时数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="124" />
            <source>cost per hour ÷ (QPS × mean output tokens × 3,600 s) × 1,000,000</source>
            <translation>每小时成本 ÷ (QPS × 平均输出 token 数 × 3,600 s) × 1,000,000</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="140" />
            <source>(saturated − planned output tok/s) × replicas × 86,400 s</source>
            <translation>(饱和 − 规划输出 tok/s) × 副本数 × 86,400 s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="147" />
            <source>planned concurrency × replicas deployed</source>
            <translation>规划并发 × 已部署副本数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="152" />
            <source>concurrency × replicas deployed</source>
            <translation>并发 × 已部署副本数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="156" />
            <source>planned req/s per replica × replicas deployed</source>
            <translation>每副本规划 req/s × 已部署副本数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="160" />
            <source>planned output tok/s per replica × replicas</source>
            <translation>每副本规划输出 tok/s × 副本数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="164" />
            <source>output tok/s over all replicas × 86,400 s</source>
            <translation>全部副本的输出 tok/s × 86,400 s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="168" />
            <source>output tok/s over all replicas × 3,600 s ÷ GPUs deployed</source>
            <translation>全部副本的输出 tok/s × 3,600 s ÷ 已部署卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="209" />
            <source>watermark × rate capacity of one replica (Poisson arrivals at the percentile targets)</source>
            <translation>安全水位 × 单副本请求速率容量（泊松到达，分位数目标）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="214" />
            <source>rate capacity of one replica: Poisson req/s whose percentile TTFT and TPOT meet the targets</source>
            <translation>单副本请求速率容量：分位数首 token 时间与每 token 延迟都达标的泊松 req/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="218" />
            <source>ceil(average QPS ÷ planned req/s per replica)</source>
            <translation>ceil(平均 QPS ÷ 每副本规划 req/s)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="223" />
            <source>ceil(peak QPS ÷ rate capacity per replica)</source>
            <translation>ceil(峰值 QPS ÷ 每副本请求速率容量)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="228" />
            <source>max(replicas for average, replicas for peak)</source>
            <translation>max(平均流量所需副本数, 峰值所需副本数)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="230" />
            <source>replicas for average (peaks queue or are rate-limited)</source>
            <translation>平均流量所需副本数（峰值排队或限流）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="233" />
            <source>k of N + k (failover)</source>
            <translation>N + k 中的 k（故障切换）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="235" />
            <source>N + k</source>
            <translation>N + k</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="238" />
            <source>(N + k) × GPUs per replica</source>
            <translation>(N + k) × 每副本卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="242" />
            <source>floor(GPUs ÷ GPUs per replica)</source>
            <translation>floor(GPU 数 ÷ 每副本 GPU 数)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="244" />
            <source>num_gpus</source>
            <translation>规划卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="269" />
            <source>planned concurrency × replicas</source>
            <translation>规划并发 × 副本数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="272" />
            <source>planned req/s per replica × replicas</source>
            <translation>每副本规划 req/s × 副本数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/kv_transfer.py" line="26" />
            <source>the given link between the pools</source>
            <translation>指定的池间链路</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/kv_transfer.py" line="27" />
            <source>host path (PCIe / NIC) between the pools</source>
            <translation>池间主机通路（PCIe / 网卡）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/kv_transfer.py" line="95" />
            <source>prompt tokens × KV bytes per token (all layers) ÷ (sending GPUs × link GB/s per GPU) + latency</source>
            <translation>提示词 token 数 × 每 token KV 字节（全部层）÷ (发送 GPU 数 × 每 GPU 链路 GB/s) + 延迟</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="52" />
            <source>Activation peak</source>
            <translation>激活峰值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="53" />
            <source>Runtime (non-torch) memory</source>
            <translation>运行时（非 torch）显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="54" />
            <source>CUDA-graph memory</source>
            <translation>CUDA Graph 显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="55" />
            <source>GEMM efficiency</source>
            <translation>GEMM 效率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="56" />
            <source>Attention efficiency</source>
            <translation>注意力效率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="57" />
            <source>Memory-bandwidth efficiency</source>
            <translation>显存带宽效率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="58" />
            <source>Link-bandwidth efficiency</source>
            <translation>互联带宽效率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="59" />
            <source>Collective latency</source>
            <translation>集合通信延迟</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="60" />
            <source>Step overhead</source>
            <translation>单步固定开销</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="61" />
            <source>Input length P95</source>
            <translation>输入长度 P95</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="62" />
            <source>Output length</source>
            <translation>输出长度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="63" />
            <source>TPOT target</source>
            <translation>TPOT 目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="64" />
            <source>TTFT target</source>
            <translation>TTFT 目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="65" />
            <source>GPU memory</source>
            <translation>显存容量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="66" />
            <source>Peak TFLOPS</source>
            <translation>峰值 TFLOPS</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="67" />
            <source>Memory bandwidth</source>
            <translation>显存带宽</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="68" />
            <source>Memory fraction</source>
            <translation>显存占用比例</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="69" />
            <source>FP8 GEMM factor</source>
            <translation>FP8 GEMM 系数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="255" />
            <source>tokens</source>
            <translation>token</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="275" />
            <source>smallest of the expected value, the pessimistic and optimistic corners of the uncertain constants and both ends of every sensitivity bar (here: {name})</source>
            <translation>预期值、不确定常数的悲观与乐观组合以及每个敏感性条形两端中的最小值（此处：{name}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="278" />
            <source>largest of the expected value, the pessimistic and optimistic corners of the uncertain constants and both ends of every sensitivity bar (here: {name})</source>
            <translation>预期值、不确定常数的悲观与乐观组合以及每个敏感性条形两端中的最大值（此处：{name}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="282" />
            <source>smallest of the expected value, the pessimistic and optimistic corners of the uncertain constants and both ends of every sensitivity bar (here: {name} at {value} {unit})</source>
            <translation>预期值、不确定常数的悲观与乐观组合以及每个敏感性条形两端中的最小值（此处：{name} 取 {value} {unit} 时）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="285" />
            <source>largest of the expected value, the pessimistic and optimistic corners of the uncertain constants and both ends of every sensitivity bar (here: {name} at {value} {unit})</source>
            <translation>预期值、不确定常数的悲观与乐观组合以及每个敏感性条形两端中的最大值（此处：{name} 取 {value} {unit} 时）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/uncertainty.py" line="250" />
            <source>pessimistic</source>
            <translation>悲观</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/uncertainty.py" line="251" />
            <source>optimistic</source>
            <translation>乐观</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/uncertainty.py" line="252" />
            <source>expected</source>
            <translation>预期</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/uncertainty.py" line="271" />
            <source>smallest of the expected value and the pessimistic and optimistic corners (here: {name})</source>
            <translation>预期值与悲观、乐观两种组合中的最小值（此处：{name}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/uncertainty.py" line="275" />
            <source>every constant at its value</source>
            <translation>所有常数取其给定值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/uncertainty.py" line="276" />
            <source>largest of the expected value and the pessimistic and optimistic corners (here: {name})</source>
            <translation>预期值与悲观、乐观两种组合中的最大值（此处：{name}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/calibrate.py" line="305" />
            <source>argmin Σ log²(predicted ÷ measured) + w Σ log²(factor ÷ default)</source>
            <translation>argmin Σ log²(预测 ÷ 实测) + w Σ log²(系数 ÷ 默认值)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/calibrate.py" line="308" />
            <source>held at the default: no measured metric depends on it</source>
            <translation>保持默认值：没有实测指标依赖它</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/calibrate.py" line="367" />
            <source>median over metrics of median |predicted ÷ measured − 1|</source>
            <translation>各指标 |预测 ÷ 实测 − 1| 中位数的中位数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/length_stats.py" line="37" />
            <source>linear interpolation between order statistics, rounded up to whole tokens</source>
            <translation>顺序统计量之间线性插值，向上取整到整 token</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/length_stats.py" line="39" />
            <source>input tokens</source>
            <translation>输入 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/length_stats.py" line="40" />
            <source>output tokens</source>
            <translation>输出 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/length_stats.py" line="100" />
            <source>P{q} of {name} over {scope} ({rule})</source>
            <translation>{scope}的{name} P{q}（{rule}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/length_stats.py" line="105" />
            <source>mean of {name} over {scope}</source>
            <translation>{scope}的{name}平均值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/length_stats.py" line="132" />
            <source>P95 of turns per conversation ({rule})</source>
            <translation>每个会话轮数的 P95（{rule}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/length_stats.py" line="136" />
            <source>median of max(prompt(t + 1) − prompt(t), 0) over consecutive turns</source>
            <translation>相邻两轮 max(输入(t + 1) − 输入(t), 0) 的中位数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/length_stats.py" line="154" />
            <source>requests in class ÷ all ({rule})</source>
            <translation>本类请求数 ÷ 全部请求数（{rule}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/length_stats.py" line="158" />
            <source>mean input tokens of the class, rounded up</source>
            <translation>本类平均输入 token 数，向上取整</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/length_stats.py" line="161" />
            <source>mean output tokens of the class, rounded up</source>
            <translation>本类平均输出 token 数，向上取整</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/length_stats.py" line="208" />
            <source>first turns of conversations</source>
            <translation>各会话首轮</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/length_stats.py" line="209" />
            <source>all requests</source>
            <translation>全部请求</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/log_compare.py" line="183" />
            <source>old + (measured − estimated activation peak), within ±16 GiB, ≥ 0</source>
            <translation>原值 + (实测 − 估算的激活峰值)，限制在 ±16 GiB 内，≥ 0</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/log_compare.py" line="202" />
            <source>measured non-torch − single-GPU part (TP &gt; 1)</source>
            <translation>实测非 torch 显存 − 单卡部分（TP &gt; 1）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/log_compare.py" line="206" />
            <source>measured non-torch (TP = 1)</source>
            <translation>实测非 torch 显存（TP = 1）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/log_compare.py" line="217" />
            <source>measured CUDA-graph capture</source>
            <translation>实测 CUDA Graph 捕获占用</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/activation.py" line="35" />
            <source>base + T × factor × intermediate / tp × bytes per element</source>
            <translation>基数 + T × 系数 × 中间层维度 / 张量并行 × 每元素字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/activation.py" line="52" />
            <source>base + bytes_per_logit × min(max_num_seqs, T) × vocab</source>
            <translation>基数 + 每 logit 字节数 × min(最大序列数, T) × 词表大小</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/activation.py" line="65" />
            <source>dense model: none</source>
            <translation>稠密模型：无</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/activation.py" line="72" />
            <source>T × top_k × (max(2N, H) + max(N, H)) × bytes per element</source>
            <translation>T × top_k × (max(2N, H) + max(N, H)) × 每元素字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/activation.py" line="109" />
            <source>max(forward, sampler, vision encoder) + MoE workspace</source>
            <translation>max(前向激活, 采样器, 视觉编码器) + MoE 工作区</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/activation_encoder.py" line="84" />
            <source>base + images × encoder tokens per image × (2 × width + 2 × MLP width + kept features) × bytes</source>
            <translation>基数 + 图片数 × 每图编码器 token 数 × (2 × 宽度 + 2 × MLP 宽度 + 保留特征数) × 字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory.py" line="64" />
            <source>single-GPU runtime + extra when TP &gt; 1</source>
            <translation>单卡运行时 + 张量并行 &gt; 1 时的额外开销</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory.py" line="79" />
            <source>fraction × (total − non-torch) − weights</source>
            <translation>显存比例 × (总量 − 非 torch) − 权重</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory.py" line="82" />
            <source>fraction × total − weights</source>
            <translation>显存比例 × 总量 − 权重</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory.py" line="85" />
            <source>fraction × (total − weights − activation − runtime − graphs)</source>
            <translation>显存比例 × (总量 − 权重 − 激活 − 运行时 − CUDA Graph)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory.py" line="90" />
            <source>fraction × total − (weights + activation + non-torch)</source>
            <translation>显存比例 × 总量 − (权重 + 激活 + 非 torch)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory.py" line="97" />
            <source>no CUDA graphs captured (--enforce-eager / --disable-cuda-graph)</source>
            <translation>不捕获 CUDA Graph（--enforce-eager / --disable-cuda-graph）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory.py" line="101" />
            <source>assumed capture size</source>
            <translation>假设的捕获大小</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory.py" line="139" />
            <source>--kv-cache-memory</source>
            <translation>--kv-cache-memory</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory.py" line="167" />
            <source>Σ tensor groups</source>
            <translation>Σ 各组张量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory.py" line="183" />
            <source>total − (weights + activation + non-torch + graphs + KV)</source>
            <translation>总量 − (权重 + 激活 + 非 torch + CUDA Graph + KV)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="75" />
            <source>from config shapes</source>
            <translation>由配置中的张量形状计算</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="82" />
            <source>total − vision − routed experts × (1 − top_k / experts)</source>
            <translation>总量 − 视觉部分 − 路由专家 × (1 − top_k / 专家数)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="86" />
            <source>active − input embedding (lookup, no matmul)</source>
            <translation>激活参数 − 输入嵌入（查表，不做矩阵乘）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="129" />
            <source>min(KV blocks ÷ blocks per request, max_num_seqs)</source>
            <translation>min(KV 块数 ÷ 每请求块数, 最大序列数)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="140" />
            <source>KV memory left with TP = PP = 1 (&gt; 0: the model fits on one GPU)</source>
            <translation>TP = PP = 1 时剩余的 KV 显存（&gt; 0：单卡放得下）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="151" />
            <source>blocks per request at the average length × block bytes</source>
            <translation>平均长度下每请求块数 × 块字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="170" />
            <source>SGLang default max_running_requests: min(KV tokens // 2, request pool rows = clamp(KV tokens ÷ context_len × 512, 2048, 4096))</source>
            <translation>SGLang 默认 max_running_requests：min(KV token 数 // 2, 请求池行数 = clamp(KV token 数 ÷ context_len × 512, 2048, 4096))</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="195" />
            <source>floor((share × total − weights − margin) ÷ KV per request at average length)</source>
            <translation>floor((占比 × 总量 − 权重 − 余量) ÷ 平均长度下每请求的 KV)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="237" />
            <source>(weights + margin + N × KV per request at average length) ÷ total</source>
            <translation>(权重 + 余量 + N × 平均长度下每请求的 KV) ÷ 总量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="293" />
            <source>Σ layers × bytes per token per layer × TP ranks</source>
            <translation>Σ 各层 × 每层每 token 字节数 × 张量并行卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="299" />
            <source>KV blocks ÷ KV-cache groups × block size (engine's count)</source>
            <translation>KV 块数 ÷ KV 缓存组数 × 块大小（引擎的计数）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="306" />
            <source>per-replica tokens × replicas</source>
            <translation>每副本 token 数 × 副本数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="309" />
            <source>KV blocks ÷ blocks one max_model_len request reserves</source>
            <translation>KV 块数 ÷ 一个最大上下文长度请求预留的块数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="318" />
            <source>not evaluated</source>
            <translation>未评估</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="337" />
            <source>Σ stage layers × 2 × KV heads/rank × head_dim × bytes (MLA: latent + rope dims)</source>
            <translation>Σ 本阶段各层 × 2 × 每卡 KV 头数 × 头维度 × 字节数（MLA：潜向量维度 + RoPE 维度）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="340" />
            <source>Σ stage layers × (KV per token per layer on the rank + sparse-attention indexer key) ÷ decode-context-parallel ranks</source>
            <translation>Σ 本阶段各层 ×（每卡每层每 token 的 KV + 稀疏注意力索引器键）÷ 解码上下文并行卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/settings.py" line="112" />
            <source>memory as the driver reports it</source>
            <translation>驱动报告的显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/settings.py" line="120" />
            <source>flag</source>
            <translation>命令行参数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/settings.py" line="122" />
            <source>{engine} default ({size} GPU)</source>
            <translation>{engine} 默认值（{size}显卡）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/settings.py" line="123" />
            <source>large</source>
            <translation>大显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/settings.py" line="123" />
            <source>other</source>
            <translation>其他</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/settings.py" line="128" />
            <source>{engine}: max(max_model_len, default), no chunked prefill</source>
            <translation>{engine}：max(max_model_len, 默认值)，不分块预填充</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/settings.py" line="134" />
            <source>{engine} default</source>
            <translation>{engine} 默认值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/settings.py" line="138" />
            <source>model max_position_embeddings</source>
            <translation>模型的 max_position_embeddings</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/settings.py" line="142" />
            <source>set by {flag}</source>
            <translation>由 {flag} 设定</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/speculative_memory.py" line="24" />
            <source>MTP layers × (decoder layer + eh_proj 2h×h) / tp; embedding and head shared</source>
            <translation>MTP 层数 × (解码层 + eh_proj 2h×h) / tp；嵌入层与输出头共享</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/speculative_memory.py" line="26" />
            <source>one decoder layer + fc 2h×h, BF16, / tp; lm_head shared</source>
            <translation>一个解码层 + fc 2h×h，BF16，/ tp；lm_head 共享</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/speculative_memory.py" line="27" />
            <source>one layer (Q/K/V over 2h) + fc 3h×h + draft lm_head (draft vocab × h), BF16, / tp</source>
            <translation>一层（Q/K/V 输入 2h）+ fc 3h×h + 草稿 lm_head（草稿词表 × h），BF16，/ tp</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/speculative_memory.py" line="29" />
            <source>the draft model's weights / tp</source>
            <translation>草稿模型权重 / tp</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/state_memory.py" line="112" />
            <source>state layers × (convolution state + recurrent state) per request, heads split over TP</source>
            <translation>状态层数 × 每请求（卷积状态 + 递归状态），头按 TP 切分</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/weights.py" line="75" />
            <source>vocab × hidden / tp</source>
            <translation>词表大小 × 隐藏维度 / 张量并行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/weights.py" line="81" />
            <source>layers × attention params per rank</source>
            <translation>层数 × 每卡注意力参数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/weights.py" line="84" />
            <source>layers × 3 × hidden × intermediate / tp</source>
            <translation>层数 × 3 × 隐藏维度 × 中间层维度 / 张量并行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/weights.py" line="89" />
            <source>MoE layers × experts × 3 × hidden × expert width × experts per GPU ÷ experts (DP × TP expert group)</source>
            <translation>MoE 层数 × 专家数 × 3 × hidden × 专家宽度 × 每卡专家数 ÷ 专家数（DP × TP 专家组）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/weights.py" line="95" />
            <source>MoE layers × experts × 3 × hidden × expert width / tp (all experts held)</source>
            <translation>MoE 层数 × 专家数 × 3 × 隐藏维度 × 专家宽度 / 张量并行（存放全部专家）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/weights.py" line="99" />
            <source>MoE layers × shared experts × 3 × hidden × width / tp</source>
            <translation>MoE 层数 × 共享专家数 × 3 × 隐藏维度 × 宽度 / 张量并行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/weights.py" line="103" />
            <source>norms and routers, replicated on every rank</source>
            <translation>归一化与路由器参数（每张卡各存一份）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/weights.py" line="110" />
            <source>vision encoder params / tp</source>
            <translation>视觉编码器参数 / 张量并行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/weights.py" line="139" />
            <source>params × bits / 8 / 2^30; params = {how}</source>
            <translation>参数量 × 位宽 / 8 / 2^30；参数量 = {how}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/expert_parallel.py" line="183" />
            <source>MoE layers × (2 × latency + 2 × tokens × width × 2 B × (DP − 1) ÷ link)</source>
            <translation>MoE 层数 × (2 × 延迟 + 2 × token 数 × 宽度 × 2 B × (DP − 1) ÷ 链路)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/expert_parallel.py" line="185" />
            <source>MoE layers × (fixed + tokens × top_k × width × (1 B FP8 + 2 B BF16) × (EP − 1) ÷ EP ÷ (share × link))</source>
            <translation>MoE 层数 × (固定开销 + token 数 × top_k × 宽度 × (1 B FP8 + 2 B BF16) × (EP − 1) ÷ EP ÷ (占比 × 链路))</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/expert_parallel.py" line="198" />
            <source>EP = DP × TP (expert parallel)</source>
            <translation>EP = DP × TP（专家并行）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/expert_parallel.py" line="199" />
            <source>DP × TP ranks, every expert's width split (no expert parallel)</source>
            <translation>DP × TP 个 rank，每个专家按宽度切分（未开专家并行）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/expert_parallel.py" line="207" />
            <source>ceil((experts + redundant) ÷ EP); all experts, sliced, without expert parallel</source>
            <translation>ceil((专家数 + 冗余) ÷ EP)；未开专家并行时为全部专家（切片）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/expert_parallel.py" line="214" />
            <source>busiest EP rank's routed tokens ÷ mean; scales the expert GEMMs of every step</source>
            <translation>最忙 EP rank 的路由 token 数 ÷ 平均值；按此放大每步的专家 GEMM</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/topology.py" line="300" />
            <source>PCIe x16 ÷ 2 (no network in the table)</source>
            <translation>PCIe x16 ÷ 2（网络表中没有网络）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/topology.py" line="304" />
            <source>NIC line rate × NICs per GPU ÷ 8 bits per byte</source>
            <translation>网卡线速 × 每卡网卡数 ÷ 每字节 8 位</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/capacity.py" line="59" />
            <source>the rate capacity of the answer on one DP rank: the highest Poisson rate whose P{pct} TTFT and TPOT meet the targets</source>
            <translation>结论中的请求速率容量在单个 DP 秩上的份额：P{pct} 首 token 时间与每 token 延迟都达标的最高泊松速率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/capacity.py" line="116" />
            <source>highest Poisson rate the simulated replica keeps up with (≥ 90 % completed while arrivals last) whose P{pct} TTFT and TPOT meet the targets (bisection)</source>
            <translation>仿真副本跟得上（到达期间完成 ≥ 90 %）且 P{pct} TTFT 与 TPOT 都满足目标的最高泊松到达速率（二分查找）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/capacity.py" line="158" />
            <source>analytic capacity at the P{pct} SLO (the simulator agrees within 10 %)</source>
            <translation>P{pct} SLO 下的解析容量（与仿真相差不超过 10 %）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/capacity.py" line="165" />
            <source>simulated capacity at the P{pct} SLO: the analytic figure differs by more than 10 % (queueing, preemption or length mix the closed form misses), so the simulated one is stated</source>
            <translation>P{pct} SLO 下的仿真容量：解析值相差超过 10 %（闭式公式漏掉了排队、抢占或长度混合），因此采用仿真值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="90" />
            <source>mean</source>
            <translation>平均值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="90" />
            <source>p50</source>
            <translation>P50</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="91" />
            <source>p95</source>
            <translation>P95</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="91" />
            <source>p99</source>
            <translation>P99</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="106" />
            <source>{stat} of {what}</source>
            <translation>{what} 的{stat}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="128" />
            <source>requests completed between first arrival + median end-to-end and the last arrival ÷ that time (0 when the window is empty)</source>
            <translation>从首个到达 + 端到端时间中位数到最后一个到达之间完成的请求数 ÷ 该时长（窗口为空时为 0）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="146" />
            <source>first token − arrival</source>
            <translation>首 token 时刻 − 到达时刻</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="150" />
            <source>(e2e − TTFT) ÷ (output tokens − 1)</source>
            <translation>(端到端 − TTFT) ÷ (输出 token 数 − 1)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="219" />
            <source>last completion − first arrival</source>
            <translation>最后完成时刻 − 首个到达时刻</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="225" />
            <source>completion − arrival</source>
            <translation>完成时刻 − 到达时刻</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="226" />
            <source>first scheduled − arrival</source>
            <translation>首次调度时刻 − 到达时刻</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="230" />
            <source>completed requests ÷ duration</source>
            <translation>完成的请求数 ÷ 时长</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="233" />
            <source>output tokens ÷ duration</source>
            <translation>输出 token 数 ÷ 时长</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="237" />
            <source>requests with TTFT ≤ target and TPOT ≤ target ÷ duration</source>
            <translation>TTFT ≤ 目标且 TPOT ≤ 目标的请求数 ÷ 时长</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="242" />
            <source>requests meeting both targets ÷ requests</source>
            <translation>同时满足两个目标的请求数 ÷ 请求数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="245" />
            <source>newest running request preempted (recompute) when KV runs out</source>
            <translation>KV 用尽时抢占最新运行的请求（重算）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="252" />
            <source>first token − send, steady state (after the first wave, before the drain)</source>
            <translation>首 token 时刻 − 发送时刻，稳态（第一波之后、收尾之前）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="256" />
            <source>(e2e − TTFT) ÷ (output tokens − 1), steady state</source>
            <translation>(端到端 − 首 token 时间) ÷ (输出 token 数 − 1)，稳态</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/prefix.py" line="58" />
            <source>prompt tokens served from cache ÷ prompt tokens, over the requests' first admissions</source>
            <translation>来自缓存的输入 token ÷ 输入 token，按请求首次调度统计</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/sweep.py" line="74" />
            <source>highest swept rate with P50 TTFT ≤ 2 × P50 TTFT at the lowest rate</source>
            <translation>P50 TTFT ≤ 最低速率时 P50 TTFT 的 2 倍的最高扫描速率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/sweep.py" line="91" />
            <source>highest swept rate whose P{pct:g} TTFT and TPOT meet the targets</source>
            <translation>P{pct:g} TTFT 与 TPOT 都满足目标的最高扫描速率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/length_mixture.py" line="31" />
            <source>Gaussian mixture on log2(total tokens), k = 1..3 by BIC; a split is kept only when each class holds ≥ 5 % of requests and neighbours have Ashman's D &gt; 2</source>
            <translation>对 log2(总 token 数) 拟合高斯混合，k = 1..3 按 BIC 选择；仅当每类占请求 ≥ 5 % 且相邻类的 Ashman D &gt; 2 时才保留拆分</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/speculative_inputs.py" line="131" />
            <source>as entered (the engine's mean acceptance length)</source>
            <translation>按输入值（引擎日志中的平均接受长度）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/speculative_inputs.py" line="136" />
            <source>τ = (1 − α^(k+1)) ÷ (1 − α)</source>
            <translation>τ = (1 − α^(k+1)) ÷ (1 − α)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/workload_shape.py" line="28" />
            <source>ceil(max(P95 input + (turns − 1) × tokens/turn + P95 output, longest class) × (1 + length margin))</source>
            <translation>ceil(max(P95 输入 + (轮数 − 1) × 每轮 token 数 + P95 输出, 最长类别) × (1 + 长度余量))</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/workload_shape.py" line="51" />
            <source>ceil((mean input + (turns − 1) ÷ 2 × tokens/turn + mean output) × (1 + length margin)); means over the request classes when the traffic is mixed</source>
            <translation>ceil((平均输入 + (轮数 − 1) ÷ 2 × 每轮 token 数 + 平均输出) × (1 + 长度余量))；长短混合时取各请求类别的平均</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/step/prefix_cache.py" line="142" />
            <source>prefix caching off: every prompt token is computed</source>
            <translation>前缀缓存关闭：每个输入 token 都要计算</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/step/prefix_cache.py" line="145" />
            <source>measured share of prompt tokens served from cache</source>
            <translation>实测的输入 token 缓存命中占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/step/prefix_cache.py" line="148" />
            <source>floor(min(shared prefix + cached history, mean prompt − 1) ÷ block) × block ÷ mean prompt</source>
            <translation>floor(min(共享前缀 + 已缓存历史, 平均输入 − 1) ÷ 块大小) × 块大小 ÷ 平均输入</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/step/prefix_cache.py" line="161" />
            <source>hit rate × mean prompt</source>
            <translation>命中率 × 平均输入</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/step/prefix_cache.py" line="169" />
            <source>cached tokens per request × requests/s at the recommendation</source>
            <translation>每请求缓存 token 数 × 推荐并发下的请求/秒</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/step/prefix_cache.py" line="178" />
            <source>distinct prefixes × blocks of one block-aligned shared prefix × block bytes</source>
            <translation>不同前缀数 × 单个按块对齐的共享前缀块数 × 每块字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/step/prefix_cache.py" line="227" />
            <source>floor((KV blocks − prefixes × blocks per shared prefix) ÷ blocks of the planning length past the shared prefix)</source>
            <translation>floor((KV 块数 − 前缀数 × 每个共享前缀块数) ÷ 规划长度中共享前缀之后部分的块数)</translation>
        </message>
    </context>
    <context>
        <name>Grid</name>
        <message>
            <location filename="../../gpucalc/text/grid_text.py" line="20" />
            <source>Short</source>
            <translation>短</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/grid_text.py" line="21" />
            <source>Medium</source>
            <translation>中</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/grid_text.py" line="22" />
            <source>Long</source>
            <translation>长</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/grid_text.py" line="23" />
            <source>Very long</source>
            <translation>超长</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/grid_text.py" line="24" />
            <source>This scenario</source>
            <translation>本场景</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/grid_text.py" line="28" />
            <source>past --max-model-len{sep}{limit}</source>
            <translation>超过 --max-model-len{sep}{limit}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/grid_text.py" line="29" />
            <source>past the model's context{sep}{limit}</source>
            <translation>超过模型上下文{sep}{limit}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/grid_text.py" line="30" />
            <source>does not fit</source>
            <translation>放不下</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/grid_text.py" line="31" />
            <source>0{sep}{target} target unreachable</source>
            <translation>0{sep}{target} 目标无法达到</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/grid_tab.py" line="27" />
            <source>* Weight-only formats (INT4 W4A16; FP8 or INT8 W8A16 where the GPU has no FP8 tensor cores) keep the weights in fewer bits but multiply in 16-bit, dequantising every weight in the GEMM: they save memory, but where compute binds they are slower than FP8 weights with FP8 math (W8A8) and, at large batches, than 16-bit weights, so they serve fewer requests there.</source>
            <translation>* 仅权重格式（INT4 W4A16；GPU 没有 FP8 张量核心时的 FP8 或 INT8 W8A16）以更少的比特存放权重，但按 16 位做乘法，GEMM 中每个权重都要先反量化：它们节省显存，但在算力受限处比 FP8 权重加 FP8 计算（W8A8）慢，大批量时也比 16 位权重慢，因此在那里能服务的请求更少。</translation>
        </message>
    </context>
    <context>
        <name>GridTab</name>
        <message>
            <location filename="../../gpucalc/ui/panels/grid_tab.py" line="60" />
            <source>Concurrent requests one replica serves within the TTFT and TPOT targets, at each planning length (KV tokens per request, the scenario's lengths scaled in proportion) and precision (weights / KV cache). The "This scenario" row at the scenario's precision is the answer. Colour: the binding ceiling; 0 = does not fit or cannot meet the targets. Tiers below the checkpoint's precision are capacity suggestions: measure the quantized model's quality on your own tasks before you plan on them.</source>
            <translation>在 TTFT 与 TPOT 目标内单副本可承载的并发请求数，按规划长度（每请求 KV token 数，本场景各长度按比例缩放）和精度（权重 / KV 缓存）列出。“本场景”一行在本场景精度下的值即为推荐答案。颜色：成为瓶颈的上限；0 = 放不下或达不到目标。低于检查点精度的档位仅为容量建议：据此规划前，先在自己的任务上评估量化模型的质量。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/grid_tab.py" line="71" />
            <source>Per-card capacity grid</source>
            <translation>单卡容量表</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/grid_tab.py" line="111" />
            <source>{tokens} tokens per request is past the scenario's --max-model-len of {limit}: the engine refuses such requests. Raise Max model length to plan for them.</source>
            <translation>每请求 {tokens} token 超过场景的 --max-model-len {limit}：引擎会拒绝这样的请求。要为它们做规划，请调高最大模型长度。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/grid_tab.py" line="116" />
            <source>{tokens} tokens per request is past the model's context of {limit} tokens (max_position_embeddings).</source>
            <translation>每请求 {tokens} token 超过模型的上下文 {limit} token（max_position_embeddings）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/grid_tab.py" line="119" />
            <source>{tokens} tokens, weights {w}, KV {kv}: {n} requests
= min(memory, compute, interconnect ceilings) with the scenario's lengths scaled to a planning length of {tokens} tokens; the same calculation as the Bottleneck tab</source>
            <translation>{tokens} token，权重 {w}，KV {kv}：{n} 个请求
= min(显存, 算力, 卡间通信上限)，本场景各长度按比例缩放到 {tokens} token 的规划长度；与“瓶颈”页的计算相同</translation>
        </message>
    </context>
    <context>
        <name>Help</name>
        <message>
            <location filename="../../gpucalc/ui/help.py" line="57" />
            <source>Every input field</source>
            <translation>全部输入项</translation>
        </message>
    </context>
    <context>
        <name>ImportPreview</name>
        <message>
            <location filename="../../gpucalc/ui/dialogs/import_preview.py" line="52" />
            <source>Nothing can be imported: {n} problem(s).</source>
            <translation>无可导入内容：{n} 个问题。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/import_preview.py" line="57" />
            <source>New entries ({n}): {ids}</source>
            <translation>新增条目（{n}）：{ids}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/import_preview.py" line="59" />
            <source>Changed entries ({n}): {ids}</source>
            <translation>修改条目（{n}）：{ids}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/import_preview.py" line="61" />
            <source>Unchanged, skipped: {n}</source>
            <translation>未变化，已跳过：{n}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/import_preview.py" line="64" />
            <source>The import would change nothing.</source>
            <translation>此次导入不会改变任何内容。</translation>
        </message>
    </context>
    <context>
        <name>ImportPreviewDialog</name>
        <message>
            <location filename="../../gpucalc/ui/dialogs/import_preview.py" line="73" />
            <source>Import preview</source>
            <translation>导入预览</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/import_preview.py" line="79" />
            <source>Import</source>
            <translation>导入</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/import_preview.py" line="84" />
            <source>Importing into the {table} table:</source>
            <translation>导入到 {table} 表：</translation>
        </message>
    </context>
    <context>
        <name>Inputs</name>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="220" />
            <source>binding limit</source>
            <translation>瓶颈</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="221" />
            <source>binding target</source>
            <translation>起约束的目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="222" />
            <source>DP ranks</source>
            <translation>DP 秩数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="223" />
            <source>running requests per DP rank</source>
            <translation>每 DP 秩运行中的请求数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="224" />
            <source>mean end-to-end latency (ms)</source>
            <translation>平均端到端延迟（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="225" />
            <source>requests within the memory planning share</source>
            <translation>显存规划占比内的请求数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="226" />
            <source>planned by</source>
            <translation>规划依据</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="227" />
            <source>planned concurrency</source>
            <translation>规划并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="228" />
            <source>rate capacity (req/s)</source>
            <translation>请求速率容量（req/s）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="229" />
            <source>QPS</source>
            <translation>QPS</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="231" />
            <source>TTFT target</source>
            <translation>首 token 时间目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="232" />
            <source>TPOT target</source>
            <translation>每 token 延迟目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="233" />
            <source>memory planning share</source>
            <translation>显存规划占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="235" />
            <source>shared prefix</source>
            <translation>共享前缀</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="236" />
            <source>shared prefix in whole blocks</source>
            <translation>按整块计的共享前缀</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="238" />
            <source>distinct prefixes</source>
            <translation>不同前缀数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="239" />
            <source>measured hit rate</source>
            <translation>实测命中率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="240" />
            <source>chat history cached</source>
            <translation>多轮对话历史已缓存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="241" />
            <source>mean chat history</source>
            <translation>平均对话历史</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="242" />
            <source>mean prompt</source>
            <translation>平均输入</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="243" />
            <source>cached tokens</source>
            <translation>缓存 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="244" />
            <source>cached tokens per request</source>
            <translation>每请求缓存 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="245" />
            <source>blocks per shared prefix</source>
            <translation>每个共享前缀块数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="247" />
            <source>prompt tokens</source>
            <translation>输入 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="248" />
            <source>batched tokens T</source>
            <translation>批处理 token 数 T</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="249" />
            <source>forward pass (GiB)</source>
            <translation>前向激活（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="250" />
            <source>sampler (GiB)</source>
            <translation>采样器（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="251" />
            <source>MoE workspace (GiB)</source>
            <translation>MoE 工作区（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="252" />
            <source>vision encoder (GiB)</source>
            <translation>视觉编码器（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="253" />
            <source>embedding (GiB)</source>
            <translation>词嵌入（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="254" />
            <source>attention (GiB)</source>
            <translation>注意力（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="255" />
            <source>dense MLP (GiB)</source>
            <translation>稠密 MLP（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="256" />
            <source>routed experts (GiB)</source>
            <translation>路由专家（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="257" />
            <source>shared experts (GiB)</source>
            <translation>共享专家（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="258" />
            <source>norms and router (GiB)</source>
            <translation>归一化与路由器（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="259" />
            <source>LM head (GiB)</source>
            <translation>输出头（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="260" />
            <source>vision tower (GiB)</source>
            <translation>视觉塔（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="261" />
            <source>speculative draft (GiB)</source>
            <translation>投机草稿（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="262" />
            <source>speculative method</source>
            <translation>投机方法</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="263" />
            <source>draft model</source>
            <translation>草稿模型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="264" />
            <source>MTP layers</source>
            <translation>MTP 层数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="265" />
            <source>acceptance rate α</source>
            <translation>接受率 α</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="266" />
            <source>speculative tokens k</source>
            <translation>投机 token 数 k</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="267" />
            <source>draft KV layers</source>
            <translation>草稿 KV 层数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="268" />
            <source>TPOT without speculation (ms)</source>
            <translation>不投机时的 TPOT（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="269" />
            <source>TPOT with speculation (ms)</source>
            <translation>投机时的 TPOT（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="270" />
            <source>activation (GiB)</source>
            <translation>激活（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="271" />
            <source>alarm share</source>
            <translation>警戒占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="272" />
            <source>average tokens</source>
            <translation>平均 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="273" />
            <source>base (GiB)</source>
            <translation>基数（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="274" />
            <source>binding</source>
            <translation>瓶颈</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="275" />
            <source>block bytes</source>
            <translation>块字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="276" />
            <source>block size</source>
            <translation>块大小</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="277" />
            <source>blocks per request</source>
            <translation>每请求块数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="278" />
            <source>bytes per element</source>
            <translation>每元素字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="279" />
            <source>bytes per logit</source>
            <translation>每 logit 字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="280" />
            <source>communication (ms)</source>
            <translation>通信（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="281" />
            <source>compute</source>
            <translation>算力</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="282" />
            <source>concurrency</source>
            <translation>并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="283" />
            <source>decode step (ms)</source>
            <translation>解码步（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="284" />
            <source>factor</source>
            <translation>系数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="285" />
            <source>format</source>
            <translation>格式</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="286" />
            <source>memory fraction</source>
            <translation>显存比例</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="287" />
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="288" />
            <source>KV-cache groups</source>
            <translation>KV 缓存组数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="289" />
            <source>interconnect</source>
            <translation>卡间通信</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="290" />
            <source>intermediate size</source>
            <translation>中间层维度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="291" />
            <source>knee</source>
            <translation>拐点</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="292" />
            <source>KV blocks</source>
            <translation>KV 块数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="293" />
            <source>KV format</source>
            <translation>KV 格式</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="294" />
            <source>KV cache (GiB)</source>
            <translation>KV 缓存（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="295" />
            <source>KV per request (GiB)</source>
            <translation>每请求 KV（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="296" />
            <source>layers</source>
            <translation>层数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="297" />
            <source>length margin</source>
            <translation>长度余量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="298" />
            <source>margin (GiB)</source>
            <translation>余量（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="299" />
            <source>max model length</source>
            <translation>最大上下文长度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="300" />
            <source>max sequences</source>
            <translation>最大序列数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="301" />
            <source>mean input</source>
            <translation>平均输入</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="302" />
            <source>mean-latency ceiling</source>
            <translation>平均延迟上限</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="303" />
            <source>mean output</source>
            <translation>平均输出</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="304" />
            <source>memory</source>
            <translation>显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="305" />
            <source>runtime (GiB)</source>
            <translation>运行时（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="306" />
            <source>P95 input</source>
            <translation>P95 输入</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="307" />
            <source>P95 TPOT (ms)</source>
            <translation>P95 TPOT（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="308" />
            <source>P95 TTFT (ms)</source>
            <translation>P95 TTFT（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="309" />
            <source>parameters</source>
            <translation>参数量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="310" />
            <source>bytes per GPU</source>
            <translation>每卡字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="311" />
            <source>percentile</source>
            <translation>百分位</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="312" />
            <source>planning share</source>
            <translation>规划占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="313" />
            <source>planning length</source>
            <translation>规划长度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="314" />
            <source>PP</source>
            <translation>PP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="315" />
            <source>prefill queue utilisation</source>
            <translation>预填充队列利用率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="316" />
            <source>prefill step (ms)</source>
            <translation>预填充步（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="317" />
            <source>prefill share of steps</source>
            <translation>预填充步占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="318" />
            <source>prefill tokens</source>
            <translation>预填充 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="319" />
            <source>replicas</source>
            <translation>副本数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="320" />
            <source>requests/s</source>
            <translation>请求/秒</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="321" />
            <source>running requests</source>
            <translation>运行中的请求</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="322" />
            <source>scheduler</source>
            <translation>调度器</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="323" />
            <source>share</source>
            <translation>占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="324" />
            <source>share limit</source>
            <translation>占比上限</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="325" />
            <source>single GPU (GiB)</source>
            <translation>单卡（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="326" />
            <source>source</source>
            <translation>来源</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="327" />
            <source>step (ms)</source>
            <translation>单步（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="328" />
            <source>token budget</source>
            <translation>token 预算</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="329" />
            <source>tokens per request</source>
            <translation>每请求 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="330" />
            <source>total (GiB)</source>
            <translation>总量（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="331" />
            <source>TP</source>
            <translation>TP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="332" />
            <source>extra with TP (GiB)</source>
            <translation>TP &gt; 1 时的额外部分（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="333" />
            <source>TPOT target (ms)</source>
            <translation>TPOT 目标（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="334" />
            <source>TTFT target (ms)</source>
            <translation>TTFT 目标（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="335" />
            <source>uncapped</source>
            <translation>未截断值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="336" />
            <source>vocabulary</source>
            <translation>词表大小</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="337" />
            <source>watermark</source>
            <translation>安全水位</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="338" />
            <source>weights (GiB)</source>
            <translation>权重（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="339" />
            <source>decode context parallel (DCP)</source>
            <translation>解码上下文并行（DCP）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="340" />
            <source>indexer key bytes per token per layer</source>
            <translation>每层每 token 索引器键字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="342" />
            <source>state layers</source>
            <translation>状态层数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="343" />
            <source>convolution state bytes per layer</source>
            <translation>每层卷积状态字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="344" />
            <source>recurrent state bytes per layer</source>
            <translation>每层递归状态字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="345" />
            <source>recurrent state dtype</source>
            <translation>递归状态精度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="346" />
            <source>hidden size H</source>
            <translation>隐藏维度 H</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="347" />
            <source>replicas serving the traffic N</source>
            <translation>承载流量的副本数 N</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="348" />
            <source>expert width per rank N</source>
            <translation>每卡专家宽度 N</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="350" />
            <source>activation peak factor</source>
            <translation>激活峰值系数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="351" />
            <source>runtime memory factor</source>
            <translation>运行时显存系数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="352" />
            <source>CUDA-graph memory factor</source>
            <translation>CUDA Graph 显存系数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="353" />
            <source>GEMM efficiency factor</source>
            <translation>GEMM 效率系数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="354" />
            <source>attention efficiency factor</source>
            <translation>注意力效率系数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="355" />
            <source>memory-bandwidth efficiency factor</source>
            <translation>显存带宽效率系数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="356" />
            <source>link-bandwidth efficiency factor</source>
            <translation>互联带宽效率系数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="357" />
            <source>collective latency factor</source>
            <translation>集合通信延迟系数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="358" />
            <source>step overhead factor</source>
            <translation>单步开销系数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="359" />
            <source>analytic (req/s)</source>
            <translation>解析值（req/s）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="360" />
            <source>simulated (req/s)</source>
            <translation>仿真值（req/s）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="361" />
            <source>ratio</source>
            <translation>比值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="362" />
            <source>bisection steps</source>
            <translation>二分步数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="363" />
            <source>burstiness</source>
            <translation>突发度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="364" />
            <source>completed in the window</source>
            <translation>窗口内完成数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="365" />
            <source>duration (s)</source>
            <translation>时长（s）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="366" />
            <source>elements per token</source>
            <translation>每 token 元素数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="367" />
            <source>replicas for the average</source>
            <translation>平均流量所需副本数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="368" />
            <source>replicas for the peak</source>
            <translation>峰值所需副本数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="369" />
            <source>GPUs</source>
            <translation>卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="370" />
            <source>GPUs per replica</source>
            <translation>每副本卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="371" />
            <source>GPUs per node</source>
            <translation>每节点卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="372" />
            <source>network</source>
            <translation>网络</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="373" />
            <source>NIC line rate (Gb/s)</source>
            <translation>网卡线速（Gb/s）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="374" />
            <source>NICs per GPU</source>
            <translation>每卡网卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="375" />
            <source>latency (µs)</source>
            <translation>延迟（µs）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="376" />
            <source>hours</source>
            <translation>小时数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="377" />
            <source>images</source>
            <translation>图片数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="378" />
            <source>images per prompt</source>
            <translation>每条请求图片数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="379" />
            <source>image count rule</source>
            <translation>图片数规则</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="380" />
            <source>spare replicas k</source>
            <translation>备用副本数 k</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="381" />
            <source>P50 TTFT at the lowest rate (ms)</source>
            <translation>最低速率时的 P50 TTFT（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="382" />
            <source>mean running requests</source>
            <translation>平均运行请求数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="383" />
            <source>requests meeting the targets</source>
            <translation>满足目标的请求数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="384" />
            <source>MLP width</source>
            <translation>MLP 宽度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="385" />
            <source>GPUs planned</source>
            <translation>规划卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="386" />
            <source>online capacity</source>
            <translation>在线容量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="387" />
            <source>output features</source>
            <translation>输出特征数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="388" />
            <source>output tokens</source>
            <translation>输出 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="389" />
            <source>input tokens</source>
            <translation>输入 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="390" />
            <source>req/s per replica</source>
            <translation>每副本 req/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="391" />
            <source>prompt tokens per image</source>
            <translation>每图输入 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="392" />
            <source>encoder tokens per image</source>
            <translation>每图编码器 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="393" />
            <source>average QPS</source>
            <translation>平均 QPS</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="394" />
            <source>peak QPS</source>
            <translation>峰值 QPS</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="395" />
            <source>rates swept</source>
            <translation>扫描的速率数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="396" />
            <source>request rate (req/s)</source>
            <translation>请求速率（req/s）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="397" />
            <source>requests</source>
            <translation>请求数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="398" />
            <source>requests per rate</source>
            <translation>每个速率的请求数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="399" />
            <source>samples</source>
            <translation>样本数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="400" />
            <source>saturation rate (req/s)</source>
            <translation>饱和速率（req/s）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="401" />
            <source>random seed</source>
            <translation>随机种子</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="402" />
            <source>running slots</source>
            <translation>运行槽位数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="403" />
            <source>experts per token (top_k)</source>
            <translation>每 token 激活专家数（top_k）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="404" />
            <source>price per GPU-hour (USD)</source>
            <translation>每卡时价格（美元）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="405" />
            <source>cost per hour (USD)</source>
            <translation>每小时成本（美元）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="406" />
            <source>output tokens/s</source>
            <translation>输出 token/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="407" />
            <source>mean output tokens</source>
            <translation>平均输出 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="408" />
            <source>width</source>
            <translation>宽度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="409" />
            <source>window (s)</source>
            <translation>窗口（s）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="410" />
            <source>class</source>
            <translation>类别</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="411" />
            <source>queue wait in front of the prefill (ms)</source>
            <translation>预填充前的排队等待（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="412" />
            <source>requests counted</source>
            <translation>统计范围</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="413" />
            <source>conversations</source>
            <translation>会话数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="414" />
            <source>consecutive turn pairs</source>
            <translation>相邻轮次对数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="415" />
            <source>class centre (tokens)</source>
            <translation>类别中心（token）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="416" />
            <source>classes</source>
            <translation>类别数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="417" />
            <source>old value (GiB)</source>
            <translation>原值（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="418" />
            <source>measured (GiB)</source>
            <translation>实测（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="419" />
            <source>estimated (GiB)</source>
            <translation>估算（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="420" />
            <source>eager mode (no CUDA graphs)</source>
            <translation>eager 模式（不用 CUDA Graph）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="421" />
            <source>KV cache tokens</source>
            <translation>KV 缓存 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="422" />
            <source>context length</source>
            <translation>上下文长度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="423" />
            <source>request pool rows</source>
            <translation>请求池行数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="424" />
            <source>P50 TPOT (ms)</source>
            <translation>P50 TPOT（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="425" />
            <source>P50 TTFT (ms)</source>
            <translation>P50 TTFT（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="426" />
            <source>P99 TPOT (ms)</source>
            <translation>P99 TPOT（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="427" />
            <source>P99 TTFT (ms)</source>
            <translation>P99 TTFT（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="428" />
            <source>DP</source>
            <translation>DP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="430" />
            <source>EP</source>
            <translation>EP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="431" />
            <source>routed experts</source>
            <translation>路由专家数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="432" />
            <source>redundant experts</source>
            <translation>冗余专家数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="433" />
            <source>expert parallel</source>
            <translation>专家并行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="434" />
            <source>MoE layers</source>
            <translation>MoE 层数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="435" />
            <source>bytes per token</source>
            <translation>每 token 字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="436" />
            <source>link (GB/s)</source>
            <translation>链路（GB/s）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="437" />
            <source>fixed (ms)</source>
            <translation>固定开销（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="438" />
            <source>all-to-all mode</source>
            <translation>all-to-all 模式</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="439" />
            <source>tokens in the step</source>
            <translation>本步 token 数</translation>
        </message>
    </context>
    <context>
        <name>InputsPanel</name>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="123" />
            <source>Paste serve command…</source>
            <translation>粘贴启动命令…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="124" />
            <source>Fill the form from a 'vllm serve …', SGLang or trtllm-serve command line.</source>
            <translation>从 “vllm serve …”、SGLang 或 trtllm-serve 命令行填写表单。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="130" />
            <source>Open config.json…</source>
            <translation>打开 config.json…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="131" />
            <source>Open model folder…</source>
            <translation>打开模型文件夹…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="143" />
            <source>Model</source>
            <translation>模型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="143" />
            <source>Hardware</source>
            <translation>硬件</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="144" />
            <source>Workload</source>
            <translation>负载</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="144" />
            <source>Targets</source>
            <translation>目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="145" />
            <source>Engine and parallelism</source>
            <translation>引擎与并行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="146" />
            <source>MoE and DCP</source>
            <translation>MoE 与 DCP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="147" />
            <source>Prefill/decode pools</source>
            <translation>预填充/解码池</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="148" />
            <source>Speculative decoding</source>
            <translation>投机解码</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="149" />
            <source>Nodes and network</source>
            <translation>节点与网络</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="194" />
            <source>on</source>
            <translation>开</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="194" />
            <source>off</source>
            <translation>关闭</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="252" />
            <source>Preset</source>
            <translation>预设</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="256" />
            <source>Request classes</source>
            <translation>请求类别</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="265" />
            <source>checkpoint default</source>
            <translation>检查点默认</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="267" />
            <source>auto (activation dtype)</source>
            <translation>自动（同激活精度）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="276" />
            <source>auto</source>
            <translation>自动</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="278" />
            <source>online</source>
            <translation>在线</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="278" />
            <source>offline</source>
            <translation>离线</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="279" />
            <source>mixed</source>
            <translation>混合</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="281" />
            <source>engine default</source>
            <translation>引擎默认</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="283" />
            <source>GPU's default</source>
            <translation>GPU 默认</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="285" />
            <source>auto (model config)</source>
            <translation>自动（按模型配置）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="297" />
            <source>MoE: {experts} experts, top-{k}</source>
            <translation>MoE：{experts} 个专家，top-{k}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="299" />
            <source>dense</source>
            <translation>稠密</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="300" />
            <source>{total} parameters ({active} active) · {attention} attention · {moe}</source>
            <translation>参数量 {total}（激活 {active}）· {attention} 注意力 · {moe}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="313" />
            <source>Open config.json</source>
            <translation>打开 config.json</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="314" />
            <source>Model config (*.json)</source>
            <translation>模型配置 (*.json)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="318" />
            <source>Open model folder</source>
            <translation>打开模型文件夹</translation>
        </message>
    </context>
    <context>
        <name>LengthsDialog</name>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="59" />
            <source>Request lengths from a log export</source>
            <translation>从日志导出读取请求长度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="62" />
            <source>&amp;Open file…</source>
            <translation>打开文件(&amp;O)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="65" />
            <source>Open a CSV or JSON Lines file of per-request input and output token counts.</source>
            <translation>打开记录每个请求输入、输出 token 数的 CSV 或 JSON Lines 文件。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="72" />
            <source>Tokens</source>
            <translation>token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="72" />
            <source>P50</source>
            <translation>P50</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="72" />
            <source>P95</source>
            <translation>P95</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="72" />
            <source>P99</source>
            <translation>P99</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="72" />
            <source>Mean</source>
            <translation>均值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="73" />
            <source>Suggested workload</source>
            <translation>建议的负载参数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="73" />
            <source>Value</source>
            <translation>数值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="76" />
            <source>&amp;Use this workload</source>
            <translation>使用此负载(&amp;U)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="88" />
            <source>Tokens per request (log scale)</source>
            <translation>每请求 token 数（对数坐标）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="89" />
            <source>Requests</source>
            <translation>请求数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="94" />
            <source>input tokens</source>
            <translation>输入 token</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="98" />
            <source>output tokens</source>
            <translation>输出 token</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="118" />
            <source>Open request lengths</source>
            <translation>打开请求长度文件</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="119" />
            <source>Token counts (*.csv *.tsv *.jsonl *.ndjson *.json *.txt);;All files (*)</source>
            <translation>token 计数 (*.csv *.tsv *.jsonl *.ndjson *.json *.txt);;所有文件 (*)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="126" />
            <source>Reading {name}…</source>
            <translation>正在读取 {name}…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="137" />
            <source>Cannot use this file: {reason}</source>
            <translation>无法使用该文件：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="165" />
            <source>{name}: {rows} rows, {usable} usable, {bad} skipped</source>
            <translation>{name}：共 {rows} 行，可用 {usable} 行，跳过 {bad} 行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="169" />
            <source>{n} conversations (input percentiles over first turns)</source>
            <translation>{n} 个会话（输入分位数按首轮统计）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="180" />
            <source>Input</source>
            <translation>输入</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="181" />
            <source>Output</source>
            <translation>输出</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="194" />
            <source>Input length P50</source>
            <translation>输入长度 P50</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="195" />
            <source>Input length P95</source>
            <translation>输入长度 P95</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="196" />
            <source>Output length P50</source>
            <translation>输出长度 P50</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="197" />
            <source>Output length P95</source>
            <translation>输出长度 P95</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="198" />
            <source>Turns</source>
            <translation>对话轮数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="199" />
            <source>History per turn (tokens)</source>
            <translation>每轮历史增长（token）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="202" />
            <source>Class {name}</source>
            <translation>类别 {name}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/lengths_dialog.py" line="203" />
            <source>{share} % · {inp} in / {out} out</source>
            <translation>{share}% · 输入 {inp} / 输出 {out}</translation>
        </message>
    </context>
    <context>
        <name>LoadCurvePlot</name>
        <message>
            <location filename="../../gpucalc/ui/plots/load_plot.py" line="51" />
            <source>Concurrent requests per replica (log scale)</source>
            <translation>每副本并发请求数（对数坐标）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/load_plot.py" line="53" />
            <source>target</source>
            <translation>目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/load_plot.py" line="54" />
            <source>target passed</source>
            <translation>超出目标处</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/load_plot.py" line="84" />
            <source>{name} past target from {n}</source>
            <translation>{name} 自 {n} 起超出目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/load_plot.py" line="85" />
            <source>concurrency {n} ({name})</source>
            <translation>并发 {n}（{name}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/load_plot.py" line="85" />
            <source>{name} limit {n}</source>
            <translation>{name}上限 {n}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/load_plot.py" line="86" />
            <source>planned {n}</source>
            <translation>规划 {n}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/load_plot.py" line="104" />
            <source>TTFT target {ms} ms</source>
            <translation>TTFT 目标 {ms} ms</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/load_plot.py" line="106" />
            <source>TPOT target {ms} ms</source>
            <translation>TPOT 目标 {ms} ms</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <location filename="../../gpucalc/ui/app.py" line="206" />
            <source>Settings were reset</source>
            <translation>设置已重置</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/app.py" line="228" />
            <source>Your spec tables</source>
            <translation>用户规格表</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="109" />
            <source>Inputs</source>
            <translation>输入</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="111" />
            <source>Explanation</source>
            <translation>计算说明</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="164" />
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="165" />
            <source>&amp;Open scenario…</source>
            <translation>打开场景(&amp;O)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="166" />
            <source>&amp;Save scenario</source>
            <translation>保存场景(&amp;S)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="167" />
            <source>Save scenario &amp;as…</source>
            <translation>场景另存为(&amp;A)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="169" />
            <source>Open &amp;recent</source>
            <translation>最近打开(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="171" />
            <source>E&amp;xamples</source>
            <translation>示例(&amp;X)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="177" />
            <source>&amp;Export report (PDF)…</source>
            <translation>导出报告（PDF）(&amp;E)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="179" />
            <source>Export &amp;CSV tables…</source>
            <translation>导出 CSV 表格(&amp;C)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="181" />
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="182" />
            <source>&amp;Edit</source>
            <translation>编辑(&amp;E)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="183" />
            <source>&amp;View</source>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="186" />
            <source>&amp;Language</source>
            <translation>语言(&amp;L)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="195" />
            <source>&amp;Theme</source>
            <translation>主题(&amp;T)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="204" />
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="208" />
            <source>&amp;Undo</source>
            <translation>撤销(&amp;U)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="210" />
            <source>&amp;Redo</source>
            <translation>重做(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="217" />
            <source>&amp;Paste serve command…</source>
            <translation>粘贴启动命令(&amp;P)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="219" />
            <source>&amp;Reset to the default scenario</source>
            <translation>恢复默认场景(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="223" />
            <source>&amp;Manual</source>
            <translation>使用手册(&amp;M)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="224" />
            <source>&amp;Keyboard shortcuts</source>
            <translation>键盘快捷键(&amp;K)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="225" />
            <source>&amp;First steps</source>
            <translation>入门(&amp;F)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="227" />
            <source>&amp;About gpucalc</source>
            <translation>关于 gpucalc(&amp;A)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="237" />
            <source>untitled</source>
            <translation>未命名</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="239" />
            <source>{name} — gpucalc</source>
            <translation>{name} — gpucalc</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="258" />
            <source>{n} notice(s)</source>
            <translation>{n} 条提示</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="263" />
            <source>Plan for {model} on {gpu}, computed in {ms} ms</source>
            <translation>{model} 在 {gpu} 上的规划，计算耗时 {ms} ms</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="276" />
            <source>Writing the report…</source>
            <translation>正在生成报告…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="283" />
            <source>Computing…</source>
            <translation>计算中…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="286" />
            <source>Exported {path}</source>
            <translation>已导出 {path}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="289" />
            <source>Export failed</source>
            <translation>导出失败</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="295" />
            <source>Could not compute this plan: {reason}</source>
            <translation>无法计算此方案：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="320" />
            <source>Stale: fix {field} to update. {reason}</source>
            <translation>已过期：请修改{field}以更新。{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="323" />
            <source>Stale: the current inputs give no result. {reason}</source>
            <translation>已过期：当前输入无法得出结果。{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="334" />
            <source>Cannot use this command</source>
            <translation>无法使用该命令</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="336" />
            <source>paste the {engine} command</source>
            <translation>粘贴 {engine} 启动命令</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="339" />
            <source>Filled from the {engine} command.</source>
            <translation>已从 {engine} 命令填写。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="340" />
            <source>Ignored: {flags}</source>
            <translation>已忽略：{flags}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="356" />
            <source>reset to the default scenario</source>
            <translation>恢复默认场景</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="372" />
            <source>Cannot open scenario</source>
            <translation>无法打开场景</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="392" />
            <source>Unsaved changes</source>
            <translation>未保存的修改</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="393" />
            <source>The scenario has changes that are not saved. Save them first?</source>
            <translation>场景有未保存的修改。要先保存吗？</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="407" />
            <source>Cannot save scenario</source>
            <translation>无法保存场景</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="413" />
            <source>Saved {path}</source>
            <translation>已保存 {path}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="424" />
            <source>Open scenario</source>
            <translation>打开场景</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="425" />
            <source>gpucalc scenarios (*.gpucalc.json);;JSON (*.json)</source>
            <translation>gpucalc 场景 (*.gpucalc.json);;JSON (*.json)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="438" />
            <source>Save scenario</source>
            <translation>保存场景</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="439" />
            <source>gpucalc scenarios (*.gpucalc.json)</source>
            <translation>gpucalc 场景 (*.gpucalc.json)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="474" />
            <source>About gpucalc</source>
            <translation>关于 gpucalc</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="475" />
            <source>gpucalc {version}: offline GPU inference capacity planner.</source>
            <translation>gpucalc {version}：离线 GPU 推理容量规划工具。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/theme.py" line="14" />
            <source>Follow the system</source>
            <translation>跟随系统</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/theme.py" line="15" />
            <source>Light</source>
            <translation>浅色</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/theme.py" line="16" />
            <source>Dark</source>
            <translation>深色</translation>
        </message>
    </context>
    <context>
        <name>ManualWindow</name>
        <message>
            <location filename="../../gpucalc/ui/help.py" line="75" />
            <source>gpucalc manual</source>
            <translation>gpucalc 使用手册</translation>
        </message>
    </context>
    <context>
        <name>MeasurementCheck</name>
        <message>
            <location filename="../../gpucalc/plan/measurement_check.py" line="42" />
            <source>TTFT above the estimate: check the prompt lengths the benchmark sent and that the context was planned at P95, not the mean; queueing in front of prefill also shows here</source>
            <translation>首 token 时间高于估算：检查压测实际发送的输入长度，以及上下文是否按 P95 而不是平均值规划；预填充前的排队也会体现在这里</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/measurement_check.py" line="46" />
            <source>Per-token latency above the estimate: calibrate the efficiency factors on these results (gpucalc calibrate --bench FILE)</source>
            <translation>每 token 延迟高于估算：用这些结果校准效率系数（gpucalc calibrate --bench 文件）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/measurement_check.py" line="49" />
            <source>Throughput below the estimate: fewer requests run at once than planned; check which memory deduction was missed (activation peak, CUDA graphs, runtime), which shrinks the KV cache and preempts requests</source>
            <translation>吞吐低于估算：同时运行的请求比规划的少；检查显存扣减漏了哪一项（激活峰值、CUDA Graph、运行时），它会缩小 KV 缓存并导致请求被抢占</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/measurement_check.py" line="53" />
            <source>Faster than the estimate: the efficiency factors are cautious; calibrate on these results to plan closer to the hardware</source>
            <translation>比估算快：效率系数偏保守；用这些结果校准，让规划更贴近硬件</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/measurement_check.py" line="56" />
            <source>A latency target broke where the estimate expects it to hold</source>
            <translation>估算认为能守住的地方延迟目标被击穿了</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/measurement_check.py" line="58" />
            <source>The targets held where the estimate expects one to break: capacity is higher</source>
            <translation>估算认为会被击穿的地方目标守住了：实际容量更高</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/measurement_check.py" line="60" />
            <source>{measured} (no estimate)</source>
            <translation>{measured}（无估算值）</translation>
        </message>
    </context>
    <context>
        <name>MeasurementPlan</name>
        <message>
            <location filename="../../gpucalc/plan/measurement_plan.py" line="46" />
            <source>typical</source>
            <translation>典型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/measurement_plan.py" line="47" />
            <source>long tail</source>
            <translation>长尾</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/measurement_plan.py" line="48" />
            <source>class {i}</source>
            <translation>类别 {i}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/measurement_plan.py" line="250" />
            <source>Single-request baseline</source>
            <translation>单请求基线</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/measurement_plan.py" line="251" />
            <source>One request at a time: the time to first token and the per-token latency with no batching; network and client overhead show here.</source>
            <translation>一次只发一条请求：不组批时的首 token 时间和每 token 延迟；网络和客户端开销在这里显现。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/measurement_plan.py" line="255" />
            <source>Concurrency ladder at a fixed context</source>
            <translation>固定上下文的并发梯度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/measurement_plan.py" line="256" />
            <source>Fixed lengths, concurrency raised rung by rung around the recommendation; record TTFT, TPOT and throughput at each rung until a latency target breaks. Judge the percentiles of the steady stretch: a rung starts with every client sending at once, so leave out the first wave of requests and the drain at the end.</source>
            <translation>固定长度，在推荐值附近逐级提高并发；每一级记录首 token 时间、每 token 延迟和吞吐，直到某个延迟目标被突破。按稳态区间判定分位数：每一级开始时所有客户端同时发送，因此要去掉第一波请求和结尾的收尾阶段。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/measurement_plan.py" line="263" />
            <source>Real traffic mix</source>
            <translation>真实混合流量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/measurement_plan.py" line="264" />
            <source>Run these together (long and short requests, chat history) at the recommendation in all; per-token latency should match the ladder's rung at the recommendation and the targets should hold. A large gap means an assumption of the estimate is wrong.</source>
            <translation>同时运行这些命令（长短请求、对话历史），总并发等于推荐值；每 token 延迟应与梯度中推荐值那一档一致，且目标应当守住。差得多说明估算的假设有问题。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/measurement_plan.py" line="270" />
            <source>Watermark check</source>
            <translation>安全水位检查</translation>
        </message>
        <message>
            <location filename="../../gpucalc/plan/measurement_plan.py" line="271" />
            <source>Online capacity at the safety watermark: latencies should sit well inside the targets, leaving the rest for bursts and the long tail.</source>
            <translation>按安全水位的线上容量运行：延迟应明显低于目标，剩下的留给突发和长尾。</translation>
        </message>
    </context>
    <context>
        <name>MeasurementPlanDialog</name>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="59" />
            <source>pass</source>
            <translation>通过</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="60" />
            <source>attention</source>
            <translation>需注意</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="61" />
            <source>not measured</source>
            <translation>未实测</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="75" />
            <source>Measurement plan</source>
            <translation>实测计划</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="90" />
            <source>Step / run</source>
            <translation>步骤 / 运行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="90" />
            <source>Expected</source>
            <translation>预期</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="90" />
            <source>Check</source>
            <translation>检查</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="91" />
            <source>Measured</source>
            <translation>实测</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="96" />
            <source>&amp;Load results…</source>
            <translation>载入结果(&amp;L)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="98" />
            <source>&amp;Copy command</source>
            <translation>复制命令(&amp;C)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="100" />
            <source>Copy &amp;all as a script</source>
            <translation>全部复制为脚本(&amp;A)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="107" />
            <source>Benchmark tool:</source>
            <translation>压测工具：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="133" />
            <source>Nothing to measure: the model does not fit on this deployment.</source>
            <translation>无可实测内容：该部署放不下此模型。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="136" />
            <source>The measurement order for this plan. Targets: TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms; recommendation {n} concurrent requests per replica, online capacity {online}. Load saved results to mark each run: within ±{tol} % of the expectation passes.</source>
            <translation>本方案的实测顺序。目标：TTFT ≤ {ttft} ms，TPOT ≤ {tpot} ms；推荐每副本 {n} 个并发请求，在线容量 {online}。载入保存的结果即可逐条标记：与预期相差在 ±{tol}% 以内即为通过。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="148" />
            <source>a target breaks at about {n}</source>
            <translation>并发约 {n} 时目标被击穿</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="163" />
            <source>{label}: {input} in + {output} out</source>
            <translation>{label}：输入 {input} + 输出 {output}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="168" />
            <source>targets met</source>
            <translation>满足目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="168" />
            <source>a target broken</source>
            <translation>目标被击穿</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="198" />
            <source>Serve:</source>
            <translation>启动命令：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="199" />
            <source>Benchmark:</source>
            <translation>压测命令：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="202" />
            <source>What to check:</source>
            <translation>检查要点：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="219" />
            <source>Start the engine first:</source>
            <translation>先启动引擎：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="238" />
            <source>Load benchmark results</source>
            <translation>载入压测结果</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="239" />
            <source>Benchmark results (*.json *.jsonl *.csv);;All files (*)</source>
            <translation>压测结果 (*.json *.jsonl *.csv);;所有文件 (*)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="257" />
            <source>Cannot use these results: {reason}</source>
            <translation>无法使用这些结果：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurement_plan_dialog.py" line="279" />
            <source>{n} results match no run (other concurrency or lengths).</source>
            <translation>{n} 条结果没有对应的运行（并发或长度不同）。</translation>
        </message>
    </context>
    <context>
        <name>MeasurementsDialog</name>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="109" />
            <source>not reported</source>
            <translation>未报告</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="182" />
            <source>Measurements and calibration</source>
            <translation>实测与校准</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="200" />
            <source>Engine log</source>
            <translation>引擎日志</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="201" />
            <source>Benchmark results</source>
            <translation>压测结果</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="206" />
            <source>The scenario cannot be computed: {reason}</source>
            <translation>无法计算该场景：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="220" />
            <source>Paste the engine's start-up log here (vLLM, SGLang or TensorRT-LLM), up to the line that reports the KV cache size.</source>
            <translation>在此粘贴引擎启动日志（vLLM、SGLang 或 TensorRT-LLM），需包含报告 KV 缓存大小的那一行。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="223" />
            <source>&amp;Open log…</source>
            <translation>打开日志(&amp;O)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="225" />
            <source>&amp;Compare</source>
            <translation>对比(&amp;C)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="227" />
            <source>Use the flags the log printed</source>
            <translation>采用日志中打印的参数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="231" />
            <source>Figure</source>
            <translation>指标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="231" />
            <source>gpucalc</source>
            <translation>gpucalc</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="232" />
            <source>Difference</source>
            <translation>差值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="232" />
            <source>Relative</source>
            <translation>相对差</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="235" />
            <source>Calibrate from this log…</source>
            <translation>用此日志校准…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="255" />
            <source>Open engine log</source>
            <translation>打开引擎日志</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="256" />
            <source>Logs (*.log *.txt *.out);;All files (*)</source>
            <translation>日志 (*.log *.txt *.out);;所有文件 (*)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="269" />
            <source>the pasted log</source>
            <translation>粘贴的日志</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="275" />
            <source>Reading the log…</source>
            <translation>正在读取日志…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="290" />
            <source>unexpected error ({kind})</source>
            <translation>意外错误（{kind}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="299" />
            <source>Cannot use this log: {reason}</source>
            <translation>无法使用该日志：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="309" />
            <source>{engine} log: {flagged} of {total} figures differ by more than {tolerance} % from the estimate ({profile}).</source>
            <translation>{engine} 日志：{total} 项指标中有 {flagged} 项与估算值（{profile}）相差超过 {tolerance}%。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="314" />
            <source>Its start-up lines were found {start} MB into this {size} MB log.</source>
            <translation>在这份 {size} MB 日志的第 {start} MB 处找到了启动日志。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="345" />
            <source>Calibrate from this log</source>
            <translation>用此日志校准</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="350" />
            <source>Save the engine profile "{name}" ({id}) with these constants?</source>
            <translation>以这些常数保存引擎配置档 “{name}”（{id}）？</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="361" />
            <source>&amp;Add result files…</source>
            <translation>添加结果文件(&amp;A)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="363" />
            <source>C&amp;lear</source>
            <translation>清空(&amp;L)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="369" />
            <source>held out: </source>
            <translation>留出比例：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="370" />
            <source>&amp;Fit</source>
            <translation>拟合(&amp;F)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="372" />
            <source>&amp;Save as profile…</source>
            <translation>保存为配置档(&amp;S)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="374" />
            <source>Add vllm bench serve, SGLang bench_serving, genai-perf or CSV result files.</source>
            <translation>添加 vllm bench serve、SGLang bench_serving、genai-perf 或 CSV 结果文件。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="378" />
            <source>Factor</source>
            <translation>因子</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="378" />
            <source>Default</source>
            <translation>默认值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="378" />
            <source>Fitted</source>
            <translation>拟合值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="379" />
            <source>±</source>
            <translation>±</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="380" />
            <source>Median |error|</source>
            <translation>|误差| 中位数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="380" />
            <source>Fit: before</source>
            <translation>拟合集：校准前</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="381" />
            <source>Fit: after</source>
            <translation>拟合集：校准后</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="381" />
            <source>Held out: before</source>
            <translation>留出集：校准前</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="382" />
            <source>Held out: after</source>
            <translation>留出集：校准后</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="402" />
            <source>Load: concurrency or request rate (log scale)</source>
            <translation>负载：并发或请求速率（对数坐标）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="410" />
            <source>{metric} measured</source>
            <translation>{metric} 实测</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="413" />
            <source>{metric} default</source>
            <translation>{metric} 默认</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="416" />
            <source>{metric} calibrated</source>
            <translation>{metric} 校准后</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="427" />
            <source>Open benchmark results</source>
            <translation>打开压测结果</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="428" />
            <source>Benchmark results (*.json *.jsonl *.csv *.txt);;All files (*)</source>
            <translation>压测结果 (*.json *.jsonl *.csv *.txt);;所有文件 (*)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="438" />
            <source>Cannot use this file: {reason}</source>
            <translation>无法使用该文件：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="445" />
            <source>{points} measured points from {files}.</source>
            <translation>{points} 个实测点，来自 {files}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="470" />
            <source>Fitting…</source>
            <translation>正在拟合…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="481" />
            <source>The fit failed: {reason}</source>
            <translation>拟合失败：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="490" />
            <source>Fitted on {fit} points, {held} held out, in {iterations} iterations; mean |ln(predicted ÷ measured)| on fitted points {before:.3f} → {after:.3f}.</source>
            <translation>用 {fit} 个点拟合，留出 {held} 个，迭代 {iterations} 次；拟合点上 |ln(预测 ÷ 实测)| 的均值 {before:.3f} → {after:.3f}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="495" />
            <source>Held out: {before:.3f} → {after:.3f}.</source>
            <translation>留出点：{before:.3f} → {after:.3f}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="506" />
            <source>fixed</source>
            <translation>固定</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="578" />
            <source>Replace profile</source>
            <translation>替换配置档</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="578" />
            <source>An engine profile "{id}" already exists ({where}). Replace it?</source>
            <translation>引擎配置档 “{id}” 已存在（{where}）。是否替换？</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="594" />
            <source>Cannot save the profile</source>
            <translation>无法保存配置档</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="601" />
            <source>Save as profile</source>
            <translation>保存为配置档</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/measurements.py" line="602" />
            <source>Name of the calibrated engine profile:</source>
            <translation>校准后引擎配置档的名称：</translation>
        </message>
    </context>
    <context>
        <name>MemoryBar</name>
        <message>
            <location filename="../../gpucalc/ui/plots/memory_bar.py" line="36" />
            <source>GiB per GPU</source>
            <translation>每卡显存 (GiB)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/memory_bar.py" line="91" />
            <source>{share} % planning share</source>
            <translation>{share}% 规划占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/memory_bar.py" line="94" />
            <source>{share} % alarm</source>
            <translation>{share}% 警戒线</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/memory_bar.py" line="97" />
            <source>GiB per GPU (total {gib} GiB)</source>
            <translation>每卡显存（GiB，总计 {gib} GiB）</translation>
        </message>
    </context>
    <context>
        <name>MemoryTab</name>
        <message>
            <location filename="../../gpucalc/ui/panels/memory_tab.py" line="36" />
            <source>Line item</source>
            <translation>项目</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/memory_tab.py" line="36" />
            <source>Memory</source>
            <translation>显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/memory_tab.py" line="36" />
            <source>Share</source>
            <translation>占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/memory_tab.py" line="37" />
            <source>Tensor group</source>
            <translation>张量组</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/memory_tab.py" line="38" />
            <source>KV cache and concurrency</source>
            <translation>KV 缓存与并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/memory_tab.py" line="38" />
            <source>Value</source>
            <translation>数值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/memory_tab.py" line="41" />
            <source>Per-GPU memory, in the order the engine deducts it</source>
            <translation>每卡显存（按引擎扣除顺序）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/memory_tab.py" line="43" />
            <source>Weights by tensor group</source>
            <translation>按张量组划分的权重</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/memory_tab.py" line="44" />
            <source>What the KV cache holds</source>
            <translation>KV 缓存能容纳多少</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/memory_tab.py" line="55" />
            <source>Memory picture of one GPU</source>
            <translation>单卡显存构成</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/memory_tab.py" line="87" />
            <source>none: does not fit</source>
            <translation>无：放不下</translation>
        </message>
    </context>
    <context>
        <name>Notices</name>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="19" />
            <source>Weakly validated: a {params_b} B-parameter MoE model under DP {dp} attention + expert parallel. No such run is in the validation set, and published large-EP runs differ from the step model by several times; the uncertainty band is widened by ±{widening_pct} %. Measure one engine before sizing a fleet on this figure.</source>
            <translation>验证不足：{params_b} B 参数的 MoE 模型在 DP {dp} 注意力 + 专家并行下运行。验证集中没有这类实测，已公开的大规模 EP 实测与步时模型相差数倍；不确定区间已放宽 ±{widening_pct} %。请先实测一个引擎，再据此推算卡数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="25" />
            <source>Weakly validated: speculative decoding at {running} running requests per rank. The verification cost at a large batch is modelled, not measured, and the gain usually shrinks faster than modelled; the uncertainty band is widened by ±{widening_pct} %.</source>
            <translation>验证不足：每个秩 {running} 个运行中请求时使用投机解码。大批量下的验证开销是建模得出而非实测，收益通常比模型收缩得更快；不确定区间已放宽 ±{widening_pct} %。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="30" />
            <source>This GPU has no measured kernel tables: its GEMM, attention and bandwidth shares are borrowed from {system} and scaled by the datasheet peaks; the uncertainty band is widened by ±{widening_pct} %.</source>
            <translation>这款 GPU 没有实测的算子表：其 GEMM、注意力和带宽利用率借用自 {system}，并按数据手册峰值缩放；不确定区间已放宽 ±{widening_pct} %。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="35" />
            <source>The model does not fit: {short_gib} GiB short per GPU before any KV cache. Use more GPUs (--tensor-parallel-size), a lower weight precision (--quantization fp8 / int4), a larger GPU or a higher memory fraction.</source>
            <translation>模型放不下：每张 GPU 还差 {short_gib} GiB，KV 缓存一点也放不下。请增加卡数（张量并行）、降低权重精度（fp8 / int4）、换更大显存的卡或提高显存占用比例。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="40" />
            <source>vLLM would refuse to start: "The model's max seq len ({max_model_len}) is larger than the maximum number of tokens that can be stored in KV cache ({kv_tokens})." Lower --max-model-len, quantize the KV cache (--kv-cache-dtype fp8) or add GPUs.</source>
            <translation>vLLM 会拒绝启动：max_model_len（{max_model_len}）超过 KV 缓存能存放的 token 数（{kv_tokens}）。请缩短上下文、将 KV 量化为 fp8 或增加卡数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="45" />
            <source>vLLM would refuse to start: one request at max_model_len {max_model_len} needs {needed_gib} GiB of KV cache, more than the {available_gib} GiB available (vLLM estimates the longest context that fits at {estimated_max_len} tokens). Lower --max-model-len to {estimated_max_len}, quantize the KV cache (--kv-cache-dtype fp8) or add GPUs.</source>
            <translation>vLLM 会拒绝启动：一条 max_model_len={max_model_len} 的请求需要 {needed_gib} GiB KV 缓存，超过可用的 {available_gib} GiB（vLLM 估计能放下的最长上下文为 {estimated_max_len} token）。请把 --max-model-len 降到 {estimated_max_len}、将 KV 量化为 fp8 或增加卡数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="52" />
            <source>{engine} starts with a KV pool of {kv_tokens} tokens, fewer than one request at max_model_len {max_model_len}: it caps each request at {max_request_tokens} tokens (longer prompts are rejected or truncated) and admits requests only while the pool has room. Set the context length to match, quantize the KV cache or add GPUs to serve full-length requests.</source>
            <translation>{engine} 会以 {kv_tokens} 个 token 的 KV 池启动，不够一条 max_model_len={max_model_len} 的请求：每条请求最多 {max_request_tokens} 个 token（更长的输入会被拒绝或截断），池中有空间时才接纳新请求。要服务满长度请求，请相应缩短上下文、将 KV 量化或增加卡数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="59" />
            <source>CUDA graphs (~{graphs_gib} GiB) do not fit in the headroom the memory fraction leaves ({headroom_gib} GiB left after them): risk of out-of-memory at start-up. Lower the memory fraction or use --enforce-eager.</source>
            <translation>CUDA Graph（约 {graphs_gib} GiB）放不进显存比例留下的余量（剩 {headroom_gib} GiB），启动时可能 OOM。请调低显存比例或关闭 CUDA Graph。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="64" />
            <source>This is a multimodal model: the vision encoder's weights are counted, but the engine's multimodal profiling peak is not modelled, so the KV estimate may be high.</source>
            <translation>多模态模型：已计入视觉编码器权重，但未建模引擎的多模态 profiling 峰值，KV 估计可能偏高。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="68" />
            <source>The specs of {gpu} come from a single or unclear source; check them before you rely on the result.</source>
            <translation>{gpu} 的规格来源单一或不明确，使用结果前请核对。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="72" />
            <source>The catalog has no rental price for {gpu}: the fleet's cost per hour, per month and per million output tokens are left out, and sizing ranks this GPU by GPU count after the priced ones. Add a price in the Prices tab of the spec tables to compare costs.</source>
            <translation>目录中没有 {gpu} 的租用价格：集群的每小时、每月和每百万输出 token 成本都不计算，卡数反推时该 GPU 排在有价格的方案之后、按卡数排序。在规格表的“价格”页添加价格即可比较成本。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="77" />
            <source>{gpu} has no {missing} tensor cores, so {format} weights run weight-only ({scheme}): they keep their low-bit memory footprint, but each matrix multiply dequantises them and computes at the GPU's {math} peak. Compute is no faster than {math}; only reading the weights is (vLLM serves FP8 checkpoints this way, with its FP8 Marlin kernel, below compute capability 8.9).</source>
            <translation>{gpu} 没有 {missing} 张量核心，{format} 权重因此以仅权重方式（{scheme}）运行：权重仍按低比特占用显存，但每次矩阵乘法都先反量化，再按 GPU 的 {math} 峰值计算。算力不比 {math} 快，只有权重读取变快（vLLM 在计算能力低于 8.9 的 GPU 上就这样用 FP8 Marlin 内核运行 FP8 检查点）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="84" />
            <source>Unreachable: {qps} req/s need about {gpus} GPUs at {per_replica} req/s per replica, more than the {limit} GPUs gpucalc sizes a fleet for. Plan less traffic per fleet, shorter requests or a faster layout; the per-replica answer above still holds.</source>
            <translation>无法达到：按每副本 {per_replica} req/s，{qps} req/s 约需 {gpus} 张 GPU，超过 gpucalc 可规划的 {limit} 张集群上限。请减少每个集群承担的流量、缩短请求或换用更快的部署方式；上面的单副本结果仍然有效。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="89" />
            <source>Your {table} table at {path} is not used ({detail}); the file is left as it is and the bundled table is loaded. Saving an edit to this table sets the file aside first.</source>
            <translation>未使用 {path} 中的 {table} 表（{detail}）；文件保持原样，当前加载内置表。保存对该表的修改时会先将此文件另存备份。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="93" />
            <source>Your edited {table} table could not be used ({reason}); it was set aside as {backup} and the bundled table is loaded.</source>
            <translation>您编辑的 {table} 表无法使用（{reason}），已另存为 {backup}，当前加载内置表。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="97" />
            <source>Your {table} table at {path} could not be upgraded from version {from_version} ({reason}); the bundled table is loaded and your file is kept.</source>
            <translation>{path} 中的 {table} 表无法从版本 {from_version} 升级（{reason}），已加载内置表，原文件保留。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="101" />
            <source>Your {table} table at {path} cannot be read ({reason}); the bundled table is loaded.</source>
            <translation>无法读取 {path} 中的 {table} 表（{reason}），已加载内置表。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="104" />
            <source>Entry {id} of your {table} table is invalid ({field}: {reason}); it is kept in the file but not used.</source>
            <translation>{table} 表中的条目 {id} 无效（{field}：{reason}），已保留在文件中但不使用。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="108" />
            <source>The log comes from {log_engine} but the estimate uses the {plan_engine} profile; pick the matching engine (--engine) before comparing.</source>
            <translation>日志来自 {log_engine}，但估算使用的是 {plan_engine} 配置；请先选择对应的引擎（--engine）再比较。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="112" />
            <source>The engine saw {log_gib} GiB of GPU memory, the estimate assumes {plan_gib} GiB; set --gpu-memory-gib {log_gib} to compare like with like.</source>
            <translation>引擎看到的显存为 {log_gib} GiB，估算假设 {plan_gib} GiB；请设置 --gpu-memory-gib {log_gib} 以便对等比较。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="116" />
            <source>The log ran with memory fraction {log_fraction}, the estimate with {plan_fraction}; the KV figures differ for that reason alone.</source>
            <translation>日志中的显存比例为 {log_fraction}，估算为 {plan_fraction}；仅此一项就会让 KV 数值不同。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="120" />
            <source>The log's maximum concurrency is for {log_tokens} tokens per request, the estimate uses max_model_len {plan_tokens}; that line is left out of the comparison.</source>
            <translation>日志中的最大并发按每请求 {log_tokens} token 计算，估算的 max_model_len 为 {plan_tokens}；该行不参与比较。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="124" />
            <source>The {item} calibration reached its bound; the log differs from the model by more than a constant can explain — check the inputs match the logged run.</source>
            <translation>{item} 校准已达到上下限：日志与模型的差异无法用常数解释，请检查输入是否与日志中的运行一致。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="128" />
            <source>Offered {offered} req/s exceeds the capacity of about {capacity} req/s at the P{percentile} SLO ({replicas} replica(s)); goodput collapses: the queue grows for as long as the load lasts.</source>
            <translation>提供的负载 {offered} req/s 超过 P{percentile} SLO 下约 {capacity} req/s 的容量（{replicas} 个副本）；goodput 会崩溃：负载持续多久，排队就增长多久。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="133" />
            <source>The scheduler binds: the KV cache holds {kv_requests} requests but --max-num-seqs {max_num_seqs} lets only that many run at once; raise --max-num-seqs if latency allows.</source>
            <translation>调度器是瓶颈：KV 缓存能容纳 {kv_requests} 个请求，但 --max-num-seqs {max_num_seqs} 只允许同时运行这么多；若延迟允许，可调大 --max-num-seqs。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="138" />
            <source>The pools are smaller than the traffic needs: {prefill_replicas} prefill replicas for {prefill_needed} needed, {decode_replicas} decode replicas for {decode_needed} needed.</source>
            <translation>池的规模小于流量所需：预填充副本 {prefill_replicas} 个，需要 {prefill_needed} 个；生成副本 {decode_replicas} 个，需要 {decode_needed} 个。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="142" />
            <source>{gpu} joins only {domain_gpus} GPUs by {link}: a replica of TP {tp} × PP {pp} ({gpus} GPUs) runs its collectives past that domain over PCIe at {host_gb_s} GB/s instead of {fast_gb_s} GB/s per direction. Keep TP within {domain_gpus} GPUs (more replicas, or pipeline stages across domains) or use an NVLink board.</source>
            <translation>{gpu} 通过 {link} 只连通 {domain_gpus} 张卡：TP {tp} × PP {pp}（{gpus} 张卡）的副本跨出该互联域后，集合通信走 PCIe，单向 {host_gb_s} GB/s 而非 {fast_gb_s} GB/s。请把 TP 限制在 {domain_gpus} 张卡以内（多副本，或跨域用流水线并行），或换 NVLink 整机。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="148" />
            <source>TP {tp} spans {tp_nodes} nodes of {gpus_per_node} GPUs: every layer's all-reduce crosses {network} at {scale_out_gb_s} GB/s per GPU and direction instead of {fast_gb_s} GB/s inside a node. Strongly advised against: keep TP within one node and put pipeline stages or replicas across nodes.</source>
            <translation>TP {tp} 跨越 {tp_nodes} 个节点（每节点 {gpus_per_node} 卡）：每层的 all-reduce 都要经 {network}，每卡每方向只有 {scale_out_gb_s} GB/s，而节点内为 {fast_gb_s} GB/s。强烈不建议：让 TP 留在一个节点内，把流水线阶段或多副本放到不同节点。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="154" />
            <source>{hops} pipeline stage boundary(ies) of TP {tp} × PP {pp} cross between nodes over {network} at {scale_out_gb_s} GB/s per GPU and direction ({latency_us} µs per message); each hop carries one step's activations.</source>
            <translation>TP {tp} × PP {pp} 有 {hops} 个流水线阶段边界跨节点，经 {network}，每卡每方向 {scale_out_gb_s} GB/s（每条消息 {latency_us} µs）；每次传递一步的激活。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="159" />
            <source>{gpu} joins only {domain_gpus} GPUs by {link}: the expert all-to-all over DP {dp} × TP {tp} = {ranks} ranks runs past that domain at {host_gb_s} GB/s instead of {fast_gb_s} GB/s per direction, once per MoE layer and step.</source>
            <translation>{gpu} 通过 {link} 只连通 {domain_gpus} 张 GPU：跨 DP {dp} × TP {tp} = {ranks} 个 rank 的专家 all-to-all 超出该互联域，单向只有 {host_gb_s} GB/s 而不是 {fast_gb_s} GB/s，每个 MoE 层每步一次。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="164" />
            <source>At {concurrency} requests of average length ({avg_tokens} tokens) weights + KV + margin take {share_used} of memory, above the {planning_share} planning line of the capacity planning guide: leave the rest for peaks and fragmentation — plan at most {allowed} requests, or add memory.</source>
            <translation>{concurrency} 个平均长度（{avg_tokens} token）请求时，权重 + KV + 余量占显存 {share_used}，超过 {planning_share} 规划线（容量规划指南）：剩余部分应留给峰值和碎片——按不超过 {allowed} 个请求规划，或增加显存。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="170" />
            <source>Alarm: at the average length ({avg_tokens} tokens) {concurrency} requests already fill {share_used} of memory, past the {alarm_share} line of the capacity planning guide: this configuration is not fit for long-context service — add GPUs or limit the context.</source>
            <translation>警报：按平均长度（{avg_tokens} token），{concurrency} 个请求已占显存 {share_used}，超过 {alarm_share}（容量规划指南）：这套配置基本无法承担长上下文服务——要么加卡，要么限制上下文。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="176" />
            <source>{k} speculative tokens per step is a long draft: each token beyond the first few is rarely accepted while the draft passes and the verification grow with k; published set-ups use at most {large}. Measure the acceptance length before planning on it.</source>
            <translation>每步 {k} 个投机 token 属于长草稿：前几个之后的 token 很少被接受，而草稿次数和验证量随 k 增长；公开的配置最多用 {large} 个。请先实测接受长度再据此规划。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="181" />
            <source>The acceptance length {tau} of {method} is an assumption (per-token acceptance {alpha}): it depends on the model pair and the traffic. Enter the mean acceptance length your engine logs for this workload.</source>
            <translation>{method} 的接受长度 {tau} 是假设值（逐 token 接受率 {alpha}）：它取决于模型组合和流量。请填入引擎在该负载下记录的平均接受长度。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="186" />
            <source>At {running} running requests speculative decoding is slower than plain decoding ({speedup}× TPOT): verification is compute-bound at this batch. Use fewer speculative tokens, or turn it off for throughput-bound traffic.</source>
            <translation>批大小为 {running} 时投机解码比普通解码慢（TPOT {speedup}×）：此批大小下验证受算力限制。请减少投机 token 数，或在以吞吐为主的流量下关闭投机解码。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="191" />
            <source>Memory binds: an fp8 KV cache (--kv-cache-dtype fp8) about doubles the requests that fit (now {kv_format}).</source>
            <translation>显存是瓶颈：把 KV 缓存量化为 fp8（--kv-cache-dtype fp8，当前 {kv_format}）约可使并发翻倍。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="195" />
            <source>A lower precision is a capacity suggestion, not a quality result: measure the quantized model on your own tasks before you plan on it.</source>
            <translation>降低精度只是容量上的建议，不代表质量无损：量化后的效果要在自己的任务上单独评测，再据此做规划。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="199" />
            <source>Memory binds: fp8 or int4 weights free memory for the KV cache.</source>
            <translation>显存是瓶颈：把权重量化为 fp8 或 int4，可为 KV 缓存腾出显存。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="202" />
            <source>Memory binds at {planning_tokens} tokens per request: a shorter context (or a separate long-context pool) raises concurrency.</source>
            <translation>显存在每请求 {planning_tokens} token 时成为瓶颈：缩短上下文（或单独设长上下文资源池）可提高并发。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="206" />
            <source>Memory binds: a GPU with more memory, or more GPUs per replica, adds KV room.</source>
            <translation>显存是瓶颈：换更大显存的卡，或每副本用更多卡，可增加 KV 空间。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="209" />
            <source>The P{percentile} TPOT target ({tpot_target_ms} ms) binds: relax it, shorten the prompts (less chunked prefill beside the decodes), or use a smaller or quantized model.</source>
            <translation>P{percentile} 每 token 延迟目标（{tpot_target_ms} ms）起约束：放宽目标、缩短提示词（减少与解码并行的分块预填充），或使用更小或量化的模型。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="213" />
            <source>The P{percentile} TTFT target ({ttft_target_ms} ms) binds: prompts of up to {p95_input} tokens wait for the prefill of the others. Relax the target, shorten or cache the prompts (prefix caching), or prefill faster with more GPUs per replica.</source>
            <translation>P{percentile} 首 token 时间目标（{ttft_target_ms} ms）起约束：长达 {p95_input} token 的提示词要等待其他请求的预填充。请放宽目标、缩短或缓存提示词（前缀缓存），或用每副本更多 GPU 加快预填充。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="218" />
            <source>Compute binds: add replicas (more GPUs in parallel) or use a faster GPU.</source>
            <translation>算力是瓶颈：增加副本（并行更多卡）或换更快的卡。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="221" />
            <source>The interconnect binds and the model fits on one GPU: run {tp} replicas instead of tensor parallel {tp}.</source>
            <translation>互联是瓶颈且模型单卡放得下：用 {tp} 个副本代替张量并行 {tp}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="225" />
            <source>The interconnect binds on PCIe ({gpu}): an NVLink server cuts the all-reduce time.</source>
            <translation>PCIe（{gpu}）互联是瓶颈：NVLink 服务器可大幅缩短 all-reduce 时间。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="228" />
            <source>The interconnect binds at TP {tp}: fewer tensor-parallel ranks per replica (with more replicas) lower the communication share.</source>
            <translation>TP {tp} 时互联是瓶颈：减少每副本的张量并行卡数（增加副本数）可降低通信占比。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="232" />
            <source>A price is set for GPU {id}, which is not in the catalog.</source>
            <translation>价格表中的 GPU {id} 不在目录中。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="235" />
            <source>Alias {alias} of {id} ({table}) is already used by {other}; it keeps naming {other}.</source>
            <translation>{table} 中 {id} 的别名 {alias} 已被 {other} 使用，仍指向 {other}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="238" />
            <source>{model}: its state-space (Mamba) layers are counted without their weights and without their per-request state, because the config does not give their geometry in a form gpucalc reads; weights and KV capacity are approximate.</source>
            <translation>{model}：状态空间（Mamba）层的权重和每个请求的状态均未计入（配置中没有 gpucalc 能读取的层结构），权重与 KV 容量为近似值。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="243" />
            <source>{model}: the vision encoder takes images at any resolution; its weights are counted and image tokens are counted for a 448 × 448 image (an assumed size).</source>
            <translation>{model}：视觉编码器接受任意分辨率的图像；已计入其权重，图像 token 数按 448 × 448 的图像（假定尺寸）计算。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="247" />
            <source>{model}: some blocks replace attention or the MLP with a single linear layer; those parts are counted without weights and without KV cache.</source>
            <translation>{model}：部分层用单个线性层替代注意力或 MLP，这些部分未计入权重和 KV 缓存。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="251" />
            <source>{model}: its attention layers have different KV head counts; every attention layer is counted with the largest, so the KV cache is overestimated.</source>
            <translation>{model}：各注意力层的 KV 头数不同，均按最大值计算，KV 缓存偏大。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="255" />
            <source>{model}: some blocks use windowed attention; they are counted as full attention, so the KV cache is overestimated.</source>
            <translation>{model}：部分层使用窗口注意力，按全注意力计算，KV 缓存偏大。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="259" />
            <source>{model}: its quantization_config gives no bit width; the weights are counted as the method's default (4-bit GPTQ / AWQ, 8-bit compressed-tensors). Check the checkpoint.</source>
            <translation>{model}：其 quantization_config 未给出位宽；权重按该方法的默认位宽计算（GPTQ / AWQ 为 4 位，compressed-tensors 为 8 位）。请核对检查点。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="263" />
            <source>{model}: its quantization group size has no format of its own; the weights are counted with 128-element groups, so the memory of the scales is approximate.</source>
            <translation>{model}：其量化分组大小没有对应的格式；权重按每组 128 个元素计算，因此缩放因子占用的显存为近似值。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="267" />
            <source>{model}: its torch_dtype is not a dtype gpucalc knows; the weights are counted as 16-bit, the dtype --dtype auto serves. Set --dtype if the checkpoint is stored otherwise.</source>
            <translation>{model}：其 torch_dtype 不是 gpucalc 已知的数据类型；权重按 16 位计算（即 --dtype auto 的加载方式）。若检查点以其他类型存储，请设置 --dtype。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="271" />
            <source>{model}: its mamba_ssm_cache_dtype is not float32, bfloat16 or float16; the recurrent state is counted in the model dtype, as --mamba-ssm-cache-dtype auto does.</source>
            <translation>{model}：其 mamba_ssm_cache_dtype 不是 float32、bfloat16 或 float16；递归状态按模型的数据类型计算，与 --mamba-ssm-cache-dtype auto 相同。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/notices.py" line="275" />
            <source>{model}: its model_type is not one gpucalc's importer knows; it is read as a standard decoder from the fields it recognises, so layers of a new kind (compressed or sparse attention, new state layers) may be missed and weights and KV cache may be off.</source>
            <translation>{model}：其 model_type 不在 gpucalc 导入器已知的类型之中；按标准解码器读取其能识别的字段，因此新类型的层（压缩或稀疏注意力、新的状态层）可能被遗漏，权重与 KV 缓存可能有偏差。</translation>
        </message>
    </context>
    <context>
        <name>PasteDialog</name>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="65" />
            <source>Paste serve command</source>
            <translation>粘贴启动命令</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/main_window.py" line="77" />
            <source>A 'vllm serve …', 'python -m sglang.launch_server …' or 'trtllm-serve …' command line:</source>
            <translation>“vllm serve …”、“python -m sglang.launch_server …” 或 “trtllm-serve …” 命令行：</translation>
        </message>
    </context>
    <context>
        <name>PlanController</name>
        <message>
            <location filename="../../gpucalc/ui/controller.py" line="88" />
            <source>replace the scenario</source>
            <translation>替换场景</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/controller.py" line="114" />
            <source>edit {field}</source>
            <translation>修改{field}</translation>
        </message>
    </context>
    <context>
        <name>Plots</name>
        <message>
            <location filename="../../gpucalc/ui/plots/style.py" line="120" />
            <source>Latency (ms, log scale)</source>
            <translation>延迟（ms，对数坐标）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/plots/style.py" line="121" />
            <source>Output tokens/s</source>
            <translation>输出 token/s</translation>
        </message>
    </context>
    <context>
        <name>Precision</name>
        <message>
            <location filename="../../gpucalc/core/specs/weight_only.py" line="30" />
            <source>{name} weight-only ({scheme})</source>
            <translation>{name} 仅权重（{scheme}）</translation>
        </message>
    </context>
    <context>
        <name>PresetPicker</name>
        <message>
            <location filename="../../gpucalc/ui/panels/workload_extras.py" line="43" />
            <source>custom</source>
            <translation>自定义</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/workload_extras.py" line="46" />
            <source>Start from a typical traffic shape, then enter your own P50/P95.</source>
            <translation>先选一种典型流量形态，再填入实际的 P50/P95。</translation>
        </message>
    </context>
    <context>
        <name>Presets</name>
        <message>
            <location filename="../../gpucalc/ui/panels/workload_extras.py" line="27" />
            <source>Short Q&amp;A / chatbot</source>
            <translation>短问答 / 聊天机器人</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/workload_extras.py" line="28" />
            <source>Long-document analysis</source>
            <translation>长文档分析</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/workload_extras.py" line="29" />
            <source>RAG (retrieved context)</source>
            <translation>RAG（检索上下文）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/workload_extras.py" line="30" />
            <source>Multi-turn chat (8 turns)</source>
            <translation>多轮对话（8 轮）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/workload_extras.py" line="31" />
            <source>Mixed: 80 % short, 20 % long</source>
            <translation>长短混合：80% 短，20% 长</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/workload_extras.py" line="32" />
            <source>Offline batch</source>
            <translation>离线批处理</translation>
        </message>
    </context>
    <context>
        <name>Prices</name>
        <message>
            <location filename="../../gpucalc/text/prices.py" line="27" />
            <source>no price</source>
            <translation>无价格</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/prices.py" line="28" />
            <source>undated</source>
            <translation>日期不详</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/prices.py" line="30" />
            <source>{amount} at {rate} per USD; {date}</source>
            <translation>{amount}，按 1 美元 = {rate} 折算；{date}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/prices.py" line="36" />
            <source>middle of {low}–{high}; {date}</source>
            <translation>{low}–{high} 的中值；{date}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/prices.py" line="41" />
            <source>{usd}/h ({detail})</source>
            <translation>{usd}/小时（{detail}）</translation>
        </message>
    </context>
    <context>
        <name>Report</name>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="72" />
            <source>targets met</source>
            <translation>满足目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="73" />
            <source>a target broken</source>
            <translation>目标被击穿</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="104" />
            <source>The estimate expects a target to break at about {n} concurrent requests.</source>
            <translation>估算预计并发约 {n} 时延迟目标被击穿。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/measurement.py" line="123" />
            <source>Figures are per replica: benchmark one of the {r} replicas.</source>
            <translation>数字均为单副本：压测其中一个副本（共 {r} 个副本）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="39" />
            <source>At the recommendation</source>
            <translation>推荐并发下</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="40" />
            <source>Offline maximum (steady state, batch full)</source>
            <translation>离线最大值（稳态，批已满）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="41" />
            <source>At the chosen concurrency</source>
            <translation>指定并发下</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="42" />
            <source>At the chosen request rate</source>
            <translation>指定请求速率下</translation>
        </message>
        <message>
            <location filename="../../gpucalc/cli/perf_output.py" line="43" />
            <source>A finite run, every prompt sent at once</source>
            <translation>有限次运行，所有提示词同时发送</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/disagg_text.py" line="20" />
            <source>Disaggregated prefill/decode ({ratio}): {gpus} GPUs in two pools.</source>
            <translation>预填充/生成分离（{ratio}）：两个池共 {gpus} 张 GPU。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/disagg_text.py" line="22" />
            <source>Prefill pool: {n} replicas of TP {tp} × PP {pp} ({gpus} GPUs, {needed} needed for the traffic), {rate} prompts/s each at the TTFT target; TTFT {ttft} ms = queue + P95 prefill {prefill} ms + KV transfer {kv} ms.</source>
            <translation>预填充池：{n} 个 TP {tp} × PP {pp} 副本（{gpus} 张 GPU，流量需要 {needed} 个），每个副本在 TTFT 目标下 {rate} 个提示词/s；TTFT {ttft} ms = 排队 + P95 预填充 {prefill} ms + KV 传输 {kv} ms。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/disagg_text.py" line="29" />
            <source>Decode pool: {n} replicas of TP {tp} × PP {pp} ({gpus} GPUs, {needed} needed), knee {knee} requests each, TPOT {tpot} ms without prompt chunks, {rate} req/s each.</source>
            <translation>生成池：{n} 个 TP {tp} × PP {pp} 副本（{gpus} 张 GPU，需要 {needed} 个），每个副本拐点 {knee} 个请求，不含提示词分块的 TPOT {tpot} ms，每个副本 {rate} req/s。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/disagg_text.py" line="34" />
            <source>KV transfer: {mb} MB per P95 prompt over {link} at {gbs} GB/s per GPU from {senders} GPUs in parallel.</source>
            <translation>KV 传输：每个 P95 提示词 {mb} MB，经 {link}，每张 GPU {gbs} GB/s，{senders} 张 GPU 并行发送。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/disagg_text.py" line="39" />
            <source>The {pool} pool comes in whole engines: {engines} × DP {dp} × TP {tp} × PP {pp} = {gpus} GPUs for {replicas} replicas, one per DP rank; a MoE model's experts shard over each engine's DP × TP ranks.</source>
            <translation>{pool}池按整引擎计：{engines} × DP {dp} × TP {tp} × PP {pp} = {gpus} 张 GPU，承载 {replicas} 个副本，每个 DP rank 一个；MoE 模型的专家分布在每个引擎的 DP × TP 个 rank 上。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/disagg_text.py" line="44" />
            <source>prefill</source>
            <translation>预填充</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/disagg_text.py" line="46" />
            <source>decode</source>
            <translation>生成</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/disagg_text.py" line="51" />
            <source>Aggregated, the same traffic needs {gpus} GPUs (serving replicas, no spares).</source>
            <translation>不分离部署时，同样流量需要 {gpus} 张 GPU（服务副本，不含备用）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/fleet_text.py" line="20" />
            <source>no QPS given</source>
            <translation>未给出 QPS</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/fleet_text.py" line="22" />
            <source>{qps} req/s</source>
            <translation>{qps} req/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/fleet_text.py" line="23" />
            <source>{qps} req/s average, {peak} req/s peak</source>
            <translation>平均 {qps} req/s，峰值 {peak} req/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/fleet_text.py" line="29" />
            <source>Replicas of {per} GPUs: {for_avg} for the average at {rate_planned} req/s each (the watermark's share of the rate capacity), {for_peak} for the peak at {rate_capacity} req/s each (the rate capacity).</source>
            <translation>每副本 {per} 张 GPU：平均流量需 {for_avg} 个，每个 {rate_planned} req/s（请求速率容量的安全水位份额）；峰值需 {for_peak} 个，每个 {rate_capacity} req/s（请求速率容量）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/fleet_text.py" line="42" />
            <source>All {r} replicas deployed: {conc} requests in flight planned, {rps} req/s, {tok} output tok/s ({hour} tokens per GPU-hour, {day} tokens/day).</source>
            <translation>部署全部 {r} 个副本：规划 {conc} 个在途请求，{rps} req/s，输出 {tok} tok/s（每 GPU 小时 {hour} token，每天 {day} token）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/fleet_text.py" line="50" />
            <source>Mixed traffic: {day} batch tokens/day backfill the capacity above the watermark.</source>
            <translation>混合流量：安全水位以上的余量每天可回填 {day} 个离线批量 token。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/fleet_text.py" line="53" />
            <source>Offline traffic: memory filled, no latency targets, no watermark.</source>
            <translation>离线流量：显存堆满，不设延迟目标，不留安全水位。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/fleet_text.py" line="61" />
            <source>TP {tp} × PP {pp}: {r} replicas, {conc} in flight planned, {rps} req/s, {tok} tok/s</source>
            <translation>TP {tp} × PP {pp}：{r} 个副本，规划 {conc} 个在途，{rps} req/s，{tok} tok/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/fleet_text.py" line="66" />
            <source>Replicas versus TP on the same GPUs:</source>
            <translation>同样的卡数，多副本与张量并行对比：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/measurement_section.py" line="26" />
            <source>The measurement order: a single-request baseline, a concurrency ladder at a fixed context until a latency target breaks, the real traffic mix, and the watermark check. Start the engine with the serve command, run each step and save its results; gpucalc test-plan --results FILE… (or Tools → Measurement plan… in the window) marks each run pass or attention: a figure within ±{tol} of this estimate passes. If the load test is far from the estimate, first check which memory deduction was missed and whether the context used the mean instead of P95.</source>
            <translation>实测顺序：先测单请求基线，再固定上下文按梯度加并发直到延迟目标被击穿，然后换成真实混合流量，最后检查安全水位。用启动命令拉起引擎，逐步运行并保存结果；gpucalc test-plan --results 文件…（或窗口中的 工具 → 实测计划…）逐条标记通过或需注意：与本估算相差在 ±{tol} 以内即为通过。如果压测结果和估算差很远，先检查显存扣减的哪一项漏了、上下文是不是用了平均值而不是 P95。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/measurement_section.py" line="53" />
            <source>{label}: {input} in + {output} out, {prompts} prompts</source>
            <translation>{label}：输入 {input} + 输出 {output}，{prompts} 条请求</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/measurement_section.py" line="58" />
            <source>Run</source>
            <translation>运行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/measurement_section.py" line="58" />
            <source>Expected</source>
            <translation>预期</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/measurement_section.py" line="58" />
            <source>Command</source>
            <translation>命令</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/measurement_section.py" line="67" />
            <source>Serve command</source>
            <translation>启动命令</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/pdf.py" line="48" />
            <source>Page {n} of {total}</source>
            <translation>第 {n} 页，共 {total} 页</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/pdf.py" line="91" />
            <source>GPU inference capacity report</source>
            <translation>GPU 推理容量报告</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="90" />
            <source>Low and high: every uncertain constant at once at the pessimistic or the optimistic end of its stated range (table below); low and high are the smallest and largest of the three evaluations — a planning range, not a confidence interval. The recommended concurrency's range also brackets both ends of every sensitivity bar. GPUs needed for {traffic}, by the fleet verdict's rule (page 1): {needed} GPUs needed ({planned} planned).</source>
            <translation>低值与高值：所有不确定常数同时取其给定范围的悲观端或乐观端（见下表）；低值和高值是三次计算中的最小值和最大值——是规划范围，不是置信区间。推荐并发的范围也覆盖了每条敏感性条的两端。按卡数结论的规则（第 1 页），{traffic} 所需 GPU：需要 {needed} 张（计划 {planned} 张）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="98" />
            <source>Result</source>
            <translation>结果</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="98" />
            <source>Low</source>
            <translation>低</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="98" />
            <source>High</source>
            <translation>高</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="98" />
            <source>Unit</source>
            <translation>单位</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="107" />
            <source>Recommended concurrency, one factor at a time</source>
            <translation>推荐并发（逐个因子变动）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="108" />
            <source>recommended concurrency (requests per replica)</source>
            <translation>推荐并发（每副本请求数）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="108" />
            <source>at low value</source>
            <translation>取低值时</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="109" />
            <source>at high value</source>
            <translation>取高值时</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="109" />
            <source>expected</source>
            <translation>预期</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="114" />
            <source>One factor at a time moved over its range, everything else at its value; the {n} largest swings of the recommended concurrency ({base} requests per replica). Workload lengths and targets move ±20 %, GPU figures and the memory fraction ±5 %, the constants over the ranges below.</source>
            <translation>每次只让一个因子在其范围内变动，其余保持原值；列出使推荐并发（每副本 {base} 个请求）变化最大的 {n} 个因子。流量长度与延迟目标变动 ±20 %，GPU 参数与显存占用比例变动 ±5 %，常数按下表的范围变动。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="119" />
            <source>Sensitivity</source>
            <translation>敏感性</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="124" />
            <source>Factor</source>
            <translation>因子</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="124" />
            <source>Range</source>
            <translation>范围</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="124" />
            <source>Conc. at low</source>
            <translation>低值时并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="124" />
            <source>Conc. at high</source>
            <translation>高值时并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="124" />
            <source>Swing</source>
            <translation>变化幅度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="134" />
            <source>Not evaluated: the model does not fit on this deployment.</source>
            <translation>未评估：该部署放不下此模型。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="136" />
            <source>Ranges of the uncertain constants</source>
            <translation>不确定常数的范围</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="138" />
            <source>Constant</source>
            <translation>常数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="138" />
            <source>Reason and source</source>
            <translation>依据与来源</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="158" />
            <source>No simulated rate meets the targets at P{p} (TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms); the rate capacity of the answer is {analytic} req/s per replica.</source>
            <translation>没有任何仿真速率在 P{p} 下达标（首 token 时间 ≤ {ttft} ms，每 token 延迟 ≤ {tpot} ms）；结论中的请求速率容量为每副本 {analytic} req/s。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="160" />
            <source>Capacity at the P{p} SLO among the swept rates (TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms): {cap} req/s per replica, {share} of the answer's rate capacity ({analytic} req/s).</source>
            <translation>扫描速率中满足 P{p} SLO 的容量（首 token 时间 ≤ {ttft} ms，每 token 延迟 ≤ {tpot} ms）：每副本 {cap} req/s，为结论中请求速率容量（{analytic} req/s）的 {share}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="166" />
            <source>Every simulated rate meets the targets, so the capacity is at least this.</source>
            <translation>所有仿真速率都满足目标，实际容量不低于此值。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="169" />
            <source>{r} replicas: {total} req/s in all.</source>
            <translation>{r} 个副本：共 {total} req/s。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="181" />
            <source>Bisection in the simulator: {sim} req/s per replica at the P{p} SLO; the rate capacity of the answer, {analytic} req/s, agrees within 10 %.</source>
            <translation>仿真二分搜索：P{p} SLO 下每副本 {sim} req/s；结论中的请求速率容量 {analytic} req/s 与之相差在 10 % 以内。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="183" />
            <source>Bisection in the simulator: {sim} req/s per replica at the P{p} SLO; the rate capacity of the answer, {analytic} req/s, is off by more than 10 % (ratio {ratio}): measure before planning on it.</source>
            <translation>仿真二分搜索：P{p} SLO 下每副本 {sim} req/s；结论中的请求速率容量 {analytic} req/s 与之相差超过 10 %（比值 {ratio}）：请先实测再据此规划。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="193" />
            <source>Not simulated: the model does not fit on this deployment.</source>
            <translation>未仿真：该部署放不下此模型。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="195" />
            <source>Not simulated: the simulator cannot run this plan.</source>
            <translation>未仿真：仿真器无法运行此方案。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="197" />
            <source>TTFT against request rate</source>
            <translation>TTFT 随请求速率的变化</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="197" />
            <source>TPOT against request rate</source>
            <translation>TPOT 随请求速率的变化</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="198" />
            <source>request rate (req/s, one replica)</source>
            <translation>请求速率（req/s，单副本）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="198" />
            <source>ms (log scale)</source>
            <translation>毫秒（对数刻度）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="198" />
            <source>target</source>
            <translation>目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="199" />
            <source>TTFT knee</source>
            <translation>TTFT 拐点</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="199" />
            <source>P{p} SLO</source>
            <translation>P{p} SLO 容量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="204" />
            <source>Discrete-event simulation of one replica (continuous batching on the same step-time model): Poisson arrivals at {k} rates up to {top}× the analytic saturation rate ({sat} req/s), {n} requests per rate with lengths drawn from the workload, fixed seed {seed} (the same plan gives the same numbers). Solid: P50; dashed: P95.</source>
            <translation>单副本离散事件仿真（在同一步时模型上模拟连续批处理）：泊松到达，共 {k} 个请求速率，最高为解析饱和速率（{sat} req/s）的 {top} 倍；每个速率 {n} 个请求，长度按流量分布抽样；固定随机种子 {seed}（同一方案每次得到相同的数字）。实线：P50；虚线：P95。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="210" />
            <source>TTFT knee: {k} req/s (the highest request rate whose median TTFT stays within {g}× its value at the lowest rate; a rate, not the concurrency knee of the answer).</source>
            <translation>TTFT 拐点：{k} req/s（中位 TTFT 不超过最低速率时 {g} 倍的最高请求速率；这是请求速率，不是推荐答案中的并发拐点）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="213" />
            <source>Rate (req/s)</source>
            <translation>速率（req/s）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="214" />
            <source>Output (tok/s)</source>
            <translation>输出（tok/s）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/risk_sections.py" line="214" />
            <source>Goodput (req/s)</source>
            <translation>有效吞吐（req/s）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="74" />
            <source>Prefill launch command</source>
            <translation>预填充启动命令</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="74" />
            <source>Decode launch command</source>
            <translation>生成启动命令</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="88" />
            <source>The model does not fit on this deployment.</source>
            <translation>该部署放不下此模型。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="92" />
            <source>{r} replicas: {total} requests in all.</source>
            <translation>{r} 个副本：共 {total} 个请求。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="101" />
            <source>checkpoint</source>
            <translation>检查点自带</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="101" />
            <source>what-if</source>
            <translation>假设量化</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="103" />
            <source>Model</source>
            <translation>模型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="105" />
            <source>Parameters</source>
            <translation>参数量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="105" />
            <source>{total} total, {active} active per token</source>
            <translation>总计 {total}，每 token 激活 {active}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="108" />
            <source>Precision</source>
            <translation>精度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="108" />
            <source>weights {weights} ({origin}), KV cache {kv}</source>
            <translation>权重 {weights}（{origin}），KV 缓存 {kv}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="111" />
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="111" />
            <source>{n}× {gpu}: {mem} GiB usable each, {bw} GB/s, {link}</source>
            <translation>{n}× {gpu}：每卡可用 {mem} GiB，{bw} GB/s，{link}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="115" />
            <source>Engine</source>
            <translation>推理引擎</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="116" />
            <source>Parallelism</source>
            <translation>并行方式</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="116" />
            <source>TP {tp} × PP {pp}, {r} replica(s)</source>
            <translation>张量并行 {tp} × 流水线并行 {pp}，{r} 个副本</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="118" />
            <source>Decode context parallel</source>
            <translation>解码上下文并行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="118" />
            <source>DCP {dcp}: the KV cache is sharded along tokens over {dcp} of the TP {tp} ranks</source>
            <translation>DCP {dcp}：KV 缓存按 token 切分到 TP {tp} 中的 {dcp} 张卡上</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="123" />
            <source>Workload</source>
            <translation>流量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="123" />
            <source>input {i50} tokens (P95 {i95}), output {o50} tokens (P95 {o95}), {turns} turn(s); {traffic}; {mode} traffic</source>
            <translation>输入 {i50} token（P95 {i95}），输出 {o50} token（P95 {o95}），{turns} 轮；{traffic}；{mode}流量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="129" />
            <source>Prefix caching</source>
            <translation>前缀缓存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="130" />
            <source>Targets</source>
            <translation>延迟目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="130" />
            <source>TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms; watermark {wm}; planning share {share}</source>
            <translation>首 token 时间 ≤ {ttft} ms，每 token 延迟 ≤ {tpot} ms；安全水位 {wm}；规划显存占比 {share}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="137" />
            <source>Nodes</source>
            <translation>节点</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="140" />
            <source>Speculative decoding</source>
            <translation>投机解码</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="140" />
            <source>{method}, k = {k}{draft}; acceptance length {tau}</source>
            <translation>{method}，k = {k}{draft}；接受长度 {tau}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="143" />
            <source>as entered</source>
            <translation>按输入值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="143" />
            <source>method default</source>
            <translation>方法默认值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="145" />
            <source>Launch command</source>
            <translation>启动命令</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="147" />
            <source>Item</source>
            <translation>项目</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="147" />
            <source>Value</source>
            <translation>数值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="152" />
            <source>{nodes} node(s), {per_node} GPUs per node; between nodes {network}, {gb_s} GB/s per GPU and direction ({formula})</source>
            <translation>{nodes} 个节点，每节点 {per_node} 卡；节点间 {network}，每卡每方向 {gb_s} GB/s（{formula}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="157" />
            <source>TP spans nodes (strongly advised against)</source>
            <translation>TP 跨节点（强烈不建议）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="159" />
            <source>{hops} pipeline hop(s) across nodes</source>
            <translation>{hops} 个流水线跨节点传递</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="168" />
            <source>pass</source>
            <translation>通过</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="168" />
            <source>attention</source>
            <translation>注意</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="173" />
            <source>State each item before reporting a capacity number (the capacity planning checklist).</source>
            <translation>报容量数字之前逐条写明（容量规划清单：报数前先自查）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="175" />
            <source>Stated value</source>
            <translation>写明的数值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="175" />
            <source>Check</source>
            <translation>检查</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="195" />
            <source>planning share {p}</source>
            <translation>规划占比 {p}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="196" />
            <source>alarm {p}</source>
            <translation>警戒线 {p}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="197" />
            <source>Memory picture of one GPU</source>
            <translation>单卡显存构成</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="198" />
            <source>GPU memory (GiB)</source>
            <translation>显存（GiB）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="198" />
            <source>capacity {v} GiB</source>
            <translation>容量 {v} GiB</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="215" />
            <source>Pipeline stage {s} of {n} (the one whose KV cache binds).</source>
            <translation>流水线第 {s} 段（共 {n} 段，其 KV 缓存为瓶颈）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="217" />
            <source>Line item</source>
            <translation>扣减项</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="217" />
            <source>Formula</source>
            <translation>公式</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="217" />
            <source>Inputs</source>
            <translation>输入</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="217" />
            <source>Source</source>
            <translation>来源</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="220" />
            <source>Sources</source>
            <translation>来源</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="246" />
            <source>Concurrency ceilings (the smallest binds)</source>
            <translation>并发上限（最小者为瓶颈）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="247" />
            <source>running requests per replica</source>
            <translation>每副本同时在算的请求数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="247" />
            <source>no limit</source>
            <translation>无限制</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="249" />
            <source>watermark {n}</source>
            <translation>安全水位 {n}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="255" />
            <source>binding</source>
            <translation>瓶颈</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="260" />
            <source>Offline maximum (batch full)</source>
            <translation>离线最大（批次占满）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="263" />
            <source>Ceiling</source>
            <translation>上限</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="263" />
            <source>Requests per replica</source>
            <translation>每副本请求数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="264" />
            <source>Binds</source>
            <translation>瓶颈</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="266" />
            <source>Advice</source>
            <translation>建议</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="268" />
            <source>Operating points (one replica)</source>
            <translation>工作点（单副本）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="270" />
            <source>Point</source>
            <translation>工作点</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="270" />
            <source>Concurrency</source>
            <translation>并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="271" />
            <source>Requests/s</source>
            <translation>请求/秒</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="276" />
            <source>Knee (the recommendation: past it a latency target breaks or requests queue): {k} concurrent requests; online capacity ({wm} of the knee): {online}; communication share of a step at the recommendation: {c}.</source>
            <translation>拐点（即推荐并发：再往上延迟目标被击穿或请求开始排队）：{k} 个并发请求；在线容量（拐点的 {wm}）：{online}；推荐并发下每步的通信占比：{c}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="290" />
            <source>Prefix cache (one replica)</source>
            <translation>前缀缓存（单副本）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="292" />
            <source>Figure</source>
            <translation>指标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="302" />
            <source>on</source>
            <translation>开</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="302" />
            <source>off</source>
            <translation>关</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="303" />
            <source>engine default</source>
            <translation>引擎默认</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="303" />
            <source>set</source>
            <translation>已设置</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="304" />
            <source>{state} ({origin})</source>
            <translation>{state}（{origin}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="306" />
            <source>; shared prefix {tokens} tokens, {n} distinct</source>
            <translation>；共享前缀 {tokens} token，{n} 种</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="309" />
            <source>; measured hit rate {rate}</source>
            <translation>；实测命中率 {rate}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="311" />
            <source>; chat history cached</source>
            <translation>；多轮对话历史已缓存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="320" />
            <source>DP {dp} × attention TP {tp} per engine ({gpus} GPUs), each DP rank its own KV cache and scheduler</source>
            <translation>每个引擎 DP {dp} × 注意力 TP {tp}（{gpus} 张 GPU），每个 DP rank 有自己的 KV 缓存和调度器</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="324" />
            <source>; experts over {ranks} ranks ({how}), EPLB {eplb}, {redundant} redundant experts, all-to-all {mode}</source>
            <translation>；专家分布在 {ranks} 个 rank 上（{how}），EPLB {eplb}，{redundant} 个冗余专家，all-to-all {mode}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="327" />
            <source>expert parallel</source>
            <translation>专家并行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="327" />
            <source>each expert split</source>
            <translation>每个专家切分</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="331" />
            <source>Data parallel</source>
            <translation>数据并行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="339" />
            <source>Expert group (DP × TP ranks)</source>
            <translation>专家组（DP × TP 个 rank）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="351" />
            <source>longest: watch this line, it breaks first</source>
            <translation>最长类别：单独看这条线，它先崩</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="353" />
            <source>misses a target</source>
            <translation>未达目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="363" />
            <source>Request classes at the recommendation (P{p}, one replica)</source>
            <translation>推荐并发下各请求类别（P{p}，单副本）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="365" />
            <source>Class</source>
            <translation>类别</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="365" />
            <source>Share</source>
            <translation>占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="365" />
            <source>Input</source>
            <translation>输入</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="365" />
            <source>Output</source>
            <translation>输出</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="379" />
            <source>Ceilings against planning length</source>
            <translation>并发上限随规划长度的变化</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="380" />
            <source>planning length (KV tokens per request)</source>
            <translation>规划长度（每请求 KV token 数）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="380" />
            <source>requests per replica</source>
            <translation>每副本请求数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="381" />
            <source>crossover</source>
            <translation>交叉点</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="381" />
            <source>planning {n}</source>
            <translation>规划长度 {n}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="383" />
            <source>At {n} tokens the binding constraint changes from {a} to {b}.</source>
            <translation>在 {n} token 处，瓶颈从{a}变为{b}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="387" />
            <source>No crossover: one constraint binds over the whole range.</source>
            <translation>无交叉点：整个区间内都是同一个瓶颈。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="389" />
            <source>Planning length: KV tokens one request holds (P95 input + history + P95 output). Each point is this scenario with every length scaled in proportion (output: {o} % of the mean request); at {n} tokens it is the answer. The dashed line is the recommendation (the smallest ceiling).</source>
            <translation>规划长度：单个请求占用的 KV token 数（P95 输入 + 历史 + P95 输出）。每个点都是本场景按比例缩放全部长度后的结果（输出占平均请求的 {o} %）；在 {n} token 处即为推荐答案。虚线为推荐值（最小的上限）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="400" />
            <source>Latency against concurrency</source>
            <translation>延迟随并发的变化</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="401" />
            <source>Output throughput against concurrency</source>
            <translation>输出吞吐随并发的变化</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="402" />
            <source>concurrent requests (closed loop)</source>
            <translation>并发请求数（闭环）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="402" />
            <source>ms</source>
            <translation>毫秒</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="403" />
            <source>output tokens/s</source>
            <translation>输出 token/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="404" />
            <source>knee {n} ({name})</source>
            <translation>拐点 {n}（{name}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="405" />
            <source>{name} limit {n}</source>
            <translation>{name}上限 {n}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="405" />
            <source>{name} past target from {n}</source>
            <translation>{name} 自 {n} 起超出目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="406" />
            <source>output tokens/s per replica</source>
            <translation>每副本输出 token/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="436" />
            <source>Precision tier</source>
            <translation>量化档位</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="439" />
            <source>Concurrent requests per replica that meet the targets, by planning length (tokens per request, the scenario's lengths scaled in proportion) and precision tier, and what binds. The scenario's column at its precision is the answer.</source>
            <translation>满足延迟目标的每副本并发请求数，按规划长度（每请求 token 数，本场景各长度按比例缩放）与量化档位列出，并注明瓶颈。本场景列在其自身精度下即为推荐答案。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="445" />
            <source>Lower tiers than the checkpoint's precision: </source>
            <translation>低于原始权重精度的档位：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="467" />
            <source>No QPS was given, so no fleet is sized: give the traffic to compare the GPUs of the catalog.</source>
            <translation>未给出 QPS，因此没有推算卡数：给出流量即可比较目录中的各款 GPU。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="469" />
            <source>For {traffic}, sized for the peak with one spare replica (N + 1); the {n} cheapest of {m} options that meet the targets. ★ = Pareto front (no option is both cheaper and faster).</source>
            <translation>针对 {traffic}，按峰值加一个备用副本（N + 1）推算；列出 {m} 个达标方案中最便宜的 {n} 个。★ = 帕累托前沿（没有别的方案既更便宜又更快）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="474" />
            <source>No GPU in the catalog meets the targets.</source>
            <translation>目录中没有满足目标的 GPU。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="475" />
            <source>‡ lower precision than the checkpoint: </source>
            <translation>‡ 精度低于原始权重：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="478" />
            <source>Weights / KV</source>
            <translation>权重 / KV</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="478" />
            <source>Conc.</source>
            <translation>并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="479" />
            <source>req/s per replica</source>
            <translation>每副本 req/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="479" />
            <source>GPUs</source>
            <translation>卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="479" />
            <source>Util.</source>
            <translation>利用率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="480" />
            <source>$/M tokens</source>
            <translation>$/百万 token</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="480" />
            <source>Pareto</source>
            <translation>帕累托</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="491" />
            <source>share of dense peak TFLOPS large GEMMs reach</source>
            <translation>大矩阵乘能达到的稠密峰值 TFLOPS 比例</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="493" />
            <source>share of peak attention kernels reach</source>
            <translation>注意力算子能达到的峰值比例</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="495" />
            <source>share of HBM bandwidth decode reaches</source>
            <translation>逐 token 生成能达到的显存带宽比例</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="497" />
            <source>share of link bandwidth all-reduce reaches</source>
            <translation>all-reduce 能达到的互联带宽比例</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="499" />
            <source>fixed cost of one collective</source>
            <translation>一次集合通信的固定开销</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="501" />
            <source>fixed cost of one engine step</source>
            <translation>引擎每步的固定开销</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="503" />
            <source>FP8 GEMM share relative to BF16</source>
            <translation>FP8 矩阵乘相对 BF16 的效率比例</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="507" />
            <source>Meaning</source>
            <translation>含义</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="509" />
            <source>Source: {s}</source>
            <translation>来源：{s}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/sections.py" line="519" />
            <source>None.</source>
            <translation>无。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="44" />
            <source>Summary</source>
            <translation>摘要</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="45" />
            <source>Engineering appendices</source>
            <translation>工程附录</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="84" />
            <source>At the pessimistic end no request meets the targets: the answer depends on the measured speed, so measure it first.</source>
            <translation>在悲观端没有任何请求能达标：结论取决于实测速度，请先实测。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="92" />
            <source>Not evaluated.</source>
            <translation>未评估。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="102" />
            <source>{limit} sets the number.</source>
            <translation>决定这个数字的是{limit}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="108" />
            <source>Next limit: {limit} at {n} requests.</source>
            <translation>下一个限制：{limit}，在 {n} 个请求处。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="130" />
            <source>{factor} within {range}: the concurrency lies between {low} and {high} requests in flight per replica.</source>
            <translation>{factor}在 {range} 之间：并发介于每副本 {low} 到 {high} 个在途请求之间。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="154" />
            <source>At {n} tokens per request the limit changes from {a} to {b}.</source>
            <translation>每请求 {n} token 处，限制从{a}变为{b}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="166" />
            <source>Verdict</source>
            <translation>结论</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="173" />
            <source>What meets the targets</source>
            <translation>什么能达到目标</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="174" />
            <source>Rate capacity</source>
            <translation>请求速率容量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="175" />
            <source>Binding limit</source>
            <translation>瓶颈</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="176" />
            <source>Top risk</source>
            <translation>最大风险</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="177" />
            <source>What would change the answer</source>
            <translation>什么会改变结论</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="186" />
            <source>How sure</source>
            <translation>把握有多大</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="198" />
            <source>Does not run: the model does not fit in the GPUs' memory.</source>
            <translation>无法运行：模型放不进 GPU 显存。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="200" />
            <source>Why</source>
            <translation>原因</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="202" />
            <source>More GPUs per replica (tensor or pipeline parallel), GPUs with more memory, or lower-precision weights.</source>
            <translation>每副本用更多卡（张量并行或流水线并行）、换显存更大的卡，或使用更低精度的权重。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="210" />
            <source>{model} on {n}× {gpu} · {engine}</source>
            <translation>{model}，{n}× {gpu} · {engine}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="213" />
            <source>gpucalc {version} · created {date}</source>
            <translation>gpucalc {version} · 生成于 {date}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="219" />
            <source>Scenario: {name}</source>
            <translation>场景：{name}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/summary.py" line="225" />
            <source>The appendices give the inputs, every deduction with its formula and source, the curves, the fleet options and the measurement plan that checks this estimate.</source>
            <translation>附录列出输入、每一项显存扣减及其公式和来源、各条曲线、卡数方案，以及用来核对本估算的实测计划。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/writer.py" line="22" />
            <source>1. Inputs</source>
            <translation>1. 输入</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/writer.py" line="23" />
            <source>2. Pre-reporting checklist</source>
            <translation>2. 报数前自查清单</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/writer.py" line="24" />
            <source>3. Memory per GPU</source>
            <translation>3. 单卡显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/writer.py" line="25" />
            <source>4. Concurrency ceilings</source>
            <translation>4. 并发上限</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/writer.py" line="26" />
            <source>5. Ceilings against planning length</source>
            <translation>5. 并发上限随规划长度的变化</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/writer.py" line="27" />
            <source>6. Latency and throughput against concurrency</source>
            <translation>6. 延迟与吞吐随并发的变化</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/writer.py" line="28" />
            <source>7. Per-card grid</source>
            <translation>7. 单卡并发参考表</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/writer.py" line="29" />
            <source>8. Fleet sizing and cost</source>
            <translation>8. 卡数反推与成本</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/writer.py" line="30" />
            <source>9. Uncertainty and sensitivity</source>
            <translation>9. 不确定性与敏感性</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/writer.py" line="31" />
            <source>10. Traffic simulation</source>
            <translation>10. 流量仿真</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/writer.py" line="32" />
            <source>11. Efficiency assumptions</source>
            <translation>11. 效率假设</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/writer.py" line="33" />
            <source>12. Notices</source>
            <translation>12. 提示</translation>
        </message>
        <message>
            <location filename="../../gpucalc/report/writer.py" line="34" />
            <source>13. Appendix: measurement plan</source>
            <translation>13. 附录：实测计划</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/catalogue.py" line="112" />
            <source>yes</source>
            <translation>是</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/catalogue.py" line="112" />
            <source>no</source>
            <translation>否</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="491" />
            <source>GPU memory for the KV cache</source>
            <translation>存放 KV 缓存的显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="492" />
            <source>compute speed (the latency targets)</source>
            <translation>算力（延迟目标）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="493" />
            <source>the link between GPUs</source>
            <translation>卡间互联</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="494" />
            <source>the engine's cap on running requests</source>
            <translation>引擎对同时运行请求数的上限</translation>
        </message>
    </context>
    <context>
        <name>ResultTabs</name>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="212" />
            <source>Bottleneck</source>
            <translation>瓶颈</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="212" />
            <source>Memory</source>
            <translation>显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="212" />
            <source>Context</source>
            <translation>上下文扫描</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="212" />
            <source>Load</source>
            <translation>负载曲线</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="213" />
            <source>Per-card</source>
            <translation>单卡并发表</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="213" />
            <source>Sizing</source>
            <translation>卡数反推</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="213" />
            <source>Uncertainty</source>
            <translation>不确定性</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="213" />
            <source>Simulate</source>
            <translation>流量仿真</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="214" />
            <source>Compare</source>
            <translation>对比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="214" />
            <source>Checklist</source>
            <translation>自查清单</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="215" />
            <source>The three ceilings and what moves the binding one</source>
            <translation>三个上限，以及如何抬高成为瓶颈的那个</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="216" />
            <source>The memory picture of one GPU</source>
            <translation>单卡显存构成</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="217" />
            <source>The ceilings against planning length (KV tokens per request), with crossovers</source>
            <translation>并发上限随规划长度（每请求 KV token 数）的变化及交叉点</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="218" />
            <source>TTFT, TPOT and throughput against concurrency, with the knee</source>
            <translation>TTFT、TPOT 与吞吐随并发的变化及拐点</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="219" />
            <source>Per-card grid: context tier × precision tier</source>
            <translation>单卡并发表：上下文档位 × 精度档位</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="220" />
            <source>GPUs of each type needed for the workload's QPS, with cost</source>
            <translation>按负载 QPS 反推各型号所需卡数及成本</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="221" />
            <source>Low / expected / high results and what moves them most</source>
            <translation>结果的低 / 预期 / 高区间及最敏感的因素</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="222" />
            <source>Discrete-event simulation of the traffic</source>
            <translation>流量的离散事件仿真</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="223" />
            <source>This plan against a pinned or opened baseline</source>
            <translation>当前方案与固定或打开的基线对比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="224" />
            <source>Seed 000's pre-reporting checklist: pass / attention for every item</source>
            <translation>种子文档 000 的报数前自查清单：逐项标记通过 / 需注意</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="399" />
            <source>Closed-loop load on one replica under continuous batching (a --max-concurrency ladder). Concurrency: {knee} requests in flight (past it a latency target breaks or requests queue).</source>
            <translation>连续批处理下单副本的闭环负载（--max-concurrency 并发阶梯）。并发：{knee} 个在途请求（超过它，延迟目标被突破或请求开始排队）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="413" />
            <source>Planning length: KV tokens one request holds (P95 input + history + P95 output). Each point is this scenario with every length scaled in proportion (output: {share} % of the mean request).</source>
            <translation>规划长度：单个请求占用的 KV token 数（P95 输入 + 历史 + P95 输出）。每个点都是本场景按比例缩放全部长度后的结果（输出占平均请求的 {share}%）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="420" />
            <source>At {tokens} tokens it is the answer: {n} requests ({name}).</source>
            <translation>在 {tokens} token 处即为推荐答案：{n} 个请求（{name}）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="424" />
            <source>The same ceiling binds at every planning length: {name}.</source>
            <translation>所有规划长度下都是同一个瓶颈：{name}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="426" />
            <source>from {tokens} tokens: {before} → {after}</source>
            <translation>自 {tokens} token 起，{before} → {after}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/result_tabs.py" line="429" />
            <source>The binding ceiling changes {changes}.</source>
            <translation>瓶颈变化：{changes}。</translation>
        </message>
    </context>
    <context>
        <name>ScenarioFiles</name>
        <message>
            <location filename="../../gpucalc/ui/scenario_files.py" line="32" />
            <source>{name} is nested too deeply to be a scenario file</source>
            <translation>{name} 嵌套层级过深，不是场景文件</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/scenario_files.py" line="37" />
            <source>cannot read {path}</source>
            <translation>无法读取 {path}</translation>
        </message>
    </context>
    <context>
        <name>Sensitivity</name>
        <message>
            <location filename="../../gpucalc/ui/panels/sensitivity_tab.py" line="28" />
            <source>KV cache tokens</source>
            <translation>KV 缓存 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sensitivity_tab.py" line="29" />
            <source>Recommended concurrency</source>
            <translation>推荐并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sensitivity_tab.py" line="30" />
            <source>GPUs needed</source>
            <translation>所需卡数</translation>
        </message>
    </context>
    <context>
        <name>SensitivityTab</name>
        <message>
            <location filename="../../gpucalc/ui/panels/sensitivity_tab.py" line="65" />
            <source>Result</source>
            <translation>结果</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sensitivity_tab.py" line="65" />
            <source>Low</source>
            <translation>低</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sensitivity_tab.py" line="65" />
            <source>Expected</source>
            <translation>预期</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sensitivity_tab.py" line="65" />
            <source>High</source>
            <translation>高</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sensitivity_tab.py" line="66" />
            <source>Unit</source>
            <translation>单位</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sensitivity_tab.py" line="73" />
            <source>Low and high: every uncertain constant at the pessimistic or optimistic end of its range; the recommended concurrency's range also brackets every sensitivity bar below.</source>
            <translation>低 / 高：所有不确定常数取其范围的悲观端 / 乐观端；推荐并发的范围还涵盖下方每个敏感性条形。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sensitivity_tab.py" line="85" />
            <source>Recommended concurrency (requests)</source>
            <translation>推荐并发（请求数）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sensitivity_tab.py" line="88" />
            <source>at low value</source>
            <translation>取低值时</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sensitivity_tab.py" line="89" />
            <source>at high value</source>
            <translation>取高值时</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sensitivity_tab.py" line="90" />
            <source>baseline</source>
            <translation>基准</translation>
        </message>
    </context>
    <context>
        <name>ShortcutsDialog</name>
        <message>
            <location filename="../../gpucalc/ui/help.py" line="147" />
            <source>Keyboard shortcuts</source>
            <translation>键盘快捷键</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/help.py" line="149" />
            <source>Command</source>
            <translation>命令</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/help.py" line="149" />
            <source>Keys</source>
            <translation>按键</translation>
        </message>
    </context>
    <context>
        <name>SimulateTab</name>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="93" />
            <source>Request rate</source>
            <translation>请求速率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="93" />
            <source>Concurrency</source>
            <translation>并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="95" />
            <source> req/s</source>
            <translation> req/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="96" />
            <source>Start from the peak QPS</source>
            <translation>从峰值 QPS 开始</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="97" />
            <source>The request rate starts at the scenario's peak QPS instead of its average</source>
            <translation>请求速率从本场景的峰值 QPS 而不是平均 QPS 开始</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="104" />
            <source>Gamma shape of arrival gaps: 1 is Poisson, below 1 burstier</source>
            <translation>到达间隔的 Gamma 形状参数：1 为泊松到达，小于 1 更突发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="110" />
            <source>Run</source>
            <translation>运行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="111" />
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="118" />
            <source>Waiting for a result to simulate.</source>
            <translation>等待可供模拟的计算结果。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="129" />
            <source>Drive the simulation by a request rate (open traffic) or by a fixed number of requests in flight (closed traffic)</source>
            <translation>按请求速率（开放流量）或固定的在途请求数（闭合流量）驱动仿真</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="131" />
            <source>Requests arriving per second across all replicas</source>
            <translation>所有副本合计每秒到达的请求数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="132" />
            <source>Requests kept in flight: a new one starts as soon as one finishes</source>
            <translation>保持在途的请求数：一个完成即开始下一个</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="134" />
            <source>How many requests are simulated; more gives steadier percentiles and takes longer</source>
            <translation>仿真的请求总数；越多百分位越稳定，耗时也越长</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="136" />
            <source>Random seed of arrivals and lengths: the same seed gives the same run</source>
            <translation>到达时间与长度的随机种子：相同种子得到相同结果</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="138" />
            <source>Copies of the deployment sharing the traffic (starts at the scenario's replicas)</source>
            <translation>分担流量的部署副本数（初始为场景中的副本数）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="140" />
            <source>Request rates in the sweep, from low load to a little past saturation</source>
            <translation>扫描的请求速率点数，从低负载到略超饱和</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="142" />
            <source>The latency percentile the sweep's SLO capacity is judged at (starts at the scenario's)</source>
            <translation>评判扫描 SLO 容量所用的延迟百分位（初始为场景中的设置）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="144" />
            <source>Run one simulation at these settings, then the rate sweep</source>
            <translation>按当前设置运行一次仿真，然后做速率扫描</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="145" />
            <source>Stop the running simulation</source>
            <translation>停止正在运行的仿真</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="152" />
            <source>Load</source>
            <translation>负载</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="157" />
            <source>Requests</source>
            <translation>请求数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="158" />
            <source>Seed</source>
            <translation>随机种子</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="159" />
            <source>Burstiness</source>
            <translation>突发度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="160" />
            <source>Replicas</source>
            <translation>副本数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="161" />
            <source>Sweep points</source>
            <translation>扫描点数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="162" />
            <source>SLO percentile</source>
            <translation>SLO 分位</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="172" />
            <source>Latency</source>
            <translation>延迟</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="172" />
            <source>Mean</source>
            <translation>均值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="178" />
            <source>Request rate (req/s)</source>
            <translation>请求速率（req/s）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="179" />
            <source>Latency (ms, log scale)</source>
            <translation>延迟（ms，对数坐标）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="240" />
            <source>Starts at one replica's planned rate (no QPS given): {0} req/s.</source>
            <translation>起始速率为单个副本的规划速率（未给出 QPS）：{0} req/s。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="243" />
            <source>Starts at the scenario's {0} req/s, served by one replica.</source>
            <translation>起始速率为场景的 {0} req/s，由一个副本承载。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="244" />
            <source>Starts at one replica's share of the traffic: {0} req/s ÷ {1} replicas = {2} req/s.</source>
            <translation>起始速率为单个副本分到的流量：{0} req/s ÷ {1} 个副本 = {2} req/s。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="277" />
            <source>Ready: the inputs changed, so the earlier run was cleared.</source>
            <translation>就绪：输入已改变，之前的模拟结果已清除。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="278" />
            <source>Ready.</source>
            <translation>就绪。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="280" />
            <source>The model does not fit, so there is nothing to simulate.</source>
            <translation>模型放不下，无法模拟。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="316" />
            <source>Simulating…</source>
            <translation>模拟中…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="322" />
            <source>Cancelling…</source>
            <translation>正在取消…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="347" />
            <source>Ready: the inputs changed during the run, so it was not shown.</source>
            <translation>就绪：模拟期间输入已改变，因此未显示其结果。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="353" />
            <source>Done.</source>
            <translation>完成。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="361" />
            <source>Cancelled.</source>
            <translation>已取消。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="365" />
            <source>The simulation failed: {0}</source>
            <translation>模拟失败：{0}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="372" />
            <source>TTFT (ms)</source>
            <translation>TTFT (ms)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="372" />
            <source>TPOT (ms)</source>
            <translation>TPOT (ms)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="373" />
            <source>End-to-end (ms)</source>
            <translation>端到端（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="373" />
            <source>Queue wait (ms)</source>
            <translation>排队等待（ms）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="387" />
            <source>{0} req/s served, {1} output tok/s, goodput {2} req/s ({3} % within the SLO), {4} preemptions. TTFT knee ≈ {5} req/s; capacity at the P{6} SLO ≈ {7} req/s.</source>
            <translation>实际处理 {0} req/s，输出 {1} tok/s，goodput {2} req/s（{3}% 满足 SLO），抢占 {4} 次。TTFT 拐点 ≈ {5} req/s；P{6} SLO 下的容量 ≈ {7} req/s。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="403" />
            <source>Longest class “{0}” on its own line: TTFT P95 {1} ms, TPOT P95 {2} ms.</source>
            <translation>最长类别 “{0}” 单独看：TTFT P95 {1} ms，TPOT P95 {2} ms。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="414" />
            <source>Capacity at the P{0} SLO per replica: {1} req/s the answer's rate capacity, {2} req/s simulated (bisection); they agree within 10 %.</source>
            <translation>每副本 P{0} SLO 容量：结论中的请求速率容量 {1} req/s，仿真（二分搜索）{2} req/s；两者相差在 10 % 以内。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="417" />
            <source>Capacity at the P{0} SLO per replica: {1} req/s the answer's rate capacity, {2} req/s simulated (bisection); more than 10 % apart, so measure it before planning on either.</source>
            <translation>每副本 P{0} SLO 容量：结论中的请求速率容量 {1} req/s，仿真（二分搜索）{2} req/s；两者相差超过 10 %，请先实测，再据此规划。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="433" />
            <source>TTFT knee</source>
            <translation>TTFT 拐点</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/simulate_tab.py" line="435" />
            <source>SLO capacity</source>
            <translation>SLO 容量</translation>
        </message>
    </context>
    <context>
        <name>Sizing</name>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="25" />
            <source>‡ Lower precision than the checkpoint: measure the quantized model's quality on your own tasks before you plan on it.</source>
            <translation>‡ 精度低于检查点：据此规划前，先在自己的任务上评估量化模型的质量。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="28" />
            <source>Bold rows and ★: the Pareto front — no other option is both cheaper per hour and faster (lower TPOT).</source>
            <translation>粗体行与 ★：帕累托前沿——没有其他方案既每小时更便宜又更快（TPOT 更低）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="51" />
            <source>consumer card: no data-centre support, warranty or ECC</source>
            <translation>消费级显卡：无数据中心支持、保修或 ECC</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="56" />
            <source>TP {tp} without NVLink: every layer all-reduces over PCIe</source>
            <translation>TP {tp} 无 NVLink：每层都经 PCIe 做 all-reduce</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="60" />
            <source>TP {tp} spans more than the {n}-GPU NVLink domain</source>
            <translation>TP {tp} 超出 {n} 卡 NVLink 域</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="99" />
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="101" />
            <source>GPUs</source>
            <translation>卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="102" />
            <source>$ / month</source>
            <translation>美元/月</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="105" />
            <source>Replicas (N+k)</source>
            <translation>副本数（N+k）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="107" />
            <source>Weights / KV</source>
            <translation>权重 / KV</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="109" />
            <source>Layout</source>
            <translation>布局</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="110" />
            <source>TP</source>
            <translation>TP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="112" />
            <source>Concurrency / replica</source>
            <translation>每副本并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="114" />
            <source>Planned / replica</source>
            <translation>每副本规划</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="116" />
            <source>Rate capacity req/s</source>
            <translation>请求速率容量 req/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="118" />
            <source>Bottleneck</source>
            <translation>瓶颈</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="120" />
            <source>TTFT ms</source>
            <translation>TTFT ms</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="121" />
            <source>TPOT ms</source>
            <translation>TPOT ms</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="122" />
            <source>Utilization</source>
            <translation>利用率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="124" />
            <source>$ / hour</source>
            <translation>$ / 小时</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="126" />
            <source>$ / M output tokens</source>
            <translation>$ / 百万输出 token</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="129" />
            <source>Pareto</source>
            <translation>帕累托</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="199" />
            <source>prefill and decode pools {layout}: replicas of each pool = max(ceil(average QPS ÷ (watermark × its req/s per replica)), ceil(peak QPS ÷ its req/s)), {n} in all; + {k} spare per pool = {total}; GPUs = each pool's replicas × its TP × PP = {gpus}; cost = GPUs × ${price}/h</source>
            <translation>预填充池与生成池 {layout}：每个池的副本 = max(ceil(平均 QPS ÷ (水位 × 该池每副本 req/s)), ceil(峰值 QPS ÷ 该池 req/s))，共 {n} 个；每个池另加 {k} 个备用 = {total}；GPU = 各池副本 × 其 TP × PP = {gpus}；成本 = GPU × ${price}/h</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_model.py" line="208" />
            <source>replicas = max(ceil(average QPS ÷ {rps} req/s per replica at the watermark), ceil(peak QPS ÷ req/s at the knee)) = {n}; + {k} spare = {total}; GPUs = replicas × TP {tp} = {gpus}; cost = GPUs × ${price}/h</source>
            <translation>副本数 = max(ceil(平均 QPS ÷ 安全水位下每副本 {rps} req/s), ceil(峰值 QPS ÷ 拐点下每副本 req/s)) = {n}；+ {k} 个备用 = {total}；卡数 = 副本数 × TP {tp} = {gpus}；成本 = 卡数 × ${price}/小时</translation>
        </message>
    </context>
    <context>
        <name>SizingTab</name>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="86" />
            <source>Ways to serve the traffic, cheapest first</source>
            <translation>可承载该流量的方案（按成本从低到高）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="88" />
            <source>Cost against latency</source>
            <translation>成本与延迟</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="133" />
            <source>{pareto} † A consumer card, or tensor parallelism beyond the card's NVLink domain: hover the GPU for why.</source>
            <translation>{pareto} † 消费级显卡，或张量并行超出该卡的 NVLink 域：将鼠标移到 GPU 上查看原因。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="142" />
            <source>spare replicas: </source>
            <translation>备用副本：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="143" />
            <source>N + k: replicas kept in reserve for failures and upgrades.</source>
            <translation>N + k：为故障和升级预留的备用副本。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="144" />
            <source>Size for peak QPS</source>
            <translation>按峰值 QPS 反推</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="146" />
            <source>Off: size for the average; peaks queue or are rate-limited.</source>
            <translation>关闭时按平均 QPS 反推；峰值时排队或限流。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="147" />
            <source>Hide consumer cards and TP beyond NVLink</source>
            <translation>隐藏消费级显卡与超出 NVLink 域的张量并行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="149" />
            <source>Hide GeForce cards (no data-centre support) and layouts whose tensor-parallel group spans more GPUs than the card's NVLink domain (over PCIe when it has none).</source>
            <translation>隐藏 GeForce 消费级显卡（无数据中心支持），以及张量并行组跨越的卡数超过该卡 NVLink 域的方案（无 NVLink 时即经 PCIe）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="152" />
            <source>Size again</source>
            <translation>重新反推</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="153" />
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="173" />
            <source>Fleet cost ($ per hour)</source>
            <translation>集群成本（$/小时）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="174" />
            <source>TPOT (ms)</source>
            <translation>TPOT (ms)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="177" />
            <source>options</source>
            <translation>方案</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="178" />
            <source>Pareto front: nothing both cheaper and faster</source>
            <translation>帕累托前沿：没有既更便宜又更快的方案</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="211" />
            <source>Give the traffic (the QPS field under Workload) to size fleets for it.</source>
            <translation>给出流量（工作负载下的 QPS 字段）才能据此推算卡数。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="221" />
            <source>Sizing {n} GPU types for {qps} req/s…</source>
            <translation>正在按 {qps} req/s 为 {n} 种 GPU 反推卡数…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="256" />
            <source>Sizing cancelled; the table shows the last complete run.</source>
            <translation>已取消反推；表中为上一次完整结果。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="258" />
            <source>Sizing failed: {reason}</source>
            <translation>反推失败：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="283" />
            <source>{n} options meet the targets. Cheapest: {gpus} × {gpu} ({prec}, TP {tp}) at {cost}.</source>
            <translation>{n} 个方案满足目标。最便宜：{gpus} × {gpu}（{prec}，TP {tp}），{cost}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="290" />
            <source>{n} more hidden (consumer cards, TP beyond NVLink).</source>
            <translation>另有 {n} 个方案已隐藏（消费级显卡、超出 NVLink 的张量并行）。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="296" />
            <source>Only consumer cards or TP beyond NVLink meet the targets ({n} options): clear the filter to see them.</source>
            <translation>只有消费级显卡或超出 NVLink 的张量并行方案满足目标（{n} 个）：取消筛选即可查看。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/panels/sizing_tab.py" line="300" />
            <source>No GPU type meets the targets: relax TTFT/TPOT or shorten the context.</source>
            <translation>没有满足目标的 GPU 型号：请放宽 TTFT/TPOT 或缩短上下文。</translation>
        </message>
    </context>
    <context>
        <name>Sources</name>
        <message>
            <location filename="../../gpucalc/core/capacity/ceilings.py" line="57" />
            <source>engine flag --max-num-seqs (or the engine's default)</source>
            <translation>引擎参数 --max-num-seqs（或引擎默认值）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/ceilings.py" line="224" />
            <source>seed 000: plan TTFT and TPOT at P95; seed 000 step 2 and seed 002: a concurrency ladder at fixed lengths until a target breaks; prefill queue of a closed loop (Kingman–Allen–Cunneen wait with the clients' cycle)</source>
            <translation>seed 000：按 P95 规划首 token 时间和每 token 延迟；seed 000 第 2 步与 seed 002：固定长度下的并发阶梯，直到某个目标被突破；闭环的预填充排队（按客户端周期的 Kingman–Allen–Cunneen 等待）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/ceilings.py" line="260" />
            <source>seed 002: a communication share above 50 % means the parallel layout is poor</source>
            <translation>通信占比超过 50 % 说明并行方式不合适</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/class_latency.py" line="60" />
            <source>seed 000: with mixed lengths watch the long requests' line; it breaks first</source>
            <translation>长短混合时单独看长请求那条线，它先崩</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/engine_answer.py" line="37" />
            <source>M/G/1 prefill queue (Pollaczek–Khinchine) at the percentile; Little's law</source>
            <translation>分位数下的 M/G/1 预填充排队（Pollaczek–Khinchine）；Little 定律</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/weak_regimes.py" line="41" />
            <source>no run of a MoE model above 100 B parameters under DP attention + expert parallel is in the validation set (specs/validation/residuals.json), so the range is widened by ±50 %</source>
            <translation>验证集（specs/validation/residuals.json）中没有 100 B 参数以上的 MoE 模型在 DP 注意力 + 专家并行下的实测，因此范围放宽 ±50 %</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/capacity/weak_regimes.py" line="44" />
            <source>no speculative run at 16 or more running requests is in the validation set, and the cost of verifying drafts at a large batch is modelled, not measured, so the range is widened by ±25 %</source>
            <translation>验证集中没有 16 个及以上运行中请求的投机解码实测，大批量下验证草稿的开销是建模得出而非实测，因此范围放宽 ±25 %</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="42" />
            <source>M/D/1 queue (Pollaczek–Khinchine): mean wait = ρ × service ÷ (2 (1 − ρ))</source>
            <translation>M/D/1 排队（Pollaczek–Khinchine）：平均等待 = ρ × 服务时间 ÷ (2 (1 − ρ))</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/disaggregation.py" line="44" />
            <source>DistServe (OSDI 2024) §3: prefill and decode on separate GPUs remove the interference between them; each pool is sized for its own SLO</source>
            <translation>DistServe（OSDI 2024）§3：预填充与生成放在不同 GPU 上，消除两者之间的干扰；每个池按各自的 SLO 定规模</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/fleet.py" line="21" />
            <source>catalog: indicative rental price</source>
            <translation>目录：参考租用价格</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/kv_transfer.py" line="29" />
            <source>vLLM docs, features/disagg_prefill (KV cache sent from the prefill to the decode instance by the KV connector before decoding)</source>
            <translation>vLLM 文档 features/disagg_prefill（生成开始前由 KV connector 把 KV 缓存从预填充实例发到生成实例）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/kv_transfer.py" line="31" />
            <source>SGLang docs, advanced_features/pd_disaggregation (KV transfer backends mooncake and nixl)</source>
            <translation>SGLang 文档 advanced_features/pd_disaggregation（KV 传输后端 mooncake 与 nixl）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="39" />
            <source>±20 %: workload lengths and targets are planners' estimates</source>
            <translation>±20 %：流量长度与延迟目标是规划者的估计</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/sensitivity.py" line="40" />
            <source>±5 %: driver-reserved memory, clocks under power limits, rounded flags</source>
            <translation>±5 %：驱动预留显存、功耗限制下的频率、取整后的参数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/uncertainty.py" line="33" />
            <source>specs/validation/throughput.jsonl: gpucalc over-predicts throughput by up to 29 % and under-predicts by up to 8 % (python -m benchmarks.throughput_accuracy)</source>
            <translation>公开实测数据：gpucalc 对吞吐最多高估 29 %、最多低估 8 %</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/uncertainty.py" line="87" />
            <source>the 13 single-stage text-model logs give measured ÷ estimated 0.97–1.04; widened to ±10 % for engine versions outside the set; specs/validation/kv_capacity.jsonl: measured ÷ estimated over the 16 vLLM start-up logs (python -m benchmarks.kv_accuracy)</source>
            <translation>13 份单阶段文本模型日志的实测 ÷ 估算为 0.97–1.04；为覆盖集合之外的引擎版本放宽到 ±10 %；公开实测数据：16 份 vLLM 启动日志的实测 ÷ 估算</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/uncertainty.py" line="93" />
            <source>measured ÷ estimated non-torch memory spans 0.53–1.17 over the single-stage logs; specs/validation/kv_capacity.jsonl: measured ÷ estimated over the 16 vLLM start-up logs (python -m benchmarks.kv_accuracy)</source>
            <translation>单阶段日志中非 torch 显存的实测 ÷ 估算为 0.53–1.17；公开实测数据：16 份 vLLM 启动日志的实测 ÷ 估算</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/uncertainty.py" line="98" />
            <source>0.6 GiB assumed; vLLM logs 'Graph capturing … took 0.3–1.5 GiB' (specs/engines/vllm.json)</source>
            <translation>假设 0.6 GiB；vLLM 日志显示 'Graph capturing … took 0.3–1.5 GiB'</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/uncertainty.py" line="108" />
            <source>the TP = 4 runs in specs/validation/throughput.jsonl miss TTFT/TPOT by −59 % … +66 %; the link share is the least certain factor</source>
            <translation>公开实测数据中 TP = 4 的运行 TTFT/TPOT 偏差为 −59 % … +66 %；互联带宽比例是最不确定的因子</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/uncertainty.py" line="112" />
            <source>same TP = 4 spread; fixed collective cost depends on NCCL version</source>
            <translation>同样的 TP = 4 偏差；集合通信的固定开销取决于 NCCL 版本</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/uncertainty.py" line="115" />
            <source>TTFT errors −43 % … +15 % in specs/validation/throughput.jsonl (python -m benchmarks.throughput_accuracy)</source>
            <translation>公开实测数据中 TTFT 偏差为 −43 % … +15 %</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/fleet/uncertainty.py" line="121" />
            <source>the GPU has no measured kernel tables and borrows {system}'s fractions; across the nine measured systems one engine's BF16 GEMM asymptote spans 0.57–0.90 of peak (specs/kernels, python -m benchmarks.kernel_fit), so the range is widened by ±15 %</source>
            <translation>该 GPU 没有实测算子表，借用 {system} 的效率比例；在九个实测系统中，同一引擎的 BF16 GEMM 渐近效率为峰值的 0.57–0.90，因此范围放宽 ±15 %</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/calibrate.py" line="313" />
            <source>measured benchmark points</source>
            <translation>实测压测数据点</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/measured/length_stats.py" line="129" />
            <source>the prompt of each turn repeats the conversation so far</source>
            <translation>每一轮的输入都包含此前的全部对话</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="71" />
            <source>safetensors headers</source>
            <translation>safetensors 文件头</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="72" />
            <source>config.json shapes</source>
            <translation>config.json 中的张量形状</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="214" />
            <source>seed 001: keep weights + KV(avg) + margin within 70 % of memory</source>
            <translation>权重 + KV（平均长度）+ 余量控制在显存的 70 % 以内</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="222" />
            <source>seed 001: at 80 % with the average length, long-context service is not viable</source>
            <translation>按平均长度就到 80 % 时，长上下文服务不可行</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="243" />
            <source>seed 001: weights + KV(avg) + margin within 70 % of memory; 80 % at the average length is the alarm</source>
            <translation>权重 + KV（平均长度）+ 余量控制在显存的 70 % 以内；按平均长度达到 80 % 即为警戒线</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="344" />
            <source>vLLM docs, Context Parallel Deployment: decode context parallel shards the KV cache along tokens</source>
            <translation>vLLM 文档 Context Parallel Deployment：解码上下文并行按 token 切分 KV 缓存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/memory_plan.py" line="346" />
            <source>vLLM deepseek_v2.py DeepseekV32IndexerCache: FP8 key + one float32 scale per 128 elements</source>
            <translation>vLLM deepseek_v2.py DeepseekV32IndexerCache：FP8 键 + 每 128 个元素一个 float32 缩放因子</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/speculative_memory.py" line="44" />
            <source>vLLM v1 spec_decode/eagle.py (EagleProposer.load_model shares embedding and lm_head); DeepSeek-V3 technical report §2.2</source>
            <translation>vLLM v1 spec_decode/eagle.py（EagleProposer.load_model 共享嵌入层与 lm_head）；DeepSeek-V3 技术报告 §2.2</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/memory/state_memory.py" line="117" />
            <source>vLLM mamba_utils.py MambaStateShapeCalculator (Gated DeltaNet, Mamba-2 state shapes); --mamba-ssm-cache-dtype</source>
            <translation>vLLM mamba_utils.py MambaStateShapeCalculator（Gated DeltaNet、Mamba-2 的状态形状）；--mamba-ssm-cache-dtype</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/expert_parallel.py" line="33" />
            <source>aiconfigurator-core 0.12.0 measured MoE kernels, power-law routing α 1.01 (its planning default): busiest EP rank 1.4 × the balanced GEMM time (median over 9 GPUs, EP 8–64); 1.08 with EPLB (TensorRT-LLM wide-EP tokens per rank); tools/derive_expert_imbalance.py</source>
            <translation>aiconfigurator-core 0.12.0 实测 MoE kernel，幂律路由 α 1.01（其规划默认值）：最忙 EP rank 的 GEMM 时间为均衡路由的 1.4 倍（9 款 GPU 的中位数，EP 8–64）；开启 EPLB 时 1.08（TensorRT-LLM 宽 EP 每 rank token 数）；tools/derive_expert_imbalance.py</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/expert_parallel.py" line="45" />
            <source>aiconfigurator-core 0.12.0 systems/data/h200_sxm/comm/vllm/0.24.0/moe_a2a_perf.parquet (DeepEP, EP 8, hidden 7168, top-8): fixed cost and link share fitted</source>
            <translation>aiconfigurator-core 0.12.0 systems/data/h200_sxm/comm/vllm/0.24.0/moe_a2a_perf.parquet（DeepEP，EP 8，hidden 7168，top-8）：拟合出固定开销与链路带宽占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/expert_parallel.py" line="54" />
            <source>DeepEP README: FP8 dispatch (a scale per 128 values), BF16 combine</source>
            <translation>DeepEP README：FP8 分发（每 128 个值一个缩放因子），BF16 合并</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/expert_parallel.py" line="56" />
            <source>vLLM --all2all-backend allgather_reducescatter: every rank gathers the DP ranks' tokens, reduce-scatters the expert outputs back</source>
            <translation>vLLM --all2all-backend allgather_reducescatter：每个 rank 汇集（all-gather）各 DP rank 的 token，再把专家输出 reduce-scatter 回去</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/expert_parallel.py" line="205" />
            <source>vLLM docs, Expert Parallel Deployment: EP size = DP × TP</source>
            <translation>vLLM 文档 Expert Parallel Deployment：EP 大小 = DP × TP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/parallel/expert_parallel.py" line="211" />
            <source>vLLM EPLB: physical experts = logical + redundant, spread evenly over the EP ranks</source>
            <translation>vLLM EPLB：物理专家 = 逻辑专家 + 冗余专家，均分到各 EP rank</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="22" />
            <source>gpucalc discrete-event simulation: continuous batching on the analytic step model</source>
            <translation>gpucalc 离散事件仿真：在解析步时模型上模拟连续批处理</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/simulation/metrics.py" line="24" />
            <source>metric definitions of vllm bench serve (TTFT, TPOT, goodput)</source>
            <translation>vllm bench serve 的指标定义（TTFT、TPOT、goodput）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/length_mixture.py" line="34" />
            <source>Ashman, Bird &amp; Zepf (1994), Astron. J. 108:2348: D &gt; 2 separates two Gaussian components cleanly; BIC: Schwarz (1978), Ann. Stat. 6:461</source>
            <translation>Ashman, Bird &amp; Zepf (1994), Astron. J. 108:2348：D &gt; 2 时两个高斯分量可清晰分开；BIC：Schwarz (1978), Ann. Stat. 6:461</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/speculative_inputs.py" line="43" />
            <source>DeepSeek-V3 technical report §5.4.3: the MTP token is accepted 85–90 % of the time; aiconfigurator 0.12.0 cli/example.yaml nextn_accepted 0.85</source>
            <translation>DeepSeek-V3 技术报告 §5.4.3：MTP 预测的 token 有 85–90 % 被接受；aiconfigurator 0.12.0 cli/example.yaml 中 nextn_accepted 为 0.85</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/speculative_inputs.py" line="46" />
            <source>EAGLE paper (Li et al., ICML 2024, arXiv 2401.15077) §5: per-token acceptance rate about 0.7–0.8 on MT-bench; the low end, for chain drafts</source>
            <translation>EAGLE 论文（Li 等，ICML 2024，arXiv 2401.15077）§5：MT-bench 上逐 token 接受率约 0.7–0.8；链式草稿取低端</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/speculative_inputs.py" line="49" />
            <source>EAGLE-3 paper (arXiv 2503.01840) Table 1: acceptance length about 6 at 7 draft steps on MT-bench (α ≈ 0.9 with tree drafts); 0.8 for chain drafts</source>
            <translation>EAGLE-3 论文（arXiv 2503.01840）表 1：MT-bench 上 7 步草稿的接受长度约 6（树状草稿 α ≈ 0.9）；链式草稿取 0.8</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/speculative_inputs.py" line="52" />
            <source>Leviathan et al. 2023 (arXiv 2211.17192) Table 3: α 0.5–0.9 for small drafts of the same family; 0.6 for an unknown pair</source>
            <translation>Leviathan 等 2023（arXiv 2211.17192）表 3：同系列小草稿模型 α 为 0.5–0.9；未知组合取 0.6</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/speculative_inputs.py" line="55" />
            <source>prompt lookup depends on the workload: high for editing and extraction, near 0 for open chat; 0.3 is a low assumption — measure and enter the acceptance length</source>
            <translation>提示词查找（prompt lookup）取决于负载：编辑和抽取类任务高，开放式对话接近 0；0.3 是偏低的假设——请实测并填入接受长度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/speculative_inputs.py" line="133" />
            <source>as entered</source>
            <translation>按输入值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/speculative_inputs.py" line="139" />
            <source>Leviathan et al. 2023, 'Fast Inference from Transformers via Speculative Decoding', eq. 1</source>
            <translation>Leviathan 等 2023，《Fast Inference from Transformers via Speculative Decoding》，式 1</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/workload_shape.py" line="11" />
            <source>seed 000: KV capacity at P95 length, longest class, full multi-turn history</source>
            <translation>KV 容量按 P95 长度、最长类别、完整多轮历史计算</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/workload_shape.py" line="34" />
            <source>seed 000: plan with P95 lengths, the maximum number of turns and the longest class</source>
            <translation>按 P95 长度、最大轮数和最长类别规划</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/workload_shape.py" line="36" />
            <source>seed 002: raise the lengths 20–30 % when request lengths vary widely</source>
            <translation>请求长度波动大时把长度上调 20–30 %</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/specs/workload_shape.py" line="57" />
            <source>seed 001: weights + KV at average length + margin within 70 % of memory</source>
            <translation>权重 + 平均长度下的 KV + 余量控制在显存的 70 % 以内</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/step/prefix_cache.py" line="40" />
            <source>vLLM docs 'Automatic Prefix Caching' and v1/core/kv_cache_manager.py: only full blocks are hashed and reused; on a full hit the last prompt token is recomputed</source>
            <translation>vLLM 文档中的自动前缀缓存一节与 v1/core/kv_cache_manager.py：只有填满的块才被哈希和复用；整段命中时最后一个输入 token 仍重新计算</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/step/prefix_cache.py" line="43" />
            <source>vLLM v1/core/block_pool.py: cached blocks are reference-counted, shared by every running request with the same prefix, and evicted least-recently-used once free; SGLang RadixAttention (Zheng et al. 2024, §3) the same on a radix tree</source>
            <translation>vLLM v1/core/block_pool.py：缓存块按引用计数，由前缀相同的所有运行中请求共享，空闲后按最近最少使用（LRU）淘汰；SGLang RadixAttention（Zheng 等 2024，§3）在基数树上做法相同</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/step/prefix_cache.py" line="47" />
            <source>vLLM v1/core/sched/scheduler.py: a new request's tokens to compute are its prompt minus the cached tokens; only those count against max_num_batched_tokens</source>
            <translation>vLLM v1/core/sched/scheduler.py：新请求需计算的 token 为输入减去已缓存的 token，只有这些计入 max_num_batched_tokens</translation>
        </message>
        <message>
            <location filename="../../gpucalc/core/step/prefix_cache.py" line="50" />
            <source>the workload's measured hit rate (vLLM logs 'Prefix cache hit rate'; /metrics vllm:prefix_cache_hits ÷ vllm:prefix_cache_queries)</source>
            <translation>业务实测的命中率（vLLM 日志中的前缀缓存命中率；/metrics 中 vllm:prefix_cache_hits ÷ vllm:prefix_cache_queries）</translation>
        </message>
        <message>
            <location filename="../../specs/engines/sglang-0.4.json" line="21" />
            <source>SGLang 0.4.x server_args defaults: --chunked-prefill-size 8192 (2048 below 25,000 MiB); CUDA-graph max batch size 160 (8 on small GPUs at TP &lt; 4).</source>
            <translation>SGLang 0.4.x `server_args` 默认值：--chunked-prefill-size 8192（低于 25,000 MiB 时为 2048）；CUDA Graph 最大批大小 160（TP &lt; 4 的小显存卡上为 8）。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/sglang-0.4.json" line="29" />
            <source>Activations live outside the static pool in SGLang; the same profiling-pass model as vLLM is used to check they fit in the reserve (assumption: same kernels).</source>
            <translation>SGLang 的激活值位于静态内存池之外；用与 vLLM 相同的剖析前向模型检查它们能否放进预留部分（假设：内核相同）。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/sglang-0.4.json" line="37" />
            <source>vLLM --enforce-eager / SGLang --disable-cuda-graph: without CUDA graphs the CPU launches every kernel of every layer each step (about a dozen fused kernels per decoder layer plus Python dispatch), and a step cannot finish before the last launch; 0.25 ms per layer is an assumed figure between ~0.1 ms (12 launches × ~8 µs) and the measured unfused upper bound (PyTorch blog 'Accelerating Generative AI with PyTorch II: GPT, Fast' (Nov 2023): Llama-2-7B on A100 decodes 25.5 tok/s in eager PyTorch and 107 tok/s compiled with CUDA graphs, i.e. about 0.9 ms of launch overhead per decoder layer for unfused eager kernels (an upper bound)). Large batches hide it behind GPU work. Calibrate with a measured eager run; no graph memory is captured.</source>
            <translation>vLLM --enforce-eager / SGLang --disable-cuda-graph：没有 CUDA Graph 时，CPU 每一步都要逐层发射每个内核（每个解码层约十几个融合内核，外加 Python 层的分发），且最后一次发射之前这一步无法结束；每层 0.25 ms 是一个假设值，介于约 0.1 ms（12 次发射 × 约 8 µs）与实测的未融合上限之间（PyTorch 博客 'Accelerating Generative AI with PyTorch II: GPT, Fast'（2023 年 11 月）：Llama-2-7B 在 A100 上用 eager PyTorch 解码 25.5 tok/s，用 CUDA Graph 编译后 107 tok/s，即未融合 eager 内核每个解码层约 0.9 ms 的发射开销（上限））。大批量时它被 GPU 计算掩盖。请用实测的 eager 运行校准；不捕获 CUDA Graph，也就没有 CUDA Graph 显存。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/sglang-0.4.json" line="38" />
            <source>CUDA context and NCCL buffers sit in SGLang's reserve, outside mem_fraction_static; 0.5 GiB context measured-before-load is an assumption consistent with vLLM's non-torch readings.</source>
            <translation>CUDA 上下文和 NCCL 缓冲区位于 SGLang 的预留部分，在 `mem_fraction_static` 之外；加载前测得的 0.5 GiB 上下文是一个假设，与 vLLM 的 非 torch 显存读数一致。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/sglang-0.4.json" line="48" />
            <source>SGLang 0.4.x python/sglang/srt/server_args.py ServerArgs.__post_init__: default mem_fraction_static by TP size — 0.88 (TP 1), 0.87 (TP ≥ 2), 0.85 (TP ≥ 4), 0.81 (TP ≥ 8), 0.79 (TP ≥ 16), × 0.90 for multimodal models (0.4.5+); chunked_prefill_size 2048 and cuda_graph_max_bs 8 (80 at TP ≥ 4) when nvidia-smi reports &lt; 25,000 MiB, else 8192 and 160. model_runner.profile_max_num_token applies the fraction to the memory free after the CUDA context and NCCL exist.</source>
            <translation>SGLang 0.4.x `python/sglang/srt/server_args.py` `ServerArgs.__post_init__`：按 TP 大小给出默认 `mem_fraction_static`——0.88（TP 1）、0.87（TP ≥ 2）、0.85（TP ≥ 4）、0.81（TP ≥ 8）、0.79（TP ≥ 16），多模态模型再 × 0.90（0.4.5+）；nvidia-smi 报告低于 25,000 MiB 时 `chunked_prefill_size` 为 2048、`cuda_graph_max_bs` 为 8（TP ≥ 4 时 80），否则为 8192 和 160。`model_runner.profile_max_num_token` 把这个比例作用于 CUDA 上下文和 NCCL 建立之后剩余的显存。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/sglang-0.4.json" line="89" />
            <source>SGLang model_runner.profile_max_num_token: rest = free after weights − free at start × (1 − mem_fraction_static), free at start = capacity − CUDA context/NCCL (non-torch); i.e. fraction × (capacity − non-torch) − weights. Activations, CUDA graphs and the request-to-token table live in the remaining (1 − fraction) share.</source>
            <translation>SGLang `model_runner.profile_max_num_token`：剩余 = 加载权重后的空闲显存 − 启动时空闲显存 × (1 − `mem_fraction_static`)，启动时空闲显存 = 容量 − CUDA 上下文/NCCL（非 torch 显存）；即 比例 × (容量 − 非 torch 显存) − 权重。激活值、CUDA Graph 和 `req_to_token` 表位于剩下的 (1 − 比例) 部分。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/sglang-0.4.json" line="90" />
            <source>SGLang 'KV Cache is allocated. #tokens: N, K size: …, V size: …': max_total_num_tokens = rest bytes ÷ cell size (KV heads per rank × head_dim × layers × 2 × element bytes), rounded down to the page size (1).</source>
            <translation>SGLang 'KV Cache is allocated. #tokens: N, K size: …, V size: …'：`max_total_num_tokens` = 剩余字节 ÷ 单元大小（每个 rank 的 KV 头数 × `head_dim` × 层数 × 2 × 元素字节数），向下取整到页大小（1）。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/sglang-0.4.json" line="91" />
            <source>SGLang TpModelWorker: max_req_len = min(context_len − 1, max_total_num_tokens − 1) and max_running_requests ≤ max_total_num_tokens // 2; the server starts with a pool smaller than one full-context request and rejects (or, with --allow-auto-truncate, truncates) longer inputs. It refuses only when max_total_num_tokens ≤ 0 ('Not enough memory. Please try to increase --mem-fraction-static.').</source>
            <translation>SGLang `TpModelWorker`：`max_req_len` = min(`context_len` − 1, `max_total_num_tokens` − 1)，且 `max_running_requests` ≤ `max_total_num_tokens` // 2；内存池小于一个满上下文请求时服务仍会启动，并拒绝（或在 --allow-auto-truncate 时截断）更长的输入。只有 `max_total_num_tokens` ≤ 0 时才拒绝启动（'Not enough memory. Please try to increase --mem-fraction-static.'）。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/sglang-0.4.json" line="92" />
            <source>SGLang model_runner.init_memory_pool: req_to_token pool size = min(max(max_total_num_tokens ÷ context_len × 512, 2048), 4096) without --max-running-requests; scheduler: max_running_requests = min(max_total_num_tokens // 2, pool size).</source>
            <translation>SGLang `model_runner.init_memory_pool`：未设 --max-running-requests 时，`req_to_token` 池大小 = min(max(`max_total_num_tokens` ÷ `context_len` × 512, 2048), 4096)；调度器：`max_running_requests` = min(`max_total_num_tokens` // 2, 池大小)。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/sglang-0.4.json" line="93" />
            <source>SGLang RadixAttention: the radix cache is on unless --disable-radix-cache (server_args.disable_radix_cache = False); unreferenced nodes are evicted LRU (mem_cache/radix_cache.py).</source>
            <translation>SGLang `RadixAttention`：除非设置 --disable-radix-cache（`server_args.disable_radix_cache = False`），基数树（radix）缓存默认开启；未被引用的节点按最近最少使用（LRU）淘汰（`mem_cache`/`radix_cache.py`）。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/sglang-0.4.json" line="103" />
            <source>Defaults inside published ranges: large-GEMM share of dense peak — measured max-achievable matmul on H100 is 80 % of BF16 peak and 71 % of FP8 (stas00 ml-engineering MAMF) and the seeds quote engines at 40–60 % (vLLM 40–50 %, TensorRT-LLM ~60 % at large batch); decode reaches 60–85 % of HBM bandwidth (DOMAIN.md §4); all-reduce ~70 % of NVLink bandwidth with ~10 µs per collective at decode sizes. Tuned once against the published runs in specs/validation/throughput.jsonl within those ranges; calibrate to your own runs. All-reduce: NCCL bus bandwidth ≈ 78 % of the NVLink one-way figure (e.g. ~235 of 300 GB/s on A100 NVSwitch, nccl-tests).</source>
            <translation>取已发表范围内的默认值：大 GEMM 占稠密峰值的比例——H100 上实测可达的最大矩阵乘为 BF16 峰值的 80 %、FP8 的 71 %（《stas00 ml-engineering MAMF》），规划指南引用的引擎为 40–60 %（vLLM 40–50 %，TensorRT-LLM 大批量时约 60 %）；解码可达 HBM 带宽的 60–85 %；all-reduce 约为 NVLink 带宽的 70 %，解码规模下每次集合通信约 10 µs。在这些范围内对照已发表的实测调过一次；请用您自己的运行校准。All-reduce：NCCL 总线带宽 ≈ NVLink 单向带宽的 78 %（例如 A100 NVSwitch 上约 235 / 300 GB/s，nccl-tests）。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/sglang.json" line="21" />
            <source>SGLang server_args defaults: --chunked-prefill-size 8192 on large-memory GPUs (4096 on smaller ones); CUDA-graph max batch size 256 / 160.</source>
            <translation>SGLang `server_args` 默认值：大显存 GPU 上 --chunked-prefill-size 8192（较小的卡上 4096）；CUDA Graph 最大批大小 256 / 160。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/sglang.json" line="48" />
            <source>SGLang 0.5.x python/sglang/srt/server_args.py ServerArgs._handle_gpu_memory_settings: by GPU memory (nvidia-smi MiB) &lt; 20 GiB (T4, 4080): chunked_prefill_size 2048, cuda_graph_max_bs 8; &lt; 35 GiB (A10, 4090, 5090): 2048, 16 (80 at TP ≥ 4); &lt; 60 GiB (A100-40G, L40): 4096, 32 (160); &lt; 160 GiB (H100, A100-80G, H20, H200): 8192, 256 (512); larger (B200, MI300): 16384, 512. Then default mem_fraction_static = (capacity − reserved) / capacity with reserved MB = 512 + max(chunked_prefill_size, 2048) × 1.5 + cuda_graph_max_bs × 2 + tp × pp / 8 × 1024, at least 10 GiB on GPUs above 60 GiB. model_runner.profile_max_num_token applies the fraction to the memory free after the CUDA context and NCCL exist (min_per_gpu_memory measured in init_torch_distributed, before weights load).</source>
            <translation>SGLang 0.5.x `python/sglang/srt/server_args.py` `ServerArgs._handle_gpu_memory_settings`：按 GPU 显存（nvidia-smi MiB）划分：&lt; 20 GiB（T4、4080）：`chunked_prefill_size` 2048，`cuda_graph_max_bs` 8；&lt; 35 GiB（A10、4090、5090）：2048，16（TP ≥ 4 时 80）；&lt; 60 GiB（A100-40G、L40）：4096，32（160）；&lt; 160 GiB（H100、A100-80G、H20、H200）：8192，256（512）；更大（B200、MI300X）：16384，512。然后默认 `mem_fraction_static` = (容量 − 预留) / 容量，预留 MB = 512 + max(`chunked_prefill_size`, 2048) × 1.5 + `cuda_graph_max_bs` × 2 + tp × pp / 8 × 1024，60 GiB 以上的卡至少预留 10 GiB。`model_runner.profile_max_num_token` 把这个比例作用于 CUDA 上下文和 NCCL 建立之后剩余的显存（`min_per_gpu_memory` 在 `init_torch_distributed` 中、加载权重之前测得）。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/trtllm.json" line="21" />
            <source>TensorRT-LLM build/runtime defaults: max_num_tokens 8192, max_batch_size 2048.</source>
            <translation>TensorRT-LLM 构建/运行默认值：`max_num_tokens` 8192，`max_batch_size` 2048。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/trtllm.json" line="29" />
            <source>Activation buffers sized for max_num_tokens, as in the vLLM model; sampler buffers assumed smaller (fused sampling kernels).</source>
            <translation>激活缓冲区按 `max_num_tokens` 确定大小，与 vLLM 模型相同；采样缓冲区假设更小（融合采样内核）。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/trtllm.json" line="37" />
            <source>TensorRT-LLM runs without CUDA graphs unless cuda_graph_config (PyTorch backend) or CUDA-graph mode (TensorRT engines) is set, and its C++ runtime enqueues fused TensorRT/plugin kernels without Python dispatch; the fitted step overhead already describes graph-less runs, so --enforce-eager (graphs off, its default) adds no launch cost here.</source>
            <translation>TensorRT-LLM 不使用 CUDA Graph，除非设置了 `cuda_graph_config`（PyTorch 后端）或 CUDA Graph 模式（TensorRT 引擎），且其 C++ 运行时在没有 Python 分发的情况下排队融合的 TensorRT 及插件内核；拟合得到的每步开销已经描述了不用 CUDA Graph 的运行，所以 --enforce-eager（关闭 CUDA Graph，即其默认）在这里不增加发射开销。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/trtllm.json" line="38" />
            <source>Runtime memory (CUDA context, NCCL, graphs) is allocated before the KV cache takes its fraction of what is free; values are assumptions.</source>
            <translation>运行时显存（CUDA 上下文、NCCL、CUDA Graph）在 KV 缓存按比例占用剩余空闲显存之前分配；数值为假设。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/trtllm.json" line="42" />
            <source>TensorRT-LLM KV cache = free_gpu_memory_fraction × (memory free after weights, activations and runtime).</source>
            <translation>TensorRT-LLM KV 缓存 = `free_gpu_memory_fraction` × （扣除权重、激活值和运行时显存后剩余的空闲显存）。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/trtllm.json" line="43" />
            <source>TensorRT-LLM paged KV: tokens = blocks × tokens_per_block (32).</source>
            <translation>TensorRT-LLM 分页 KV：token 数 = 块数 × `tokens_per_block`（32）。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/trtllm.json" line="44" />
            <source>TensorRT-LLM KV cache manager (C++ batch manager and the PyTorch backend): when one max_seq_len sequence does not fit the blocks in the primary pool it lowers max_attention_window / max_seq_len to what fits and logs a warning instead of refusing (recalled from the TensorRT-LLM 0.1x–1.0 sources; not re-checked against a log here).</source>
            <translation>TensorRT-LLM KV 缓存管理器（C++ 批处理管理器 和 PyTorch 后端）：当一个 `max_seq_len` 序列放不进主池的块时，它把 `max_attention_window` / `max_seq_len` 降到能放下的值并记录一条警告，而不是拒绝启动（依据对 TensorRT-LLM 0.1x–1.0 源码的记忆；此处未对照日志复核）。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/trtllm.json" line="45" />
            <source>TensorRT-LLM llmapi (llm_utils ModelLoader / QuantConfig): an FP8 checkpoint's hf_quant_config.json (ModelOpt) or quantization_config with kv_cache_quant_algo FP8 sets the KV cache to FP8 when KvCacheConfig.dtype is 'auto'; no flag is needed.</source>
            <translation>TensorRT-LLM `llmapi`（`llm_utils` `ModelLoader` / `QuantConfig`）：FP8 检查点的 `hf_quant_config.json`（`ModelOpt`）或带 `kv_cache_quant_algo` FP8 的 `quantization_config`，会在 `KvCacheConfig.dtype` 为 'auto' 时把 KV 缓存设为 FP8；无需任何参数。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/trtllm.json" line="46" />
            <source>TensorRT-LLM LLM API: KvCacheConfig.enable_block_reuse defaults to True (KV cache reuse of whole blocks, docs 'KV cache reuse'); trtllm-serve turns it off with enable_block_reuse: false in the extra options.</source>
            <translation>TensorRT-LLM LLM API：`KvCacheConfig.enable_block_reuse` 默认为 `True`（整块复用 KV 缓存，文档 'KV cache reuse'）；trtllm-serve 通过额外选项中的 `enable_block_reuse: false` 关闭它。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/vllm-v0.json" line="23" />
            <source>vLLM V0 EngineArgs/SchedulerConfig defaults: chunked prefill is switched on only for text models with max_model_len &gt; 32K (multimodal and encoder-decoder models keep it off), so the profiling batch is max(max_model_len, 2048) tokens (the V0 scheduler must fit one whole prompt per step); with chunked prefill on, 2048; max_num_seqs 256. V0 logs '# GPU blocks: N' (or '# CUDA blocks'), 16-token blocks by default.</source>
            <translation>vLLM V0 `EngineArgs`/`SchedulerConfig` 默认值：只有 `max_model_len` &gt; 32K 的纯文本模型才开启分块预填充（多模态和编码器-解码器模型保持关闭），因此剖析批为 max(`max_model_len`, 2048) 个 token（V0 调度器每步必须容纳一个完整提示词）；开启分块预填充时为 2048；`max_num_seqs` 256。V0 日志打印 `# GPU blocks: N`（或 `# CUDA blocks`），默认每块 16 个 token。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/vllm-v0.json" line="32" />
            <source>vLLM V0 worker/model_runner.py profile_run: max_num_seqs = min(max_num_seqs, max_num_batched_tokens // (limit_mm_per_prompt × tokens of the largest image)), at least 1, each dummy sequence carrying limit_mm_per_prompt images; worker/enc_dec_model_runner.py profile_run (Mllama, cross-attention) keeps all max_num_seqs sequences with their images. Encoder peak per token: residual + norm output + MLP up and activation outputs + kept intermediate-layer features (Mllama vision_output_dim), activation dtype; attention fused (no score matrix).</source>
            <translation>vLLM V0 `worker/model_runner.py` `profile_run`：`max_num_seqs` = min(`max_num_seqs`, `max_num_batched_tokens` // (`limit_mm_per_prompt` × 最大图像的 token 数))，至少为 1，每个虚拟序列带 `limit_mm_per_prompt` 张图像；`worker/enc_dec_model_runner.py` `profile_run`（`Mllama`，交叉注意力）保留全部 `max_num_seqs` 个序列及其图像。编码器每 token 峰值：残差 + 归一化输出 + MLP 升维与激活输出 + 保留的中间层特征（`Mllama` `vision_output_dim`），按激活值的数据类型；注意力为融合实现（没有分数矩阵）。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/vllm-v0.json" line="33" />
            <source>Mechanism: vLLM profiles one forward pass at max_num_batched_tokens, then a sampler pass over max_num_seqs dummy requests; fused-MoE workspaces (T·k·(max(2N,H)+max(N,H)) elements) stay allocated. Constants fitted to the 'torch peak memory increase' lines of vLLM 0.19 start-up logs on H100 (llm-d planner accuracy logs @d3121e05: Llama-3.1-8B PP stage 0 1.10 GiB forward-only; Llama-3.1-8B 1.89, Gemma-2-9B 3.65, Qwen2.5-7B 2.21 GiB sampler-bound) and a pre-V1 RTX 3090 log (vllm issue #10517, 2.07 GiB at 20000 tokens).</source>
            <translation>机制：vLLM 先以 `max_num_batched_tokens` 剖析一次前向，再对 `max_num_seqs` 个虚拟请求做一次采样；融合 MoE 的工作区（T·k·(max(2N,H)+max(N,H)) 个元素）保持分配。常数拟合自 H100 上 vLLM 0.19 启动日志中的 'torch peak memory increase' 行（llm-d 规划器精度日志 @d3121e05：Llama-3.1-8B PP 第 0 段仅前向 1.10 GiB；Llama-3.1-8B 1.89、Gemma-2-9B 3.65、Qwen2.5-7B 2.21 GiB，受采样限制）以及一份 V1 之前的 RTX 3090 日志（vLLM 问题单 #10517，20000 token 时 2.07 GiB）。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/vllm-v0.json" line="42" />
            <source>V0 'Memory profiling results' lines: non_torch_memory 0.35 GiB on RTX 3090 (vllm issue #10517), 0.16 GiB on H100 (vllm PR #12126); CUDA graphs captured after the KV cache, as in V1.</source>
            <translation>V0 的 'Memory profiling results' 行：RTX 3090 上 `non_torch_memory` 0.35 GiB（vLLM 问题单 #10517），H100 上 0.16 GiB（vLLM 合并请求 #12126）；CUDA Graph 在 KV 缓存之后捕获，与 V1 相同。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/vllm-v0.json" line="45" />
            <source>vLLM worker: KV memory = total × gpu_memory_utilization − (weights + torch activation peak + non-torch memory); --kv-cache-memory overrides it.</source>
            <translation>vLLM 工作进程（worker）：KV 显存 = 总显存 × `gpu_memory_utilization` − （权重 + torch 激活峰值 + 非 torch 显存）；--kv-cache-memory 可直接指定它。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/vllm-v0.json" line="46" />
            <source>vLLM V0: num_gpu_blocks = KV memory ÷ (block_size × bytes per token across all layers); sliding-window layers counted as full.</source>
            <translation>vLLM V0：`num_gpu_blocks` = KV 显存 ÷ （`block_size` × 所有层每 token 字节数）；滑动窗口层按全注意力计。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/vllm-v0.json" line="47" />
            <source>vLLM V0 worker.raise_if_cache_size_invalid: refuses to start when max_model_len &gt; num_gpu_blocks × block_size ('The model's max seq len (…) is larger than the maximum number of tokens that can be stored in KV cache (…)'); every layer counted as full attention.</source>
            <translation>vLLM V0 `worker.raise_if_cache_size_invalid`：当 `max_model_len` &gt; `num_gpu_blocks` × `block_size` 时拒绝启动（`The model's max seq len (…) is larger than the maximum number of tokens that can be stored in KV cache (…)`）；每一层都按全注意力计。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/vllm-v0.json" line="48" />
            <source>vLLM V0: --enable-prefix-caching is off by default (EngineArgs.enable_prefix_caching = False before the V1 engine).</source>
            <translation>vLLM V0：--enable-prefix-caching 默认关闭（V1 引擎之前 `EngineArgs.enable_prefix_caching = False`）。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/vllm.json" line="23" />
            <source>vLLM EngineArgs batch defaults for `vllm serve`: 8192 batched tokens / 1024 seqs on GPUs with ≥ 70 GiB that are not A100 (vLLM PR #17885), else 2048 / 256.</source>
            <translation>`vllm serve` 的 vLLM `EngineArgs` 批处理默认值：显存 ≥ 70 GiB 且不是 A100 的 GPU 上为 8192 个批处理 token / 1024 个序列（vLLM 合并请求 #17885），否则 2048 / 256。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/vllm.json" line="32" />
            <source>vLLM V1 gpu_model_runner.profile_run (v0.8+): the encoder budget is max(max_num_batched_tokens, tokens of the largest image) (v1/core/encoder_cache_manager.compute_encoder_budget); the dummy batch holds budget ÷ tokens-per-image images, at most max_num_seqs × --limit-mm-per-prompt, encoded in one call before the language-model pass. Encoder peak per token: residual + norm output + MLP up and activation outputs + kept intermediate-layer features (Mllama vision_output_dim), activation dtype; attention fused (no score matrix).</source>
            <translation>vLLM V1 `gpu_model_runner.profile_run`（v0.8 起）：编码器预算为 max(`max_num_batched_tokens`, 最大图像的 token 数)（`v1/core/encoder_cache_manager.compute_encoder_budget`）；虚拟批包含 预算 ÷ 每图 token 数 张图像，最多 `max_num_seqs` × --limit-mm-per-prompt 张，在语言模型前向之前一次编码。编码器每 token 峰值：残差 + 归一化输出 + MLP 升维与激活输出 + 保留的中间层特征（`Mllama` `vision_output_dim`），按激活值的数据类型；注意力为融合实现（没有分数矩阵）。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/vllm.json" line="42" />
            <source>non_torch: vLLM 0.19 'non-torch forward increase memory' on H100: 0.24–0.27 GiB at TP 1, 2.06–2.10 GiB at TP 2 (NCCL + custom all-reduce buffers) (llm-d planner logs). CUDA graphs: captured after the KV cache is allocated in vLLM ≤ 0.19, so they must fit in the (1 − utilization) headroom; 0.6 GiB is an assumed typical capture size (vLLM logs 'Graph capturing … took 0.3–1.5 GiB').</source>
            <translation>`non_torch`：H100 上 vLLM 0.19 的 'non-torch forward increase memory'：TP 1 时 0.24–0.27 GiB，TP 2 时 2.06–2.10 GiB（NCCL + 自定义 all-reduce 缓冲区）（llm-d 规划器日志）。CUDA Graph：在 vLLM ≤ 0.19 中于 KV 缓存分配之后捕获，因此必须放进 (1 − `gpu_memory_utilization`) 的余量；0.6 GiB 是假设的典型捕获大小（vLLM 日志 'Graph capturing … took 0.3–1.5 GiB'）。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/vllm.json" line="46" />
            <source>vLLM V1 kv_cache_utils: num_blocks = KV memory ÷ (page bytes × layers per group); reported tokens = num_blocks ÷ groups × block_size; 'Maximum concurrency' = num_blocks ÷ blocks one max_model_len request needs.</source>
            <translation>vLLM V1 `kv_cache_utils`：`num_blocks` = KV 显存 ÷ （页字节数 × 每组层数）；报告的 token 数 = `num_blocks` ÷ 组数 × `block_size`；'Maximum concurrency' = `num_blocks` ÷ 一个 `max_model_len` 请求所需的块数。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/vllm.json" line="47" />
            <source>vLLM V1 kv_cache_utils.check_enough_kv_cache_memory: at start-up the KV bytes one max_model_len request needs (Σ layers of max_memory_usage_bytes: full attention ceil(max_model_len / block) blocks; sliding window ceil(min(window − 1 + max_num_batched_tokens, max_model_len) / block) + 1 blocks) must fit the available KV memory, else it raises 'To serve at least one request with the models's max seq len (…), (… GiB KV cache is needed, which is larger than the available KV cache memory (… GiB). Based on the available memory, the estimated maximum model length is …'.</source>
            <translation>vLLM V1 `kv_cache_utils.check_enough_kv_cache_memory`：启动时，一个 `max_model_len` 请求所需的 KV 字节（各层 `max_memory_usage_bytes` 之和：全注意力 ceil(`max_model_len` / `block`) 块；滑动窗口 ceil(min(`window` − 1 + `max_num_batched_tokens`, `max_model_len`) / `block`) + 1 块）必须放进可用的 KV 显存，否则抛出 `To serve at least one request with the models's max seq len (…), (… GiB KV cache is needed, which is larger than the available KV cache memory (… GiB). Based on the available memory, the estimated maximum model length is …`。</translation>
        </message>
        <message>
            <location filename="../../specs/engines/vllm.json" line="48" />
            <source>vLLM V1 (0.8+): EngineArgs.enable_prefix_caching defaults to on in the V1 engine (docs 'Automatic Prefix Caching': 'enabled by default in V1'); --no-enable-prefix-caching turns it off. Hash-based, whole blocks of block_size tokens; freed blocks stay cached and are evicted LRU (v1/core/block_pool.py).</source>
            <translation>vLLM V1（0.8+）：V1 引擎中 `EngineArgs.enable_prefix_caching` 默认开启（文档 'Automatic Prefix Caching'：'enabled by default in V1'）；--no-enable-prefix-caching 将其关闭。基于哈希，以 `block_size` 个 token 的整块为单位；释放的块仍保留缓存，按最近最少使用（LRU）淘汰（`v1/core/block_pool.py`）。</translation>
        </message>
    </context>
    <context>
        <name>SpecTableModel</name>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_model.py" line="42" />
            <source>bundled</source>
            <translation>内置</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_model.py" line="43" />
            <source>edited</source>
            <translation>已修改</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_model.py" line="44" />
            <source>added</source>
            <translation>新增</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_model.py" line="45" />
            <source>hidden</source>
            <translation>已隐藏</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_model.py" line="53" />
            <source>high</source>
            <translation>高</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_model.py" line="54" />
            <source>medium</source>
            <translation>中</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_model.py" line="55" />
            <source>low</source>
            <translation>低</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_model.py" line="130" />
            <source>Origin</source>
            <translation>出处</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_model.py" line="221" />
            <source>Not saved: {reason}</source>
            <translation>未保存：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="68" />
            <source>Parsed from the model's config; edit the config in the JSON pane.</source>
            <translation>从模型的配置文件（config.json）解析得到；请在 JSON 面板中编辑配置。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="73" />
            <source>ID</source>
            <translation>ID</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="74" />
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="75" />
            <source>Memory</source>
            <translation>显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="76" />
            <source>BF16 dense</source>
            <translation>BF16 稠密算力</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="77" />
            <source>Bandwidth</source>
            <translation>显存带宽</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="78" />
            <source>Interconnect</source>
            <translation>互联方式</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="79" />
            <source>Link (bidir.)</source>
            <translation>互联带宽（双向）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="81" />
            <source>Price</source>
            <translation>价格</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="82" />
            <source>The price the plan uses; edit it in the Prices tab.</source>
            <translation>规划使用的价格；请在“价格”页编辑。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="88" />
            <source>Params</source>
            <translation>参数量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="89" />
            <source>Layers</source>
            <translation>层数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="91" />
            <source>Hidden</source>
            <translation>隐藏维度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="93" />
            <source>Heads</source>
            <translation>注意力头数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="95" />
            <source>KV heads</source>
            <translation>KV 头数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="97" />
            <source>Context</source>
            <translation>上下文长度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="104" />
            <source>Version</source>
            <translation>版本</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="105" />
            <source>Memory fraction</source>
            <translation>显存占用比例</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="106" />
            <source>GEMM eff.</source>
            <translation>GEMM 效率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="107" />
            <source>Attention eff.</source>
            <translation>注意力效率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="108" />
            <source>Memory BW eff.</source>
            <translation>带宽效率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="109" />
            <source>Comm. BW eff.</source>
            <translation>通信带宽效率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="110" />
            <source>Comm. latency</source>
            <translation>通信延迟</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="111" />
            <source>Step overhead</source>
            <translation>单步固定开销</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="115" />
            <source>Label</source>
            <translation>标签</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="116" />
            <source>Bits per weight</source>
            <translation>每权重位数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="117" />
            <source>Compute dtype</source>
            <translation>计算精度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="118" />
            <source>Tier</source>
            <translation>档位</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="123" />
            <source>Bytes per element</source>
            <translation>每元素字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="126" />
            <source>GPU ID</source>
            <translation>GPU ID</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="128" />
            <source>Date</source>
            <translation>日期</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="129" />
            <source>Basis</source>
            <translation>依据</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="130" />
            <source>As quoted</source>
            <translation>原报价</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="131" />
            <source>A price quoted in another currency, with the rate it is converted to USD at; edit it in the JSON pane. Typing a price in $/h makes it a USD price.</source>
            <translation>以其他货币报的价格及其折算成美元的汇率；请在 JSON 面板中编辑。在 $/h 列输入价格会把它改为美元价格。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="139" />
            <source>Kind</source>
            <translation>类型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="140" />
            <source>NIC line rate</source>
            <translation>网卡线速</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="142" />
            <source>NICs per GPU</source>
            <translation>每卡网卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="143" />
            <source>Latency</source>
            <translation>延迟</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="148" />
            <source>GPUs</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="149" />
            <source>Models</source>
            <translation>模型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="150" />
            <source>Engines</source>
            <translation>引擎</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="151" />
            <source>Weight formats</source>
            <translation>权重格式</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="152" />
            <source>KV formats</source>
            <translation>KV 格式</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="153" />
            <source>Prices</source>
            <translation>价格</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_columns.py" line="154" />
            <source>Networks</source>
            <translation>网络</translation>
        </message>
    </context>
    <context>
        <name>SpecTableTab</name>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="82" />
            <source>Filter…</source>
            <translation>筛选…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="120" />
            <source>&amp;Add…</source>
            <translation>添加(&amp;A)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="121" />
            <source>Copy the selected entry under a new id</source>
            <translation>以新 id 复制选中的条目</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="122" />
            <source>&amp;Delete</source>
            <translation>删除(&amp;D)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="122" />
            <source>Delete the entry you added</source>
            <translation>删除用户添加的条目</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="124" />
            <source>&amp;Reset entry</source>
            <translation>恢复条目(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="125" />
            <source>Forget your edit: the bundled entry comes back</source>
            <translation>丢弃修改，恢复内置条目</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="128" />
            <source>Reset &amp;table…</source>
            <translation>重置本表(&amp;T)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="128" />
            <source>Forget every edit to this table</source>
            <translation>丢弃对本表的全部修改</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="130" />
            <source>&amp;Import…</source>
            <translation>导入(&amp;I)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="131" />
            <source>Add or replace entries from a JSON or CSV file</source>
            <translation>从 JSON 或 CSV 文件添加或替换条目</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="133" />
            <source>E&amp;xport…</source>
            <translation>导出(&amp;X)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="133" />
            <source>Write this table to a JSON or CSV file</source>
            <translation>将本表写入 JSON 或 CSV 文件</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="190" />
            <source>Saved {id}.</source>
            <translation>已保存 {id}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="203" />
            <source>Not saved: {reason}</source>
            <translation>未保存：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="212" />
            <source>Select the entry to copy first.</source>
            <translation>请先选中要复制的条目。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="214" />
            <source>There is already an entry '{id}'.</source>
            <translation>已存在条目 “{id}”。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="231" />
            <source>Deleted {id}.</source>
            <translation>已删除 {id}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="240" />
            <source>{id} is the bundled entry again.</source>
            <translation>{id} 已恢复为内置条目。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="246" />
            <source>The {table} table is the bundled one again.</source>
            <translation>{table} 表已恢复为内置版本。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="274" />
            <source>Not imported: {reason}</source>
            <translation>未导入：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="282" />
            <source>Reading {name}…</source>
            <translation>正在读取 {name}…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="310" />
            <source>Imported {new} new and {changed} changed entries from {name}.</source>
            <translation>已从 {name} 导入 {new} 个新条目、{changed} 个修改的条目。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="319" />
            <source>Not exported: {reason}</source>
            <translation>未导出：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="321" />
            <source>Exported {n} entries to {path}.</source>
            <translation>已导出 {n} 个条目到 {path}。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="331" />
            <source>Add entry</source>
            <translation>添加条目</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="332" />
            <source>Id of the copy (lower-case letters, digits, '.', '-'):</source>
            <translation>新条目的 id（小写字母、数字、“.”、“-”）：</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="340" />
            <source>Reset table</source>
            <translation>重置表</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="340" />
            <source>Forget every edit you made to the {table} table?</source>
            <translation>丢弃对 {table} 表的全部修改？</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="346" />
            <source>Import table</source>
            <translation>导入表</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="347" />
            <source>Tables (*.json *.csv)</source>
            <translation>表格 (*.json *.csv)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_table_tab.py" line="352" />
            <source>Export table</source>
            <translation>导出表</translation>
        </message>
    </context>
    <context>
        <name>SpecTablesDialog</name>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_tables.py" line="41" />
            <source>Spec tables</source>
            <translation>规格表</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_tables.py" line="52" />
            <source>Your edits are saved in {path}</source>
            <translation>修改保存在 {path}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_tables.py" line="55" />
            <source>Reset &amp;everything…</source>
            <translation>全部重置(&amp;E)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_tables.py" line="56" />
            <source>Forget your edits to every table</source>
            <translation>丢弃对所有表的修改</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_tables.py" line="59" />
            <source>&amp;Close</source>
            <translation>关闭(&amp;C)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_tables.py" line="101" />
            <source>Not reset: {reason}</source>
            <translation>未重置：{reason}</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_tables.py" line="103" />
            <source>Every table is the bundled one again.</source>
            <translation>所有表已恢复为内置版本。</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_tables.py" line="107" />
            <source>Reset everything</source>
            <translation>全部重置</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/dialogs/spec_tables.py" line="108" />
            <source>Forget every edit you made to every spec table?</source>
            <translation>丢弃对所有规格表的全部修改？</translation>
        </message>
    </context>
    <context>
        <name>Speculative</name>
        <message>
            <location filename="../../gpucalc/text/speculative_text.py" line="13" />
            <source>MTP (the model's own layers)</source>
            <translation>MTP（模型自带的层）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/speculative_text.py" line="14" />
            <source>EAGLE</source>
            <translation>EAGLE</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/speculative_text.py" line="15" />
            <source>EAGLE-3</source>
            <translation>EAGLE-3</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/speculative_text.py" line="16" />
            <source>n-gram (prompt lookup)</source>
            <translation>n-gram（提示词查找）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/speculative_text.py" line="17" />
            <source>draft model</source>
            <translation>草稿模型</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/speculative_text.py" line="21" />
            <source>Speculative decoding ({method}, k = {k}): {tau} tokens per target step; draft weights {gib} GiB per GPU; TPOT {batch1}× faster at batch 1, {knee}× at the knee ({running} running)</source>
            <translation>投机解码（{method}，k = {k}）：目标模型每步产出 {tau} 个 token；草稿权重每卡 {gib} GiB；TPOT 在批大小 1 时快 {batch1}×，在拐点快 {knee}×（批大小 {running}）</translation>
        </message>
    </context>
    <context>
        <name>TableEdits</name>
        <message>
            <location filename="../../gpucalc/ui/dialogs/table_edits.py" line="35" />
            <source>the id must stay '{id}'; use Add for a new entry</source>
            <translation>id 必须保持为“{id}”；新条目请用“添加”</translation>
        </message>
    </context>
    <context>
        <name>Terms</name>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="49" />
            <source>Weights</source>
            <translation>权重</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="50" />
            <source>Activation peak</source>
            <translation>激活峰值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="51" />
            <source>Runtime (non-torch)</source>
            <translation>运行时（非 torch）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="52" />
            <source>CUDA graphs</source>
            <translation>CUDA Graph</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="53" />
            <source>KV cache</source>
            <translation>KV 缓存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="54" />
            <source>Headroom</source>
            <translation>余量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="55" />
            <source>GPU memory (total)</source>
            <translation>显存（总计）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="56" />
            <source>Engine budget</source>
            <translation>引擎预算</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="57" />
            <source>Memory fraction</source>
            <translation>显存占用比例</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="58" />
            <source>Max model length</source>
            <translation>最大上下文长度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="59" />
            <source>Batched tokens</source>
            <translation>批处理 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="60" />
            <source>Max sequences</source>
            <translation>最大并发序列数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="61" />
            <source>Network between nodes (per GPU)</source>
            <translation>节点间网络（每卡）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="62" />
            <source>KV bytes per token</source>
            <translation>每 token KV 字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="63" />
            <source>KV bytes per token per GPU</source>
            <translation>每卡每 token KV 字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="64" />
            <source>KV cache tokens (per replica)</source>
            <translation>KV 缓存 token 数（每副本）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="65" />
            <source>Layer state per request per GPU</source>
            <translation>每卡每请求的层状态</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="66" />
            <source>KV cache tokens, all replicas</source>
            <translation>KV 缓存 token 数（全部副本）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="67" />
            <source>Max concurrency at max model length</source>
            <translation>最大上下文下的最大并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="68" />
            <source>Concurrency at P50 length</source>
            <translation>P50 长度下的并发数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="69" />
            <source>Concurrency at P95 length</source>
            <translation>P95 长度下的并发数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="70" />
            <source>KV left on a single GPU</source>
            <translation>单卡剩余 KV 显存</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="71" />
            <source>Concurrency within planning share</source>
            <translation>规划占比内的并发数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="72" />
            <source>Concurrency at the 80 % alarm</source>
            <translation>达到 80% 警戒线时的并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="73" />
            <source>KV per request at average length</source>
            <translation>平均长度下每请求的 KV</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="74" />
            <source>Average length</source>
            <translation>平均长度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="75" />
            <source>Memory share at planned concurrency</source>
            <translation>规划并发下的显存占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="76" />
            <source>Planning length</source>
            <translation>规划长度</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="77" />
            <source>Parameters (total)</source>
            <translation>参数量（总）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="78" />
            <source>Parameters (active)</source>
            <translation>参数量（激活）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="79" />
            <source>Active parameters without embedding</source>
            <translation>激活参数（不含嵌入层）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="80" />
            <source>Forward pass activations</source>
            <translation>前向激活</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="81" />
            <source>Sampler</source>
            <translation>采样器</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="82" />
            <source>MoE workspace</source>
            <translation>MoE 工作区</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="83" />
            <source>Vision encoder (profiling pass)</source>
            <translation>视觉编码器（显存探测）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="84" />
            <source>Embedding</source>
            <translation>嵌入层</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="85" />
            <source>Attention</source>
            <translation>注意力</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="86" />
            <source>Dense MLP</source>
            <translation>稠密 MLP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="87" />
            <source>Routed experts</source>
            <translation>路由专家</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="88" />
            <source>Shared experts</source>
            <translation>共享专家</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="89" />
            <source>Norms and router</source>
            <translation>归一化与路由</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="90" />
            <source>LM head</source>
            <translation>输出头（LM head）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="91" />
            <source>Vision tower</source>
            <translation>视觉编码器</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="92" />
            <source>Speculative draft</source>
            <translation>投机草稿</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="93" />
            <source>Acceptance length (τ)</source>
            <translation>接受长度（τ）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="94" />
            <source>Draft KV bytes per token</source>
            <translation>草稿每 token KV 字节数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="95" />
            <source>Speculative TPOT gain at batch 1</source>
            <translation>批大小 1 时投机解码的 TPOT 加速比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="96" />
            <source>Speculative TPOT gain at the knee</source>
            <translation>拐点处投机解码的 TPOT 加速比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="97" />
            <source>Memory ceiling</source>
            <translation>显存上限</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="98" />
            <source>Compute ceiling</source>
            <translation>算力上限</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="99" />
            <source>Interconnect ceiling</source>
            <translation>卡间通信上限</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="100" />
            <source>Scheduler cap (max_num_seqs)</source>
            <translation>调度器上限（max_num_seqs）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="101" />
            <source>Recommended concurrency</source>
            <translation>推荐并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="102" />
            <source>Online capacity (at the watermark)</source>
            <translation>在线容量（按安全水位）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="103" />
            <source>Knee (the recommendation)</source>
            <translation>拐点（推荐并发）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="104" />
            <source>Rate capacity</source>
            <translation>请求速率容量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="105" />
            <source>Requests in flight at the rate capacity</source>
            <translation>请求速率容量下的在途请求数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="106" />
            <source>Output tokens/s at the rate capacity</source>
            <translation>请求速率容量下的输出 tok/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="107" />
            <source>TTFT at the rate capacity (percentile)</source>
            <translation>请求速率容量下的 TTFT（分位数）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="108" />
            <source>TPOT at the rate capacity (percentile)</source>
            <translation>请求速率容量下的 TPOT（分位数）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="109" />
            <source>TTFT with one request in flight</source>
            <translation>1 个请求在途时的 TTFT</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="110" />
            <source>TPOT with one request in flight</source>
            <translation>1 个请求在途时的 TPOT</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="111" />
            <source>TTFT at the percentile</source>
            <translation>分位数 TTFT</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="112" />
            <source>TPOT at the percentile</source>
            <translation>分位数 TPOT</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="113" />
            <source>Planned requests/s per replica (watermark)</source>
            <translation>每副本规划请求/秒（安全水位）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="115" />
            <source>Rate capacity per replica</source>
            <translation>每副本请求速率容量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="117" />
            <source>Concurrency, all replicas</source>
            <translation>全部副本的并发</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="118" />
            <source>Replicas for the average</source>
            <translation>承载平均流量所需副本数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="119" />
            <source>Replicas for the peak</source>
            <translation>承载峰值流量所需副本数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="120" />
            <source>Serving replicas (N)</source>
            <translation>服务副本数（N）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="121" />
            <source>Spare replicas (k)</source>
            <translation>备用副本数（k）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="122" />
            <source>Replicas needed (N + k)</source>
            <translation>所需副本数（N + k）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="123" />
            <source>GPUs needed</source>
            <translation>所需卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="124" />
            <source>Replicas deployed</source>
            <translation>部署副本数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="125" />
            <source>GPUs planned</source>
            <translation>规划卡数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="126" />
            <source>Online concurrency, all replicas</source>
            <translation>在线并发（全部副本）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="127" />
            <source>Requests/s, all replicas</source>
            <translation>每秒请求数（全部副本）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="128" />
            <source>Output tokens/s, all replicas</source>
            <translation>输出 token/s（全部副本）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="129" />
            <source>Output tokens per day</source>
            <translation>每天输出 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="130" />
            <source>Output tokens per GPU-hour</source>
            <translation>每卡时输出 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="131" />
            <source>Batch backfill tokens per day</source>
            <translation>每天离线回填 token 数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="132" />
            <source>Cost per hour (GPUs needed)</source>
            <translation>每小时成本（所需卡数）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="133" />
            <source>Cost per month (GPUs needed)</source>
            <translation>每月成本（所需卡数）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="134" />
            <source>Cost per hour (GPUs planned)</source>
            <translation>每小时成本（规划卡数）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="135" />
            <source>Cost per million output tokens (GPUs needed)</source>
            <translation>每百万输出 token 成本（所需卡数）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="138" />
            <source>KV transfer to the decode pool</source>
            <translation>到生成池的 KV 传输</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="139" />
            <source>Prefill of a P95 prompt</source>
            <translation>P95 提示词的预填充</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="140" />
            <source>Prompt tokens/s per prefill replica</source>
            <translation>每个预填充副本的提示词 tokens/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="142" />
            <source>Prompts/s per prefill replica at the TTFT target</source>
            <translation>TTFT 目标下每个预填充副本的提示词/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="144" />
            <source>TTFT, disaggregated</source>
            <translation>TTFT（分离部署）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="145" />
            <source>Decode replica knee</source>
            <translation>生成副本拐点</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="146" />
            <source>TPOT, decode pool</source>
            <translation>TPOT（生成池）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="147" />
            <source>Output tokens/s per decode replica</source>
            <translation>每个生成副本的输出 tokens/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="149" />
            <source>Requests/s per decode replica</source>
            <translation>每个生成副本的请求/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="151" />
            <source>Prefill replicas needed</source>
            <translation>所需预填充副本</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="152" />
            <source>Decode replicas needed</source>
            <translation>所需生成副本</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="156" />
            <source>Communication share of a step</source>
            <translation>单步通信占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="157" />
            <source>Step: matrix multiplies</source>
            <translation>单步：矩阵乘</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="158" />
            <source>Step: attention</source>
            <translation>单步：注意力</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="159" />
            <source>Step: communication</source>
            <translation>单步：通信</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="160" />
            <source>Step: kernel launches without CUDA graphs</source>
            <translation>单步：无 CUDA Graph 时的 kernel 启动</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="161" />
            <source>Step: expert all-to-all</source>
            <translation>单步：专家 all-to-all</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="162" />
            <source>Expert group (EP) size</source>
            <translation>专家组（EP）大小</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="163" />
            <source>Experts per GPU</source>
            <translation>每卡专家数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="164" />
            <source>Expert load imbalance</source>
            <translation>专家负载不均衡</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="165" />
            <source>Expert all-to-all per step</source>
            <translation>每步专家 all-to-all</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="166" />
            <source>Step: scheduler overhead</source>
            <translation>单步：调度开销</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="167" />
            <source>TTFT</source>
            <translation>TTFT</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="168" />
            <source>TPOT</source>
            <translation>TPOT</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="169" />
            <source>Inter-token latency</source>
            <translation>token 间延迟</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="170" />
            <source>Output tokens/s</source>
            <translation>输出 token/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="171" />
            <source>Requests/s</source>
            <translation>每秒请求数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="172" />
            <source>Parameters: embedding</source>
            <translation>参数量：嵌入层</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="173" />
            <source>Parameters: attention</source>
            <translation>参数量：注意力</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="174" />
            <source>Parameters: dense MLP</source>
            <translation>参数量：稠密 MLP</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="175" />
            <source>Parameters: routed experts</source>
            <translation>参数量：路由专家</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="176" />
            <source>Parameters: shared experts</source>
            <translation>参数量：共享专家</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="177" />
            <source>Parameters: router</source>
            <translation>参数量：路由器</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="178" />
            <source>Parameters: norms</source>
            <translation>参数量：归一化层</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="179" />
            <source>Parameters: LM head</source>
            <translation>参数量：LM head</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="180" />
            <source>Parameters: vision tower</source>
            <translation>参数量：视觉塔</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="182" />
            <source>Prefix cache hit rate</source>
            <translation>前缀缓存命中率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="183" />
            <source>Cached prompt tokens per request</source>
            <translation>每请求缓存的输入 token</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="185" />
            <source>Prompt tokens not prefilled (per second)</source>
            <translation>免预填充的输入 token（每秒）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="187" />
            <source>KV held by shared prefixes</source>
            <translation>共享前缀占用的 KV</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="188" />
            <source>Simulated prefix cache hit rate</source>
            <translation>仿真前缀缓存命中率</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="189" />
            <source>Capacity at the SLO</source>
            <translation>SLO 下的容量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="190" />
            <source>Capacity at the SLO (analytic)</source>
            <translation>SLO 下的容量（解析）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="191" />
            <source>Capacity at the SLO (simulated)</source>
            <translation>SLO 下的容量（仿真）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="192" />
            <source>Simulated capacity at the SLO</source>
            <translation>仿真的 SLO 容量</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="193" />
            <source>Simulated TTFT</source>
            <translation>仿真 TTFT</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="194" />
            <source>Simulated TPOT</source>
            <translation>仿真 TPOT</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="195" />
            <source>Simulated end-to-end latency</source>
            <translation>仿真端到端延迟</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="196" />
            <source>Simulated queueing time</source>
            <translation>仿真排队时间</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="197" />
            <source>Simulated requests/s</source>
            <translation>仿真请求/秒</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="198" />
            <source>Simulated requests/s, steady stretch</source>
            <translation>仿真请求/秒（稳态区间）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="199" />
            <source>Simulated output tokens/s</source>
            <translation>仿真输出 token/s</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="200" />
            <source>Goodput</source>
            <translation>有效吞吐（goodput）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="201" />
            <source>Share of requests meeting the targets</source>
            <translation>满足目标的请求占比</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="202" />
            <source>Preemptions</source>
            <translation>抢占次数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="203" />
            <source>Simulated duration</source>
            <translation>仿真时长</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="204" />
            <source>TTFT knee (request rate)</source>
            <translation>TTFT 拐点（请求速率）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="207" />
            <source>mean</source>
            <translation>平均值</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="208" />
            <source>P50</source>
            <translation>P50</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="209" />
            <source>P95</source>
            <translation>P95</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="210" />
            <source>P99</source>
            <translation>P99</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="211" />
            <source>low</source>
            <translation>低</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="212" />
            <source>expected</source>
            <translation>预期</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="213" />
            <source>high</source>
            <translation>高</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="216" />
            <source>{figure} ({statistic})</source>
            <translation>{figure}（{statistic}）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="465" />
            <source>online</source>
            <translation>在线</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="466" />
            <source>offline</source>
            <translation>离线</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="467" />
            <source>mixed</source>
            <translation>混合</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="471" />
            <source>all-gather (vLLM default)</source>
            <translation>all-gather（vLLM 默认）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="472" />
            <source>DeepEP normal (high throughput)</source>
            <translation>DeepEP 高吞吐（normal）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="473" />
            <source>DeepEP low latency</source>
            <translation>DeepEP 低延迟（low latency）</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="610" />
            <source>aggregated</source>
            <translation>不分离</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="611" />
            <source>{ratio} split</source>
            <translation>{ratio} 分离</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/format.py" line="91" />
            <source>does not fit: {gib} short</source>
            <translation>放不下：缺 {gib}</translation>
        </message>
    </context>
    <context>
        <name>Units</name>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="445" />
            <source>tokens</source>
            <translation>token</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="446" />
            <source>requests</source>
            <translation>个请求</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="447" />
            <source>params</source>
            <translation>参数</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="448" />
            <source>bytes</source>
            <translation>字节</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="449" />
            <source>GPUs</source>
            <translation>卡</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="450" />
            <source>replicas</source>
            <translation>个副本</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="451" />
            <source>ranks</source>
            <translation>个 rank</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="452" />
            <source>experts</source>
            <translation>个专家</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="456" />
            <source>token</source>
            <translation>token</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="457" />
            <source>request</source>
            <translation>个请求</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="458" />
            <source>replica</source>
            <translation>个副本</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="459" />
            <source>GPU</source>
            <translation>卡</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="460" />
            <source>rank</source>
            <translation>个 rank</translation>
        </message>
        <message>
            <location filename="../../gpucalc/text/terms.py" line="461" />
            <source>expert</source>
            <translation>个专家</translation>
        </message>
    </context>
    <context>
        <name>WindowTools</name>
        <message>
            <location filename="../../gpucalc/ui/tools_menu.py" line="41" />
            <source>&amp;Hardware</source>
            <translation>硬件(&amp;H)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/tools_menu.py" line="42" />
            <source>&amp;Custom GPU…</source>
            <translation>自定义 GPU(&amp;C)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/tools_menu.py" line="43" />
            <source>&amp;Use the catalog GPU again</source>
            <translation>改回目录中的 GPU(&amp;U)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/tools_menu.py" line="44" />
            <source>&amp;Tools</source>
            <translation>工具(&amp;T)</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/tools_menu.py" line="45" />
            <source>&amp;Spec tables…</source>
            <translation>规格表(&amp;S)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/tools_menu.py" line="46" />
            <source>Request &amp;lengths from a log…</source>
            <translation>从日志读取请求长度(&amp;L)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/tools_menu.py" line="47" />
            <source>&amp;Measurements and calibration…</source>
            <translation>实测与校准(&amp;M)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/tools_menu.py" line="49" />
            <source>Measurement &amp;plan…</source>
            <translation>实测计划(&amp;P)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/tools_menu.py" line="50" />
            <source>Predict a &amp;benchmark…</source>
            <translation>预测压测结果(&amp;B)…</translation>
        </message>
        <message>
            <location filename="../../gpucalc/ui/tools_menu.py" line="115" />
            <source>Saved engine profile {id}; choose it under Engine.</source>
            <translation>已保存引擎配置档 {id}；可在“推理引擎”中选择。</translation>
        </message>
    </context>
</TS>
