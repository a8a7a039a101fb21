// html_escape.h — text made safe to place in an HTML page, in element content and in
// quoted attribute values: the self-contained pages the program writes (the training
// report, the tournament page) show names and specs that users typed.
#pragma once

#include <string>
#include <string_view>

namespace bh {

// Replaces & < > " ' with their character references; everything else is kept.
std::string escape_html(std::string_view text);

}  // namespace bh
