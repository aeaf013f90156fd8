#!/usr/bin/env bash
# Scratch environment for the side-by-side comparison with NVIDIA's planner
# aiconfigurator (Apache-2.0, on PyPI). It lives outside gpucalc's own venv and is
# never a run-time or test dependency: benchmarks/peer_comparison.py calls its python
# through tools/peer_predict.py when the folder exists.
#
#   bash tools/peer_env.sh            # build/peer-venv with aiconfigurator 0.12.0
#   PEER_VENV=/tmp/x PEER_VERSION=0.12.0 bash tools/peer_env.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PEER_VENV="${PEER_VENV:-$ROOT/build/peer-venv}"
PEER_VERSION="${PEER_VERSION:-0.12.0}"
PYTHON="${PYTHON:-python3}"

if [ ! -x "$PEER_VENV/bin/python" ]; then
    mkdir -p "$(dirname "$PEER_VENV")"
    "$PYTHON" -m venv "$PEER_VENV"
fi
"$PEER_VENV/bin/python" -m pip install --quiet --upgrade pip
"$PEER_VENV/bin/python" -m pip install --quiet "aiconfigurator==$PEER_VERSION"
"$PEER_VENV/bin/python" -c "import importlib.metadata as m; print('aiconfigurator', m.version('aiconfigurator'), '| aiconfigurator-core', m.version('aiconfigurator-core'))"
echo "peer ready: $PEER_VENV/bin/python (used by: python -m benchmarks.peer_comparison)"
