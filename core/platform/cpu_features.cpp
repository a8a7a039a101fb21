// cpu_features.cpp — CPUID and XGETBV, read directly (GCC's <cpuid.h>).
#include "core/platform/cpu_features.h"

#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace bh {

#if defined(__x86_64__) || defined(__i386__)

namespace {

struct Cpuid {
  unsigned a = 0, b = 0, c = 0, d = 0;
};

bool cpuid(unsigned leaf, unsigned subleaf, Cpuid& r) { return __get_cpuid_count(leaf, subleaf, &r.a, &r.b, &r.c, &r.d); }

constexpr bool bit(unsigned word, int n) { return (word >> n) & 1u; }

// The register state the OS saves on a context switch (XCR0). Without OSXSAVE the OS
// saves none of the extended state, and AVX-512 and AMX instructions would fault.
std::uint64_t enabled_state() {
  Cpuid basic;
  if (!cpuid(1, 0, basic) || !bit(basic.c, 27)) return 0;  // leaf 1 ECX bit 27: OSXSAVE
  unsigned lo = 0, hi = 0;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (std::uint64_t(hi) << 32) | lo;
}

constexpr std::uint64_t kAvx512State = 0xE6;              // SSE, AVX, opmask, ZMM_Hi256, Hi16_ZMM
constexpr std::uint64_t kAmxState = (1ull << 17) | (1ull << 18);  // TILECFG, TILEDATA

bool detect_native_bf16() {
  Cpuid ext0;
  if (!cpuid(7, 0, ext0)) return false;
  Cpuid ext1;
  const bool avx512_bf16 = ext0.a >= 1 && cpuid(7, 1, ext1) && bit(ext1.a, 5);  // leaf 7.1 EAX bit 5
  const bool amx_bf16 = bit(ext0.d, 22);                                            // leaf 7.0 EDX bit 22
  if (!avx512_bf16 && !amx_bf16) return false;
  const std::uint64_t state = enabled_state();
  return (avx512_bf16 && (state & kAvx512State) == kAvx512State) || (amx_bf16 && (state & kAmxState) == kAmxState);
}

}  // namespace

// A fact of the machine: read once, since the trainer asks at every step.
bool cpu_has_native_bf16() {
  static const bool answer = detect_native_bf16();
  return answer;
}

#else

bool cpu_has_native_bf16() { return false; }

#endif

}  // namespace bh
