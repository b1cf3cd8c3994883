// Fluent tester for GATHER:
//   GatherTester().input_sizes({3, 4}).axis(1).indices_sizes({1, 5}).index_dimensions(1)
//       .indices({3, -1, 0, 0, 2}).index_type(DataType::kInt32).Test(naive::Gather);
// The expected output comes from Eigen chips: the input seen as {outer, size,
// inner}, the output as {outer, J, inner}, output chip j = input chip index[j].
#pragma once

#include <gtest/gtest.h>

#include <sstream>

#include "dmlconf/op_desc.h"
#include "testing/eigen_reference.h"
#include "testing/test_tensor.h"
#include "testing/tester_base.h"

namespace dmlconf::testing {

class GatherTester : public TesterBase<GatherTester> {
 public:
  using Kernel = void (*)(const GatherDesc&, const Bindings&);

  GatherTester& input_sizes(std::vector<uint32_t> sizes) {
    input_sizes_ = std::move(sizes);
    return *this;
  }
  GatherTester& input_strides(std::vector<uint32_t> strides) {
    input_strides_ = std::move(strides);
    return *this;
  }
  GatherTester& axis(uint32_t axis) {
    axis_ = axis;
    return *this;
  }
  // Same rank as the input; the leading D - K must be 1.
  GatherTester& indices_sizes(std::vector<uint32_t> sizes) {
    indices_sizes_ = std::move(sizes);
    return *this;
  }
  GatherTester& indices_strides(std::vector<uint32_t> strides) {
    indices_strides_ = std::move(strides);
    return *this;
  }
  GatherTester& index_dimensions(uint32_t k) {
    index_dimensions_ = k;
    return *this;
  }
  // Row-major over indices_sizes; default: a spread of valid indices.
  GatherTester& indices(std::vector<int64_t> values) {
    indices_ = std::move(values);
    return *this;
  }
  GatherTester& index_type(DataType type) {
    index_type_ = type;
    return *this;
  }
  GatherTester& output_strides(std::vector<uint32_t> strides) {
    output_strides_ = std::move(strides);
    return *this;
  }

  uint32_t rank() const { return uint32_t(input_sizes_.size()); }
  // input[0..Axis) ++ indices[D-K..D) ++ input[Axis+1..D), right-aligned into D.
  std::vector<uint32_t> output_sizes() const {
    std::vector<uint32_t> list(input_sizes_.begin(), input_sizes_.begin() + axis_);
    list.insert(list.end(), indices_sizes_.end() - index_dimensions_, indices_sizes_.end());
    list.insert(list.end(), input_sizes_.begin() + axis_ + 1, input_sizes_.end());
    while (list.size() > rank()) {
      EXPECT_EQ(list.front(), 1u) << "a surplus leading output size must be 1";
      list.erase(list.begin());
    }
    list.insert(list.begin(), rank() - list.size(), 1);
    return list;
  }
  uint64_t index_count() const {
    uint64_t count = 1;
    for (uint32_t s : indices_sizes_) count *= s;
    return count;
  }
  std::vector<int64_t> indices() const {
    if (!indices_.empty()) return indices_;
    std::vector<int64_t> values(index_count());
    for (size_t j = 0; j < values.size(); ++j) values[j] = int64_t((j * 5 + 1) % input_sizes_[axis_]);
    return values;
  }
  bool indices_in_range() const {
    const int64_t size = input_sizes_[axis_];
    for (int64_t index : indices())
      if (index >= size || index < (IsSignedInteger(index_type_) ? -size : 0)) return false;
    return true;
  }

  GatherDesc Desc() const {
    GatherDesc desc;
    desc.axis = axis_;
    desc.index_dimensions = index_dimensions_;
    desc.input_tensor = MakeDesc(data_type_, input_sizes_, input_strides_);
    desc.indices_tensor = MakeDesc(index_type_, indices_sizes_, indices_strides_);
    desc.output_tensor = MakeDesc(data_type_, output_sizes(), output_strides_);
    return desc;
  }

  std::string Describe() const {
    std::ostringstream out;
    out << "GatherTester().input_sizes(" << FormatSizes(input_sizes_) << ").input_strides("
        << FormatOptional(input_strides_) << ").axis(" << axis_ << ").indices_sizes("
        << FormatSizes(indices_sizes_) << ").indices_strides(" << FormatOptional(indices_strides_)
        << ").index_dimensions(" << index_dimensions_ << ").index_type("
        << DataTypeName(index_type_) << ").indices({";
    for (int64_t v : indices()) out << v << ",";
    out << "}).output_strides(" << FormatOptional(output_strides_) << ").data_type("
        << DataTypeName(data_type_) << ").extra_bytes(" << extra_bytes_ << ")";
    return out.str();
  }

  // In-range indices: output compared with the expected values. Out-of-range
  // ones: the output is unspecified, so only "ran, wrote only inside the
  // output, read nothing it may not" is checked (ASan sees stray reads).
  void Test(Kernel kernel) const {
    SCOPED_TRACE(Describe());
    ASSERT_EQ(indices_sizes_.size(), rank());
    ASSERT_LT(axis_, rank());
    ASSERT_LE(index_dimensions_, rank());
    ASSERT_EQ(indices().size(), index_count());
    for (uint32_t d = 0; d + index_dimensions_ < rank(); ++d) ASSERT_EQ(indices_sizes_[d], 1u);
    const GatherDesc desc = Desc();
    const TestTensor input = MakeInput(desc.input_tensor, 0, fill_);
    const TestTensor indices = MakeInputFromLogical(desc.indices_tensor, EncodeIndices());
    TestTensor output = MakeOutput(desc.output_tensor);
    const Bindings bindings{{input.buffer.data(), indices.buffer.data()}, {output.buffer.data()}};

    kernel(desc, bindings);

    EXPECT_TRUE(Untouched(input));
    EXPECT_TRUE(Untouched(indices));
    if (indices_in_range()) {
      EXPECT_TRUE(LogicalBitsEqual(output.desc, Expected(ReadLogical(input)), ReadLogical(output)));
    }
    EXPECT_TRUE(OnlyElementsWritten(output));
  }

 private:
  std::vector<std::byte> EncodeIndices() const {
    const size_t size = ElementSize(index_type_);
    std::vector<std::byte> packed;
    for (int64_t v : indices()) {
      std::byte bytes[8];
      std::memcpy(bytes, &v, 8);  // two's complement, little-endian: truncation is the encoding
      packed.insert(packed.end(), bytes, bytes + size);
    }
    return packed;
  }

  std::vector<std::byte> Expected(const std::vector<std::byte>& input) const {
    uint32_t outer = 1, inner = 1;
    for (uint32_t d = 0; d < axis_; ++d) outer *= input_sizes_[d];
    for (uint32_t d = axis_ + 1; d < rank(); ++d) inner *= input_sizes_[d];
    const uint32_t size = input_sizes_[axis_];
    const uint32_t j_count = uint32_t(index_count());  // leading D-K sizes are 1
    const std::vector<int64_t> values = indices();
    return WithElementType(ElementSize(data_type_), [&](auto zero) {
      using T = decltype(zero);
      const std::vector<uint32_t> in_dims = {outer, size, inner};
      const RowMajorTensor<T, 3> in = ToEigen<T, 3>(input, in_dims);
      RowMajorTensor<T, 3> out(static_cast<Eigen::Index>(outer), static_cast<Eigen::Index>(j_count),
                               static_cast<Eigen::Index>(inner));
      for (uint32_t j = 0; j < j_count; ++j) {
        const int64_t index = values[j] < 0 ? values[j] + size : values[j];
        out.template chip<1>(j) = in.template chip<1>(index);
      }
      return FromEigen<T, 3>(out);
    });
  }

  std::vector<uint32_t> input_sizes_ = {3, 4};
  std::optional<std::vector<uint32_t>> input_strides_;
  uint32_t axis_ = 0;
  std::vector<uint32_t> indices_sizes_ = {1, 2};
  std::optional<std::vector<uint32_t>> indices_strides_;
  uint32_t index_dimensions_ = 1;
  std::vector<int64_t> indices_;
  DataType index_type_ = DataType::kUint32;
  std::optional<std::vector<uint32_t>> output_strides_;
};

}  // namespace dmlconf::testing
