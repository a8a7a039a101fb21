// http_routes.h — the plain HTTP side of `bughouse serve` (training/server/README.md
// "Endpoints"): the page, the page of a table, creating a table, a finished match as BPGN,
// with a run directory its replays (run_routes.h), and the tournaments (tournament_routes.h). Anything else is a 404; a request
// that is wrong is a 400 with the reason as text (a record that cannot be replayed, 422).
#pragma once

#include <string>
#include <string_view>

#include <boost/beast/http.hpp>
#include <nlohmann/json.hpp>

#include "training/server/lobby.h"
#include "training/server/run_library.h"
#include "training/server/tournament_desk.h"

namespace bh::server {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;

// `run`: the run directory whose matches are shown, or nullptr; `desk`: the tournaments
// (tournament_routes.h).
HttpResponse respond(const HttpRequest& request, Lobby& lobby, const RunLibrary* run, TournamentDesk& desk);

// The pieces of a response the routes share: a body of a type, plain text, a page file.
HttpResponse reply(const HttpRequest& request, boost::beast::http::status status, std::string_view type,
                   std::string body);
HttpResponse text(const HttpRequest& request, boost::beast::http::status status, std::string message);
HttpResponse json_reply(const HttpRequest& request, const nlohmann::json& body,
                        boost::beast::http::status status = boost::beast::http::status::ok);
HttpResponse page_file(const HttpRequest& request, std::string_view name);
// The value of `key` in the query of `target` ("/ws/ID?token=T"), as sent, or "".
std::string_view query_value(std::string_view target, std::string_view key);

}  // namespace bh::server
