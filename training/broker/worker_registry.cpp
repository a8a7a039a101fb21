// worker_registry.cpp — heartbeat hashes with a TTL, and a set of names to find them.
#include "training/broker/worker_registry.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "training/broker/chunk_entry.h"

namespace bh {

namespace {

std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string format_double(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

}  // namespace

WorkerRegistry::WorkerRegistry(RedisConnection& conn, WorkerRegistryOptions options)
    : conn_(conn), options_(std::move(options)) {
  if (options_.prefix.empty()) throw std::invalid_argument("worker registry: the key prefix is empty");
  if (options_.ttl.count() < 1) throw std::invalid_argument("worker registry: ttl must be at least 1 s");
}

std::string WorkerRegistry::key(std::string_view name) const { return options_.prefix + ":" + std::string(name); }
std::string WorkerRegistry::set_key() const { return options_.prefix + "s"; }

void WorkerRegistry::heartbeat(WorkerStatus s) {
  require_worker_name(s.name);
  if (s.host.size() > 255) s.host.resize(255);
  s.last_seen_ms = unix_ms();
  const std::string k = key(s.name);
  const std::string games = std::to_string(s.games), evals = format_double(s.evals_per_s),
                    net = std::to_string(s.net_version), seen = std::to_string(s.last_seen_ms),
                    ttl = std::to_string(options_.ttl.count());
  conn_.transaction({
      {"HSET", k, "name", s.name, "host", s.host, "games", games, "evals_per_s", evals, "net", net, "last_seen_ms",
       seen},
      {"EXPIRE", k, ttl},
      {"SADD", set_key(), s.name},
  });
}

void WorkerRegistry::remove(std::string_view name) {
  require_worker_name(name);
  conn_.transaction({{"DEL", key(name)}, {"SREM", set_key(), name}});
}

std::vector<WorkerStatus> WorkerRegistry::live() {
  RedisReply members = conn_.command({"SMEMBERS", set_key()});
  std::vector<std::string> names;
  for (std::size_t i = 0; i < members.size(); ++i) names.push_back(members[i].string());
  std::vector<RedisArgs> gets;
  std::vector<std::string> keys;
  keys.reserve(names.size());
  for (const std::string& n : names) gets.push_back({"HGETALL", keys.emplace_back(key(n))});
  std::vector<WorkerStatus> out;
  if (gets.empty()) return out;
  std::vector<RedisReply> replies = conn_.pipeline(gets);
  const std::string set = set_key();
  RedisArgs gone{"SREM", set};
  for (std::size_t w = 0; w < replies.size(); ++w) {
    const RedisReply& h = replies[w];
    if (h.size() == 0) {
      // Its key expired: the worker stopped. Forget the name; should the worker be alive
      // after all, its next heartbeat adds it again.
      gone.push_back(names[w]);
      continue;
    }
    WorkerStatus s;
    try {
      for (std::size_t i = 0; i + 1 < h.size(); i += 2) {
        std::string_view f = h[i].str();
        ReplyView v = h[i + 1];
        if (f == "name") s.name = v.string();
        else if (f == "host") s.host = v.string();
        else if (f == "games") s.games = v.as_int();
        else if (f == "evals_per_s") s.evals_per_s = std::stod(v.string());
        else if (f == "net") s.net_version = v.as_int();
        else if (f == "last_seen_ms") s.last_seen_ms = v.as_int();
      }
    } catch (const std::exception&) {
      continue;  // someone else's hash under our prefix: not a worker
    }
    if (valid_worker_name(s.name)) out.push_back(std::move(s));
  }
  if (gone.size() > 2) conn_.command(gone);
  std::sort(out.begin(), out.end(), [](const WorkerStatus& a, const WorkerStatus& b) { return a.name < b.name; });
  return out;
}

std::string WorkerRegistry::format(const std::vector<WorkerStatus>& workers, std::int64_t now_ms) {
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line, "%-24s %-20s %10s %12s %6s %8s\n", "worker", "host", "games", "evals/s", "net",
                "seen");
  out += line;
  double total_evals = 0;
  std::int64_t total_games = 0;
  for (const WorkerStatus& w : workers) {
    std::snprintf(line, sizeof line, "%-24s %-20s %10lld %12.0f %6lld %7.1fs\n", w.name.c_str(),
                  printable_name(w.host).c_str(), static_cast<long long>(w.games), w.evals_per_s,
                  static_cast<long long>(w.net_version), std::max<std::int64_t>(0, now_ms - w.last_seen_ms) / 1000.0);
    out += line;
    total_evals += w.evals_per_s;
    total_games += w.games;
  }
  std::snprintf(line, sizeof line, "%zu workers, %lld games, %.0f evals/s\n", workers.size(),
                static_cast<long long>(total_games), total_evals);
  out += line;
  return out;
}

}  // namespace bh
