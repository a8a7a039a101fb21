// lobby.cpp — creating and finding tables.
#include "training/server/lobby.h"

#include "core/platform/atomic_file.h"
#include "training/server/rules_json.h"

#include <cstdio>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace bh::server {

namespace {

// A string field of the request, or `fallback` when absent.
std::string text_field(const nlohmann::json& body, const char* key, const std::string& fallback) {
  const auto it = body.find(key);
  if (it == body.end() || it->is_null()) return fallback;
  if (!it->is_string()) throw std::invalid_argument(std::string("\"") + key + "\": expected a string");
  return it->get<std::string>();
}

}  // namespace

Lobby::Lobby(boost::asio::io_context& io, LobbyOptions options)
    : io_(io), options_(std::move(options)), sweep_timer_(io) {
  options_.allowed_computers.insert(options_.default_computer);
  if (!options_.records.empty()) std::filesystem::create_directories(options_.records);
  schedule_sweep();
}

Lobby::~Lobby() { sweep_timer_.cancel(); }

void Lobby::schedule_sweep() {
  sweep_timer_.expires_after(options_.sweep_every);
  sweep_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec) return;
    sweep();
    schedule_sweep();
  });
}

// Removes the tables nobody is at: no connection holds them (so no session refers to
// them) and nothing has happened there for their expiry.
void Lobby::sweep() {
  const auto now = std::chrono::steady_clock::now();
  std::erase_if(tables_, [&](const auto& entry) {
    const SeatedTable& t = *entry.second;
    if (t.has_connections() || t.running()) return false;
    const auto expiry = t.started() ? options_.finished_expiry : options_.unstarted_expiry;
    return now - t.last_activity() >= expiry;
  });
}

void Lobby::keep_record(const std::string& table, int match, const std::string& bpgn) {
  if (!records_.contains(table)) record_order_.push_back(table);
  records_[table] = bpgn;
  while (records_.size() > options_.max_records) {
    records_.erase(record_order_.front());
    record_order_.pop_front();
  }
  if (options_.records.empty()) return;
  try {
    write_file_atomic(options_.records / (table + "-" + std::to_string(match) + ".bpgn"), bpgn);
  } catch (const std::exception& e) {
    // The table plays on and the record stays in memory; the operator reads why.
    std::fprintf(stderr, "bughouse serve: the record of table %s could not be written: %s\n", table.c_str(), e.what());
  }
}

std::optional<std::string> Lobby::record(const std::string& id) const {
  const auto it = records_.find(id);
  return it == records_.end() ? std::nullopt : std::optional<std::string>(it->second);
}

void Lobby::check_offered(const std::string& computer, const std::string& field) const {
  if (options_.allowed_computers.contains(computer)) return;
  std::string allowed;
  for (const std::string& a : options_.allowed_computers) allowed += (allowed.empty() ? "" : ", ") + a;
  throw std::invalid_argument("\"" + field + "\": '" + computer + "' is not offered here (" + allowed + ")");
}

// A row of three or more boards (row_table.h): the row's built-in players only, and no
// partner talk to make public.
std::string Lobby::create_row(const nlohmann::json& request, const RuleSet& rules, const TimeControl& clock) {
  if (tables_.size() >= options_.max_tables)
    throw std::invalid_argument("the server holds " + std::to_string(options_.max_tables) + " tables, its limit");
  RowTableSetup setup;
  setup.rules = rules;
  setup.clock = clock;
  const std::string asked = text_field(request, "computer", "");
  setup.computer = asked.empty() ? "tactical" : asked;
  check_offered(setup.computer, "computer");
  setup.players = options_.row_players;
  setup.limits = options_.table_limits;
  setup.on_finished = [this](const std::string& table, int match, const std::string& bpgn) { keep_record(table, match, bpgn); };
  const auto watch = request.find("watch");
  if (watch != request.end() && !watch->is_boolean()) throw std::invalid_argument("\"watch\": true or false");
  std::unique_ptr<RowTable> table;
  try {
    table = std::make_unique<RowTable>(io_, std::move(setup));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("\"computer\": " + std::string(e.what()));
  }
  if (watch != request.end() && watch->get<bool>()) table->start();  // the row's players in every seat
  nlohmann::json response = {{"table", table->id()}, {"spectator", table->id()}};
  for (int s = 0; s < table->seats(); ++s) response["seats"][std::string(seat_name(Seat(s)))] = table->token(Seat(s));
  tables_.emplace(table->id(), std::move(table));
  return response.dump();
}

Table& Lobby::open(TableSetup setup) {
  if (tables_.size() >= options_.max_tables)
    throw std::invalid_argument("the server holds " + std::to_string(options_.max_tables) + " tables, its limit");
  setup.limits = options_.table_limits;
  setup.on_move = options_.on_move;
  setup.on_finished = [this, told = std::move(setup.on_finished)](const std::string& table, int match,
                                                                    const Match& played, const std::string& bpgn) {
    keep_record(table, match, bpgn);
    if (told) told(table, match, played, bpgn);
  };
  auto table = std::make_unique<Table>(io_, std::move(setup), options_.computers);
  Table& opened = *table;
  tables_.emplace(table->id(), std::move(table));
  return opened;
}

std::string Lobby::create(const std::string& body) {
  const nlohmann::json request = body.empty() ? nlohmann::json::object() : nlohmann::json::parse(body, nullptr, false);
  if (request.is_discarded() || !request.is_object()) throw std::invalid_argument("the body is not a JSON object");
  TableSetup setup;
  const auto rules = request.find("rules");
  setup.rules = rules == request.end() || rules->is_null() ? options_.rules : rules_from_request(*rules, options_.rules);
  const std::string clock = text_field(request, "clock", "3+0");
  try {
    setup.clock = TimeControl::parse(clock);
  } catch (const std::exception& e) {
    throw std::invalid_argument("\"clock\": " + std::string(e.what()));
  }
  if (!setup.clock.timed()) throw std::invalid_argument("\"clock\": a table needs a timed clock (e.g. 3+0)");
  if (setup.rules.boards > 2) return create_row(request, setup.rules, setup.clock);
  setup.computer = text_field(request, "computer", "");
  if (setup.computer.empty()) setup.computer = options_.default_computer;
  check_offered(setup.computer, "computer");
  const auto watch = request.find("watch");
  if (watch != request.end() && !watch->is_boolean()) throw std::invalid_argument("\"watch\": true or false");
  const auto public_talk = request.find("public_talk");
  if (public_talk != request.end() && !public_talk->is_boolean())
    throw std::invalid_argument("\"public_talk\": true or false");
  setup.public_talk = public_talk != request.end() && public_talk->get<bool>();
  Table& table = open(std::move(setup));
  // A table to watch: the computer in all four seats, playing from now on.
  if (watch != request.end() && watch->get<bool>()) try {
      table.start();
    } catch (const std::invalid_argument&) {
      tables_.erase(std::string(table.id()));  // a computer that cannot be made leaves no table
      throw;
    }
  nlohmann::json response = {{"table", table.id()}, {"spectator", table.id()}};
  for (int s = 0; s < kSeats; ++s) response["seats"][std::string(seat_name(Seat(s)))] = table.token(Seat(s));
  return response.dump();
}

SeatedTable* Lobby::find(const std::string& id) {
  const auto it = tables_.find(id);
  return it == tables_.end() ? nullptr : it->second.get();
}

}  // namespace bh::server
