// Fluent tester for SPLIT:
//   SplitTester().input_sizes({2, 3, 4}).axis(1).output_axis_sizes({1, 2}).Test(naive::Split);
// Expected outputs are Eigen slices of the input.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <numeric>
#include <sstream>

#include "dmlconf/op_desc.h"
#include "testing/eigen_reference.h"
#include "testing/test_tensor.h"
#include "testing/tester_base.h"

namespace dmlconf::testing {

class SplitTester : public TesterBase<SplitTester> {
 public:
  using Kernel = void (*)(const SplitDesc&, const Bindings&);
  static constexpr int kRank = 8;

  SplitTester& input_sizes(std::vector<uint32_t> sizes) {
    input_sizes_ = std::move(sizes);
    return *this;
  }
  SplitTester& input_strides(std::vector<uint32_t> strides) {
    input_strides_ = std::move(strides);
    return *this;
  }
  SplitTester& axis(uint32_t axis) {
    axis_ = axis;
    return *this;
  }
  // Sizes along Axis, one per output; they must add up to the input's.
  SplitTester& output_axis_sizes(std::vector<uint32_t> sizes) {
    output_axis_sizes_ = std::move(sizes);
    return *this;
  }
  SplitTester& output_strides(size_t output, std::vector<uint32_t> strides) {
    output_strides_[output] = std::move(strides);
    return *this;
  }

  std::vector<uint32_t> output_axis_sizes() const {
    return output_axis_sizes_.empty() ? std::vector<uint32_t>{input_sizes_.at(axis_)}
                                      : output_axis_sizes_;
  }
  std::vector<uint32_t> output_sizes(size_t output) const {
    std::vector<uint32_t> sizes = input_sizes_;
    sizes[axis_] = output_axis_sizes()[output];
    return sizes;
  }

  SplitDesc Desc() const {
    SplitDesc desc;
    desc.axis = axis_;
    desc.input_tensor = MakeDesc(input_sizes_, input_strides_);
    for (size_t i = 0; i < output_axis_sizes().size(); ++i) {
      auto it = output_strides_.find(i);
      desc.output_tensors.push_back(
          MakeDesc(output_sizes(i), it == output_strides_.end() ? std::nullopt
                                                                : std::optional(it->second)));
    }
    return desc;
  }

  std::string Describe() const {
    std::ostringstream out;
    out << "SplitTester().input_sizes(" << FormatSizes(input_sizes_) << ").input_strides("
        << FormatOptional(input_strides_) << ").axis(" << axis_ << ").output_axis_sizes("
        << FormatSizes(output_axis_sizes()) << ").data_type(" << DataTypeName(data_type_)
        << ").extra_bytes(" << extra_bytes_ << ")";
    for (const auto& [i, strides] : output_strides_)
      out << ".output_strides(" << i << ", " << FormatSizes(strides) << ")";
    return out.str();
  }

  void Test(Kernel kernel) const {
    SCOPED_TRACE(Describe());
    const std::vector<uint32_t> pieces = output_axis_sizes();
    ASSERT_LT(axis_, input_sizes_.size());
    ASSERT_EQ(std::accumulate(pieces.begin(), pieces.end(), 0u), input_sizes_[axis_]);
    const SplitDesc desc = Desc();
    const TestTensor input = MakeInput(desc.input_tensor, 0, fill_);
    std::vector<TestTensor> outputs;
    Bindings bindings{{input.buffer.data()}, {}};
    for (const TensorDesc& output : desc.output_tensors) outputs.push_back(MakeOutput(output));
    for (TestTensor& output : outputs) bindings.outputs.push_back(output.buffer.data());

    kernel(desc, bindings);

    EXPECT_TRUE(Untouched(input));
    const std::vector<std::vector<std::byte>> expected = Expected(ReadLogical(input));
    for (size_t i = 0; i < outputs.size(); ++i) {
      EXPECT_TRUE(LogicalBitsEqual(outputs[i].desc, expected[i], ReadLogical(outputs[i])))
          << "OutputTensors[" << i << "]";
      EXPECT_TRUE(OnlyElementsWritten(outputs[i])) << "OutputTensors[" << i << "]";
    }
  }

 private:
  std::vector<std::vector<std::byte>> Expected(const std::vector<std::byte>& input) const {
    return WithElementType(ElementSize(data_type_), [&](auto zero) {
      using T = decltype(zero);
      const RowMajorTensor<T, kRank> in = ToEigen<T, kRank>(input, input_sizes_);
      const int axis = kRank - int(input_sizes_.size()) + int(axis_);
      std::array<Eigen::Index, kRank> offsets{};
      std::vector<std::vector<std::byte>> pieces;
      for (uint32_t piece : output_axis_sizes()) {
        std::array<Eigen::Index, kRank> extents = in.dimensions();
        extents[axis] = piece;
        pieces.push_back(FromEigen<T, kRank>(in.slice(offsets, extents)));
        offsets[axis] += piece;
      }
      return pieces;
    });
  }

  std::vector<uint32_t> input_sizes_ = {2, 3, 4};
  std::optional<std::vector<uint32_t>> input_strides_;
  uint32_t axis_ = 0;
  std::vector<uint32_t> output_axis_sizes_;
  std::map<size_t, std::vector<uint32_t>> output_strides_;
};

}  // namespace dmlconf::testing
