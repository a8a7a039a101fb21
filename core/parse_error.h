// parse_error.h — the one exception type for text that does not parse: FEN, BFEN, moves,
// EPD and BPGN. The message names what is wrong and where (field, character, line).
#pragma once

#include <stdexcept>
#include <string>

namespace bh {

class ParseError : public std::invalid_argument {
 public:
  explicit ParseError(const std::string& what) : std::invalid_argument(what) {}
};

}  // namespace bh
