#include "platform/compare.h"

#include <algorithm>
#include <cstring>

#include "dmlconf/data_type.h"
#include "dmlconf/tensor_layout.h"

namespace dmlconf::validator {

std::vector<uint32_t> CoordinatesOf(uint64_t index, const std::vector<uint32_t>& sizes) {
  std::vector<uint32_t> coords(sizes.size(), 0);
  for (size_t d = sizes.size(); d > 0; --d) {
    if (sizes[d - 1] == 0) continue;
    coords[d - 1] = uint32_t(index % sizes[d - 1]);
    index /= sizes[d - 1];
  }
  return coords;
}

namespace {

// How many source elements hold exactly these bits, and the first of them.
struct Match {
  int count = 0;
  std::string where;  // "InputTensor {0,2}"
};

Match FindValue(const std::byte* value, size_t size, std::span<const ValueSource> sources) {
  Match match;
  for (const ValueSource& source : sources) {
    if (source.desc->ElementSize() != size) continue;
    const uint64_t count = source.bytes->size() / size;
    for (uint64_t i = 0; i < count; ++i) {
      if (std::memcmp(source.bytes->data() + i * size, value, size) != 0) continue;
      if (++match.count > 1) return match;  // ambiguous: no need to look further
      match.where = source.role + " " + FormatSizes(CoordinatesOf(i, source.desc->sizes));
    }
  }
  return match;
}

// "; the actual value has the bits of InputTensor {1,0}, the expected one those of
// InputTensor {0,0}". A statement about bits, not about where a value came
// from: a quieted NaN can equal another input's bits by chance.
std::string Provenance(const std::byte* want, const std::byte* got, size_t size,
                       std::span<const ValueSource> sources) {
  if (sources.empty()) return {};
  const Match from = FindValue(got, size, sources);
  if (from.count > 1) return {};
  std::string text =
      "; the actual value has the bits of " + (from.count ? from.where : "no input element");
  const Match wanted = FindValue(want, size, sources);
  if (wanted.count == 1) text += ", the expected one those of " + wanted.where;
  return text;
}

}  // namespace

std::string WhereFrom(const std::byte* value, size_t size, std::span<const ValueSource> sources) {
  const Match match = FindValue(value, size, sources);
  if (match.count > 1) return {};
  return match.count == 1 ? match.where : "no input element";
}

namespace {

bool SameElement(const std::vector<std::byte>& a, const std::vector<std::byte>& b, uint64_t i,
                 size_t size) {
  return std::memcmp(&a[i * size], &b[i * size], size) == 0;
}

// "; 3 of the 5 differing elements were never written" when any was.
std::string NeverWrittenCount(uint64_t never, uint64_t mismatches) {
  if (never == 0 || mismatches == 1) return {};
  return "; " + std::to_string(never) + " of the " + std::to_string(mismatches) +
         " differing elements " + (never == 1 ? "was" : "were") + " never written";
}

}  // namespace

std::optional<std::string> CompareLogical(const std::string& role, const TensorDesc& desc,
                                          const std::vector<std::byte>& expected,
                                          const std::vector<std::byte>& actual,
                                          std::span<const ValueSource> sources,
                                          const std::vector<std::byte>* poison) {
  const size_t size = desc.ElementSize();
  if (expected.size() != actual.size())
    return role + ": expected " + std::to_string(expected.size()) + " bytes, got " +
           std::to_string(actual.size());
  if (std::memcmp(expected.data(), actual.data(), expected.size()) == 0) return std::nullopt;
  const bool has_poison = poison != nullptr && poison->size() == actual.size();
  const uint64_t count = expected.size() / size;
  uint64_t mismatches = 0, never_written = 0;
  uint64_t first = 0;
  for (uint64_t i = 0; i < count; ++i) {
    if (SameElement(expected, actual, i, size)) continue;
    if (mismatches++ == 0) first = i;
    never_written += has_poison && SameElement(*poison, actual, i, size);
  }
  const ElementBits want = LoadElement(&expected[first * size], size);
  const ElementBits got = LoadElement(&actual[first * size], size);
  const DataType type = desc.data_type;
  std::string text = role + ": " + std::to_string(mismatches) + " of " + std::to_string(count) +
                     " elements differ; first at coordinates " +
                     FormatSizes(CoordinatesOf(first, desc.sizes)) + " (element " +
                     std::to_string(first) + "): expected " + FormatElement(type, want) +
                     " (bits " + FormatBits(type, want) + "), actual ";
  // The poison's value means nothing, and no input holds its bits: say what happened.
  if (has_poison && SameElement(*poison, actual, first, size))
    return text + "never written (it still holds the bits " + FormatBits(type, got) +
           " dmlconf filled the output with)" + NeverWrittenCount(never_written, mismatches);
  return text + FormatElement(type, got) + " (bits " + FormatBits(type, got) + ")" +
         Provenance(&expected[first * size], &actual[first * size], size, sources) +
         NeverWrittenCount(never_written, mismatches);
}

bool LayoutIsUsable(const TensorDesc& desc) {
  if (desc.strides && desc.strides->size() != desc.sizes.size()) return false;
  const uint64_t minimum = desc.MinimumTotalBytes();
  return minimum != kSaturated && desc.TotalBytes() >= minimum;
}

std::vector<bool> ElementByteMask(const TensorDesc& desc) {
  std::vector<bool> mask(desc.TotalBytes(), false);
  const size_t size = desc.ElementSize();
  ForEachCoordinate(desc.sizes, [&](std::span<const uint32_t> coords) {
    const uint64_t at = desc.ElementOffset(coords) * size;
    for (size_t b = 0; b < size; ++b) mask[at + b] = true;
  });
  return mask;
}

std::vector<bool> OwnLocationElements(const TensorDesc& desc) {
  // How many elements claim each byte, then whether every byte of an element
  // is claimed by it alone (overlapping strides can share part of one).
  std::vector<uint8_t> claims(desc.TotalBytes(), 0);
  const size_t size = desc.ElementSize();
  ForEachCoordinate(desc.sizes, [&](std::span<const uint32_t> coords) {
    const uint64_t at = desc.ElementOffset(coords) * size;
    for (size_t b = 0; b < size; ++b) claims[at + b] = uint8_t(std::min(claims[at + b] + 1, 2));
  });
  std::vector<bool> own;
  own.reserve(desc.ElementCount());
  ForEachCoordinate(desc.sizes, [&](std::span<const uint32_t> coords) {
    const uint64_t at = desc.ElementOffset(coords) * size;
    bool alone = true;
    for (size_t b = 0; b < size; ++b) alone = alone && claims[at + b] == 1;
    own.push_back(alone);
  });
  return own;
}

}  // namespace dmlconf::validator
