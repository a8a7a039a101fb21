// lobby.cpp — creating and finding tables.
#include "training/server/lobby.h"

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

Lobby::Lobby(boost::asio::io_context& io, LobbyOptions options) : io_(io), options_(std::move(options)) {
  options_.allowed_computers.insert(options_.default_computer);
}

std::string Lobby::create(const std::string& body) {
  const nlohmann::json request = body.empty() ? nlohmann::json::object() : nlohmann::json::parse(body, nullptr, false);
  if (request.is_discarded() || !request.is_object()) throw std::invalid_argument("the body is not a JSON object");
  if (tables_.size() >= options_.max_tables)
    throw std::invalid_argument("the server holds " + std::to_string(options_.max_tables) + " tables, its limit");
  TableSetup setup;
  setup.rules = options_.rules;
  setup.limits = options_.table_limits;
  setup.on_move = options_.on_move;
  const std::string clock = text_field(request, "clock", "3+0");
  try {
    setup.clock = TimeControl::parse(clock);
  } catch (const std::exception& e) {
    throw std::invalid_argument("\"clock\": " + std::string(e.what()));
  }
  if (!setup.clock.timed()) throw std::invalid_argument("\"clock\": a table needs a timed clock (e.g. 3+0)");
  setup.computer = text_field(request, "computer", "");
  if (setup.computer.empty()) setup.computer = options_.default_computer;
  if (!options_.allowed_computers.contains(setup.computer)) {
    std::string allowed;
    for (const std::string& a : options_.allowed_computers) allowed += (allowed.empty() ? "" : ", ") + a;
    throw std::invalid_argument("\"computer\": '" + setup.computer + "' is not offered here (" + allowed + ")");
  }
  const auto watch = request.find("watch");
  if (watch != request.end() && !watch->is_boolean()) throw std::invalid_argument("\"watch\": true or false");
  const auto public_talk = request.find("public_talk");
  if (public_talk != request.end() && !public_talk->is_boolean())
    throw std::invalid_argument("\"public_talk\": true or false");
  setup.public_talk = public_talk != request.end() && public_talk->get<bool>();
  auto table = std::make_unique<Table>(io_, std::move(setup), options_.computers);
  // A table to watch: the computer in all four seats, playing from now on.
  if (watch != request.end() && watch->get<bool>()) table->start();
  nlohmann::json response = {{"table", table->id()}, {"spectator", table->id()}};
  for (int s = 0; s < kSeats; ++s) response["seats"][std::string(seat_name(Seat(s)))] = table->token(Seat(s));
  tables_.emplace(table->id(), std::move(table));
  return response.dump();
}

Table* Lobby::find(const std::string& id) {
  const auto it = tables_.find(id);
  return it == tables_.end() ? nullptr : it->second.get();
}

}  // namespace bh::server
