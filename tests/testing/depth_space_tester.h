// A fluent tester for any member of the depth/space family (dmlconf/depth_space.h):
//   DepthSpaceTester<DepthToSpace1Desc>().input_sizes({1, 8, 2, 3}).block_size(2)
//       .order(DepthSpaceOrder::kColumnRowDepth).Test(naive::DepthToSpace1);
// Expected outputs are Eigen reshape + shuffle + reshape: the depth axis is
// split into (bh, bw, c) or (c, bh, bw) and the block axes interleaved with H
// and W, one way or the other as the member's direction says.
#pragma once

#include <gtest/gtest.h>

#include <sstream>

#include "dmlconf/depth_space.h"
#include "testing/eigen_reference.h"
#include "testing/test_tensor.h"
#include "testing/tester_base.h"

namespace dmlconf::testing {

template <class Desc>
requires kIsDepthSpace<Desc>
class DepthSpaceTester : public TesterBase<DepthSpaceTester<Desc>> {
 public:
  using Kernel = void (*)(const Desc&, const Bindings&);
  static constexpr bool kToSpace = kDirection<Desc> == DepthSpaceDirection::kToSpace;

  DepthSpaceTester& input_sizes(std::vector<uint32_t> sizes) {
    input_sizes_ = std::move(sizes);
    return *this;
  }
  DepthSpaceTester& input_strides(std::vector<uint32_t> strides) {
    input_strides_ = std::move(strides);
    return *this;
  }
  DepthSpaceTester& output_strides(std::vector<uint32_t> strides) {
    output_strides_ = std::move(strides);
    return *this;
  }
  DepthSpaceTester& block_size(uint32_t b) {
    block_size_ = b;
    return *this;
  }
  // Only for a member with an Order field; the others have DEPTH_COLUMN_ROW's layout.
  DepthSpaceTester& order(DepthSpaceOrder order) {
    static_assert(kHasOrder<Desc>, "this member has no Order field");
    order_ = order;
    return *this;
  }

  // To space {N, C/(B*B), H*B, W*B}; to depth {N, C*B*B, H/B, W/B} (erratum S1).
  std::vector<uint32_t> output_sizes() const {
    const uint32_t b = block_size_;
    if (kToSpace)
      return {input_sizes_[0], input_sizes_[1] / (b * b), input_sizes_[2] * b, input_sizes_[3] * b};
    return {input_sizes_[0], input_sizes_[1] * b * b, input_sizes_[2] / b, input_sizes_[3] / b};
  }

  Desc MakeOpDesc() const {
    Desc desc;
    desc.block_size = block_size_;
    SetLayout(desc, order_);
    desc.input_tensor = this->MakeDesc(input_sizes_, input_strides_);
    desc.output_tensor = this->MakeDesc(output_sizes(), output_strides_);
    return desc;
  }

  std::string Describe() const {
    std::ostringstream out;
    out << "DepthSpaceTester<" << Schema<Desc>::kName << ">().input_sizes("
        << FormatSizes(input_sizes_) << ").input_strides(" << FormatOptional(input_strides_)
        << ").block_size(" << block_size_ << ").order(" << DepthSpaceOrderName(order_)
        << ").output_strides(" << FormatOptional(output_strides_) << ").data_type("
        << DataTypeName(this->data_type_) << ").extra_bytes(" << this->extra_bytes_ << ")";
    return out.str();
  }

  void Test(Kernel kernel) const {
    SCOPED_TRACE(Describe());
    ASSERT_EQ(input_sizes_.size(), 4u);
    ASSERT_GE(block_size_, 1u);
    const Desc desc = MakeOpDesc();
    const TestTensor input = MakeInput(desc.input_tensor, 0, this->fill_);
    TestTensor output = MakeOutput(desc.output_tensor);
    const Bindings bindings{{input.buffer.data()}, {output.buffer.data()}};

    kernel(desc, bindings);

    EXPECT_TRUE(Untouched(input));
    const std::vector<std::byte> expected =
        WithElementType(ElementSize(this->data_type_),
                        [&](auto zero) { return Expected(zero, ReadLogical(input)); });
    EXPECT_TRUE(LogicalBitsEqual(output.desc, expected, ReadLogical(output)));
    EXPECT_TRUE(OnlyElementsWritten(output));
  }

 private:
  template <class T>
  std::vector<std::byte> Expected(T, const std::vector<std::byte>& input) const {
    const RowMajorTensor<T, 4> in = ToEigen<T, 4>(input, input_sizes_);
    const Eigen::Index b = block_size_;
    const bool dcr = order_ == DepthSpaceOrder::kDepthColumnRow;
    if (kToSpace) {
      const Eigen::Index n = input_sizes_[0], h = input_sizes_[2], w = input_sizes_[3];
      const Eigen::Index c = input_sizes_[1] / (block_size_ * block_size_);
      // DCR: depth is (bh, bw, c'); CRD: depth is (c', bh, bw). Either way the
      // output dims are (n, c', h, bh, w, bw).
      const std::array<Eigen::Index, 6> split = dcr ? std::array<Eigen::Index, 6>{n, b, b, c, h, w}
                                                    : std::array<Eigen::Index, 6>{n, c, b, b, h, w};
      const std::array<int, 6> to_output =
          dcr ? std::array<int, 6>{0, 3, 4, 1, 5, 2} : std::array<int, 6>{0, 1, 4, 2, 5, 3};
      const std::array<Eigen::Index, 4> out_dims = {n, c, h * b, w * b};
      const RowMajorTensor<T, 4> out = in.reshape(split).shuffle(to_output).reshape(out_dims);
      return FromEigen<T, 4>(out);
    }
    const Eigen::Index n = input_sizes_[0], c = input_sizes_[1];
    const Eigen::Index h = input_sizes_[2] / b, w = input_sizes_[3] / b;
    // Input dims as (n, c, h, bh, w, bw); the output depth is (bh, bw, c) for DCR
    // and (c, bh, bw) for CRD.
    const std::array<Eigen::Index, 6> split = {n, c, h, b, w, b};
    const std::array<int, 6> to_output =
        dcr ? std::array<int, 6>{0, 3, 5, 1, 2, 4} : std::array<int, 6>{0, 1, 3, 5, 2, 4};
    const std::array<Eigen::Index, 4> out_dims = {n, c * b * b, h, w};
    const RowMajorTensor<T, 4> out = in.reshape(split).shuffle(to_output).reshape(out_dims);
    return FromEigen<T, 4>(out);
  }

  std::vector<uint32_t> input_sizes_ = {1, 8, 2, 3};
  std::optional<std::vector<uint32_t>> input_strides_;
  std::optional<std::vector<uint32_t>> output_strides_;
  uint32_t block_size_ = 2;
  DepthSpaceOrder order_ = DepthSpaceOrder::kDepthColumnRow;
};

}  // namespace dmlconf::testing
