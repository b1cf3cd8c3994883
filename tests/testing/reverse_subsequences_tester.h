// Fluent tester for REVERSE_SUBSEQUENCES:
//   ReverseSubsequencesTester().input_sizes({3, 4}).axis(1).lengths({2, 4, 0})
//       .Test(naive::ReverseSubsequences);
// Expected output: the input, with each line's first L elements replaced by
// an Eigen reverse of that slice.
#pragma once

#include <gtest/gtest.h>

#include <sstream>

#include "dmlconf/op_desc.h"
#include "testing/eigen_reference.h"
#include "testing/test_tensor.h"
#include "testing/tester_base.h"

namespace dmlconf::testing {

class ReverseSubsequencesTester : public TesterBase<ReverseSubsequencesTester> {
 public:
  using Kernel = void (*)(const ReverseSubsequencesDesc&, const Bindings&);
  static constexpr int kRank = 8;

  ReverseSubsequencesTester& input_sizes(std::vector<uint32_t> sizes) {
    input_sizes_ = std::move(sizes);
    return *this;
  }
  ReverseSubsequencesTester& input_strides(std::vector<uint32_t> strides) {
    input_strides_ = std::move(strides);
    return *this;
  }
  ReverseSubsequencesTester& axis(uint32_t axis) {
    axis_ = axis;
    return *this;
  }
  // Row-major over lengths_sizes(); default: 0, 1, 2, ... cycling to size + 1.
  ReverseSubsequencesTester& lengths(std::vector<uint64_t> values) {
    lengths_ = std::move(values);
    return *this;
  }
  ReverseSubsequencesTester& lengths_type(DataType type) {
    lengths_type_ = type;
    return *this;
  }
  ReverseSubsequencesTester& lengths_strides(std::vector<uint32_t> strides) {
    lengths_strides_ = std::move(strides);
    return *this;
  }
  ReverseSubsequencesTester& output_strides(std::vector<uint32_t> strides) {
    output_strides_ = std::move(strides);
    return *this;
  }

  std::vector<uint32_t> lengths_sizes() const {
    std::vector<uint32_t> sizes = input_sizes_;
    sizes[axis_] = 1;
    return sizes;
  }
  uint64_t line_count() const {
    uint64_t count = 1;
    for (uint32_t s : lengths_sizes()) count *= s;
    return count;
  }
  std::vector<uint64_t> lengths() const {
    if (!lengths_.empty()) return lengths_;
    std::vector<uint64_t> values(line_count());
    for (size_t i = 0; i < values.size(); ++i) values[i] = i % (input_sizes_[axis_] + 2);
    return values;
  }

  ReverseSubsequencesDesc Desc() const {
    ReverseSubsequencesDesc desc;
    desc.axis = axis_;
    desc.input_tensor = MakeDesc(data_type_, input_sizes_, input_strides_);
    desc.sequence_lengths_tensor = MakeDesc(lengths_type_, lengths_sizes(), lengths_strides_);
    desc.output_tensor = MakeDesc(data_type_, input_sizes_, output_strides_);
    return desc;
  }

  std::string Describe() const {
    std::ostringstream out;
    out << "ReverseSubsequencesTester().input_sizes(" << FormatSizes(input_sizes_)
        << ").input_strides(" << FormatOptional(input_strides_) << ").axis(" << axis_
        << ").lengths_type(" << DataTypeName(lengths_type_) << ").lengths({";
    for (uint64_t v : lengths()) out << v << ",";
    out << "}).lengths_strides(" << FormatOptional(lengths_strides_) << ").output_strides("
        << FormatOptional(output_strides_) << ").data_type(" << DataTypeName(data_type_)
        << ").extra_bytes(" << extra_bytes_ << ")";
    return out.str();
  }

  void Test(Kernel kernel) const {
    SCOPED_TRACE(Describe());
    ASSERT_LT(axis_, input_sizes_.size());
    ASSERT_EQ(lengths().size(), line_count());
    const ReverseSubsequencesDesc desc = Desc();
    const TestTensor input = MakeInput(desc.input_tensor, 0, fill_);
    const TestTensor lengths_tensor = MakeInputFromLogical(desc.sequence_lengths_tensor, EncodeLengths());
    TestTensor output = MakeOutput(desc.output_tensor);
    const Bindings bindings{{input.buffer.data(), lengths_tensor.buffer.data()}, {output.buffer.data()}};

    kernel(desc, bindings);

    EXPECT_TRUE(Untouched(input));
    EXPECT_TRUE(Untouched(lengths_tensor));
    EXPECT_TRUE(LogicalBitsEqual(output.desc, Expected(ReadLogical(input)), ReadLogical(output)));
    EXPECT_TRUE(OnlyElementsWritten(output));
  }

 private:
  std::vector<std::byte> EncodeLengths() const {
    const size_t size = ElementSize(lengths_type_);
    std::vector<std::byte> packed;
    for (uint64_t v : lengths()) {
      std::byte bytes[8];
      std::memcpy(bytes, &v, 8);
      packed.insert(packed.end(), bytes, bytes + size);
    }
    return packed;
  }

  std::vector<std::byte> Expected(const std::vector<std::byte>& input) const {
    const int axis = kRank - int(input_sizes_.size()) + int(axis_);
    const std::vector<uint64_t> values = lengths();
    return WithElementType(ElementSize(data_type_), [&](auto zero) {
      using T = decltype(zero);
      const RowMajorTensor<T, kRank> in = ToEigen<T, kRank>(input, input_sizes_);
      RowMajorTensor<T, kRank> out = in;
      std::array<bool, kRank> reverse{};
      reverse[axis] = true;
      size_t line = 0;
      ForEachCoordinate(lengths_sizes(), [&](std::span<const uint32_t> coords) {
        const uint64_t length = std::min<uint64_t>(values[line++], input_sizes_[axis_]);
        if (length == 0) return;
        std::array<Eigen::Index, kRank> start{};  // the line's coordinates, right-aligned
        for (size_t d = 0; d < coords.size(); ++d) start[kRank - coords.size() + d] = coords[d];
        std::array<Eigen::Index, kRank> extents;
        extents.fill(1);
        extents[axis] = Eigen::Index(length);
        out.slice(start, extents) = in.slice(start, extents).reverse(reverse);
      });
      return FromEigen<T, kRank>(out);
    });
  }

  std::vector<uint32_t> input_sizes_ = {3, 4};
  std::optional<std::vector<uint32_t>> input_strides_;
  uint32_t axis_ = 0;
  std::vector<uint64_t> lengths_;
  DataType lengths_type_ = DataType::kUint32;
  std::optional<std::vector<uint32_t>> lengths_strides_;
  std::optional<std::vector<uint32_t>> output_strides_;
};

}  // namespace dmlconf::testing
