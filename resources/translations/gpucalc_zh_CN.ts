<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>Answer</name>
    <message>
        <location filename="../../gpucalc/ui/answer.py" line="43"/>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/answer.py" line="45"/>
        <source>fits on one GPU</source>
        <translation>单卡可放下</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/answer.py" line="47"/>
        <source>fits on one GPU; TP {tp} × PP {pp} adds KV room</source>
        <translation>单卡可放下；TP {tp} × PP {pp} 增加 KV 空间</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/answer.py" line="49"/>
        <source>needs TP {tp} × PP {pp}</source>
        <translation>需要 TP {tp} × PP {pp}</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/answer.py" line="57"/>
        <source>{model} on {n}× {gpu}: KV cache holds {tokens} tokens — {conc} requests of {length} tokens; {fit}</source>
        <translation>{model} 在 {n}× {gpu} 上：KV 缓存可容纳 {tokens} 个 token，即 {conc} 个 {length} token 的请求；{fit}</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/answer.py" line="62"/>
        <source>At P50 length ({p50} tokens): {c50} concurrent requests · at P95 ({p95} tokens): {c95} · within the {share} % planning share: {plan}</source>
        <translation>P50 长度（{p50} token）：{c50} 个并发请求 · P95 长度（{p95} token）：{c95} · {share}% 规划显存占比内：{plan}</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/answer.py" line="70"/>
        <source>Does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/answer.py" line="72"/>
        <source>Fits, above planning share</source>
        <translation>可放下，超出规划占比</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/answer.py" line="74"/>
        <source>Fits</source>
        <translation>可放下</translation>
    </message>
</context>
<context>
    <name>AnswerBanner</name>
    <message>
        <location filename="../../gpucalc/ui/panels/answer_banner.py" line="17"/>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/answer_banner.py" line="60"/>
        <source>Showing the last good result. {reason}</source>
        <translation>仍显示上一次有效结果。{reason}</translation>
    </message>
</context>
<context>
    <name>ExplainPane</name>
    <message>
        <location filename="../../gpucalc/ui/explain_pane.py" line="24"/>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/explain_pane.py" line="26"/>
        <source>Weights by tensor group</source>
        <translation>按张量组划分的权重</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/explain_pane.py" line="27"/>
        <source>Activation peak</source>
        <translation>激活峰值</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/explain_pane.py" line="28"/>
        <source>KV cache and concurrency</source>
        <translation>KV 缓存与并发</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/explain_pane.py" line="32"/>
        <source>Effective settings</source>
        <translation>生效的设置</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/explain_pane.py" line="35"/>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/explain_pane.py" line="43"/>
        <location filename="../../gpucalc/ui/explain_pane.py" line="63"/>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/explain_pane.py" line="44"/>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/explain_pane.py" line="45"/>
        <location filename="../../gpucalc/ui/explain_pane.py" line="69"/>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/explain_pane.py" line="81"/>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/explain_pane.py" line="81"/>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/explain_pane.py" line="87"/>
        <source>Select a figure to see its formula, inputs and sources.</source>
        <translation>选择一个指标，查看其公式、输入和来源。</translation>
    </message>
</context>
<context>
    <name>Fields</name>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="26"/>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="31"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="32"/>
        <source>GPU type from the bundled catalog.</source>
        <translation>内置目录中的 GPU 型号。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="33"/>
        <source>GPUs</source>
        <translation>卡数</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="34"/>
        <source>GPUs in the deployment (replicas × TP × PP).</source>
        <translation>部署中的 GPU 数（副本数 × TP × PP）。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="35"/>
        <source>Memory override</source>
        <translation>显存覆盖值</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="36"/>
        <source>Total GPU memory as the engine sees it (MIG slice, shared GPU); auto uses the catalog value.</source>
        <translation>引擎看到的 GPU 总显存（MIG 切片、共享 GPU）；自动则使用目录值。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="38"/>
        <source>catalog value</source>
        <translation>目录值</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="41"/>
        <source>Engine</source>
        <translation>推理引擎</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="42"/>
        <source>Serving engine whose memory accounting is used.</source>
        <translation>采用哪个推理引擎的显存记账方式。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="44"/>
        <source>Memory fraction</source>
        <translation>显存占用比例</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="45"/>
        <source>vLLM --gpu-memory-utilization, SGLang --mem-fraction-static, TensorRT-LLM free memory fraction; auto uses the engine default.</source>
        <translation>vLLM --gpu-memory-utilization、SGLang --mem-fraction-static、TensorRT-LLM 空闲显存比例；自动则使用引擎默认值。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="48"/>
        <location filename="../../gpucalc/ui/fields.py" line="55"/>
        <location filename="../../gpucalc/ui/fields.py" line="58"/>
        <source>engine default</source>
        <translation>引擎默认</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="49"/>
        <source>Max model length</source>
        <translation>最大上下文长度</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="50"/>
        <source>--max-model-len; auto uses the model&apos;s context.</source>
        <translation>--max-model-len；自动则使用模型的上下文长度。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="51"/>
        <source>model maximum</source>
        <translation>模型上限</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="52"/>
        <source>Batched tokens</source>
        <translation>批处理 token 数</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="53"/>
        <source>--max-num-batched-tokens: the token budget of one scheduler step; it sets the activation peak.</source>
        <translation>--max-num-batched-tokens：一次调度步的 token 预算，决定激活峰值。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="56"/>
        <source>Max sequences</source>
        <translation>最大并发序列数</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="57"/>
        <source>--max-num-seqs: requests running at once.</source>
        <translation>--max-num-seqs：同时在算的请求数上限。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="59"/>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="60"/>
        <source>GPUs one layer is split across.</source>
        <translation>一层被切分到的 GPU 数。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="62"/>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="63"/>
        <source>Stages the layers are split into.</source>
        <translation>模型层被切分成的段数。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="64"/>
        <source>Expert parallel (EP)</source>
        <translation>专家并行（EP）</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="65"/>
        <source>Split the experts of MoE layers across ranks.</source>
        <translation>将 MoE 层的专家切分到各卡。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="66"/>
        <source>Weight precision</source>
        <translation>权重精度</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="67"/>
        <source>The checkpoint&apos;s own precision, or a what-if quantization (fp8, int8, int4, nvfp4).</source>
        <translation>检查点自身的精度，或假设的量化档位（fp8、int8、int4、nvfp4）。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="70"/>
        <source>KV cache dtype</source>
        <translation>KV 缓存精度</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="71"/>
        <source>--kv-cache-dtype: auto keeps the activation dtype.</source>
        <translation>--kv-cache-dtype：自动则与激活精度相同。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="75"/>
        <source>Input length P50</source>
        <translation>输入长度 P50</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="76"/>
        <source>Median prompt length.</source>
        <translation>输入长度中位数。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="77"/>
        <source>Input length P95</source>
        <translation>输入长度 P95</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="78"/>
        <source>95th percentile prompt length; auto = P50.</source>
        <translation>输入长度 95 分位；自动 = P50。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="79"/>
        <location filename="../../gpucalc/ui/fields.py" line="84"/>
        <source>same as P50</source>
        <translation>同 P50</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="80"/>
        <source>Output length P50</source>
        <translation>输出长度 P50</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="81"/>
        <source>Median generated length.</source>
        <translation>输出长度中位数。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="82"/>
        <source>Output length P95</source>
        <translation>输出长度 P95</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="83"/>
        <source>95th percentile generated length; auto = P50.</source>
        <translation>输出长度 95 分位；自动 = P50。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="85"/>
        <source>Turns</source>
        <translation>对话轮数</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="86"/>
        <source>Turns of a multi-turn chat.</source>
        <translation>多轮对话的轮数。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="87"/>
        <source>History per turn</source>
        <translation>每轮历史增长</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="88"/>
        <source>Tokens the history grows by each turn.</source>
        <translation>每轮对话历史增加的 token 数。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="89"/>
        <source>QPS average</source>
        <translation>平均 QPS</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="90"/>
        <source>Average requests per second.</source>
        <translation>平均每秒请求数。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="91"/>
        <source>QPS peak</source>
        <translation>峰值 QPS</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="92"/>
        <source>Peak requests per second; auto = average.</source>
        <translation>峰值每秒请求数；自动 = 平均值。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="93"/>
        <source>same as average</source>
        <translation>同平均值</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="94"/>
        <source>Traffic</source>
        <translation>流量类型</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="95"/>
        <source>Online traffic is planned at its latency targets; offline fills memory for throughput.</source>
        <translation>在线流量按延迟目标规划；离线流量占满显存追求吞吐。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="100"/>
        <source>TTFT target</source>
        <translation>TTFT 目标（首 token 时间）</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="101"/>
        <source>Time to first token the service must meet.</source>
        <translation>服务必须满足的首 token 时间。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="103"/>
        <source>TPOT target</source>
        <translation>TPOT 目标（每 token 延迟）</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="104"/>
        <source>Time per output token the service must meet.</source>
        <translation>服务必须满足的每输出 token 延迟。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="106"/>
        <source>Safety watermark</source>
        <translation>安全水位</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="107"/>
        <source>Share of the knee that is planned as online capacity.</source>
        <translation>按拐点的多大比例规划在线容量。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="108"/>
        <source>Planning memory share</source>
        <translation>规划显存占比</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="109"/>
        <source>Weights + KV at average length + margin must fit this share of GPU memory.</source>
        <translation>权重 + 平均长度下的 KV + 余量须在显存的该比例之内。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="121"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="122"/>
        <source>Search the catalog by name, or type a Hugging Face id, a config.json path or a model folder.</source>
        <translation>按名称搜索目录，或输入 Hugging Face id、config.json 路径或模型文件夹。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="125"/>
        <source>Activation dtype</source>
        <translation>激活精度</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="126"/>
        <source>--dtype: auto follows the checkpoint.</source>
        <translation>--dtype：自动则跟随检查点。</translation>
    </message>
</context>
<context>
    <name>InputsPanel</name>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="39"/>
        <source>Paste serve command…</source>
        <translation>粘贴启动命令…</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="40"/>
        <source>Fill the form from a &apos;vllm serve …&apos;, SGLang or trtllm-serve command line.</source>
        <translation>从 “vllm serve …”、SGLang 或 trtllm-serve 命令行填写表单。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="46"/>
        <source>Open config.json…</source>
        <translation>打开 config.json…</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="47"/>
        <source>Open model folder…</source>
        <translation>打开模型文件夹…</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="53"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="53"/>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="54"/>
        <source>Engine and deployment</source>
        <translation>引擎与部署</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="54"/>
        <source>Workload</source>
        <translation>负载</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="55"/>
        <source>Targets</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="80"/>
        <source>checkpoint default</source>
        <translation>检查点默认</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="82"/>
        <source>auto (activation dtype)</source>
        <translation>自动（同激活精度）</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="90"/>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="92"/>
        <source>online</source>
        <translation>在线</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="92"/>
        <source>offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="98"/>
        <source>MoE: {experts} experts, top-{k}</source>
        <translation>MoE：{experts} 个专家，top-{k}</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="100"/>
        <source>dense</source>
        <translation>稠密</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="101"/>
        <source>{total} parameters ({active} active) · {attention} attention · {moe}</source>
        <translation>参数量 {total}（激活 {active}）· {attention} 注意力 · {moe}</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="113"/>
        <source>Open config.json</source>
        <translation>打开 config.json</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="114"/>
        <source>Model config (*.json)</source>
        <translation>模型配置 (*.json)</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/inputs_panel.py" line="118"/>
        <source>Open model folder</source>
        <translation>打开模型文件夹</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../gpucalc/ui/app.py" line="109"/>
        <source>Settings were reset</source>
        <translation>设置已重置</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="90"/>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="99"/>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="101"/>
        <source>Explanation</source>
        <translation>计算说明</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="113"/>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="142"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="143"/>
        <source>&amp;Open scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="144"/>
        <source>&amp;Save scenario</source>
        <translation>保存场景(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="145"/>
        <source>Save scenario &amp;as…</source>
        <translation>场景另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="147"/>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="150"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="151"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="152"/>
        <source>&amp;Paste serve command…</source>
        <translation>粘贴启动命令(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="154"/>
        <source>&amp;Reset to the default scenario</source>
        <translation>恢复默认场景(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="155"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="158"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="167"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="168"/>
        <source>&amp;About gpucalc</source>
        <translation>关于 gpucalc(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="178"/>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="179"/>
        <source>{name} — gpucalc</source>
        <translation>{name} — gpucalc</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="190"/>
        <source>Memory plan for {model} on {gpu}, computed in {ms} ms</source>
        <translation>{model} 在 {gpu} 上的显存规划，用时 {ms} ms</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="192"/>
        <source>{n} notice(s)</source>
        <translation>{n} 条提示</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="198"/>
        <source>Not computed: {reason}</source>
        <translation>未计算：{reason}</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="205"/>
        <source>Invalid {field}: {reason}</source>
        <translation>{field} 无效：{reason}</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="215"/>
        <source>Cannot use this command</source>
        <translation>无法使用该命令</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="219"/>
        <source>Filled from the {engine} command.</source>
        <translation>已从 {engine} 命令填写。</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="220"/>
        <source>Ignored: {flags}</source>
        <translation>已忽略：{flags}</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="241"/>
        <source>Cannot open scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="256"/>
        <source>Cannot save scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="261"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="270"/>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="271"/>
        <source>gpucalc scenarios (*.gpucalc.json);;JSON (*.json)</source>
        <translation>gpucalc 场景 (*.gpucalc.json);;JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="284"/>
        <source>Save scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="285"/>
        <source>gpucalc scenarios (*.gpucalc.json)</source>
        <translation>gpucalc 场景 (*.gpucalc.json)</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="291"/>
        <source>About gpucalc</source>
        <translation>关于 gpucalc</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="292"/>
        <source>gpucalc {version}: offline GPU inference capacity planner.</source>
        <translation>gpucalc {version}：离线 GPU 推理容量规划工具。</translation>
    </message>
</context>
<context>
    <name>MemoryBar</name>
    <message>
        <location filename="../../gpucalc/ui/plots/memory_bar.py" line="41"/>
        <source>GiB per GPU</source>
        <translation>每卡显存 (GiB)</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/plots/memory_bar.py" line="90"/>
        <source>{share} % planning share</source>
        <translation>{share}% 规划占比</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/plots/memory_bar.py" line="93"/>
        <source>total {gib} GiB</source>
        <translation>总计 {gib} GiB</translation>
    </message>
</context>
<context>
    <name>MemoryTab</name>
    <message>
        <location filename="../../gpucalc/ui/panels/memory_tab.py" line="72"/>
        <source>Line item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/memory_tab.py" line="72"/>
        <location filename="../../gpucalc/ui/panels/memory_tab.py" line="73"/>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/memory_tab.py" line="72"/>
        <location filename="../../gpucalc/ui/panels/memory_tab.py" line="73"/>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/memory_tab.py" line="73"/>
        <source>Tensor group</source>
        <translation>张量组</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/memory_tab.py" line="74"/>
        <source>KV cache and concurrency</source>
        <translation>KV 缓存与并发</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/memory_tab.py" line="74"/>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/memory_tab.py" line="76"/>
        <source>Per-GPU memory, in the order the engine deducts it</source>
        <translation>每卡显存（按引擎扣除顺序）</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/memory_tab.py" line="78"/>
        <source>Weights by tensor group</source>
        <translation>按张量组划分的权重</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/memory_tab.py" line="79"/>
        <source>What the KV cache holds</source>
        <translation>KV 缓存能容纳多少</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/panels/memory_tab.py" line="86"/>
        <source>Memory picture of one GPU</source>
        <translation>单卡显存构成</translation>
    </message>
</context>
<context>
    <name>PasteDialog</name>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="56"/>
        <source>Paste serve command</source>
        <translation>粘贴启动命令</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/main_window.py" line="68"/>
        <source>A &apos;vllm serve …&apos;, &apos;python -m sglang.launch_server …&apos; or &apos;trtllm-serve …&apos; command line:</source>
        <translation>“vllm serve …”、“python -m sglang.launch_server …” 或 “trtllm-serve …” 命令行：</translation>
    </message>
</context>
<context>
    <name>Terms</name>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="11"/>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="12"/>
        <source>Activation peak</source>
        <translation>激活峰值</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="13"/>
        <source>Runtime (non-torch)</source>
        <translation>运行时（非 torch）</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="14"/>
        <source>CUDA graphs</source>
        <translation>CUDA Graph</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="15"/>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="16"/>
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="17"/>
        <source>GPU memory (total)</source>
        <translation>显存（总计）</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="18"/>
        <source>Engine budget</source>
        <translation>引擎预算</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="19"/>
        <source>Memory fraction</source>
        <translation>显存占用比例</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="20"/>
        <source>Max model length</source>
        <translation>最大上下文长度</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="21"/>
        <source>Batched tokens</source>
        <translation>批处理 token 数</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="22"/>
        <source>Max sequences</source>
        <translation>最大并发序列数</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="23"/>
        <source>KV bytes per token</source>
        <translation>每 token KV 字节数</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="24"/>
        <source>KV bytes per token per GPU</source>
        <translation>每卡每 token KV 字节数</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="25"/>
        <source>KV cache tokens</source>
        <translation>KV 缓存 token 数</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="26"/>
        <source>KV cache tokens, all replicas</source>
        <translation>KV 缓存 token 数（全部副本）</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="27"/>
        <source>Max concurrency at max model length</source>
        <translation>最大上下文下的最大并发</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="28"/>
        <source>Concurrency at P50 length</source>
        <translation>P50 长度下的并发数</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="29"/>
        <source>Concurrency at P95 length</source>
        <translation>P95 长度下的并发数</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="30"/>
        <source>KV left on a single GPU</source>
        <translation>单卡剩余 KV 显存</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="31"/>
        <source>Concurrency within planning share</source>
        <translation>规划占比内的并发数</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="32"/>
        <source>Parameters (total)</source>
        <translation>参数量（总）</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="33"/>
        <source>Parameters (active)</source>
        <translation>参数量（激活）</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="34"/>
        <source>Active parameters without embedding</source>
        <translation>激活参数（不含嵌入层）</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="35"/>
        <source>Forward pass activations</source>
        <translation>前向激活</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="36"/>
        <source>Sampler</source>
        <translation>采样器</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="37"/>
        <source>MoE workspace</source>
        <translation>MoE 工作区</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="38"/>
        <source>Embedding</source>
        <translation>嵌入层</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="39"/>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="40"/>
        <source>Dense MLP</source>
        <translation>稠密 MLP</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="41"/>
        <source>Routed experts</source>
        <translation>路由专家</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="42"/>
        <source>Shared experts</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="43"/>
        <source>Norms and router</source>
        <translation>归一化与路由</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="44"/>
        <source>LM head</source>
        <translation>LM head</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="45"/>
        <source>Vision tower</source>
        <translation>视觉编码器</translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <location filename="../../gpucalc/ui/fields.py" line="114"/>
        <location filename="../../gpucalc/ui/format.py" line="48"/>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="49"/>
        <source>requests</source>
        <translation>个请求</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="50"/>
        <source>params</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../gpucalc/ui/format.py" line="51"/>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
</context>
</TS>
