#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds, and runs the main job: a perft check of the
# move generator, then a short self-play demo match printed as BPGN.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

"$root/scripts/setup.sh"
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$root/build" -j "$(nproc)"

bughouse="$root/build/training/bughouse"
"$bughouse" perft --epd "$root/tests/data/bughouse_perft.epd" --max-depth 3
