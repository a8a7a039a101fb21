// cpu_features.h — what the processor can do natively that the network's speed depends on.
//
// bf16 arithmetic is fast only where the CPU has it in hardware (AVX512_BF16 or
// AMX-BF16); elsewhere oneDNN runs bf16 through slow fallback kernels (nn/README.md
// "bf16 and channels-last" gives the measured rates), so `precision = "auto"` and the
// trainer's bf16 autocast ask this before they choose bf16.
#pragma once

namespace bh {

// True when this x86 CPU has AVX512_BF16 or AMX-BF16 and the operating system has
// enabled the register state they need (XCR0). False on every other processor.
bool cpu_has_native_bf16();

}  // namespace bh
