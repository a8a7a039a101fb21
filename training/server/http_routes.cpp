// http_routes.cpp — the route table and its handlers.
#include "training/server/http_routes.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>

#include "training/server/page_files.h"
#include "training/server/rules_json.h"
#include "training/server/run_routes.h"
#include "training/server/tournament_routes.h"

namespace bh::server {

namespace http = boost::beast::http;

namespace {

boost::beast::string_view beast_view(std::string_view s) { return {s.data(), s.size()}; }

}  // namespace

HttpResponse reply(const HttpRequest& request, http::status status, std::string_view type, std::string body) {
  HttpResponse r{status, request.version()};
  r.set(http::field::content_type, beast_view(type));
  r.set(http::field::cache_control, "no-store");
  r.keep_alive(request.keep_alive());
  r.body() = std::move(body);
  r.prepare_payload();
  return r;
}

HttpResponse text(const HttpRequest& request, http::status status, std::string message) {
  return reply(request, status, "text/plain; charset=utf-8", std::move(message) + "\n");
}

HttpResponse json_reply(const HttpRequest& request, const nlohmann::json& body, http::status status) {
  return reply(request, status, "application/json", body.dump());
}

HttpResponse page_file(const HttpRequest& request, std::string_view name) {
  const PageFile* file = find_page_file(name);
  if (!file) return text(request, http::status::not_found, "not found");
  return reply(request, http::status::ok, file->content_type, std::string(file->bytes));
}

std::string_view query_value(std::string_view target, std::string_view key) {
  const std::size_t q = target.find('?');
  if (q == std::string_view::npos) return {};
  std::string_view query = target.substr(q + 1);
  while (!query.empty()) {
    const std::string_view pair = query.substr(0, query.find('&'));
    if (pair.size() > key.size() && pair.starts_with(key) && pair[key.size()] == '=') return pair.substr(key.size() + 1);
    query.remove_prefix(std::min(query.size(), pair.size() + 1));
  }
  return {};
}

namespace {

// "/api/tables/ID/bpgn" -> "ID", or "" when the path has another shape.
std::string_view middle(std::string_view path, std::string_view prefix, std::string_view suffix) {
  if (path.size() <= prefix.size() + suffix.size() || !path.starts_with(prefix) || !path.ends_with(suffix)) return {};
  const std::string_view id = path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
  return id.find('/') == std::string_view::npos ? id : std::string_view{};
}

using Handler = HttpResponse (*)(const HttpRequest&, std::string_view path, Lobby&);

HttpResponse index_page(const HttpRequest& request, std::string_view path, Lobby&) {
  if (path != "/") return text(request, http::status::not_found, "not found");
  return page_file(request, "index.html");
}

HttpResponse table_page(const HttpRequest& request, std::string_view path, Lobby& lobby) {
  const std::string_view id = middle(path, "/table/", "");
  if (id.empty() || !lobby.find(std::string(id))) return text(request, http::status::not_found, "no such table");
  return page_file(request, "index.html");
}

HttpResponse asset(const HttpRequest& request, std::string_view path, Lobby&) {
  return page_file(request, path.substr(std::string_view("/page/").size()));
}

HttpResponse create_table(const HttpRequest& request, std::string_view path, Lobby& lobby) {
  if (path != "/api/tables") return text(request, http::status::not_found, "not found");
  try {
    return reply(request, http::status::created, "application/json", lobby.create(request.body()));
  } catch (const std::invalid_argument& e) {
    return text(request, http::status::bad_request, e.what());
  }
}

HttpResponse rules_route(const HttpRequest& request, std::string_view path, Lobby& lobby) {
  if (path != "/api/rules") return text(request, http::status::not_found, "not found");
  return json_reply(request, server::rules_catalogue(lobby.rules()));
}

HttpResponse table_bpgn(const HttpRequest& request, std::string_view path, Lobby& lobby) {
  const std::string_view id = middle(path, "/api/tables/", "/bpgn");
  SeatedTable* table = id.empty() ? nullptr : lobby.find(std::string(id));
  // A table that is gone keeps its latest finished match's record (lobby.h).
  const std::optional<std::string> kept = id.empty() || table ? std::nullopt : lobby.record(std::string(id));
  if (!table && !kept) return text(request, http::status::not_found, "no such table");
  if (table && !table->has_record()) return text(request, http::status::conflict, "the match is not over");
  HttpResponse r = reply(request, http::status::ok, "application/x-bughouse-pgn; charset=utf-8", table ? table->bpgn() : *kept);
  r.set(http::field::content_disposition, "attachment; filename=\"bughouse-" + std::string(id) + ".bpgn\"");
  return r;
}

struct Route {
  http::verb method;
  std::string_view prefix;
  Handler handler;
};

// Longest prefixes first: the first route whose method and prefix match answers.
constexpr Route kRoutes[] = {
    {http::verb::get, "/api/tables/", table_bpgn},
    {http::verb::get, "/api/rules", rules_route},
    {http::verb::post, "/api/tables", create_table},
    {http::verb::get, "/table/", table_page},
    {http::verb::get, "/page/", asset},
    {http::verb::get, "/", index_page},
};

}  // namespace

HttpResponse respond(const HttpRequest& request, Lobby& lobby, const RunLibrary* run, TournamentDesk& desk) {
  const std::string_view target(request.target().data(), request.target().size());
  const std::string_view path = target.substr(0, target.find('?'));
  if (auto answer = respond_run(request, path, run)) return std::move(*answer);
  if (auto answer = respond_tournament(request, path, desk)) return std::move(*answer);
  for (const Route& route : kRoutes)
    if (request.method() == route.method && path.starts_with(route.prefix)) return route.handler(request, path, lobby);
  return text(request, http::status::not_found, "not found");
}

}  // namespace bh::server
