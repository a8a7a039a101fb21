// run_routes.cpp — the run's route table and its handlers.
#include "training/server/run_routes.h"

#include <charconv>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "training/server/replay_json.h"

namespace bh::server {

namespace http = boost::beast::http;

namespace {

// Record files per page of a generation's listing: each is read and parsed per request.
constexpr std::size_t kFilesPerPage = 20;

HttpResponse not_found(const HttpRequest& request, std::string what) {
  return text(request, http::status::not_found, std::move(what));
}

// "42" -> 42; nullopt for anything but plain digits.
std::optional<std::int64_t> number(std::string_view digits) {
  std::int64_t n = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size() || n < 0) return std::nullopt;
  return n;
}

std::string run_name(const RunLibrary& run) {
  std::error_code ec;
  const std::filesystem::path real = std::filesystem::weakly_canonical(run.dir(), ec);
  return (ec ? run.dir() : real).filename().string();
}

HttpResponse replays_page(const HttpRequest& request, std::string_view path, const RunLibrary*) {
  if (path != "/replays") return not_found(request, "not found");
  return page_file(request, "index.html");
}

// {"run":true,"name":...,"generations":[{"generation":N,"arena":files,"selfplay":files}]},
// newest first; {"run":false} without a run.
HttpResponse run_summary(const HttpRequest& request, std::string_view path, const RunLibrary* run) {
  if (path != "/api/run") return not_found(request, "not found");
  if (!run) return json_reply(request, {{"run", false}});
  std::map<std::int64_t, std::map<std::string_view, int>, std::greater<>> counts;
  for (const RunFile& file : run->files()) ++counts[file.generation][kind_name(file.kind)];
  nlohmann::json generations = nlohmann::json::array();
  for (const auto& [generation, kinds] : counts) {
    nlohmann::json g = {{"generation", generation}, {"arena", 0}, {"selfplay", 0}};
    for (const auto& [kind, files] : kinds) g[std::string(kind)] = files;
    generations.push_back(std::move(g));
  }
  return json_reply(request, {{"run", true}, {"name", run_name(*run)}, {"generations", std::move(generations)}});
}

// A file of the listing with its games' summaries, or the reason it cannot be read.
nlohmann::json file_json(const RunLibrary& run, const RunFile& file) {
  nlohmann::json j = {{"file", file.id}, {"kind", kind_name(file.kind)}};
  try {
    nlohmann::json matches = nlohmann::json::array();
    for (const BpgnGame& game : run.games(file)) {
      nlohmann::json m = game_summary(game);
      m["id"] = file.id + "/" + std::to_string(game.index);
      matches.push_back(std::move(m));
    }
    j["matches"] = std::move(matches);
  } catch (const std::exception& e) {
    j["error"] = e.what();
  }
  return j;
}

// /api/run/generations/N?from=K: files K.. of generation N (kFilesPerPage of them).
HttpResponse generation_page(const HttpRequest& request, std::string_view path, const RunLibrary* run) {
  const auto generation = number(path.substr(std::string_view("/api/run/generations/").size()));
  if (!generation) return not_found(request, "no such generation");
  const std::string_view target(request.target().data(), request.target().size());
  const std::string_view from_text = query_value(target, "from");
  const auto from = from_text.empty() ? std::optional<std::int64_t>(0) : number(from_text);
  if (!from) return text(request, http::status::bad_request, "from: expected a number of files to skip");
  std::vector<RunFile> files;
  for (RunFile& file : run->files())
    if (file.generation == *generation) files.push_back(std::move(file));
  if (files.empty()) return not_found(request, "no such generation");
  nlohmann::json listed = nlohmann::json::array();
  for (std::size_t i = std::size_t(*from); i < files.size() && i < std::size_t(*from) + kFilesPerPage; ++i)
    listed.push_back(file_json(*run, files[i]));
  return json_reply(request, {{"generation", *generation},
                              {"from", *from},
                              {"per_page", kFilesPerPage},
                              {"total_files", files.size()},
                              {"files", std::move(listed)}});
}

// /api/run/matches/FOLDER/NAME/N: game N of a listed file as replay JSON; 422 with the
// reason when the file or the game cannot be read or replayed.
HttpResponse match_replay(const HttpRequest& request, std::string_view path, const RunLibrary* run) {
  const std::string_view id = path.substr(std::string_view("/api/run/matches/").size());
  const std::size_t slash = id.rfind('/');
  const auto index = slash == std::string_view::npos ? std::nullopt : number(id.substr(slash + 1));
  const std::optional<RunFile> file = index ? run->find(id.substr(0, slash)) : std::nullopt;
  if (!file) return not_found(request, "no such match");
  std::vector<BpgnGame> games;
  RuleSet rules;
  try {  // the errors name the file or rules.txt
    games = run->games(*file);
    rules = run->rules();
  } catch (const std::invalid_argument& e) {
    return text(request, http::status::unprocessable_entity, e.what());
  }
  if (*index < 1 || std::size_t(*index) > games.size()) return not_found(request, "no such match");
  try {
    nlohmann::json j = replay_json(games[std::size_t(*index - 1)], rules);
    j["id"] = std::string(id);
    j["file"] = file->id;
    j["generation"] = file->generation;
    j["game"] = *index;
    return json_reply(request, j);
  } catch (const std::invalid_argument& e) {  // ParseError: a move the rules do not allow
    return text(request, http::status::unprocessable_entity, file->id + ": " + e.what());
  }
}

struct RunRoute {
  std::string_view prefix;
  HttpResponse (*handler)(const HttpRequest&, std::string_view path, const RunLibrary*);
  bool needs_run;  // a 404 without a run
};

// Longest prefixes first: the first route whose prefix matches answers.
constexpr RunRoute kRunRoutes[] = {
    {"/api/run/generations/", generation_page, true},
    {"/api/run/matches/", match_replay, true},
    {"/api/run", run_summary, false},
    {"/replays", replays_page, true},
};

}  // namespace

std::optional<HttpResponse> respond_run(const HttpRequest& request, std::string_view path, const RunLibrary* run) {
  if (request.method() != http::verb::get) return std::nullopt;
  for (const RunRoute& route : kRunRoutes) {
    if (!path.starts_with(route.prefix)) continue;
    if (route.needs_run && !run) return not_found(request, "this server shows no run (bughouse serve --run DIR)");
    return route.handler(request, path, run);
  }
  return std::nullopt;
}

}  // namespace bh::server
