// pairing_sheet.cpp — one table row per match: table, match, board A's and board B's players.
#include "training/tournament/pairing_sheet.h"

#include "training/report/html_escape.h"

namespace bh {

namespace {

std::string cell(const std::string& text) { return "<td>" + escape_html(text) + "</td>"; }

// "alice (team 1)": the player of `seat` and its team in this match.
std::string player(const Tournament& t, const std::array<int, kSeats>& seats, Seat seat) {
  return t.config().participants[std::size_t(seats[seat])].name + " (" + (team_of(seat) == Team1 ? "team 1" : "team 2") + ")";
}

}  // namespace

std::string pairing_sheet_html(const Tournament& t, int round) {
  const RoundPlan& plan = t.journal().rounds().at(std::size_t(round));
  const Schedule& s = t.schedule();
  const std::string title = "Round " + std::to_string(round + 1) + " pairings";
  std::string html = "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>" + title +
                     "</title>\n<style>body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse}"
                     "td,th{padding:4px 12px;border:1px solid #999;text-align:left}@media print{body{margin:0}}"
                     "</style></head><body>\n<h1>" + title + "</h1>\n<table><tr><th>table</th><th>match</th>"
                     "<th>teams</th><th>board A: white</th><th>board A: black</th><th>board B: white</th>"
                     "<th>board B: black</th></tr>\n";
  std::string byes;
  for (std::size_t m = 0; m < plan.size(); ++m) {
    const Meeting& meeting = plan[m];
    if (meeting.away == kBye) {
      byes += "<p>Bye: " + escape_html(s.entrant_name(meeting.home)) + "</p>\n";
      continue;
    }
    for (int g = 0; g < t.config().games_per_pairing; ++g) {
      const std::array<int, kSeats> seats = seats_of(meeting, g, t.config().alternate_colours);
      const std::string teams = g % 2 == 0 ? s.entrant_name(meeting.home) + " (team 1) v " + s.entrant_name(meeting.away)
                                           : s.entrant_name(meeting.away) + " (team 1) v " + s.entrant_name(meeting.home);
      html += "<tr>" + cell(std::to_string(m + 1)) + cell(std::to_string(g + 1)) + cell(teams) +
              cell(player(t, seats, AWhite)) + cell(player(t, seats, ABlack)) + cell(player(t, seats, BWhite)) +
              cell(player(t, seats, BBlack)) + "</tr>\n";
    }
  }
  return html + "</table>\n" + byes + "</body></html>\n";
}

}  // namespace bh
