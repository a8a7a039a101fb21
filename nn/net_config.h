// net_config.h — NetConfig: the shape of the network (SPEC.md "Network"), as plain
// values. No LibTorch here: the Eigen reference forward pass and engines read it too.
// Config files are parsed elsewhere (training/); this file only has the key=value text
// form that checkpoints and weight files store.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace bh {

struct NetConfig {
  int blocks = 6;              // residual blocks in the tower
  int channels = 64;           // width of the tower
  bool se = false;             // squeeze-excitation in every block
  int se_channels = 16;        // width of the SE bottleneck (when se)
  int value_channels = 8;      // 1x1 convolution before the value head's dense layers
  int value_hidden = 128;      // hidden width of the value head
  // The outputs correct the tactical evaluator's answer instead of replacing it (SPEC.md
  // "Tactical residual", mcts/residual_evaluator.h); the last layers start at zero.
  bool tactical_residual = false;
  // A residual net's value bias is the tactical score / tactical_scale (SPEC.md "Tactical
  // residual"): the scale of the tactical evaluator the net was trained on, kept with the
  // net so that it answers as trained. New nets take the evaluator's calibrated scale
  // (mcts/simple_evaluators.h kTacticalValueScale; nn cannot include mcts, a test checks
  // the two agree); a residual net's text without the key is read as 600, the scale of
  // every net made before the calibration.
  int tactical_scale = kCalibratedTacticalScale;
  static constexpr int kCalibratedTacticalScale = 1896;
  static constexpr int kLegacyTacticalScale = 600;
  // Whether the tactical evaluator a residual net corrects counts where the pieces stand
  // (mcts/placement.h; SPEC.md "Tactical residual"). New nets do; a residual net's text
  // without the key was made before the placement terms and is read as false, so that it
  // too answers as trained.
  bool tactical_placement = true;

  static NetConfig small() { return {}; }                               // 6 x 64
  static NetConfig medium() { return {10, 128, false, 32, 8, 128}; }    // 10 x 128

  // Throws std::invalid_argument naming the field that is out of range.
  void validate() const;
  // Multiply-accumulates of one forward pass for one position.
  std::int64_t macs_per_position() const;
  // "blocks=6\nchannels=64\n..." in a fixed order; from_text reads it back (unknown or
  // missing keys throw std::invalid_argument naming the key). tactical_residual,
  // tactical_scale and tactical_placement are written only for residual nets, and read as
  // 0, 600 and 0 when missing, so files of nets without them are the same as before they
  // existed.
  std::string to_text() const;
  static NetConfig from_text(std::string_view text);
  // "6x64", "6x64-se16", "6x64-tr" (tactical residual), "6x64-tr600" (one on another
  // tactical scale than the calibrated one), "6x64-tr-np" (one without the placement).
  std::string short_name() const;

  bool operator==(const NetConfig&) const = default;
};

}  // namespace bh
