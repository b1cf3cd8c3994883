// Eigen Tensor as an independent third opinion for expected outputs: the
// testers compute with slices, concatenation, reversal, reshapes and
// shuffles, never with the kernels' coordinate arithmetic.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include <unsupported/Eigen/CXX11/Tensor>

namespace dmlconf::testing {

template <class T, int R>
using RowMajorTensor = Eigen::Tensor<T, R, Eigen::RowMajor>;

// sizes right-aligned into R dimensions, leading 1s added.
template <int R>
std::array<Eigen::Index, R> PaddedDims(std::span<const uint32_t> sizes) {
  assert(sizes.size() <= size_t(R));
  std::array<Eigen::Index, R> dims;
  dims.fill(1);
  for (size_t i = 0; i < sizes.size(); ++i) dims[R - sizes.size() + i] = sizes[i];
  return dims;
}

template <class T, int R>
RowMajorTensor<T, R> ToEigen(const std::vector<std::byte>& packed, std::span<const uint32_t> sizes) {
  RowMajorTensor<T, R> tensor(PaddedDims<R>(sizes));
  assert(size_t(tensor.size()) * sizeof(T) == packed.size());
  std::memcpy(tensor.data(), packed.data(), packed.size());
  return tensor;
}

template <class T, int R>
std::vector<std::byte> FromEigen(const RowMajorTensor<T, R>& tensor) {
  std::vector<std::byte> packed(size_t(tensor.size()) * sizeof(T));
  std::memcpy(packed.data(), tensor.data(), packed.size());
  return packed;
}

// Calls fn(T{}) with the unsigned integer type of that size: copying does not
// care what the bits mean, and integers keep NaN bits intact.
template <class Fn>
decltype(auto) WithElementType(size_t element_size, Fn&& fn) {
  switch (element_size) {
    case 1: return fn(uint8_t{});
    case 2: return fn(uint16_t{});
    case 4: return fn(uint32_t{});
    default: return fn(uint64_t{});
  }
}

}  // namespace dmlconf::testing
