// tournament_routes.cpp — the tournaments' route table and its handlers.
#include "training/server/tournament_routes.h"

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace bh::server {

namespace http = boost::beast::http;

namespace {

using Json = nlohmann::json;

// "/api/tournaments/ID/REST" -> (ID, REST); REST is "" for "/api/tournaments/ID".
std::pair<std::string_view, std::string_view> split(std::string_view path, std::string_view prefix) {
  std::string_view rest = path.substr(prefix.size());
  const std::size_t slash = rest.find('/');
  if (slash == std::string_view::npos) return {rest, {}};
  return {rest.substr(0, slash), rest.substr(slash + 1)};
}

// The key in the query matches the tournament's (a director), or is absent (the public).
enum class Access { Public, Director, Refused };
Access access(std::string_view target, const HostedTournament& t) {
  const std::string_view key = query_value(target, "manage");
  if (key.empty()) return Access::Public;
  return key == t.manage_key() ? Access::Director : Access::Refused;
}

HttpResponse refused(const HttpRequest& request) {
  return text(request, http::status::forbidden, "this link does not manage the tournament");
}

HttpResponse view(const HttpRequest& request, std::string_view target, HostedTournament& t) {
  const Access a = access(target, t);
  if (a == Access::Refused) return refused(request);
  return json_reply(request, t.view(a == Access::Director));
}

HttpResponse act(const HttpRequest& request, std::string_view target, std::string_view action, HostedTournament& t) {
  if (access(target, t) != Access::Director) return refused(request);
  const Json body = request.body().empty() ? Json::object() : Json::parse(request.body(), nullptr, false);
  try {
    if (body.is_discarded()) throw std::invalid_argument("the body is not JSON");
    return json_reply(request, t.act(action, body));
  } catch (const std::invalid_argument& e) {
    return text(request, http::status::bad_request, e.what());
  }
}

HttpResponse seat(const HttpRequest& request, std::string_view target, HostedTournament& t) {
  const std::optional<Json> where = t.seat_of(query_value(target, "player"));
  if (!where) return text(request, http::status::forbidden, "this link is no player's in the tournament");
  return json_reply(request, *where);
}

HttpResponse download(const HttpRequest& request, std::string_view type, std::string body, const std::string& name) {
  if (body.empty()) return text(request, http::status::conflict, "no round has been paired yet");
  HttpResponse r = reply(request, http::status::ok, type, std::move(body));
  if (!name.empty()) r.set(http::field::content_disposition, "attachment; filename=\"" + name + "\"");
  return r;
}

// round-N.html: the printable pairing sheet of round N.
std::optional<HttpResponse> sheet(const HttpRequest& request, std::string_view rest, HostedTournament& t) {
  if (!rest.starts_with("round-") || !rest.ends_with(".html")) return std::nullopt;
  const std::string digits(rest.substr(6, rest.size() - 11));
  if (digits.empty() || digits.size() > 3 || digits.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  try {
    return reply(request, http::status::ok, "text/html; charset=utf-8", t.pairing_sheet(std::stoi(digits) - 1));
  } catch (const std::out_of_range&) {
    return text(request, http::status::not_found, "that round is not paired");
  }
}

std::optional<HttpResponse> record(const HttpRequest& request, std::string_view rest, HostedTournament& t) {
  if (!rest.starts_with("games/")) return std::nullopt;
  std::optional<std::string> bpgn = t.record(rest.substr(6));
  if (!bpgn) return text(request, http::status::not_found, "no such record");
  return download(request, "application/x-bughouse-pgn; charset=utf-8", std::move(*bpgn), std::string(rest.substr(6)));
}

HttpResponse export_file(const HttpRequest& request, std::string_view rest, HostedTournament& t) {
  if (rest == "standings.csv") return download(request, "text/csv; charset=utf-8", t.standings_csv(), "standings.csv");
  if (rest == "crosstable.csv") return download(request, "text/csv; charset=utf-8", t.cross_table_csv(), "crosstable.csv");
  if (rest == "standings.html") return download(request, "text/html; charset=utf-8", t.standings_html(), "");
  if (rest == "games.bpgn")
    return download(request, "application/x-bughouse-pgn; charset=utf-8", t.all_records(), "games.bpgn");
  if (auto page = sheet(request, rest, t)) return std::move(*page);
  if (auto file = record(request, rest, t)) return std::move(*file);
  return text(request, http::status::not_found, "not found");
}

}  // namespace

std::optional<HttpResponse> respond_tournament(const HttpRequest& request, std::string_view path, TournamentDesk& desk) {
  const std::string_view target(request.target().data(), request.target().size());
  const bool get = request.method() == http::verb::get, post = request.method() == http::verb::post;
  if (path == "/api/tournaments" && post) {
    try {
      return json_reply(request, desk.create(request.body()), http::status::created);
    } catch (const std::invalid_argument& e) {
      return text(request, http::status::bad_request, e.what());
    }
  }
  if (path.starts_with("/tournament/") && get) {
    if (!desk.find(split(path, "/tournament/").first)) return text(request, http::status::not_found, "no such tournament");
    return page_file(request, "tournament.html");
  }
  if (!path.starts_with("/api/tournaments/")) return std::nullopt;
  const auto [id, rest] = split(path, "/api/tournaments/");
  HostedTournament* t = desk.find(id);
  if (!t) return text(request, http::status::not_found, "no such tournament");
  if (rest.empty() && get) return view(request, target, *t);
  if (rest == "seat" && get) return seat(request, target, *t);
  if (post) return act(request, target, rest, *t);
  if (get) return export_file(request, rest, *t);
  return text(request, http::status::not_found, "not found");
}

}  // namespace bh::server
