// shape.h — the network's interface in numbers: input geometry, policy size, the encoding
// version (SPEC.md). Kept free of core/ and LibTorch so the Eigen forward pass (nn_eigen)
// and engines can include it alone; encoding.h and policy_map.h give the numbers meaning.
#pragma once

namespace bh {

// The version of nn/SPEC.md this code implements. Checkpoints and exported models carry
// it; loading one written for another version is an error. Bump it with any change to
// what an input plane or a policy index means.
inline constexpr int kEncodingVersion = 1;

// The two boards side by side as one 8 x 16 image: rows are ranks (row 0 = rank 1 of the
// transformed view), columns 0-7 the mover's board, 8-15 the other board. One position is
// kInputPlanes planes of that image, plane-major (NCHW).
inline constexpr int kInputPlanes = 40;
inline constexpr int kInputHeight = 8;
inline constexpr int kInputWidth = 16;
inline constexpr int kInputSquares = kInputHeight * kInputWidth;
inline constexpr int kInputSize = kInputPlanes * kInputSquares;  // floats per position

// Policy: 73 move planes (56 queen-like, 8 knight, 9 under-promotion) and 5 drop planes,
// each over the 64 squares of the mover's board, then the wait action.
inline constexpr int kQueenPlanes = 56;
inline constexpr int kKnightPlanes = 8;
inline constexpr int kUnderPromotionPlanes = 9;
inline constexpr int kMovePlanes = kQueenPlanes + kKnightPlanes + kUnderPromotionPlanes;  // 73
inline constexpr int kDropPlanes = 5;
// Output planes of the policy convolution: the 78 above + 1 whose mean over the whole
// image is the wait logit.
inline constexpr int kPolicyPlanes = kMovePlanes + kDropPlanes + 1;  // 79
inline constexpr int kWaitIndex = (kMovePlanes + kDropPlanes) * 64;  // 4992
inline constexpr int kPolicySize = kWaitIndex + 1;                   // 4993

// Value head: logits of win, draw, loss for the deciding seat's team.
inline constexpr int kWdlOutputs = 3;

}  // namespace bh
