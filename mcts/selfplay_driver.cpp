// selfplay_driver.cpp — workers on their thread, Ctrl-C, progress and output on this one.
#include "mcts/selfplay_driver.h"

#include <chrono>

namespace bh {

RunFilesOutput::RunFilesOutput(const std::filesystem::path& dir, int workers, int matches_per_chunk,
                               const std::function<std::string(int worker)>& stem_of,
                               const std::vector<std::pair<std::string, std::string>>& tags, ChunkProvenance provenance) {
  for (int w = 0; w < workers; ++w)
    writers_.push_back(std::make_unique<SelfPlayWriter>(dir, stem_of(w), matches_per_chunk, tags, provenance));
}

void RunFilesOutput::add(int worker, FinishedMatch&& match) { writers_[std::size_t(worker)]->add(std::move(match)); }

void RunFilesOutput::finish() {
  for (auto& w : writers_) w->flush();
}

int RunFilesOutput::chunks() const {
  int n = 0;
  for (const auto& w : writers_) n += w->chunks_written();
  return n;
}

SelfPlayOutcome drive_selfplay(SelfPlay& play, std::int64_t matches, MatchOutput& output, InterruptWatch& interrupt,
                               const SelfPlayProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  const MatchSink sink = [&output](int worker, FinishedMatch&& m) { output.add(worker, std::move(m)); };
  SelfPlayOutcome outcome;
  outcome.finished = play.run_watched(matches, sink, [&] {
    const bool stop = interrupt.poll(std::chrono::milliseconds(200));
    output.tick();
    if (progress) progress(play.counters(), seconds());
    return stop;
  });
  output.finish();
  outcome.seconds = seconds();
  if (progress) progress(play.counters(), outcome.seconds);
  return outcome;
}

}  // namespace bh
