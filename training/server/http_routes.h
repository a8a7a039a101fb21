// http_routes.h — the plain HTTP side of `bughouse serve` (training/server/README.md
// "Endpoints"): the page, the page of a table, creating a table, a finished match as BPGN.
// Anything else is a 404; a request that is wrong is a 400 with the reason as text.
#pragma once

#include <boost/beast/http.hpp>

#include "training/server/lobby.h"

namespace bh::server {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;

HttpResponse respond(const HttpRequest& request, Lobby& lobby);

}  // namespace bh::server
