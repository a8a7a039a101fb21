// secret_token.h — unguessable identifiers for tables, seats and spectator links: 128 bits
// from OpenSSL's CSPRNG, written as 32 lower-case hex digits. A seat's token is all that
// proves a connection may move for that seat, so it must not be predictable (a counter or
// std::mt19937 seeded from the time would let anyone take a seat).
#pragma once

#include <string>

namespace bh::server {

// Throws std::runtime_error when the CSPRNG cannot give bytes (never silently weaker).
std::string secret_token();

}  // namespace bh::server
