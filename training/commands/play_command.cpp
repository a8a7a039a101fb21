#include "training/commands/commands.h"
namespace bh::cli { void add_play_command(CLI::App&) {} }
