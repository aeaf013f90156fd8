"""``--nodes``, ``--gpus-per-node`` and ``--network`` on the command line and in ``--json``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gpucalc.cli.errors import EXIT_USAGE
from gpucalc.cli.main import main

MODEL = "llama-3.1-70b-instruct"


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["estimate", MODEL, "--gpu", "h100-sxm-80gb", *args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def test_nodes_alone_sets_the_gpu_count_and_json_shows_the_topology(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "--nodes", "2", "-tp", "8", "-pp", "2")
    assert data["topology"] == {
        "nodes": 2, "gpus_per_node": 8, "network": "ib-ndr-400", "tp_spans_nodes": False,
        "pp_hops_across_nodes": 1, "scale_out_gb_per_s": 50.0,
        "scale_out": data["topology"]["scale_out"]}
    assert data["replicas"] == 1  # 2 nodes × 8 GPUs = 16 GPUs = one TP 8 × PP 2 replica
    codes = [n["code"] for n in data["notices"]]
    assert "pp_hops_across_nodes" in codes


def test_tp_across_nodes_is_flagged_and_network_and_node_size_are_taken(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "--nodes", "2", "-tp", "16")
    assert data["topology"]["tp_spans_nodes"] is True
    assert "tp_spans_nodes" in [n["code"] for n in data["notices"]]
    data = _json(capsys, "--nnodes", "4", "--gpus-per-node", "4", "-tp", "4", "--network", "roce")
    topology = data["topology"]
    assert isinstance(topology, dict)
    assert (topology["nodes"], topology["gpus_per_node"], topology["network"]) == (4, 4, "roce-400")
    assert data["replicas"] == 4


def test_nodes_that_disagree_with_num_gpus_are_one_clear_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["estimate", MODEL, "--gpu", "h100", "--nodes", "2", "--num-gpus", "12", "-tp", "4"])
    assert code == EXIT_USAGE
    err = capsys.readouterr().err.strip()
    assert err == ("gpucalc: 2 nodes × 8 GPUs per node = 16 GPUs, but --num-gpus is 12; change "
                   "--nodes, --gpus-per-node or --num-gpus")


def test_an_unknown_network_names_the_close_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["estimate", MODEL, "--gpu", "h100", "--nodes", "2", "-tp", "8", "--network", "ib-ndr"])
    assert code == EXIT_USAGE
    err = capsys.readouterr().err
    assert "unknown network 'ib-ndr'" in err
    assert "ib-ndr-400" in err


def test_the_table_names_the_nodes_and_the_network(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["estimate", MODEL, "--gpu", "h100", "--nodes", "2", "-tp", "8", "-pp", "2"]) == 0
    out = capsys.readouterr().out
    assert ("nodes: 2 × 8 GPUs; between nodes InfiniBand NDR 400 Gb/s (one ConnectX-7 per GPU) at "
            "50.0 GB/s per GPU and direction") in out


def test_networks_lists_the_table_with_per_gpu_bandwidth(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["networks"]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert "50.00 GB/s" in lines["ib-ndr-400"]
    assert "1.56 GB/s" in lines["ethernet-100g-per-server"]
