#include "run/spread_order.h"

#include <numeric>

namespace dmlconf::validator {

std::vector<size_t> SpreadOrder(size_t n) {
  std::vector<size_t> order(n);
  if (n == 0) return order;
  // Near n (1 - 1/phi): the stride whose multiples mod n stay evenly spread (the
  // three-gap theorem); the coprime one nearest it, so that every case runs once.
  const size_t golden = size_t(double(n) * 0.3819660112501051 + 0.5);
  size_t stride = 1;
  for (size_t d = 0; d <= golden; ++d) {
    if (std::gcd(golden - d, n) == 1) {
      stride = golden - d;
      break;
    }
    if (std::gcd(golden + d, n) == 1) {
      stride = golden + d;
      break;
    }
  }
  for (size_t i = 0; i < n; ++i) order[(i * stride) % n] = i;
  return order;
}

}  // namespace dmlconf::validator
