// PADDING: outputs worked out by hand from reference/OPERATORS.md's formulas (and, where
// named, DirectML's answers in reports/directml/window-family-probes.md).
#include <gtest/gtest.h>

#include "testing/both_kernels.h"
#include "testing/elements_tester.h"

namespace dmlconf::testing {
namespace {

struct PaddingKernel {
  using Kernel = void (*)(const PaddingDesc&, const Bindings&);
};
DMLCONF_BOTH_KERNELS(Padding, PaddingKernel);

PaddingDesc Desc(std::vector<uint32_t> input, PaddingMode mode, std::vector<uint32_t> start,
                 std::vector<uint32_t> end, DataType type = DataType::kInt32) {
  std::vector<uint32_t> output = input;
  for (size_t d = 0; d < output.size(); ++d) output[d] += start[d] + end[d];
  return {TensorDesc::Packed(type, input),
          TensorDesc::Packed(type, output),
          mode,
          0,
          std::move(start),
          std::move(end)};
}

// The page's example 3 on rows that differ: rows and columns mirrored about the edge
// element, the 4 end columns as wide as the input.
TEST_P(PaddingKernels, page_example_3_reflection_on_1_to_16) {
  CheckElementsCall(
      GetParam(), Desc({4, 4}, PaddingMode::kReflection, {1, 2}, {3, 4}),
      {PackedOf<int>({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, DataType::kInt32)},
      PackedOf<int>({7,  6,  5,  6,  7,  8,  7,  6,  5,  6,   //
                     3,  2,  1,  2,  3,  4,  3,  2,  1,  2,   //
                     7,  6,  5,  6,  7,  8,  7,  6,  5,  6,   //
                     11, 10, 9,  10, 11, 12, 11, 10, 9,  10,  //
                     15, 14, 13, 14, 15, 16, 15, 14, 13, 14,  //
                     11, 10, 9,  10, 11, 12, 11, 10, 9,  10,  //
                     7,  6,  5,  6,  7,  8,  7,  6,  5,  6,   //
                     3,  2,  1,  2,  3,  4,  3,  2,  1,  2},
                    DataType::kInt32));
}

// Erratum PD2: each side folds on its own, past the size (DirectML's answer).
TEST_P(PaddingKernels, reflection_start_10_end_1) {
  CheckElementsCall(GetParam(), Desc({3}, PaddingMode::kReflection, {10}, {1}),
                    {PackedOf<int>({1, 2, 3}, DataType::kInt32)},
                    PackedOf<int>({3, 2, 1, 2, 3, 2, 1, 2, 3, 2, 1, 2, 3, 2}, DataType::kInt32));
}

// SYMMETRIC repeats the edge element: i = -7 .. -1 read 0, 0, 1, 2, 2, 1, 0.
TEST_P(PaddingKernels, symmetric_start_7_end_1) {
  CheckElementsCall(GetParam(), Desc({3}, PaddingMode::kSymmetric, {7}, {1}),
                    {PackedOf<int>({1, 2, 3}, DataType::kInt32)},
                    PackedOf<int>({1, 1, 2, 3, 3, 2, 1, 1, 2, 3, 3}, DataType::kInt32));
}

// WRAP (erratum PD3): DirectML 1.15.4's answer for {3} padded (7, 5).
TEST_P(PaddingKernels, wrap_start_7_end_5) {
  CheckElementsCall(GetParam(), Desc({3}, PaddingMode::kWrap, {7}, {5}),
                    {PackedOf<int>({1, 2, 3}, DataType::kInt32)},
                    PackedOf<int>({3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2}, DataType::kInt32));
}

// Erratum PD1: a size-1 dimension reflected repeats its element; the other dimension
// reflects as usual, EDGE clamps.
TEST_P(PaddingKernels, size_1_reflection_beside_edge_rows) {
  CheckElementsCall(GetParam(), Desc({1, 3}, PaddingMode::kReflection, {1, 1}, {1, 1}),
                    {PackedOf<int>({1, 2, 3}, DataType::kInt32)},
                    PackedOf<int>({2, 1, 2, 3, 2, 2, 1, 2, 3, 2, 2, 1, 2, 3, 2}, DataType::kInt32));
  CheckElementsCall(GetParam(), Desc({2}, PaddingMode::kEdge, {3}, {2}, DataType::kUint8),
                    {PackedOf<int>({5, 9}, DataType::kUint8)},
                    PackedOf<int>({5, 5, 5, 5, 9, 9, 9}, DataType::kUint8));
}

// Contract point V1: the FLOAT truncated toward zero into INT32 (the page's 10.6 -> 10),
// and rounded to nearest even into FLOAT16 (0.1 -> 0x2e66).
TEST_P(PaddingKernels, constant_value_converted) {
  PaddingDesc d = Desc({1, 2}, PaddingMode::kConstant, {1, 0}, {0, 1});
  d.padding_value = 0xc129999a;  // -10.6f
  CheckElementsCall(GetParam(), d, {PackedOf<int>({7, 8}, DataType::kInt32)},
                    PackedOf<int>({-10, -10, -10, 7, 8, -10}, DataType::kInt32));
  PaddingDesc h = Desc({2}, PaddingMode::kConstant, {1}, {1}, DataType::kFloat16);
  h.padding_value = 0x3dcccccd;  // 0.1f
  CheckElementsCall(GetParam(), h, {PackedOf<int>({0x3c00, 0x7e01}, DataType::kFloat16)},
                    PackedOf<int>({0x2e66, 0x3c00, 0x7e01, 0x2e66}, DataType::kFloat16));
}

// Strided tensors: the input's rows padded to 4, the output column-major.
TEST_P(PaddingKernels, strided_symmetric) {
  PaddingDesc d = Desc({2, 2}, PaddingMode::kSymmetric, {0, 1}, {1, 0}, DataType::kUint16);
  d.input_tensor.strides = {4, 1};
  d.input_tensor.total_tensor_size_in_bytes = 12;
  d.output_tensor.strides = {1, 3};
  d.output_tensor.total_tensor_size_in_bytes = 18;
  CheckElementsCall(GetParam(), d, {PackedOf<int>({1, 2, 3, 4}, DataType::kUint16)},
                    PackedOf<int>({1, 1, 2, 3, 3, 4, 3, 3, 4}, DataType::kUint16));
}

}  // namespace
}  // namespace dmlconf::testing
