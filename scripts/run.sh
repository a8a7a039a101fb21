#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds, and runs the main job: a training run with
# configs/quick.toml in runs/quick (about an hour on 2 cores). Ctrl-C stops it cleanly;
# running this script again resumes the run where it stopped.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

"$root/scripts/setup.sh"
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$root/build" -j "$(nproc)"

bughouse="$root/build/training/bughouse"
run="$root/runs/quick"
if [ -d "$run/checkpoints" ]; then
  exec "$bughouse" train --run "$run" --resume
else
  exec "$bughouse" train --config "$root/configs/quick.toml" --run "$run"
fi
