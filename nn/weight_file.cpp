// weight_file.cpp — the plain weight file: layout, writer and reader.
#include "nn/weight_file.h"

#include <bit>
#include <cstring>
#include <fstream>
#include <sstream>
#include <iterator>
#include <stdexcept>

#include "core/platform/atomic_file.h"
#include "nn/shape.h"

namespace bh {

static_assert(std::endian::native == std::endian::little, "the weight file is little-endian; add byte swapping");

std::size_t WeightTensor::numel() const {
  std::size_t n = 1;
  for (int d : shape) n *= std::size_t(d);
  return n;
}

std::vector<TensorLayout> weight_layout(const NetConfig& c) {
  const int ch = c.channels;
  std::vector<TensorLayout> out;
  auto conv = [&](const std::string& name, int cout, int cin, int k) {
    out.push_back({name + ".weight", {cout, cin, k, k}});
    out.push_back({name + ".bias", {cout}});
  };
  auto dense = [&](const std::string& name, int cout, int cin) {
    out.push_back({name + ".weight", {cout, cin}});
    out.push_back({name + ".bias", {cout}});
  };
  conv("stem", ch, kInputPlanes, 3);
  for (int b = 0; b < c.blocks; ++b) {
    const std::string p = "block" + std::to_string(b);
    conv(p + ".conv1", ch, ch, 3);
    conv(p + ".conv2", ch, ch, 3);
    if (c.se) {
      dense(p + ".se1", c.se_channels, ch);
      dense(p + ".se2", ch, c.se_channels);
    }
  }
  conv("policy.conv", ch, ch, 3);
  conv("policy.out", kPolicyPlanes, ch, 1);
  conv("value.conv", c.value_channels, ch, 1);
  dense("value.fc1", c.value_hidden, c.value_channels * kInputSquares);
  dense("value.fc2", kWdlOutputs, c.value_hidden);
  return out;
}

void WeightFile::validate() const {
  auto layout = weight_layout(config);
  if (layout.size() != tensors.size())
    throw std::invalid_argument("weights: " + std::to_string(tensors.size()) + " tensors, the config " +
                                config.short_name() + " needs " + std::to_string(layout.size()));
  for (std::size_t i = 0; i < layout.size(); ++i) {
    const WeightTensor& t = tensors[i];
    if (t.name != layout[i].name)
      throw std::invalid_argument("weights: tensor " + std::to_string(i) + " is '" + t.name + "', expected '" +
                                  layout[i].name + "'");
    if (t.shape != layout[i].shape || t.data.size() != t.numel())
      throw std::invalid_argument("weights: tensor '" + t.name + "' has the wrong shape or size");
  }
}

const WeightTensor& WeightFile::get(std::string_view name) const {
  for (const auto& t : tensors)
    if (t.name == name) return t;
  throw std::out_of_range("weights: no tensor named '" + std::string(name) + "'");
}

namespace {

void put_u32(std::ostream& out, std::uint32_t v) { out.write(reinterpret_cast<const char*>(&v), 4); }

void put_string(std::ostream& out, const std::string& s) {
  put_u32(out, std::uint32_t(s.size()));
  out.write(s.data(), std::streamsize(s.size()));
}

// Reads from an in-memory copy of the file; every read checks the remaining length so a
// truncated file is reported as such instead of reading garbage.
struct Cursor {
  const std::vector<char>& bytes;
  const std::string& what;
  std::size_t at = 0;

  void need(std::size_t n) const {
    if (bytes.size() - at < n) throw std::runtime_error(what + " is truncated (at byte " + std::to_string(at) + ")");
  }
  std::uint32_t u32() {
    need(4);
    std::uint32_t v;
    std::memcpy(&v, bytes.data() + at, 4);
    at += 4;
    return v;
  }
  std::string string(std::size_t max) {
    std::uint32_t n = u32();
    if (n > max) throw std::runtime_error(what + " is corrupt (a string of " + std::to_string(n) + " bytes)");
    need(n);
    std::string s(bytes.data() + at, n);
    at += n;
    return s;
  }
};

}  // namespace

void write_weight_file(const std::filesystem::path& path, const WeightFile& w) {
  w.validate();
  std::ostringstream out;
  out.write(WeightFile::kMagic, sizeof WeightFile::kMagic);
  put_u32(out, WeightFile::kFormatVersion);
  put_u32(out, std::uint32_t(w.encoding_version));
  put_string(out, w.config.to_text());
  put_u32(out, std::uint32_t(w.tensors.size()));
  for (const auto& t : w.tensors) {
    put_string(out, t.name);
    put_u32(out, std::uint32_t(t.shape.size()));
    for (int d : t.shape) put_u32(out, std::uint32_t(d));
    out.write(reinterpret_cast<const char*>(t.data.data()), std::streamsize(t.data.size() * sizeof(float)));
  }
  write_file_atomic(path, std::move(out).str());
}

WeightFile read_weight_file(const std::filesystem::path& path) {
  const std::string what = "weight file " + path.string();
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + what);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Cursor c{bytes, what};
  c.need(sizeof WeightFile::kMagic);
  if (std::memcmp(bytes.data(), WeightFile::kMagic, sizeof WeightFile::kMagic) != 0)
    throw std::runtime_error(what + " is not a bughouse weight file (wrong magic bytes)");
  c.at = sizeof WeightFile::kMagic;
  if (std::uint32_t v = c.u32(); v != WeightFile::kFormatVersion)
    throw std::runtime_error(what + " has format version " + std::to_string(v) + "; this build reads " +
                             std::to_string(WeightFile::kFormatVersion));
  WeightFile w;
  w.encoding_version = int(c.u32());
  if (w.encoding_version != kEncodingVersion)
    throw std::runtime_error(what + " was written for encoding version " + std::to_string(w.encoding_version) +
                             "; this build implements version " + std::to_string(kEncodingVersion));
  w.config = NetConfig::from_text(c.string(4096));
  const auto layout = weight_layout(w.config);
  if (std::uint32_t n = c.u32(); n != layout.size())
    throw std::runtime_error(what + " holds " + std::to_string(n) + " tensors; its config needs " +
                             std::to_string(layout.size()));
  for (const auto& expected : layout) {
    WeightTensor t;
    t.name = c.string(256);
    std::uint32_t rank = c.u32();
    if (rank > 4) throw std::runtime_error(what + " is corrupt (tensor '" + t.name + "' of rank " + std::to_string(rank) + ")");
    for (std::uint32_t i = 0; i < rank; ++i) t.shape.push_back(int(c.u32()));
    if (t.name != expected.name || t.shape != expected.shape)
      throw std::runtime_error(what + " is inconsistent: tensor '" + t.name + "' where the config needs '" +
                               expected.name + "' of its shape");
    c.need(t.numel() * sizeof(float));
    t.data.resize(t.numel());
    std::memcpy(t.data.data(), bytes.data() + c.at, t.numel() * sizeof(float));
    c.at += t.numel() * sizeof(float);
    w.tensors.push_back(std::move(t));
  }
  if (c.at != bytes.size())
    throw std::runtime_error(what + " has " + std::to_string(bytes.size() - c.at) + " unexpected bytes at the end");
  return w;
}

}  // namespace bh
