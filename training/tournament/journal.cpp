// journal.cpp — the journal's lines, written and read back.
#include "training/tournament/journal.h"

#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/platform/atomic_file.h"
#include "core/rules.h"
#include "core/platform/write_boundary.h"

namespace bh {

namespace {

using nlohmann::json;

json meeting_json(const Meeting& m) {
  return json::array({m.home, m.away, m.home_seats.white, m.home_seats.black, m.away_seats.white, m.away_seats.black});
}

Meeting meeting_from(const json& j) {
  if (!j.is_array() || j.size() != 6) throw std::invalid_argument("a meeting is [home, away, hw, hb, aw, ab]");
  return {j[0].get<int>(), j[1].get<int>(), {j[2].get<int>(), j[3].get<int>()}, {j[4].get<int>(), j[5].get<int>()}};
}

json match_json(const MatchRecord& r) {
  return {{"kind", "match"}, {"round", r.round},     {"meeting", r.meeting}, {"game", r.game},
          {"home_score", r.home_score}, {"ending", r.ending}, {"file", r.file}, {"fault", r.fault},
          {"message", r.message},       {"moves", r.moves}};
}

MatchRecord match_from(const json& j) {
  return {j.at("round").get<int>(),      j.at("meeting").get<int>(), j.at("game").get<int>(),
          j.at("home_score").get<double>(), j.at("ending").get<std::string>(), j.at("file").get<std::string>(),
          j.at("fault").get<std::string>(), j.at("message").get<std::string>(), j.at("moves").get<int>()};
}

json participant_json(const Participant& p) {
  return {{"name", p.name}, {"spec", p.spec}, {"rating", p.rating ? json(*p.rating) : json()}, {"group", p.group}};
}

Participant participant_from(const json& j) {
  Participant p{j.at("name").get<std::string>(), j.at("spec").get<std::string>(), std::nullopt,
                j.at("group").get<std::string>()};
  if (!j.at("rating").is_null()) p.rating = j.at("rating").get<double>();
  return p;
}

// Settings with their rules as the current build writes them: a journal written before
// an option was added lists fewer lines for the same rules (core/rules.h parse_rules fills
// in the defaults), and must still resume.
json with_rules_rewritten(json settings) {
  if (!settings.contains("rules") || !settings["rules"].is_array()) return settings;
  std::string lines;
  for (const json& line : settings["rules"]) lines += line.get<std::string>() + "\n";
  settings["rules"] = describe(parse_rules(lines));
  return settings;
}

// The first key (as a JSON pointer) whose value differs between two settings objects.
std::string first_difference(const json& a, const json& b) {
  const json patch = json::diff(with_rules_rewritten(a), with_rules_rewritten(b));
  return patch.empty() ? std::string() : patch[0].at("path").get<std::string>();
}

std::string read_all(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::stringstream whole;
  whole << in.rdbuf();
  return whole.str();
}

}  // namespace

std::string match_place(int round, int meeting, int game) {
  return "round " + std::to_string(round + 1) + ", table " + std::to_string(meeting + 1) + ", match " +
         std::to_string(game + 1);
}

Journal::Journal(const std::filesystem::path& dir, const std::string& settings, bool resume)
    : path_(dir / "journal.jsonl") {
  const bool exists = std::filesystem::exists(path_);
  if (exists && !resume)
    throw std::runtime_error(path_.string() + " exists: --resume continues that tournament, or choose another --out");
  std::filesystem::create_directories(dir);
  resumed_ = exists;
  if (exists) read_back(settings);
  else write_file_atomic(path_, json{{"kind", "tournament"}, {"settings", json::parse(settings)}}.dump() + "\n");
  out_.open(path_, std::ios::app);
  if (!out_) throw std::runtime_error("cannot append to " + path_.string());
}

// Reads every line back; a torn last line is cut off the file so appends follow whole lines.
void Journal::read_back(const std::string& settings) {
  const std::string text = read_all(path_);
  std::size_t at = 0;
  for (int line = 1; at < text.size(); ++line) {
    const std::size_t end = text.find('\n', at);
    if (end == std::string::npos) {
      write_file_atomic(path_, std::string_view(text).substr(0, at));
      break;
    }
    const std::string where = path_.string() + ":" + std::to_string(line);
    try {
      const json j = json::parse(std::string_view(text).substr(at, end - at));
      const std::string kind = j.at("kind").get<std::string>();
      if (kind == "tournament") {
        const std::string key = first_difference(j.at("settings"), json::parse(settings));
        if (!key.empty()) throw std::runtime_error("the settings differ from this journal's at " + key);
      } else if (kind == "round") {
        RoundPlan plan;
        for (const json& m : j.at("meetings")) plan.push_back(meeting_from(m));
        rounds_.push_back(std::move(plan));
      } else if (kind == "match") {
        matches_.push_back(match_from(j));
      } else if (kind == "withdrawal") {
        withdrawals_.push_back({j.at("participant").get<std::string>(), j.at("from_round").get<int>()});
      } else if (kind == "entry") {
        late_entries_.push_back({participant_from(j.at("white")), participant_from(j.at("black")),
                                 j.at("from_round").get<int>()});
      } else if (kind == "correction") {
        MatchRecord* earlier = find_mutable(match_from(j));
        if (!earlier) throw std::runtime_error("a correction of a match the journal does not hold");
        *earlier = match_from(j);
        ++corrections_;
      }
    } catch (const std::exception& e) {
      throw std::runtime_error(where + ": " + e.what());
    }
    at = end + 1;
  }
}

void Journal::append(const std::string& line) {
  write_boundary("append", path_);
  out_ << line << "\n" << std::flush;
  if (!out_) throw std::runtime_error("cannot append to " + path_.string());
  write_boundary("appended", path_);
}

void Journal::add_round(const RoundPlan& plan) {
  json meetings = json::array();
  for (const Meeting& m : plan) meetings.push_back(meeting_json(m));
  std::lock_guard guard(mutex_);
  append(json{{"kind", "round"}, {"round", int(rounds_.size())}, {"meetings", meetings}}.dump());
  rounds_.push_back(plan);
}

void Journal::add_match(const MatchRecord& record) {
  std::lock_guard guard(mutex_);
  append(match_json(record).dump());
  matches_.push_back(record);
}

const MatchRecord* Journal::find(int round, int meeting, int game) const {
  for (const MatchRecord& m : matches_)
    if (m.round == round && m.meeting == meeting && m.game == game) return &m;
  return nullptr;
}

MatchRecord* Journal::find_mutable(const MatchRecord& record) {
  return const_cast<MatchRecord*>(find(record.round, record.meeting, record.game));
}

void Journal::add_withdrawal(const Withdrawal& w) {
  std::lock_guard guard(mutex_);
  append(json{{"kind", "withdrawal"}, {"participant", w.participant}, {"from_round", w.from_round}}.dump());
  withdrawals_.push_back(w);
}

void Journal::add_late_entry(const LateEntry& entry) {
  std::lock_guard guard(mutex_);
  append(json{{"kind", "entry"},
              {"white", participant_json(entry.white)},
              {"black", participant_json(entry.black)},
              {"from_round", entry.from_round}}
             .dump());
  late_entries_.push_back(entry);
}

void Journal::correct(const MatchRecord& record) {
  std::lock_guard guard(mutex_);
  MatchRecord* earlier = find_mutable(record);
  if (!earlier)
    throw std::invalid_argument(match_place(record.round, record.meeting, record.game) + " has no result to correct");
  json line = match_json(record);
  line["kind"] = "correction";
  append(line.dump());
  *earlier = record;
  ++corrections_;
}

}  // namespace bh
