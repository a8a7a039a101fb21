#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine (scripts/setup.sh), builds everything in build/ and
# runs every test. The README's test command; .ci/run calls it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)

"$root/scripts/setup.sh"
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$root/build" -j "$jobs"
# An independent ONNX runtime for the export test (npm registry; --ignore-scripts skips a
# GPU download this machine cannot reach). Without npm the test says it was skipped.
if command -v npm >/dev/null && [ ! -d "$root/build/node_modules/onnxruntime-node" ]; then
  npm install --prefix "$root/build" onnxruntime-node@1 --ignore-scripts --no-audit --no-fund --loglevel=error ||
    echo "test.sh: onnxruntime-node not installed; the ONNX export test will be skipped"
fi
# The browser that drives the page's test (npm registry; it uses Debian's chromium and
# downloads no browser). Without it the test says it was skipped.
if command -v npm >/dev/null && [ ! -d "$root/build/node_modules/playwright-core" ]; then
  npm install --prefix "$root/build" playwright-core@1 --no-audit --no-fund --loglevel=error ||
    echo "test.sh: playwright-core not installed; the browser test will be skipped"
fi
ctest --test-dir "$root/build" --output-on-failure -j "$jobs"
