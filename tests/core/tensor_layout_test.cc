#include "dmlconf/tensor_layout.h"

#include <gtest/gtest.h>

#include <numeric>

namespace dmlconf {
namespace {

TEST(TensorLayout, VisitsCoordinatesInRowMajorOrder) {
  std::vector<std::vector<uint32_t>> seen;
  const std::vector<uint32_t> sizes = {2, 1, 3};
  ForEachCoordinate(sizes, [&](std::span<const uint32_t> c) { seen.emplace_back(c.begin(), c.end()); });
  const std::vector<std::vector<uint32_t>> expected = {{0, 0, 0}, {0, 0, 1}, {0, 0, 2},
                                                       {1, 0, 0}, {1, 0, 1}, {1, 0, 2}};
  EXPECT_EQ(seen, expected);
}

TEST(TensorLayout, VisitsNothingForAZeroSize) {
  int calls = 0;
  const std::vector<uint32_t> sizes = {2, 0};
  ForEachCoordinate(sizes, [&](std::span<const uint32_t>) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(TensorLayout, ScatterPlacesElementsThroughPaddedStrides) {
  // 2x3 uint8 with rows padded to 5: element (r, c) lands at 5r + c.
  TensorDesc desc = TensorDesc::Packed(DataType::kUint8, {2, 3});
  desc.strides = std::vector<uint32_t>{5, 1};
  const std::byte packed[6] = {std::byte{1}, std::byte{2}, std::byte{3},
                               std::byte{4}, std::byte{5}, std::byte{6}};
  std::vector<std::byte> buffer(desc.TotalBytes(), std::byte{0xEE});
  ScatterLogical(desc, packed, buffer.data());
  const std::vector<int> expected = {1, 2, 3, 0xEE, 0xEE, 4, 5, 6};
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(int(buffer[i]), expected[i]) << i;

  std::byte back[6] = {};
  GatherLogical(desc, buffer.data(), back);
  EXPECT_EQ(std::memcmp(back, packed, 6), 0);
}

TEST(TensorLayout, GatherReadsPermutedStridesAsTheLogicalOrder) {
  // A column-major 2x3 uint16: element (r, c) at 2c + r.
  TensorDesc desc = TensorDesc::Packed(DataType::kUint16, {2, 3});
  desc.strides = std::vector<uint32_t>{1, 2};
  const uint16_t memory[6] = {10, 20, 11, 21, 12, 22};  // (0,0) (1,0) (0,1) (1,1) ...
  uint16_t logical[6] = {};
  GatherLogical(desc, reinterpret_cast<const std::byte*>(memory),
                reinterpret_cast<std::byte*>(logical));
  const uint16_t expected[6] = {10, 11, 12, 20, 21, 22};
  EXPECT_EQ(std::memcmp(logical, expected, sizeof expected), 0);
  EXPECT_EQ(LogicalBytes(desc), 12u);
}

TEST(TensorLayout, BroadcastReadsOneLocationForEveryElement) {
  TensorDesc desc = TensorDesc::Packed(DataType::kUint32, {2, 2});
  desc.strides = std::vector<uint32_t>{0, 1};
  const uint32_t memory[2] = {7, 9};
  uint32_t logical[4] = {};
  GatherLogical(desc, reinterpret_cast<const std::byte*>(memory),
                reinterpret_cast<std::byte*>(logical));
  const uint32_t expected[4] = {7, 9, 7, 9};
  EXPECT_EQ(std::memcmp(logical, expected, sizeof expected), 0);
}

}  // namespace
}  // namespace dmlconf
