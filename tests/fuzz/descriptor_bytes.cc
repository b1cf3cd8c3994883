#include "descriptor_bytes.h"

#include "dmlconf/depth_space.h"
#include "dmlconf/nd.h"
#include "dmlconf/pad.h"

#include <algorithm>
#include <array>
#include <type_traits>
#include <variant>

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
requires kIsDepthSpace<Desc>
void DeriveShapes(Desc& d) {
  const auto& in = d.input_tensor.sizes;
  const uint64_t b = d.block_size;
  if (in.size() != 4 || b == 0 || b > 0xffff) return;
  const std::array<uint64_t, 4> out =
      kDirection<Desc> == DepthSpaceDirection::kToSpace
          ? std::array<uint64_t, 4>{in[0], in[1] / (b * b), in[2] * b, in[3] * b}
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

// GATHER_ELEMENTS and SCATTER_ELEMENTS: the indices take the input's sizes off Axis.
void DeriveIndicesOffAxis(const TensorDesc& input, TensorDesc& indices, uint32_t axis) {
  if (axis >= input.sizes.size() || indices.sizes.size() != input.sizes.size()) return;
  for (size_t d = 0; d < input.sizes.size(); ++d)
    if (d != axis) indices.sizes[d] = input.sizes[d];
}
void DeriveShapes(GatherElementsDesc& d) {
  DeriveIndicesOffAxis(d.input_tensor, d.indices_tensor, d.axis);
  d.output_tensor.sizes = d.indices_tensor.sizes;
}
void DeriveShapes(ScatterElementsDesc& d) {
  DeriveIndicesOffAxis(d.input_tensor, d.indices_tensor, d.axis);
  d.updates_tensor.sizes = d.indices_tensor.sizes;
  d.output_tensor.sizes = d.input_tensor.sizes;
}

// SLICE: the output takes the descriptor's Sizes.
void DeriveShapes(SliceDesc& d) { d.output_tensor.sizes = d.sizes; }
// PADDING and PADDING1: arrays as long as the input's rank, the output framed by them.
template <class Desc>
requires kIsPad<Desc>
void DeriveShapes(Desc& d) {
  const size_t rank = d.input_tensor.sizes.size();
  d.start_padding.resize(rank);
  d.end_padding.resize(rank);
  std::vector<uint32_t> out = d.input_tensor.sizes;
  for (size_t i = 0; i < rank; ++i) {
    const uint64_t size = uint64_t(out[i]) + d.start_padding[i] + d.end_padding[i];
    if (size > UINT32_MAX) return;
    out[i] = uint32_t(size);
  }
  d.output_tensor.sizes = out;
}

// The ND family: the indices' batch sizes from the input, the output's (updates') sizes
// from both, where the counts leave them a meaning.
template <class Desc>
requires kIsNd<Desc>
void DeriveShapes(Desc& d) {
  const NdCounts c = NdCountsOf(d);
  const auto& in = d.input_tensor.sizes;
  auto& idx = d.indices_tensor.sizes;
  const size_t rank = in.size();
  if (idx.size() != rank || c.input < 1 || c.input > rank || c.indices < 1 || c.indices > rank ||
      NdCountsReachOut(idx.back(), c))
    return;
  for (uint32_t b = 0; b < c.batch; ++b) idx[rank - c.indices + b] = in[rank - c.input + b];
  std::vector<uint32_t> gathered = NdGatheredSizes(in, idx, c);
  if (gathered.size() > rank) return;
  gathered.insert(gathered.begin(), rank - gathered.size(), 1u);
  ForEachField(d, [&](auto field, auto& value) {
    if constexpr (field.kind == FieldKind::kUpdates) value.sizes = gathered;
    if constexpr (field.kind == FieldKind::kOutput)
      value.sizes = HasUpdates<Desc>() ? in : gathered;
  });
}

// SLICE1: the output copies the whole window's reach (1 for a stride of 0: a break).
void DeriveShapes(Slice1Desc& d) {
  const size_t rank = d.input_window_sizes.size();
  if (d.input_window_strides.size() != rank) return;
  std::vector<uint32_t> out;
  for (size_t i = 0; i < rank; ++i) {
    const int64_t s = d.input_window_strides[i];
    const uint64_t magnitude = s < 0 ? uint64_t(-s) : uint64_t(s);
    const uint32_t size = d.input_window_sizes[i];
    out.push_back(size == 0 || magnitude == 0 ? 1 : uint32_t(1 + (size - 1) / magnitude));
  }
  d.output_tensor.sizes = out;
}
// TILE: the output is the input times Repeats (left alone where a product overflows).
void DeriveShapes(TileDesc& d) {
  const auto& in = d.input_tensor.sizes;
  if (d.repeats.size() != in.size()) return;
  std::vector<uint32_t> out;
  for (size_t i = 0; i < in.size(); ++i) {
    const uint64_t size = uint64_t(in[i]) * d.repeats[i];
    if (size > UINT32_MAX) return;
    out.push_back(uint32_t(size));
  }
  d.output_tensor.sizes = out;
}

void DeriveShapes(SplitDesc& d) { DeriveConcat(d.input_tensor, d.output_tensors, d.axis); }
void DeriveShapes(JoinDesc& d) { DeriveConcat(d.output_tensor, d.input_tensors, d.axis); }

// The schema's fields (op_schema.inc): the numbers first, then the tensors, each
// group in the schema's order.
template <class Desc>
void ReadFields(Reader& r, Desc& d) {
  ForEachField(d, [&](auto field, auto& value) {
    if constexpr (field.kind == FieldKind::kOrder) {
      value = DepthSpaceOrder(r.U32());
    } else if constexpr (IsArray(field.kind)) {  // a count (up to one past the most), entries
      value.resize(r.U32() % (kMaxDimensions + 2));
      for (auto& entry : value) entry = std::remove_reference_t<decltype(entry)>(r.U32());
    } else if constexpr (field.kind == FieldKind::kPaddingMode) {
      value = PaddingMode(r.U32());
    } else if constexpr (field.kind == FieldKind::kPaddingValueDataType) {
      value = kAllDataTypes[r.U32() % kDataTypeCount];
    } else if constexpr (field.kind == FieldKind::kTypedPaddingValue) {
      value = r.Varint();  // the whole union: bits past the type's width included
    } else if constexpr (!IsTensor(field.kind)) {
      value = r.U32();
    }
  });
  ForEachField(d, [&](auto field, auto& value) {
    if constexpr (IsList(field.kind))
      value = ReadTensors(r);
    else if constexpr (IsTensor(field.kind))
      value = ReadTensor(r);
  });
}

template <class Desc>
void WriteFields(Writer& w, const Desc& d) {
  ForEachField(d, [&](auto field, const auto& value) {
    if constexpr (IsArray(field.kind)) {
      w.Varint(uint32_t(value.size()));
      for (const auto entry : value) w.Varint(uint32_t(entry));
    } else if constexpr (field.kind == FieldKind::kTypedPaddingValue) {
      w.Varint(value);
    } else if constexpr (!IsTensor(field.kind)) {
      w.Varint(uint32_t(value));
    }
  });
  ForEachField(d, [&](auto field, const auto& value) {
    if constexpr (IsList(field.kind))
      WriteTensors(w, value);
    else if constexpr (IsTensor(field.kind))
      WriteTensor(w, value);
  });
}

OperatorDesc ReadOperator(Reader& r, OperatorType op, bool derive) {
  OperatorDesc desc = DefaultDesc(op);
  std::visit(
      [&](auto& d) {
        ReadFields(r, d);
        if (derive) DeriveShapes(d);
      },
      desc);
  return desc;
}

void WriteOperator(Writer& w, const OperatorDesc& desc) {
  std::visit([&w](const auto& d) { WriteFields(w, d); }, desc);
}

}  // namespace

DecodedDescriptor DecodeDescriptor(const uint8_t* data, size_t size) {
  Reader r(data, size);
  const auto op = OperatorType(r.Byte() % kOperatorCount);
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
