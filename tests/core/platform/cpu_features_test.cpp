// Specification of cpu_has_native_bf16: it agrees with the kernel's own reading of the
// processor, the "flags" line of /proc/cpuinfo (avx512_bf16, amx_bf16), which Linux
// clears for a feature whose register state it does not enable.
#include "core/platform/cpu_features.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace bh {
namespace {

std::set<std::string> kernel_cpu_flags() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("flags", 0) != 0) continue;
    std::istringstream words(line.substr(line.find(':') + 1));
    std::set<std::string> flags;
    for (std::string w; words >> w;) flags.insert(w);
    return flags;
  }
  return {};
}

TEST(CpuFeatures, NativeBf16AgreesWithTheKernelsFlags) {
  const std::set<std::string> flags = kernel_cpu_flags();
  ASSERT_FALSE(flags.empty()) << "no flags line in /proc/cpuinfo";
#if defined(__x86_64__) || defined(__i386__)
  ASSERT_TRUE(flags.count("sse2")) << "an x86 CPU lists sse2: the flags line was misread";
  const bool kernel_says = flags.count("avx512_bf16") || flags.count("amx_bf16");
#else
  const bool kernel_says = false;  // only x86 is detected (core/platform/cpu_features.h)
#endif
  EXPECT_EQ(cpu_has_native_bf16(), kernel_says);
}

}  // namespace
}  // namespace bh
