#!/usr/bin/env bash
# Smoke test of the frozen Linux app (packaging/dist/gpucalc, built by packaging/build-linux.sh).
#
# Runs the bundle headless (QT_QPA_PLATFORM=offscreen) in an isolated environment: a fresh HOME,
# XDG folders and GPUCALC_CONFIG_DIR under a temporary directory. Checks --help, --version,
# `estimate --json`, `gui --screenshot`, a PDF report, that the config dir given by
# GPUCALC_CONFIG_DIR is the one used (and nothing lands in the platform config dir), and runs the
# app once more without any network (`unshare -rn`) where the system allows it.
# Prints the bundle and tarball sizes and the start-to-result times against the aims.
#
# Usage: packaging/smoke-test.sh [BUNDLE_DIR]      (default: packaging/dist/gpucalc)
# Needs: bash 5, coreutils, python3 (JSON check), pdftotext (poppler-utils) for the PDF text check.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUNDLE=$(cd "${1:-$ROOT/packaging/dist/gpucalc}" 2>/dev/null && pwd) || {
  echo "smoke-test: no bundle at ${1:-packaging/dist/gpucalc}; run packaging/build-linux.sh first" >&2
  exit 1
}
APP=$BUNDLE/gpucalc
MODEL=llama-3.1-8b-instruct
GPU=h100-sxm-80gb
RUNS=3   # timed runs per command; the median is reported
AIM_ONEDIR_MB=200
AIM_TARBALL_MB=80
AIM_START_S=1.0
AIM_PDF_S=2.0

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export HOME=$WORK/home
export XDG_CONFIG_HOME=$HOME/.config XDG_DATA_HOME=$HOME/.local/share XDG_CACHE_HOME=$HOME/.cache
export GPUCALC_CONFIG_DIR=$WORK/config
export QT_QPA_PLATFORM=offscreen
unset DISPLAY WAYLAND_DISPLAY PYTHONPATH PYTHONHOME
mkdir -p "$HOME"

failures=0
pass() { printf '  ok    %s\n' "$1"; }
fail() { printf '  FAIL  %s\n' "$1"; failures=$((failures + 1)); }
check() {  # check DESCRIPTION COMMAND... : pass when the command succeeds
  local what=$1
  shift
  if "$@"; then pass "$what"; else fail "$what"; fi
}

# Seconds (2 decimals) that "$@" takes, its output going to $WORK/last.out / last.err.
time_run() {
  local start=$EPOCHREALTIME status=0
  "$@" >"$WORK/last.out" 2>"$WORK/last.err" || status=$?
  awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f\n", b - a }'
  return "$status"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Median of $RUNS timed runs of "$@" (each must succeed); "FAILED" when one does not.
timed_median() {
  local i t times=()
  for ((i = 0; i < RUNS; i++)); do
    t=$(time_run "$@") || { echo FAILED; return 1; }
    times+=("$t")
  done
  printf '%s\n' "${times[@]}" | median
}

verdict() {  # verdict VALUE AIM : "met" when VALUE <= AIM ("n/a" when VALUE is not a number)
  awk -v v="$1" -v a="$2" 'BEGIN { if (v !~ /^[0-9.]+$/) print "n/a"; else print (v + 0 <= a + 0) ? "met" : "MISSED" }'
}

json_has_tokens() {  # the estimate's JSON carries a positive kv_cache_tokens
  python3 -c 'import json, sys; sys.exit(0 if json.load(open(sys.argv[1]))["kv_cache_tokens"] > 0 else 1)' "$1"
}

png_ok() {  # a PNG of more than 20 kB (a rendered window, not an empty image)
  [ -f "$1" ] && [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] \
    && [ "$(stat -c %s "$1")" -gt 20000 ]
}

pdf_ok() {  # a PDF whose text names the model and the GPU
  [ -f "$1" ] && [ "$(head -c 5 "$1")" = "%PDF-" ] || return 1
  if command -v pdftotext >/dev/null 2>&1; then
    pdftotext "$1" "$WORK/report.txt" && grep -qi "llama" "$WORK/report.txt" && grep -qi "H100" "$WORK/report.txt"
  else
    echo "        (pdftotext not installed: PDF text not checked)"
  fi
}

pdf_has_chinese() {  # the PDF's text holds CJK ideographs (skipped without pdftotext)
  [ -f "$1" ] || return 1
  command -v pdftotext >/dev/null 2>&1 || return 0
  # UTF-8 lead bytes E4-E9 start the code points U+4000-U+9FFF (CJK ideographs)
  pdftotext -enc UTF-8 "$1" - | LC_ALL=C grep -q $'[\xe4-\xe9]'
}
export -f pdf_has_chinese

has_report() { "$APP" report --help >/dev/null 2>&1; }

echo "gpucalc smoke test: $APP"

echo "command line"
check "--help lists the commands" bash -c '"$0" --help | grep -q estimate' "$APP"
check "--version" bash -c '"$0" --version | grep -q "^gpucalc [0-9]"' "$APP"
check "bundled specs/ and resources/ at the bundle root" \
  test -d "$BUNDLE/_internal/specs" -a -d "$BUNDLE/_internal/resources/translations"
check "no Qt network library in the bundle" \
  bash -c '[ -z "$(find "$0" -name "libQt6Network*" -print -quit)" ]' "$BUNDLE"

echo "estimate"
t_estimate=$(timed_median "$APP" estimate "$MODEL" --gpu "$GPU" --json) || true
cp "$WORK/last.out" "$WORK/estimate.json"
check "estimate --json carries kv_cache_tokens > 0" json_has_tokens "$WORK/estimate.json"

echo "window"
# A user table the app cannot use: opening the catalog moves it aside inside GPUCALC_CONFIG_DIR,
# which shows that the frozen app reads and writes there.
mkdir -p "$GPUCALC_CONFIG_DIR/tables"
echo "not a table" >"$GPUCALC_CONFIG_DIR/tables/gpus.json"
t_window=$(timed_median "$APP" gui --screenshot "$WORK/window.png") || true
check "gui --screenshot writes a rendered PNG" png_ok "$WORK/window.png"
check "the config dir in GPUCALC_CONFIG_DIR is used (unusable table set aside there)" \
  bash -c 'ls "$0"/tables/gpus.bak-*.json >/dev/null 2>&1 && [ ! -e "$0/tables/gpus.json" ]' \
  "$GPUCALC_CONFIG_DIR"

echo "report"
t_pdf="n/a"
if has_report; then
  t_pdf=$(timed_median "$APP" report "$MODEL" --gpu "$GPU" --lang en -o "$WORK/report.pdf") || true
  check "report writes a PDF naming the model and GPU" pdf_ok "$WORK/report.pdf"
  check "Chinese report: the bundled CJK font draws Chinese text" \
    bash -c '"$0" report "$1" --gpu "$2" --lang zh -o "$3" >/dev/null && pdf_has_chinese "$3"' \
    "$APP" "$MODEL" "$GPU" "$WORK/report-zh.pdf"
else
  fail "this build has no 'report' command"
fi

check "nothing written to the platform config/data/cache dirs" \
  bash -c '[ -z "$(find "$0" -path "*gpucalc*" -print -quit)" ]' "$HOME"

echo "no network"
if unshare -rn true 2>/dev/null; then
  offline() { unshare -rn "$@" >"$WORK/offline.out" 2>"$WORK/offline.err"; }
  check "estimate inside a network-less namespace" \
    offline "$APP" estimate "$MODEL" --gpu "$GPU" --json
  check "gui --screenshot inside a network-less namespace" \
    offline "$APP" gui --screenshot "$WORK/window-offline.png"
  if has_report; then
    check "report inside a network-less namespace" \
      offline "$APP" report "$MODEL" --gpu "$GPU" -o "$WORK/report-offline.pdf"
  fi
else
  echo "  skip  unshare -rn is not permitted here (no user namespaces); network-less run not done"
fi

echo "figures"
onedir_mb=$(du -sb "$BUNDLE" | awk '{ printf "%.1f", $1 / 1e6 }')
printf '  onedir size            %8s MB   (aim <= %s MB: %s)\n' "$onedir_mb" "$AIM_ONEDIR_MB" \
  "$(verdict "$onedir_mb" "$AIM_ONEDIR_MB")"
tarball=$(find "$(dirname "$BUNDLE")" -maxdepth 1 -name 'gpucalc-*-linux-*.tar.gz' -print | sort | tail -n 1)
if [ -n "$tarball" ]; then
  tar_mb=$(stat -c %s "$tarball" | awk '{ printf "%.1f", $1 / 1e6 }')
  printf '  tarball size           %8s MB   (aim <= %s MB: %s)  %s\n' "$tar_mb" "$AIM_TARBALL_MB" \
    "$(verdict "$tar_mb" "$AIM_TARBALL_MB")" "$(basename "$tarball")"
else
  echo "  tarball size                  n/a   (no gpucalc-*-linux-*.tar.gz next to the bundle)"
fi
printf '  estimate --json        %8s s    (median of %d; aim <= %s s: %s)\n' "$t_estimate" "$RUNS" \
  "$AIM_START_S" "$(verdict "$t_estimate" "$AIM_START_S")"
printf '  gui --screenshot       %8s s    (median of %d; start, first result, render, PNG; aim <= %s s: %s)\n' \
  "$t_window" "$RUNS" "$AIM_START_S" "$(verdict "$t_window" "$AIM_START_S")"
if [ "$t_pdf" != "n/a" ]; then
  printf '  report PDF             %8s s    (median of %d; aim <= %s s: %s)\n' "$t_pdf" "$RUNS" \
    "$AIM_PDF_S" "$(verdict "$t_pdf" "$AIM_PDF_S")"
fi
printf '  machine                %s cores, load %s\n' "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"

if [ "$failures" -gt 0 ]; then
  echo "smoke test: $failures check(s) failed"
  exit 1
fi
echo "smoke test: all checks passed"
