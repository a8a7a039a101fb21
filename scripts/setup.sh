#!/usr/bin/env bash
# Installs the Debian 12 packages the whole project needs, skipping what is present.
# Idempotent: a second run installs nothing. Needs root (or sudo) only when something is missing.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  libtorch-dev libopenblas0-openmp      # LibTorch; without OpenBLAS it falls back to the 30x slower reference BLAS
  libeigen3-dev libtbb-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev libtomlplusplus-dev libzstd-dev
  zlib1g-dev                            # CRC-32 of chunks and checkpoints (core/platform/crc32)
  nlohmann-json3-dev                    # metrics.jsonl lines (training/json_line)
  libhiredis-dev redis-server           # distributed self-play broker
  libssl-dev                            # the broker's SHA-256 of published nets, serve's seat tokens (libcrypto)
  libboost-dev                          # bughouse serve: Boost.Beast/Asio HTTP and WebSocket (header-only)
  chromium                              # the page's test in a real browser (headless; playwright-core comes from npm)
  fairy-stockfish stockfish sjeng       # reference engines: perft comparison, arena opponents
  python3-torch                         # ONNX export route (torch.onnx.export on the TorchScript archive)
  clang libclang-rt-14-dev ccache       # scripts/fuzz.sh: libFuzzer and the sanitizers' runtimes (clang only recommends them)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
