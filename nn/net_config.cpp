// net_config.cpp — NetConfig checks, cost and text form.
#include "nn/net_config.h"

#include <charconv>
#include <map>
#include <stdexcept>

#include "nn/shape.h"

namespace bh {

namespace {

void require(bool ok, std::string_view field, std::string_view range, int value) {
  if (!ok)
    throw std::invalid_argument("net config: " + std::string(field) + " must be " + std::string(range) +
                                ", got " + std::to_string(value));
}

int parse_int(std::string_view key, std::string_view v) {
  int out = 0;
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  if (ec != std::errc() || end != v.data() + v.size())
    throw std::invalid_argument("net config: " + std::string(key) + " is not an integer: '" + std::string(v) + "'");
  return out;
}

}  // namespace

void NetConfig::validate() const {
  require(blocks >= 0 && blocks <= 64, "blocks", "in [0, 64]", blocks);
  require(channels >= 1 && channels <= 1024, "channels", "in [1, 1024]", channels);
  require(!se || (se_channels >= 1 && se_channels <= 1024), "se_channels", "in [1, 1024]", se_channels);
  require(value_channels >= 1 && value_channels <= 256, "value_channels", "in [1, 256]", value_channels);
  require(value_hidden >= 1 && value_hidden <= 4096, "value_hidden", "in [1, 4096]", value_hidden);
  require(tactical_scale >= 50 && tactical_scale <= 100000, "tactical_scale", "in [50, 100000]", tactical_scale);
}

std::int64_t NetConfig::macs_per_position() const {
  const std::int64_t sq = kInputSquares, c = channels;
  std::int64_t macs = kInputPlanes * c * 9 * sq;                  // stem
  std::int64_t block = 2 * c * c * 9 * sq;                         // two 3x3 convolutions
  if (se) block += 2 * c * se_channels;                           // two small dense layers
  macs += blocks * block;
  macs += c * c * 9 * sq + c * kPolicyPlanes * sq;                 // policy head
  macs += c * value_channels * sq + value_channels * sq * value_hidden + value_hidden * kWdlOutputs;
  return macs;
}

std::string NetConfig::to_text() const {
  return "blocks=" + std::to_string(blocks) + "\nchannels=" + std::to_string(channels) +
         "\nse=" + std::to_string(int(se)) + "\nse_channels=" + std::to_string(se_channels) +
         "\nvalue_channels=" + std::to_string(value_channels) +
         "\nvalue_hidden=" + std::to_string(value_hidden) + "\n" +
         (tactical_residual ? "tactical_residual=1\ntactical_scale=" + std::to_string(tactical_scale) +
                                  "\ntactical_placement=" + std::to_string(int(tactical_placement)) + "\n"
                            : "");
}

NetConfig NetConfig::from_text(std::string_view text) {
  std::map<std::string, int, std::less<>> values;
  while (!text.empty()) {
    std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    if (line.empty()) continue;
    std::size_t eq = line.find('=');
    if (eq == std::string_view::npos)
      throw std::invalid_argument("net config: line without '=': '" + std::string(line) + "'");
    std::string_view key = line.substr(0, eq);
    values[std::string(key)] = parse_int(key, line.substr(eq + 1));
  }
  NetConfig c;
  int se_flag = 0;
  const std::pair<const char*, int*> fields[] = {
      {"blocks", &c.blocks},           {"channels", &c.channels},
      {"se", &se_flag},                {"se_channels", &c.se_channels},
      {"value_channels", &c.value_channels}, {"value_hidden", &c.value_hidden}};
  for (auto [key, field] : fields) {
    auto it = values.find(key);
    if (it == values.end()) throw std::invalid_argument("net config: missing key '" + std::string(key) + "'");
    *field = it->second;
    values.erase(it);
  }
  if (se_flag != 0 && se_flag != 1) throw std::invalid_argument("net config: se must be 0 or 1");
  c.se = se_flag == 1;
  if (auto it = values.find("tactical_residual"); it != values.end()) {
    if (it->second != 0 && it->second != 1) throw std::invalid_argument("net config: tactical_residual must be 0 or 1");
    c.tactical_residual = it->second == 1;
    values.erase(it);
  }
  c.tactical_scale = c.tactical_residual ? NetConfig::kLegacyTacticalScale : NetConfig::kCalibratedTacticalScale;
  if (auto it = values.find("tactical_scale"); it != values.end()) {
    c.tactical_scale = it->second;
    values.erase(it);
  }
  c.tactical_placement = !c.tactical_residual;
  if (auto it = values.find("tactical_placement"); it != values.end()) {
    if (it->second != 0 && it->second != 1) throw std::invalid_argument("net config: tactical_placement must be 0 or 1");
    c.tactical_placement = it->second == 1;
    values.erase(it);
  }
  if (!values.empty()) throw std::invalid_argument("net config: unknown key '" + values.begin()->first + "'");
  c.validate();
  return c;
}

std::string NetConfig::short_name() const {
  std::string s = std::to_string(blocks) + "x" + std::to_string(channels);
  if (se) s += "-se" + std::to_string(se_channels);
  if (tactical_residual) s += "-tr";
  if (tactical_residual && tactical_scale != kCalibratedTacticalScale) s += std::to_string(tactical_scale);
  if (tactical_residual && !tactical_placement) s += "-np";
  return s;
}

}  // namespace bh
