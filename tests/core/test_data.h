// test_data.h — where the shared test data lives (tests/data, copied from the independent
// generator described in tests/data/README.md).
#pragma once

#include <string>

namespace bh::test {

inline std::string data_path(const std::string& name) {
  return std::string(BUGHOUSE_TEST_DATA) + "/" + name;
}

}  // namespace bh::test
