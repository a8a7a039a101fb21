#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine (scripts/setup.sh), builds everything in build/ and
# runs every test. The README's test command; .ci/run calls it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)

"$root/scripts/setup.sh"
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$root/build" -j "$jobs"
ctest --test-dir "$root/build" --output-on-failure -j "$jobs"
