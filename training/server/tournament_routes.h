// tournament_routes.h — the routes of the tournaments a server hosts
// (training/server/README.md "Tournaments"): the tournament's page, creating one, its
// view (public, or the director's with the management key), the director's actions, a
// person's seat, and the exports (standings and cross-table as CSV and HTML, a round's
// pairing sheet, a match's record). A management key or a person's link that does not
// match is a 403 and changes nothing; a wrong request a 400 with the reason.
#pragma once

#include <optional>
#include <string_view>

#include "training/server/http_routes.h"
#include "training/server/tournament_desk.h"

namespace bh::server {

// The answer when `path` is a tournament route (`/tournament/...`, `/api/tournaments...`),
// else nullopt.
std::optional<HttpResponse> respond_tournament(const HttpRequest& request, std::string_view path, TournamentDesk& desk);

}  // namespace bh::server
