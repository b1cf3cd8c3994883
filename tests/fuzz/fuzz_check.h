// What every fuzz target shares: the libFuzzer entry point's signature, and a
// check that stops the run with a message when an invariant breaks. A failed
// check aborts, so libFuzzer (and the g++ replay driver under CTest) report it
// as a crash and keep the input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace dmlconf::fuzz {

[[noreturn]] inline void Fail(const char* file, int line, const std::string& message) {
  std::fprintf(stderr, "%s:%d: fuzz invariant broken: %s\n", file, line, message.c_str());
  std::abort();
}

}  // namespace dmlconf::fuzz

// Not assert(): the fuzz builds define NDEBUG in some configurations, and an
// invariant the fuzzer exists to test must never compile away.
#define DMLCONF_FUZZ_CHECK(condition, message)                                   \
  do {                                                                           \
    if (!(condition)) ::dmlconf::fuzz::Fail(__FILE__, __LINE__, (message));      \
  } while (0)
