// The trainer's gate without a broker: what the layer checks on its own, how the chunk
// validator plugs in, and that nothing an entry holds can make it throw.
#include <gtest/gtest.h>

#include <random>

#include "training/broker/ingest_validation.h"

namespace bh {
namespace {

struct Fields {
  std::vector<std::pair<std::string, std::string>> kv;
  RawStreamEntry raw(std::string_view id = "1-0") const {
    RawStreamEntry e{id, {}};
    for (const auto& [k, v] : kv) e.fields.emplace_back(k, v);
    return e;
  }
};

Fields good(std::string data = "chunk-bytes") {
  return {{{"worker", "w1"}, {"net", "3"}, {"samples", "40"}, {"cid", "w1-abc-0"}, {"data", std::move(data)}}};
}

TEST(IngestValidation, AcceptsAWellFormedEntryAndCopiesItsFields) {
  std::vector<std::string> log;
  IngestValidation v({}, {}, [&](std::string_view l) { log.emplace_back(l); });
  std::optional<ChunkEntry> e = v.admit(good().raw("17-3"));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->id, "17-3");
  EXPECT_EQ(e->chunk_id, "w1-abc-0");
  EXPECT_EQ(e->meta.worker, "w1");
  EXPECT_EQ(e->meta.net_version, 3);
  EXPECT_EQ(e->meta.samples, 40);
  EXPECT_EQ(std::string(e->data.begin(), e->data.end()), "chunk-bytes");
  EXPECT_EQ(v.counters().accepted, 1u);
  EXPECT_EQ(v.counters().total_rejected(), 0u);
  EXPECT_TRUE(log.empty());
}

TEST(IngestValidation, EachLayerCheckRejectsWithItsReasonAndNamesTheWorker) {
  std::vector<std::string> log;
  IngestValidation v({.max_chunk_bytes = 16, .max_samples = 100}, {}, [&](std::string_view l) { log.emplace_back(l); });
  auto with = [](std::string key, std::string value) {
    Fields f = good();
    for (auto& [k, val] : f.kv)
      if (k == key) val = value;
    return f;
  };
  auto without = [](std::string key) {
    Fields f = good();
    std::erase_if(f.kv, [&](const auto& p) { return p.first == key; });
    return f;
  };
  Fields dup = good();
  dup.kv.emplace_back("net", "4");
  struct Case {
    Fields f;
    RejectReason why;
  } cases[] = {
      {without("data"), RejectReason::MissingField},   {without("worker"), RejectReason::MissingField},
      {with("net", "x1"), RejectReason::BadField},     {with("net", "-1"), RejectReason::BadField},
      {with("samples", "0"), RejectReason::BadField},  {dup, RejectReason::BadField},
      {with("worker", "bad name"), RejectReason::BadWorkerName},
      {with("data", ""), RejectReason::EmptyChunk},
      {with("data", std::string(17, 'x')), RejectReason::ChunkTooLarge},
      {with("samples", "101"), RejectReason::TooManySamples},
  };
  for (const Case& c : cases) {
    std::size_t before = v.counters().rejected_for(c.why);
    EXPECT_FALSE(v.admit(c.f.raw()));
    EXPECT_EQ(v.counters().rejected_for(c.why), before + 1) << to_string(c.why);
  }
  EXPECT_EQ(v.counters().accepted, 0u);
  EXPECT_EQ(v.counters().total_rejected(), std::size(cases));
  ASSERT_EQ(log.size(), std::size(cases));
  EXPECT_NE(log[2].find("from worker 'w1'"), std::string::npos) << log[2];
  EXPECT_NE(log[2].find("bad-field"), std::string::npos) << log[2];
  EXPECT_EQ(v.counters().rejected_by_worker.at("w1"), std::size(cases) - 2);  // missing worker + bad name
  EXPECT_EQ(v.counters().rejected_by_worker.at("(invalid name)"), 2u);
  EXPECT_NE(v.counters().to_string().find("missing-field 2"), std::string::npos) << v.counters().to_string();
}

TEST(IngestValidation, ThePluggedValidatorDecidesAndItsExceptionsAreRejections) {
  std::vector<std::string> log;
  IngestValidation v({}, {}, [&](std::string_view l) { log.emplace_back(l); });
  v.set_validator([](std::span<const std::uint8_t> b) -> std::string {
    std::string s(b.begin(), b.end());
    if (s == "throw") throw std::runtime_error("decoder blew up");
    if (s == "throw-int") throw 42;
    return s.starts_with("OK") ? "" : "checksum mismatch";
  });
  EXPECT_TRUE(v.admit(good("OK fine").raw()));
  Fields long_name = good("garbage");
  long_name.kv[0].second = std::string(kMaxWorkerName, 'w');
  EXPECT_FALSE(v.admit(long_name.raw()));
  ASSERT_EQ(log.size(), 1u);
  EXPECT_NE(log[0].find("'" + std::string(kMaxWorkerName, 'w') + "'"), std::string::npos) << log[0];
  log.clear();
  EXPECT_FALSE(v.admit(good("garbage").raw()));
  EXPECT_FALSE(v.admit(good("throw").raw()));
  EXPECT_FALSE(v.admit(good("throw-int").raw()));
  EXPECT_EQ(v.counters().accepted, 1u);
  EXPECT_EQ(v.counters().rejected_for(RejectReason::Validator), 2u);
  EXPECT_EQ(v.counters().rejected_for(RejectReason::ValidatorError), 2u);
  ASSERT_EQ(log.size(), 3u);
  EXPECT_NE(log[0].find("checksum mismatch"), std::string::npos);
  EXPECT_NE(log[1].find("decoder blew up"), std::string::npos);
}

TEST(IngestValidation, RandomBytesInEveryFieldNeverThrowAndNeverPass) {
  IngestValidation v({}, [](std::span<const std::uint8_t>) { return std::string(); }, LogSink{});
  std::mt19937 rng(3);
  auto junk = [&] {
    std::string s(rng() % 40, '\0');
    for (char& c : s) c = char(rng());
    return s;
  };
  const char* names[] = {"worker", "net", "samples", "cid", "data"};
  for (int i = 0; i < 2000; ++i) {
    Fields f;
    int n = rng() % 7;
    for (int k = 0; k < n; ++k) f.kv.emplace_back(rng() % 3 ? names[rng() % 5] : junk(), junk());
    std::string id = junk();
    EXPECT_NO_THROW(v.admit(f.raw(id)));
  }
  // Every entry was either accepted or counted as a rejection.
  EXPECT_EQ(v.counters().accepted + v.counters().total_rejected(), 2000u);
}

}  // namespace
}  // namespace bh
