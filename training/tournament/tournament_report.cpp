// tournament_report.cpp — each table built once as cells, then written as text or HTML.
#include "training/tournament/tournament_report.h"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "training/report/html_escape.h"

namespace bh {

namespace {

struct Table {
  std::string title;
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

std::string num(double v, int decimals = 1) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string interval(const Rating& r) {
  if (!std::isfinite(r.low) || !std::isfinite(r.high)) return "(not connected)";
  if (r.low == r.high) return "(anchor)";
  return "[" + num(r.low, 0) + ", " + num(r.high, 0) + "]";
}

Table standings_table(const TournamentSummary& s) {
  Table t{"Standings after " + std::to_string(s.rounds_done) + " of " + std::to_string(s.rounds_planned) + " rounds",
          {"rank", "entrant", "points", "games", "W-D-L", "Buchholz", "S-B", "direct", "Elo", "95%"},
          {}};
  for (const StandingRow& row : s.standings) {
    const Rating& elo = s.entrant_ratings[std::size_t(row.entrant)];
    t.rows.push_back({std::to_string(row.rank), s.entrants[std::size_t(row.entrant)].name, num(row.points),
                      std::to_string(row.games),
                      std::to_string(row.wins) + "-" + std::to_string(row.draws) + "-" + std::to_string(row.losses),
                      num(row.buchholz), num(row.sonneborn_berger, 2), num(row.direct), num(elo.elo, 0), interval(elo)});
  }
  return t;
}

// Rows and columns in standing order; "x" on the diagonal, "." where two never met.
Table cross_table(const TournamentSummary& s) {
  Table t{"Cross-table (points of the row against the column)", {"", "entrant"}, {}};
  for (std::size_t i = 0; i < s.standings.size(); ++i) t.header.push_back(std::to_string(i + 1));
  for (std::size_t i = 0; i < s.standings.size(); ++i) {
    const int a = s.standings[i].entrant;
    std::vector<std::string> row = {std::to_string(i + 1), s.entrants[std::size_t(a)].name};
    for (const StandingRow& col : s.standings) {
      const int b = col.entrant;
      const int games = s.cross.games[std::size_t(a)][std::size_t(b)];
      row.push_back(a == b ? "x" : games == 0 ? "." : num(s.cross.points[std::size_t(a)][std::size_t(b)]) + "/" + std::to_string(games));
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

Table players_table(const TournamentSummary& s) {
  Table t{"Player ratings (Bradley-Terry over all matches, anchored at " + s.anchor + ")", {"player", "Elo", "95%", "matches"}, {}};
  for (std::size_t p = 0; p < s.players.size(); ++p) {
    const Rating& r = s.player_ratings[p];
    t.rows.push_back({s.players[p], num(r.elo, 0), interval(r), std::to_string(r.games)});
  }
  return t;
}

// The ladder: the hero's score and Elo against each opponent, each with its own interval.
Table gauntlet_table(const TournamentSummary& s) {
  Table t{"Gauntlet: " + s.hero + " against each opponent", {"opponent", "W-D-L", "score", "Elo of " + s.hero, "95%"}, {}};
  for (const GauntletRung& r : s.rungs)
    t.rows.push_back({r.opponent, std::to_string(r.wins) + "-" + std::to_string(r.draws) + "-" + std::to_string(r.losses),
                      num(100 * r.elo.score) + "%", num(r.elo.elo, 0), "[" + num(r.elo.low, 0) + ", " + num(r.elo.high, 0) + "]"});
  return t;
}

Table prizes_table(const TournamentSummary& s) {
  Table t{"Prizes", {"prize", "team"}, {}};
  for (const auto& [prize, team] : s.prizes) t.rows.push_back({prize, team});
  return t;
}

Table members_table(const TournamentSummary& s) {
  Table t{"Entrants", {"entrant", "players"}, {}};
  for (const EntrantInfo& e : s.entrants)
    if (!e.members.empty()) t.rows.push_back({e.name, e.members});
  return t;
}

std::string render_text(const Table& t) {
  std::vector<std::size_t> width(t.header.size(), 0);
  auto widen = [&](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size() && i < width.size(); ++i) width[i] = std::max(width[i], row[i].size());
  };
  widen(t.header);
  for (const auto& row : t.rows) widen(row);
  auto line = [&](const std::vector<std::string>& row) {
    std::string out;
    for (std::size_t i = 0; i < row.size(); ++i) out += row[i] + std::string(width[i] - row[i].size() + 2, ' ');
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "\n";
  };
  std::string out = t.title + "\n" + line(t.header);
  for (const auto& row : t.rows) out += line(row);
  return out;
}

// RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled.
std::string csv_field(const std::string& f) {
  if (f.find_first_of(",\"\r\n") == std::string::npos) return f;
  std::string out = "\"";
  for (char ch : f) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return out + "\"";
}

std::string render_csv(const Table& t) {
  auto line = [](const std::vector<std::string>& row) {
    std::string out;
    for (std::size_t i = 0; i < row.size(); ++i) out += (i ? "," : "") + csv_field(row[i]);
    return out + "\r\n";
  };
  std::string out = line(t.header);
  for (const auto& row : t.rows) out += line(row);
  return out;
}

std::string render_html(const Table& t) {
  std::string out = "<h2>" + escape_html(t.title) + "</h2>\n<table><tr>";
  for (const auto& h : t.header) out += "<th>" + escape_html(h) + "</th>";
  out += "</tr>\n";
  for (const auto& row : t.rows) {
    out += "<tr>";
    for (const auto& cell : row) out += "<td>" + escape_html(cell) + "</td>";
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

std::vector<std::string> notes(const TournamentSummary& s) {
  std::vector<std::string> out;
  std::string endings = "endings:";
  for (const auto& [kind, n] : s.endings) endings += " " + kind + " " + std::to_string(n) + ",";
  if (!s.endings.empty()) endings.pop_back();
  out.push_back(endings);
  for (const auto& [what, who] : s.categories) out.push_back(what + ": " + who);
  for (const auto& [prize, team] : s.prizes) out.push_back("prize, " + prize + ": " + team);
  for (const auto& f : s.faults) out.push_back("faults: " + f);
  if (s.sprt) out.push_back("SPRT: " + s.sprt->to_string());
  return out;
}

nlohmann::json rating_json(const Rating& r) {
  auto finite = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(); };
  return {{"elo", r.elo}, {"low", finite(r.low)}, {"high", finite(r.high)}, {"games", r.games}};
}

}  // namespace

std::string standings_text(const TournamentSummary& s) { return render_text(standings_table(s)); }
std::string cross_table_text(const TournamentSummary& s) { return render_text(cross_table(s)); }
std::string ratings_text(const TournamentSummary& s) { return render_text(players_table(s)); }
std::string gauntlet_text(const TournamentSummary& s) { return s.rungs.empty() ? "" : render_text(gauntlet_table(s)); }

std::string standings_csv(const TournamentSummary& s) { return render_csv(standings_table(s)); }
std::string cross_table_csv(const TournamentSummary& s) { return render_csv(cross_table(s)); }

std::string endings_text(const TournamentSummary& s) {
  std::string out;
  for (const auto& line : notes(s)) out += line + "\n";
  return out;
}

std::string summary_json(const TournamentSummary& s) {
  nlohmann::json standings = nlohmann::json::array(), players = nlohmann::json::array();
  for (const StandingRow& row : s.standings)
    standings.push_back({{"rank", row.rank}, {"entrant", s.entrants[std::size_t(row.entrant)].name},
                         {"players", s.entrants[std::size_t(row.entrant)].members}, {"points", row.points},
                         {"games", row.games}, {"wins", row.wins}, {"draws", row.draws}, {"losses", row.losses},
                         {"buchholz", row.buchholz}, {"sonneborn_berger", row.sonneborn_berger}, {"direct", row.direct},
                         {"rating", rating_json(s.entrant_ratings[std::size_t(row.entrant)])}});
  for (std::size_t p = 0; p < s.players.size(); ++p)
    players.push_back({{"player", s.players[p]}, {"rating", rating_json(s.player_ratings[p])}});
  nlohmann::json categories = nlohmann::json::object(), prizes = nlohmann::json::array();
  for (const auto& [what, who] : s.categories) categories[what] = who;
  for (const auto& [prize, team] : s.prizes) prizes.push_back({{"prize", prize}, {"team", team}});
  nlohmann::json j = {{"format", s.format},     {"rounds_done", s.rounds_done}, {"rounds_planned", s.rounds_planned},
                      {"matches", s.matches},   {"standings", standings},       {"players", players},
                      {"anchor", s.anchor},     {"cross_table", {{"points", s.cross.points}, {"games", s.cross.games}}},
                      {"endings", s.endings},   {"categories", categories},    {"faults", s.faults},
                      {"prizes", prizes}};
  if (!s.rungs.empty()) {
    nlohmann::json rungs = nlohmann::json::array();
    for (const GauntletRung& r : s.rungs)
      rungs.push_back({{"opponent", r.opponent}, {"wins", r.wins}, {"draws", r.draws}, {"losses", r.losses},
                       {"score", r.elo.score}, {"elo", r.elo.elo}, {"low", r.elo.low}, {"high", r.elo.high}});
    j["gauntlet"] = {{"hero", s.hero}, {"rungs", rungs}};
  }
  if (s.sprt) j["sprt"] = {{"llr", s.sprt->llr}, {"lower", s.sprt->lower}, {"upper", s.sprt->upper}, {"state", s.sprt->to_string()}};
  return j.dump(2) + "\n";
}

std::string summary_html(const TournamentSummary& s, const std::string& title) {
  std::string html = "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>" + escape_html(title) +
                     "</title>\n<style>body{font-family:sans-serif;margin:2em;color:#222}h2{font-size:1.1em;margin-top:2em}"
                     "table{border-collapse:collapse}td,th{padding:2px 10px;border-bottom:1px solid #ddd;text-align:left}"
                     "</style></head><body>\n<h1>" + escape_html(title) + "</h1>\n<p>" + escape_html(s.format) + "; " +
                     std::to_string(s.matches) + " matches</p>\n";
  html += render_html(standings_table(s));
  if (!s.prizes.empty()) html += render_html(prizes_table(s));
  if (!members_table(s).rows.empty()) html += render_html(members_table(s));
  html += render_html(cross_table(s));
  html += render_html(players_table(s));
  if (!s.rungs.empty()) html += render_html(gauntlet_table(s));
  html += "<h2>Notes</h2>\n<ul>";
  for (const auto& line : notes(s)) html += "<li>" + escape_html(line) + "</li>";
  return html + "</ul>\n</body></html>\n";
}

}  // namespace bh
