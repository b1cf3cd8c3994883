// Fluent tester for JOIN:
//   JoinTester().input_sizes({2, 3}).axis(1).input_axis_sizes({1, 4}).Test(naive::Join);
// The expected output is Eigen's concatenation of the inputs.
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

class JoinTester : public TesterBase<JoinTester> {
 public:
  using Kernel = void (*)(const JoinDesc&, const Bindings&);
  static constexpr int kRank = 8;

  // The output's sizes; along Axis, the sum of input_axis_sizes.
  JoinTester& output_sizes(std::vector<uint32_t> sizes) {
    output_sizes_ = std::move(sizes);
    return *this;
  }
  JoinTester& axis(uint32_t axis) {
    axis_ = axis;
    return *this;
  }
  // Sizes along Axis, one per input; they must add up to the output's.
  JoinTester& input_axis_sizes(std::vector<uint32_t> sizes) {
    input_axis_sizes_ = std::move(sizes);
    return *this;
  }
  JoinTester& input_strides(size_t input, std::vector<uint32_t> strides) {
    input_strides_[input] = std::move(strides);
    return *this;
  }
  JoinTester& output_strides(std::vector<uint32_t> strides) {
    output_strides_ = std::move(strides);
    return *this;
  }

  std::vector<uint32_t> input_axis_sizes() const {
    return input_axis_sizes_.empty() ? std::vector<uint32_t>{output_sizes_.at(axis_)}
                                     : input_axis_sizes_;
  }
  std::vector<uint32_t> input_sizes(size_t input) const {
    std::vector<uint32_t> sizes = output_sizes_;
    sizes[axis_] = input_axis_sizes()[input];
    return sizes;
  }

  JoinDesc Desc() const {
    JoinDesc desc;
    desc.axis = axis_;
    for (size_t i = 0; i < input_axis_sizes().size(); ++i) {
      auto it = input_strides_.find(i);
      desc.input_tensors.push_back(MakeDesc(
          input_sizes(i), it == input_strides_.end() ? std::nullopt : std::optional(it->second)));
    }
    desc.output_tensor = MakeDesc(output_sizes_, output_strides_);
    return desc;
  }

  std::string Describe() const {
    std::ostringstream out;
    out << "JoinTester().output_sizes(" << FormatSizes(output_sizes_) << ").axis(" << axis_
        << ").input_axis_sizes(" << FormatSizes(input_axis_sizes()) << ").output_strides("
        << FormatOptional(output_strides_) << ").data_type(" << DataTypeName(data_type_)
        << ").extra_bytes(" << extra_bytes_ << ")";
    for (const auto& [i, strides] : input_strides_)
      out << ".input_strides(" << i << ", " << FormatSizes(strides) << ")";
    return out.str();
  }

  void Test(Kernel kernel) const {
    SCOPED_TRACE(Describe());
    const std::vector<uint32_t> pieces = input_axis_sizes();
    ASSERT_LT(axis_, output_sizes_.size());
    ASSERT_EQ(std::accumulate(pieces.begin(), pieces.end(), 0u), output_sizes_[axis_]);
    const JoinDesc desc = Desc();
    std::vector<TestTensor> inputs;
    for (size_t i = 0; i < desc.input_tensors.size(); ++i)
      inputs.push_back(MakeInput(desc.input_tensors[i], i, fill_));
    TestTensor output = MakeOutput(desc.output_tensor);
    Bindings bindings{{}, {output.buffer.data()}};
    for (const TestTensor& input : inputs) bindings.inputs.push_back(input.buffer.data());

    kernel(desc, bindings);

    for (const TestTensor& input : inputs) EXPECT_TRUE(Untouched(input));
    EXPECT_TRUE(LogicalBitsEqual(output.desc, Expected(inputs), ReadLogical(output)));
    EXPECT_TRUE(OnlyElementsWritten(output));
  }

 private:
  std::vector<std::byte> Expected(const std::vector<TestTensor>& inputs) const {
    return WithElementType(ElementSize(data_type_), [&](auto zero) {
      using T = decltype(zero);
      const int axis = kRank - int(output_sizes_.size()) + int(axis_);
      RowMajorTensor<T, kRank> joined = ToEigen<T, kRank>(ReadLogical(inputs[0]), inputs[0].desc.sizes);
      for (size_t i = 1; i < inputs.size(); ++i) {
        const RowMajorTensor<T, kRank> next = ToEigen<T, kRank>(ReadLogical(inputs[i]), inputs[i].desc.sizes);
        RowMajorTensor<T, kRank> longer = joined.concatenate(next, axis);
        joined = std::move(longer);
      }
      return FromEigen<T, kRank>(joined);
    });
  }

  std::vector<uint32_t> output_sizes_ = {2, 3, 4};
  uint32_t axis_ = 0;
  std::vector<uint32_t> input_axis_sizes_;
  std::map<size_t, std::vector<uint32_t>> input_strides_;
  std::optional<std::vector<uint32_t>> output_strides_;
};

}  // namespace dmlconf::testing
