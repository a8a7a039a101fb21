// log_sink.h — where the broker layer writes its few log lines (reconnects, rejected
// chunks). The commands decide where those go; tests capture them.
#pragma once

#include <functional>
#include <string_view>

namespace bh {

// Receives one line without a trailing newline. An empty LogSink drops the line.
using LogSink = std::function<void(std::string_view line)>;

// Writes "broker: <line>" to standard error.
LogSink stderr_log();

}  // namespace bh
