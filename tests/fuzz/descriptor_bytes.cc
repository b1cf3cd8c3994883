#include "descriptor_bytes.h"

#include <algorithm>
#include <array>
#include <variant>
#include <type_traits>

namespace dmlconf::fuzz {
namespace {

constexpr uint32_t kMaxRank = 12;
constexpr uint32_t kMaxTensors = 64;
constexpr uint8_t kDeriveShapes = 1;

enum TensorBits : uint8_t { kStrides = 1, kTotal = 2, kAlignment = 4, kFlags = 8 };

class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  uint8_t Byte() { return at_ < size_ ? data_[at_++] : 0; }
  uint64_t Varint() {
    uint64_t value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      const uint8_t b = Byte();
      value |= uint64_t(b & 0x7f) << shift;
      if ((b & 0x80) == 0) break;
    }
    return value;
  }
  uint32_t U32() { return uint32_t(Varint()); }
  // A count in [0, cap]: values above wrap, so every count stays reachable.
  uint32_t Count(uint32_t cap) {
    const uint64_t v = Varint();
    return uint32_t(v <= cap ? v : v % (cap + 1));
  }
  const uint8_t* rest() const { return data_ + std::min(at_, size_); }
  size_t rest_size() const { return at_ < size_ ? size_ - at_ : 0; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t at_ = 0;
};

class Writer {
 public:
  void Byte(uint8_t b) { out_.push_back(b); }
  void Varint(uint64_t v) {
    do {
      const uint8_t low = uint8_t(v & 0x7f);
      v >>= 7;
      Byte(v ? uint8_t(low | 0x80) : low);
    } while (v);
  }
  std::vector<uint8_t>& bytes() { return out_; }

 private:
  std::vector<uint8_t> out_;
};

std::vector<uint32_t> ReadList(Reader& r, uint32_t count) {
  std::vector<uint32_t> values(count);
  for (uint32_t& v : values) v = r.U32();
  return values;
}

TensorDesc ReadTensor(Reader& r) {
  TensorDesc t;
  const uint8_t present = r.Byte();
  t.data_type = DataType(r.Byte() % kDataTypeCount);
  const uint32_t rank = r.Count(kMaxRank);
  t.sizes = ReadList(r, rank);
  // Strides of another count than the rank are a validation case of their own.
  if (present & kStrides) t.strides = ReadList(r, r.Count(kMaxRank));
  if (present & kTotal) t.total_tensor_size_in_bytes = r.Varint();
  if (present & kAlignment) t.guaranteed_base_offset_alignment = r.U32();
  if (present & kFlags) t.flags = r.U32();
  return t;
}

void WriteTensor(Writer& w, const TensorDesc& t) {
  w.Byte(uint8_t((t.strides ? kStrides : 0) | (t.total_tensor_size_in_bytes ? kTotal : 0) |
                 (t.guaranteed_base_offset_alignment ? kAlignment : 0) | (t.flags ? kFlags : 0)));
  w.Byte(uint8_t(t.data_type));
  w.Varint(t.sizes.size());
  for (uint32_t s : t.sizes) w.Varint(s);
  if (t.strides) {
    w.Varint(t.strides->size());
    for (uint32_t s : *t.strides) w.Varint(s);
  }
  if (t.total_tensor_size_in_bytes) w.Varint(*t.total_tensor_size_in_bytes);
  if (t.guaranteed_base_offset_alignment) w.Varint(t.guaranteed_base_offset_alignment);
  if (t.flags) w.Varint(t.flags);
}

std::vector<TensorDesc> ReadTensors(Reader& r) {
  std::vector<TensorDesc> list(r.Count(kMaxTensors));
  for (TensorDesc& t : list) t = ReadTensor(r);
  return list;
}

void WriteTensors(Writer& w, const std::vector<TensorDesc>& list) {
  w.Varint(list.size());
  for (const TensorDesc& t : list) WriteTensor(w, t);
}

uint32_t SaturatingSum(uint32_t a, uint32_t b) { return b > UINT32_MAX - a ? UINT32_MAX : a + b; }

// SPLIT and JOIN: the one tensor is the pieces laid end to end along Axis.
void DeriveConcat(TensorDesc& whole, std::vector<TensorDesc>& pieces, uint32_t axis) {
  const size_t rank = whole.sizes.size();
  if (axis >= rank || pieces.empty()) return;
  uint32_t sum = 0;
  for (TensorDesc& piece : pieces) {
    if (piece.sizes.size() != rank) return;
    for (size_t d = 0; d < rank; ++d)
      if (d != axis) piece.sizes[d] = whole.sizes[d];
    sum = SaturatingSum(sum, piece.sizes[axis]);
  }
  whole.sizes[axis] = sum;
}

void DeriveShapes(GatherDesc& d) {
  const auto& in = d.input_tensor.sizes;
  const auto& idx = d.indices_tensor.sizes;
  const size_t rank = in.size();
  if (d.axis >= rank || d.index_dimensions > rank || idx.size() != rank) return;
  std::vector<uint32_t> out(in.begin(), in.begin() + d.axis);
  out.insert(out.end(), idx.end() - d.index_dimensions, idx.end());
  out.insert(out.end(), in.begin() + d.axis + 1, in.end());
  while (out.size() > rank && out.front() == 1) out.erase(out.begin());
  out.insert(out.begin(), rank - std::min(rank, out.size()), 1u);
  d.output_tensor.sizes = out;
}

template <class Desc>
void DeriveDepthSpace(Desc& d, bool to_space) {
  const auto& in = d.input_tensor.sizes;
  const uint64_t b = d.block_size;
  if (in.size() != 4 || b == 0 || b > 0xffff) return;
  const std::array<uint64_t, 4> out =
      to_space ? std::array<uint64_t, 4>{in[0], in[1] / (b * b), in[2] * b, in[3] * b}
               : std::array<uint64_t, 4>{in[0], in[1] * b * b, in[2] / b, in[3] / b};
  if (*std::max_element(out.begin(), out.end()) > UINT32_MAX) return;
  d.output_tensor.sizes.assign(out.begin(), out.end());
}

void DeriveShapes(ReverseSubsequencesDesc& d) {
  if (d.axis >= d.input_tensor.sizes.size()) return;
  d.sequence_lengths_tensor.sizes = d.input_tensor.sizes;
  d.sequence_lengths_tensor.sizes[d.axis] = 1;
  d.output_tensor.sizes = d.input_tensor.sizes;
}

OperatorDesc ReadOperator(Reader& r, OperatorType op, bool derive) {
  switch (op) {
    case OperatorType::kSplit: {
      SplitDesc d;
      d.axis = r.U32();
      d.input_tensor = ReadTensor(r);
      d.output_tensors = ReadTensors(r);
      if (derive) DeriveConcat(d.input_tensor, d.output_tensors, d.axis);
      return d;
    }
    case OperatorType::kJoin: {
      JoinDesc d;
      d.axis = r.U32();
      d.input_tensors = ReadTensors(r);
      d.output_tensor = ReadTensor(r);
      if (derive) DeriveConcat(d.output_tensor, d.input_tensors, d.axis);
      return d;
    }
    case OperatorType::kGather: {
      GatherDesc d;
      d.axis = r.U32();
      d.index_dimensions = r.U32();
      d.input_tensor = ReadTensor(r);
      d.indices_tensor = ReadTensor(r);
      d.output_tensor = ReadTensor(r);
      if (derive) DeriveShapes(d);
      return d;
    }
    case OperatorType::kDepthToSpace1:
    case OperatorType::kSpaceToDepth1: {
      const uint32_t block = r.U32();
      const auto order = DepthSpaceOrder(r.U32());
      TensorDesc input = ReadTensor(r);
      TensorDesc output = ReadTensor(r);
      if (op == OperatorType::kDepthToSpace1) {
        DepthToSpace1Desc d{std::move(input), std::move(output), block, order};
        if (derive) DeriveDepthSpace(d, true);
        return d;
      }
      SpaceToDepth1Desc d{std::move(input), std::move(output), block, order};
      if (derive) DeriveDepthSpace(d, false);
      return d;
    }
    case OperatorType::kReverseSubsequences: {
      ReverseSubsequencesDesc d;
      d.axis = r.U32();
      d.input_tensor = ReadTensor(r);
      d.sequence_lengths_tensor = ReadTensor(r);
      d.output_tensor = ReadTensor(r);
      if (derive) DeriveShapes(d);
      return d;
    }
  }
  return SplitDesc{};
}

void WriteOperator(Writer& w, const OperatorDesc& desc) {
  std::visit(
      [&w](const auto& d) {
        using Desc = std::decay_t<decltype(d)>;
        if constexpr (std::is_same_v<Desc, SplitDesc>) {
          w.Varint(d.axis);
          WriteTensor(w, d.input_tensor);
          WriteTensors(w, d.output_tensors);
        } else if constexpr (std::is_same_v<Desc, JoinDesc>) {
          w.Varint(d.axis);
          WriteTensors(w, d.input_tensors);
          WriteTensor(w, d.output_tensor);
        } else if constexpr (std::is_same_v<Desc, GatherDesc>) {
          w.Varint(d.axis);
          w.Varint(d.index_dimensions);
          WriteTensor(w, d.input_tensor);
          WriteTensor(w, d.indices_tensor);
          WriteTensor(w, d.output_tensor);
        } else if constexpr (std::is_same_v<Desc, ReverseSubsequencesDesc>) {
          w.Varint(d.axis);
          WriteTensor(w, d.input_tensor);
          WriteTensor(w, d.sequence_lengths_tensor);
          WriteTensor(w, d.output_tensor);
        } else {  // DEPTH_TO_SPACE1, SPACE_TO_DEPTH1
          w.Varint(d.block_size);
          w.Varint(uint32_t(d.order));
          WriteTensor(w, d.input_tensor);
          WriteTensor(w, d.output_tensor);
        }
      },
      desc);
}

}  // namespace

DecodedDescriptor DecodeDescriptor(const uint8_t* data, size_t size) {
  Reader r(data, size);
  const auto op = OperatorType(r.Byte() % kAllOperatorTypes.size());
  DecodedDescriptor out;
  out.level = kAllFeatureLevels[r.Byte() % kAllFeatureLevels.size()];
  const bool derive = (r.Byte() & kDeriveShapes) != 0;
  out.desc = ReadOperator(r, op, derive);
  out.data = r.rest();
  out.data_size = r.rest_size();
  return out;
}

std::vector<uint8_t> EncodeDescriptor(const OperatorDesc& desc, FeatureLevel level,
                                      const std::vector<uint8_t>& payload) {
  Writer w;
  w.Byte(uint8_t(TypeOf(desc)));
  w.Byte(uint8_t(level));
  w.Byte(0);
  WriteOperator(w, desc);
  w.bytes().insert(w.bytes().end(), payload.begin(), payload.end());
  return std::move(w.bytes());
}

}  // namespace dmlconf::fuzz
