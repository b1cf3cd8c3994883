// What every fluent operator tester shares: the element type, extra bytes of
// TotalTensorSizeInBytes, which input fill, and the tensor descriptors they
// make. Derived is the tester itself, so each setter returns it and chains.
#pragma once

#include <optional>
#include <vector>

#include "dmlconf/tensor_desc.h"
#include "testing/test_tensor.h"

namespace dmlconf::testing {

template <class Derived>
class TesterBase {
 public:
  // A data type of this element size, where only the size matters.
  Derived& element_size(size_t size) {
    data_type_ = DataTypeOfSize(size);
    return self();
  }
  Derived& data_type(DataType type) {
    data_type_ = type;
    return self();
  }
  // TotalTensorSizeInBytes this much (rounded up to 4) above the minimum.
  Derived& extra_bytes(uint32_t bytes) {
    extra_bytes_ = bytes;
    return self();
  }
  Derived& special_values(bool on) {
    fill_ = on ? Fill::kSpecials : Fill::kPositions;
    return self();
  }

 protected:
  // A tensor of the tester's data type, or of `type` (indices, lengths).
  TensorDesc MakeDesc(const std::vector<uint32_t>& sizes,
                      const std::optional<std::vector<uint32_t>>& strides) const {
    return MakeDesc(data_type_, sizes, strides);
  }
  TensorDesc MakeDesc(DataType type, const std::vector<uint32_t>& sizes,
                      const std::optional<std::vector<uint32_t>>& strides) const {
    TensorDesc desc = TensorDesc::Packed(type, sizes);
    desc.strides = strides;
    if (extra_bytes_)
      desc.total_tensor_size_in_bytes = desc.MinimumTotalBytes() + (extra_bytes_ + 3) / 4 * 4;
    return desc;
  }

  DataType data_type_ = DataType::kFloat32;
  uint32_t extra_bytes_ = 0;
  Fill fill_ = Fill::kPositions;

 private:
  Derived& self() { return static_cast<Derived&>(*this); }
};

}  // namespace dmlconf::testing
