// tournament_desk.cpp — tournaments created, read back and found.
#include "training/server/tournament_desk.h"

#include <stdexcept>

#include "training/server/secret_token.h"

namespace bh::server {

TournamentDesk::TournamentDesk(std::filesystem::path dir, Lobby& lobby, std::size_t max_tournaments)
    : dir_(std::move(dir)), lobby_(lobby), max_(max_tournaments) {
  if (dir_.empty()) return;
  std::filesystem::create_directories(dir_);
  for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
    if (!entry.is_directory()) continue;
    auto t = HostedTournament::load(entry.path(), lobby_);
    const std::string id = t->id();
    tournaments_.emplace(id, std::move(t));
  }
}

nlohmann::json TournamentDesk::create(const std::string& body) {
  if (!hosts()) throw std::invalid_argument("this server hosts no tournaments: start it with --tournaments DIR");
  if (tournaments_.size() >= max_)
    throw std::invalid_argument("the server holds " + std::to_string(max_) + " tournaments, its limit");
  const nlohmann::json request = body.empty() ? nlohmann::json::object() : nlohmann::json::parse(body, nullptr, false);
  if (request.is_discarded()) throw std::invalid_argument("the body is not a JSON object");
  HostedRegistration registration = registration_from_request(request, lobby_.rules());
  registration.id = secret_token().substr(0, 12);
  registration.manage = secret_token();
  const std::string id = registration.id, manage = registration.manage;
  tournaments_.emplace(id, std::make_unique<HostedTournament>(std::move(registration), dir_ / id, lobby_));
  return {{"id", id},
          {"manage", manage},
          {"page", "/tournament/" + id},
          {"manage_page", "/tournament/" + id + "?manage=" + manage}};
}

HostedTournament* TournamentDesk::find(std::string_view id) {
  const auto it = tournaments_.find(id);
  return it == tournaments_.end() ? nullptr : it->second.get();
}

}  // namespace bh::server
