// tournament_report.h — a tournament summary as people and programs read it: the text
// tables printed live and at the end (standings, cross-table, ratings, endings, prizes),
// one JSON summary, one self-contained HTML page (no scripts, no outside files), as
// `bughouse report` writes for a run, and the standings and cross-table as CSV.
#pragma once

#include <string>

#include "training/tournament/tournament_summary.h"

namespace bh {

std::string standings_text(const TournamentSummary& s);
std::string cross_table_text(const TournamentSummary& s);
std::string ratings_text(const TournamentSummary& s);
std::string gauntlet_text(const TournamentSummary& s);  // empty unless a gauntlet
std::string endings_text(const TournamentSummary& s);  // endings, faults, categories, SPRT
std::string summary_json(const TournamentSummary& s);
std::string summary_html(const TournamentSummary& s, const std::string& title);
// The standings and the cross-table as CSV (RFC 4180: a header line, CRLF line ends,
// fields with commas, quotes or line breaks quoted), for a spreadsheet or club software.
std::string standings_csv(const TournamentSummary& s);
std::string cross_table_csv(const TournamentSummary& s);

}  // namespace bh
