// DirectML probe (not a reproducer): what DirectML does where the window family's pages
// (SLICE, SLICE1, PADDING, PADDING1, TILE) leave a choice open, or where their words and
// examples disagree. reference/OPERATORS.md records the answers per point (issue 30,
// points 12-20 of the pages' reading); this program is how they were had, so anyone can
// ask a DirectML version again.
//
// Each probe builds one descriptor, creates and compiles it, and when DirectML accepts
// it, runs it once and prints every output element. Outputs start filled with 0xCD bytes
// and are bound with 64 guard bytes beyond TotalTensorSizeInBytes, so an element never
// written prints as '-' and a write past the tensor is reported. One line a probe, then
// its outputs, then for some probes which reading of the pages the output matches:
//
//   PROBE <name>: accepted | refused 0x<HRESULT>
//     Output [v0, v1, ...]  (guard intact | GUARD WRITTEN)
//     reading: <which of the page's readings the output equals>
//
// FLOAT32 elements print as numbers (NaN and -0 as bits), FLOAT16 and FLOAT64 as bits,
// integers as numbers. Standalone: DirectML.h and Direct3D 12 only. Usage: THIS.exe
// [PATH\DirectML.dll] [NAME] (NAME: run only the probes whose name starts with it). Exit 0
// when every probe ran (accepted or refused), 2 when something could not run. Build and
// run: README.md here.
#include "dml_probe.h"

#include <algorithm>
#include <limits>

namespace {

// ---- The probes' own vocabulary ---------------------------------------------------------

bool IsSigned(DML_TENSOR_DATA_TYPE type) {
  return type == DML_TENSOR_DATA_TYPE_INT8 || type == DML_TENSOR_DATA_TYPE_INT16 ||
         type == DML_TENSOR_DATA_TYPE_INT32 || type == DML_TENSOR_DATA_TYPE_INT64;
}

// A packed buffer tensor and its bytes; not copyable, so the descs' pointers stay valid.
struct Tensor {
  DML_TENSOR_DATA_TYPE type;
  std::vector<UINT> sizes;
  std::vector<uint8_t> bytes;  // inputs: the data; outputs: filled with kUnwritten
  DML_BUFFER_TENSOR_DESC buffer{};
  DML_TENSOR_DESC desc{};

  Tensor(DML_TENSOR_DATA_TYPE t, std::vector<UINT> s) : type(t), sizes(std::move(s)) {
    buffer.DataType = type;
    buffer.DimensionCount = static_cast<UINT>(sizes.size());
    buffer.Sizes = sizes.data();
    buffer.TotalTensorSizeInBytes = (ElementCount() * ElementBytes(type) + 3) / 4 * 4;
    desc = {DML_TENSOR_TYPE_BUFFER, &buffer};
  }
  Tensor(const Tensor&) = delete;
  Tensor& operator=(const Tensor&) = delete;
  size_t ElementCount() const {
    size_t count = 1;
    for (UINT v : sizes) count *= v;
    return count;
  }
  // Elements as numbers: FLOAT32 / FLOAT64 as values, FLOAT16 as its bits, integers cast
  // (two's complement, low bytes).
  Tensor& Data(const std::vector<double>& values) {
    bytes.assign(buffer.TotalTensorSizeInBytes, 0);
    const UINT eb = ElementBytes(type);
    for (size_t i = 0; i < values.size() && (i + 1) * eb <= bytes.size(); ++i) {
      const double v = values[i];
      if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        const float f = static_cast<float>(v);
        std::memcpy(&bytes[i * eb], &f, 4);
      } else if (type == DML_TENSOR_DATA_TYPE_FLOAT64) {
        std::memcpy(&bytes[i * eb], &v, 8);
      } else {
        const int64_t x = static_cast<int64_t>(v);
        std::memcpy(&bytes[i * eb], &x, eb);
      }
    }
    return *this;
  }
  // 1, 2, 3, ... (FLOAT16: the bits of 1.0, 2.0, ... for small counts).
  Tensor& Iota() {
    std::vector<double> values(ElementCount());
    for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(i + 1);
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16)
      for (double& v : values) v = static_cast<double>(HalfBits(static_cast<float>(v)));
    return Data(values);
  }
  static uint16_t HalfBits(float f) {  // exact for the small integers Iota uses
    uint32_t x;
    std::memcpy(&x, &f, 4);
    if (f == 0) return 0;
    const int exponent = static_cast<int>((x >> 23) & 0xff) - 127 + 15;
    return static_cast<uint16_t>((x >> 16 & 0x8000) | (exponent << 10) | ((x >> 13) & 0x3ff));
  }
  void AsOutput() { bytes.assign(buffer.TotalTensorSizeInBytes + kGuardBytes, kUnwritten); }

  uint64_t Bits(size_t i) const {
    uint64_t raw = 0;
    std::memcpy(&raw, &bytes[i * ElementBytes(type)], ElementBytes(type));
    return raw;
  }
  bool Unwritten(size_t i) const {
    for (UINT b = 0; b < ElementBytes(type); ++b)
      if (bytes[i * ElementBytes(type) + b] != kUnwritten) return false;
    return true;
  }
  void PrintElement(size_t i) const {
    const uint64_t raw = Bits(i);
    const UINT eb = ElementBytes(type);
    if (Unwritten(i)) {
      std::printf("-");
    } else if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
      float f;
      std::memcpy(&f, &raw, 4);
      if (f != f || (f == 0 && (raw >> 31)))
        std::printf("0x%08llx", static_cast<unsigned long long>(raw));
      else
        std::printf("%g", f);
    } else if (type == DML_TENSOR_DATA_TYPE_FLOAT16 || type == DML_TENSOR_DATA_TYPE_FLOAT64) {
      std::printf("0x%0*llx", static_cast<int>(2 * eb), static_cast<unsigned long long>(raw));
    } else if (IsSigned(type)) {
      const int64_t v = static_cast<int64_t>(raw << (64 - 8 * eb)) >> (64 - 8 * eb);
      std::printf("%lld", static_cast<long long>(v));
    } else {
      std::printf("%llu", static_cast<unsigned long long>(raw));
    }
  }
  void Print(const char* name) const {
    std::printf("    %s [", name);
    for (size_t i = 0; i < ElementCount(); ++i) {
      if (i) std::printf(", ");
      PrintElement(i);
    }
    bool guard_intact = true;
    for (size_t b = buffer.TotalTensorSizeInBytes; b < bytes.size(); ++b)
      guard_intact = guard_intact && bytes[b] == kUnwritten;
    std::printf("]  (%s)\n", guard_intact ? "guard intact" : "GUARD WRITTEN");
  }
};

const char* g_filter = "";

// Creates, compiles and (when accepted) runs one descriptor; prints what happened.
// Returns kCouldNotRun when the run itself failed; *accepted says whether it ran.
int Probe(Dml& d, const char* name, DML_OPERATOR_TYPE type, const void* desc, Tensor* input,
          Tensor* output, bool* accepted = nullptr) {
  if (accepted) *accepted = false;
  if (std::strncmp(name, g_filter, std::strlen(g_filter)) != 0) return 0;
  ComPtr<IDMLOperator> op;
  ComPtr<IDMLCompiledOperator> compiled;
  DML_OPERATOR_DESC op_desc{type, desc};
  HRESULT hr = d.device->CreateOperator(&op_desc, IID_PPV_ARGS(&op));
  if (SUCCEEDED(hr))
    hr = d.device->CompileOperator(op.Get(), DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&compiled));
  if (FAILED(hr)) {
    std::printf("PROBE %s: refused 0x%08lX\n", name, static_cast<unsigned long>(hr));
    std::fflush(stdout);
    return 0;
  }
  std::printf("PROBE %s: accepted\n", name);
  output->AsOutput();
  std::vector<std::vector<uint8_t>> tensors = {input->bytes, output->bytes};
  if (int rc = Run(d, compiled.Get(), 1, &tensors)) return rc;
  output->bytes = tensors[1];
  output->Print("Output");
  std::fflush(stdout);
  if (accepted) *accepted = true;
  return 0;
}

constexpr DML_TENSOR_DATA_TYPE F32 = DML_TENSOR_DATA_TYPE_FLOAT32,
                               F16 = DML_TENSOR_DATA_TYPE_FLOAT16,
                               F64 = DML_TENSOR_DATA_TYPE_FLOAT64, I8 = DML_TENSOR_DATA_TYPE_INT8,
                               U8 = DML_TENSOR_DATA_TYPE_UINT8, I16 = DML_TENSOR_DATA_TYPE_INT16,
                               U16 = DML_TENSOR_DATA_TYPE_UINT16, I32 = DML_TENSOR_DATA_TYPE_INT32,
                               U32 = DML_TENSOR_DATA_TYPE_UINT32, I64 = DML_TENSOR_DATA_TYPE_INT64,
                               U64 = DML_TENSOR_DATA_TYPE_UINT64;
using Sizes = std::vector<UINT>;

// Prints whether `output` holds, element for element, the input element `source[i]` names
// (-1: the given constant bits), for each named reading of the page.
void CheckReadings(const Tensor& input, const Tensor& output,
                   const std::vector<std::pair<const char*, std::vector<long>>>& readings,
                   uint64_t constant_bits = 0) {
  if (output.bytes.empty()) return;  // refused: nothing ran
  std::string matched;
  for (const auto& [name, source] : readings) {
    bool equal = source.size() == output.ElementCount();
    for (size_t i = 0; equal && i < source.size(); ++i)
      equal = output.Bits(i) == (source[i] < 0 ? constant_bits : input.Bits(source[i]));
    if (equal) matched += matched.empty() ? name : std::string(", ") + name;
  }
  std::printf("    reading: %s\n", matched.empty() ? "NONE" : matched.c_str());
}

// ---- SLICE and SLICE1 ----------------------------------------------------------------------

int Slice(Dml& d, const char* name, DML_TENSOR_DATA_TYPE type, Sizes in_sizes, Sizes offsets,
          Sizes sizes, Sizes strides, Sizes out_sizes) {
  Tensor input(type, in_sizes), output(type, out_sizes);
  input.Iota();
  DML_SLICE_OPERATOR_DESC desc{&input.desc,    &output.desc, static_cast<UINT>(offsets.size()),
                               offsets.data(), sizes.data(), strides.data()};
  return Probe(d, name, DML_OPERATOR_SLICE, &desc, &input, &output);
}

int Slice1(Dml& d, const char* name, DML_TENSOR_DATA_TYPE type, Sizes in_sizes, Sizes offsets,
           Sizes sizes, std::vector<INT> strides, Sizes out_sizes) {
  Tensor input(type, in_sizes), output(type, out_sizes);
  input.Iota();
  DML_SLICE1_OPERATOR_DESC desc{&input.desc,    &output.desc, static_cast<UINT>(offsets.size()),
                                offsets.data(), sizes.data(), strides.data()};
  return Probe(d, name, DML_OPERATOR_SLICE1, &desc, &input, &output);
}

int SliceProbes(Dml& d) {
  int rc = 0;
  const Sizes in4 = {1, 1, 4, 4};  // the pages' input: 1 .. 16
  rc |=
      Slice(d, "slice.example-1", F32, in4, {0, 0, 1, 2}, {1, 1, 3, 2}, {1, 1, 1, 1}, {1, 1, 3, 2});
  rc |=
      Slice(d, "slice.example-2", F32, in4, {0, 0, 1, 0}, {1, 1, 2, 2}, {1, 1, 2, 3}, {1, 1, 2, 2});
  // Point 13: a stride of 0, along a dimension of size 3 and of size 1.
  rc |=
      Slice(d, "slice.stride-0", F32, in4, {0, 0, 1, 0}, {1, 1, 3, 2}, {1, 1, 0, 1}, {1, 1, 3, 2});
  rc |= Slice(d, "slice.stride-0-size-1", F32, in4, {0, 0, 1, 0}, {1, 1, 1, 2}, {1, 1, 0, 1},
              {1, 1, 1, 2});
  // Reads past the input: offset + stride * (size - 1) >= the input's size.
  rc |= Slice(d, "slice.past-input", F32, in4, {0, 0, 3, 0}, {1, 1, 2, 4}, {1, 1, 1, 1},
              {1, 1, 2, 4});
  rc |= Slice(d, "slice.past-input-by-stride", F32, in4, {0, 0, 1, 0}, {1, 1, 2, 4}, {1, 1, 3, 1},
              {1, 1, 2, 4});
  rc |= Slice(d, "slice.last-reach-in-input", F32, in4, {0, 0, 0, 3}, {1, 1, 2, 1}, {1, 1, 3, 1},
              {1, 1, 2, 1});
  rc |= Slice(d, "slice.sizes-not-output", F32, in4, {0, 0, 1, 2}, {1, 1, 3, 2}, {1, 1, 1, 1},
              {1, 1, 2, 2});
  rc |= Slice(d, "slice.offset-past-input", F32, in4, {0, 0, 4, 0}, {1, 1, 1, 4}, {1, 1, 1, 1},
              {1, 1, 1, 4});
  // Zero-sized windows: Sizes 0 with an output size 0 (which no buffer tensor may have).
  rc |= Slice(d, "slice.sizes-0", F32, in4, {0, 0, 1, 0}, {1, 1, 0, 4}, {1, 1, 1, 1}, {1, 1, 0, 4});
  // Ranks and types beyond the 1_0 row.
  rc |= Slice(d, "slice.rank-1", F32, {6}, {1}, {3}, {2}, {3});
  rc |= Slice(d, "slice.rank-8", U8, {1, 1, 1, 1, 1, 1, 3, 4}, {0, 0, 0, 0, 0, 0, 1, 1},
              {1, 1, 1, 1, 1, 1, 2, 2}, {1, 1, 1, 1, 1, 1, 1, 2}, {1, 1, 1, 1, 1, 1, 2, 2});
  rc |= Slice(d, "slice.float64", F64, {2, 3}, {0, 1}, {2, 2}, {1, 1}, {2, 2});
  rc |= Slice(d, "slice.int64", I64, {2, 3}, {1, 0}, {1, 2}, {1, 2}, {1, 2});
  rc |= Slice(d, "slice.dimension-count-mismatch", F32, {2, 3}, {0, 0, 0}, {1, 2, 3}, {1, 1, 1},
              {2, 3});
  return rc;
}

int Slice1Probes(Dml& d) {
  int rc = 0;
  const Sizes in4 = {1, 1, 4, 4};
  rc |= Slice1(d, "slice1.example-1", F32, in4, {0, 0, 0, 1}, {1, 1, 4, 3}, {1, 1, 2, 2},
               {1, 1, 2, 2});
  rc |= Slice1(d, "slice1.example-2", F32, in4, {0, 0, 0, 1}, {1, 1, 4, 3}, {1, 1, -2, 2},
               {1, 1, 2, 2});
  // Point 13: stride 0 (the page forbids it).
  rc |= Slice1(d, "slice1.stride-0", F32, in4, {0, 0, 0, 0}, {1, 1, 4, 4}, {1, 1, 0, 1},
               {1, 1, 1, 4});
  // Point 12: negative strides; MaxCopiedElements with the stride's sign (1 + 3 / -1 = -2
  // in C, so no output size would be legal) or its magnitude.
  rc |= Slice1(d, "slice1.reverse-row", F32, {4}, {0}, {4}, {-1}, {4});
  rc |= Slice1(d, "slice1.reverse-row-partial-output", F32, {4}, {0}, {4}, {-1}, {2});
  rc |= Slice1(d, "slice1.stride-minus-3", F32, {4}, {0}, {4}, {-3}, {2});
  rc |= Slice1(d, "slice1.stride-minus-3-output-3", F32, {4}, {0}, {4}, {-3}, {3});
  // A window that starts (for a negative stride: ends) at the last element.
  rc |= Slice1(d, "slice1.window-at-last-element-neg", F32, {4}, {3}, {1}, {-1}, {1});
  rc |= Slice1(d, "slice1.window-at-last-element-pos", F32, {4}, {3}, {1}, {1}, {1});
  rc |= Slice1(d, "slice1.window-last-two-neg", F32, {5}, {3}, {2}, {-1}, {2});
  rc |= Slice1(d, "slice1.int-min-stride", F32, {4}, {1}, {3}, {INT32_MIN}, {1});
  rc |= Slice1(d, "slice1.int-min-stride-window-1", F32, {4}, {2}, {1}, {INT32_MIN}, {1});
  rc |= Slice1(d, "slice1.int-max-stride", F32, {4}, {1}, {3}, {INT32_MAX}, {1});
  // An output smaller than the window's reach (allowed), and larger (not).
  rc |= Slice1(d, "slice1.output-smaller-than-reach", F32, {6}, {1}, {5}, {2}, {2});
  rc |= Slice1(d, "slice1.output-past-reach", F32, {6}, {1}, {5}, {2}, {4});
  rc |= Slice1(d, "slice1.window-past-input", F32, {4}, {2}, {3}, {1}, {2});
  rc |= Slice1(d, "slice1.window-size-0", F32, {4}, {1}, {0}, {1}, {1});
  rc |= Slice1(d, "slice1.window-size-0-output-0", F32, {4}, {1}, {0}, {1}, {0});
  // Types: the page's last row is 3_0 (STD8); SLICE's 4_1 row adds the 64-bit types.
  rc |= Slice1(d, "slice1.float64", F64, {2, 3}, {0, 0}, {2, 3}, {-1, -2}, {2, 2});
  rc |= Slice1(d, "slice1.int64", I64, {2, 3}, {0, 0}, {2, 3}, {1, -1}, {2, 3});
  rc |= Slice1(d, "slice1.uint64", U64, {6}, {0}, {6}, {-1}, {6});
  rc |= Slice1(d, "slice1.float16-reverse", F16, {5}, {0}, {5}, {-1}, {5});
  rc |= Slice1(d, "slice1.uint8-reverse", U8, {7}, {0}, {7}, {-1}, {7});
  return rc;
}

// ---- PADDING and PADDING1: the readings of the modes ---------------------------------------

enum class Fold { kPeriodic, kNumpy };

// The input coordinate that output coordinate o (0 .. start + n + end) of one dimension
// reads, or -1 for the constant. kPeriodic folds each side on its own, periodically;
// kNumpy folds over the array padded so far, as numpy.pad's two-sided loop does
// (numpy/lib/_arraypad_impl.py, _set_reflect_both; a size-1 dimension takes the edge).
std::vector<long> FoldMap(DML_PADDING_MODE mode, Fold fold, long n, long start, long end) {
  std::vector<long> map(start + n + end, -1);
  for (long o = 0; o < static_cast<long>(map.size()); ++o) {
    const long i = o - start;
    if (i >= 0 && i < n) {
      map[o] = i;
    } else if (mode == DML_PADDING_MODE_EDGE) {
      map[o] = i < 0 ? 0 : n - 1;
    } else if (mode == DML_PADDING_MODE_WRAP) {
      map[o] = ((i % n) + n) % n;
    } else if (mode == DML_PADDING_MODE_REFLECTION && fold == Fold::kPeriodic) {
      const long period = 2 * (n - 1);
      const long m = period ? ((i % period) + period) % period : 0;
      map[o] = m < n ? m : period - m;
    } else if (mode == DML_PADDING_MODE_SYMMETRIC && fold == Fold::kPeriodic) {
      const long period = 2 * n, m = ((i % period) + period) % period;
      map[o] = m < n ? m : period - 1 - m;
    }
  }
  const bool mirror = mode == DML_PADDING_MODE_REFLECTION || mode == DML_PADDING_MODE_SYMMETRIC;
  if (fold != Fold::kNumpy || !mirror) return map;
  if (n == 1) return FoldMap(DML_PADDING_MODE_EDGE, fold, n, start, end);
  const long total = static_cast<long>(map.size()), edge = mode == DML_PADDING_MODE_SYMMETRIC;
  long left = start, right = end;
  while (left > 0 || right > 0) {
    const long filled = total - left - right - (edge ? 0 : 1);
    if (left > 0) {
      const long chunk = std::min(filled, left), from = left - edge + chunk;
      for (long j = 0; j < chunk; ++j) map[left - chunk + j] = map[from - j];
      left -= chunk;
    }
    if (right > 0) {
      const long chunk = std::min(filled, right), from = total - right + edge - 2;
      for (long j = 0; j < chunk; ++j) map[total - right + j] = map[from - j];
      right -= chunk;
    }
  }
  return map;
}

// The input element each output element reads under `fold`, for every dimension at once.
std::vector<long> PadSources(DML_PADDING_MODE mode, Fold fold, const Sizes& in, const Sizes& start,
                             const Sizes& end) {
  const size_t rank = in.size();
  std::vector<std::vector<long>> maps(rank);
  size_t count = 1;
  for (size_t k = 0; k < rank; ++k) {
    maps[k] = FoldMap(mode, fold, in[k], start[k], end[k]);
    count *= maps[k].size();
  }
  std::vector<long> sources(count);
  for (size_t flat = 0; flat < count; ++flat) {
    size_t rest = flat;
    long source = 0, in_stride = 1;
    bool constant = false;
    for (size_t k = rank; k-- > 0;) {
      const long c = maps[k][rest % maps[k].size()];
      rest /= maps[k].size();
      constant = constant || c < 0;
      source += c * in_stride;
      in_stride *= in[k];
    }
    sources[flat] = constant ? -1 : source;
  }
  return sources;
}

Sizes PaddedSizes(const Sizes& in, const Sizes& start, const Sizes& end) {
  Sizes out(in.size());
  for (size_t k = 0; k < in.size(); ++k) out[k] = in[k] + start[k] + end[k];
  return out;
}

// A PADDING probe over an iota input, printing which readings the output equals.
int Pad(Dml& d, const char* name, DML_PADDING_MODE mode, DML_TENSOR_DATA_TYPE type, Sizes in,
        Sizes start, Sizes end, float value = 0, Sizes out = {}) {
  if (out.empty()) out = PaddedSizes(in, start, end);
  Tensor input(type, in), output(type, out);
  input.Iota();
  DML_PADDING_OPERATOR_DESC desc{
      &input.desc,  &output.desc, mode, value, static_cast<UINT>(start.size()),
      start.data(), end.data()};
  int rc = Probe(d, name, DML_OPERATOR_PADDING, &desc, &input, &output);
  Tensor constant(type, {1});
  constant.Data({static_cast<double>(value)});
  CheckReadings(
      input, output,
      {{"periodic (each side folds on its own)", PadSources(mode, Fold::kPeriodic, in, start, end)},
       {"numpy (folds over the array padded so far)",
        PadSources(mode, Fold::kNumpy, in, start, end)}},
      constant.Bits(0));
  return rc;
}

int PaddingProbes(Dml& d) {
  int rc = 0;
  const Sizes in4 = {1, 1, 4, 4}, start = {0, 0, 1, 2}, end = {0, 0, 3, 4};
  // The page's four examples; its input is [[1,2,3,4],[5,6,7,8],[1,2,3,4],[5,6,7,8]], the
  // probe's 1 .. 16, which tells rows apart.
  rc |= Pad(d, "pad.example-1-constant", DML_PADDING_MODE_CONSTANT, F32, in4, start, end, 9);
  rc |= Pad(d, "pad.example-2-edge", DML_PADDING_MODE_EDGE, F32, in4, start, end);
  rc |= Pad(d, "pad.example-3-reflection", DML_PADDING_MODE_REFLECTION, F32, in4, start, end);
  rc |= Pad(d, "pad.example-4-symmetric", DML_PADDING_MODE_SYMMETRIC, F32, in4, start, end);
  // Point 14: reflection of a size-1 dimension (period 0).
  rc |= Pad(d, "pad.reflection-size-1", DML_PADDING_MODE_REFLECTION, F32, {1}, {2}, {3});
  rc |= Pad(d, "pad.reflection-size-1-of-2d", DML_PADDING_MODE_REFLECTION, F32, {1, 3}, {1, 1},
            {2, 1});
  rc |= Pad(d, "pad.symmetric-size-1", DML_PADDING_MODE_SYMMETRIC, F32, {1}, {2}, {3});
  // Point 15: at and past the size, one side and both sides; (10, 1) on 3 elements tells
  // the two readings apart for reflection, (7, 1) on 2 for symmetric.
  rc |= Pad(d, "pad.reflection-start-n-minus-1", DML_PADDING_MODE_REFLECTION, F32, {3}, {2}, {0});
  rc |= Pad(d, "pad.reflection-start-n", DML_PADDING_MODE_REFLECTION, F32, {3}, {3}, {0});
  rc |= Pad(d, "pad.reflection-end-n", DML_PADDING_MODE_REFLECTION, F32, {3}, {0}, {3});
  rc |= Pad(d, "pad.reflection-start-9", DML_PADDING_MODE_REFLECTION, F32, {3}, {9}, {0});
  rc |= Pad(d, "pad.reflection-both-10-1", DML_PADDING_MODE_REFLECTION, F32, {3}, {10}, {1});
  rc |= Pad(d, "pad.reflection-both-1-10", DML_PADDING_MODE_REFLECTION, F32, {3}, {1}, {10});
  rc |= Pad(d, "pad.reflection-both-7-7", DML_PADDING_MODE_REFLECTION, F32, {4}, {7}, {7});
  rc |= Pad(d, "pad.symmetric-start-n", DML_PADDING_MODE_SYMMETRIC, F32, {3}, {3}, {0});
  rc |= Pad(d, "pad.symmetric-start-n-plus-1", DML_PADDING_MODE_SYMMETRIC, F32, {3}, {4}, {0});
  rc |= Pad(d, "pad.symmetric-end-2n-plus-1", DML_PADDING_MODE_SYMMETRIC, F32, {3}, {0}, {7});
  rc |= Pad(d, "pad.symmetric-both-7-1", DML_PADDING_MODE_SYMMETRIC, F32, {2}, {7}, {1});
  rc |= Pad(d, "pad.symmetric-both-9-4", DML_PADDING_MODE_SYMMETRIC, F32, {3}, {9}, {4});
  rc |= Pad(d, "pad.reflection-2d-wide", DML_PADDING_MODE_REFLECTION, F32, {2, 3}, {3, 5}, {2, 4});
  rc |= Pad(d, "pad.edge-wide", DML_PADDING_MODE_EDGE, F32, {3}, {5}, {4});
  // Point 19: WRAP (DirectML.h's fifth mode).
  rc |= Pad(d, "pad.wrap", DML_PADDING_MODE_WRAP, F32, {1, 1, 4, 4}, start, end);
  rc |= Pad(d, "pad.wrap-wide", DML_PADDING_MODE_WRAP, F32, {3}, {7}, {5});
  rc |= Pad(d, "pad.mode-5", static_cast<DML_PADDING_MODE>(5), F32, {3}, {1}, {1});
  // Point 16: ranks (the device is 6_4; 5 is in every row, 6 and 8 from 3_1).
  rc |= Pad(d, "pad.rank-5", DML_PADDING_MODE_REFLECTION, F32, {1, 1, 2, 2, 3}, {0, 0, 1, 0, 2},
            {0, 1, 0, 1, 1});
  rc |= Pad(d, "pad.rank-6", DML_PADDING_MODE_CONSTANT, F32, {1, 1, 1, 1, 2, 2}, {0, 0, 0, 0, 1, 0},
            {0, 0, 0, 1, 0, 1}, 7);
  rc |= Pad(d, "pad.rank-1-edge", DML_PADDING_MODE_EDGE, F32, {3}, {1}, {2});
  rc |= Pad(d, "pad.float64-symmetric", DML_PADDING_MODE_SYMMETRIC, F64, {3}, {2}, {4});
  rc |= Pad(d, "pad.int64-reflection", DML_PADDING_MODE_REFLECTION, I64, {3}, {4}, {2});
  rc |= Pad(d, "pad.uint8-reflection", DML_PADDING_MODE_REFLECTION, U8, {5}, {3}, {3});
  rc |= Pad(d, "pad.float16-symmetric", DML_PADDING_MODE_SYMMETRIC, F16, {3}, {2}, {4});
  rc |=
      Pad(d, "pad.output-not-padded-sizes", DML_PADDING_MODE_CONSTANT, F32, {3}, {1}, {1}, 0, {4});
  rc |= Pad(d, "pad.all-zero-padding", DML_PADDING_MODE_REFLECTION, F32, {2, 3}, {0, 0}, {0, 0});
  return rc;
}

// Point 17: PADDING's FLOAT PaddingValue written into each type: input {2} = 1, 2, one
// element of padding at the end; the third element is the value as DirectML writes it.
int PadValueProbes(Dml& d) {
  int rc = 0;
  struct ValueProbe {
    const char* name;
    DML_TENSOR_DATA_TYPE type;
    float value;
  };
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const ValueProbe probes[] = {
      {"padvalue.int32.10.6", I32, 10.6f},
      {"padvalue.int32.-10.6", I32, -10.6f},
      {"padvalue.int32.10.5", I32, 10.5f},
      {"padvalue.int32.11.5", I32, 11.5f},
      {"padvalue.int32.-0.5", I32, -0.5f},
      {"padvalue.int32.0.99", I32, 0.99f},
      {"padvalue.int32.nan", I32, nan},
      {"padvalue.int32.inf", I32, std::numeric_limits<float>::infinity()},
      {"padvalue.int32.-inf", I32, -std::numeric_limits<float>::infinity()},
      {"padvalue.int32.3e9", I32, 3e9f},
      {"padvalue.int32.-3e9", I32, -3e9f},
      {"padvalue.int32.2^24+1", I32, 16777217.0f},  // a float holds 16777216
      {"padvalue.uint32.-1", U32, -1.0f},
      {"padvalue.uint32.-10.6", U32, -10.6f},
      {"padvalue.uint32.5e9", U32, 5e9f},
      {"padvalue.uint32.nan", U32, nan},
      {"padvalue.uint32.3e9", U32, 3e9f},
      {"padvalue.int16.40000", I16, 40000.0f},
      {"padvalue.int16.-40000", I16, -40000.0f},
      {"padvalue.int16.-7.9", I16, -7.9f},
      {"padvalue.uint16.70000", U16, 70000.0f},
      {"padvalue.uint16.-1", U16, -1.0f},
      {"padvalue.int8.200", I8, 200.0f},
      {"padvalue.int8.-129", I8, -129.0f},
      {"padvalue.int8.127.9", I8, 127.9f},
      {"padvalue.uint8.300", U8, 300.0f},
      {"padvalue.uint8.-1", U8, -1.0f},
      {"padvalue.uint8.255.5", U8, 255.5f},
      {"padvalue.uint8.nan", U8, nan},
      {"padvalue.int64.1e19", I64, 1e19f},
      {"padvalue.int64.-1e19", I64, -1e19f},
      {"padvalue.int64.-10.6", I64, -10.6f},
      {"padvalue.int64.2^40+0.5", I64, 1099511627776.0f},
      {"padvalue.uint64.-1", U64, -1.0f},
      {"padvalue.uint64.1.8e19", U64, 1.8e19f},
      {"padvalue.uint64.nan", U64, nan},
      {"padvalue.float16.0.1", F16, 0.1f},                // rounds to 0x2e66
      {"padvalue.float16.1+2^-11", F16, 1.00048828125f},  // a tie: even is 0x3c00
      {"padvalue.float16.65519", F16, 65519.0f},          // rounds to 65504, 0x7bff
      {"padvalue.float16.65520", F16, 65520.0f},          // rounds to inf, 0x7c00
      {"padvalue.float16.1e6", F16, 1e6f},
      {"padvalue.float16.-0", F16, -0.0f},
      {"padvalue.float16.nan", F16, nan},
      {"padvalue.float16.1e-7", F16, 1e-7f},  // subnormal 0x0002 (5.96e-8 * 2)
      {"padvalue.float16.1e-9", F16, 1e-9f},  // 0
      {"padvalue.float32.-0", F32, -0.0f},
      {"padvalue.float32.0.1", F32, 0.1f},
      {"padvalue.float64.0.1", F64, 0.1f},  // the float's value, 0x3fb99999a0000000
      {"padvalue.float64.nan", F64, nan},
  };
  for (const ValueProbe& p : probes) {
    Tensor input(p.type, {2}), output(p.type, {3});
    input.Iota();
    const UINT start[] = {0}, end[] = {1};
    DML_PADDING_OPERATOR_DESC desc{&input.desc, &output.desc, DML_PADDING_MODE_CONSTANT, p.value, 1,
                                   start,       end};
    rc |= Probe(d, p.name, DML_OPERATOR_PADDING, &desc, &input, &output);
  }
  // NaN payloads: does FLOAT32 keep them? (0x7fa00001 is signalling, 0xffc12345 negative)
  for (uint32_t bits : {0x7fa00001u, 0xffc12345u}) {
    float value;
    std::memcpy(&value, &bits, 4);
    Tensor input(F32, {2}), output(F32, {3});
    input.Iota();
    const UINT start[] = {0}, end[] = {1};
    DML_PADDING_OPERATOR_DESC desc{&input.desc, &output.desc, DML_PADDING_MODE_CONSTANT, value, 1,
                                   start,       end};
    const std::string name = std::string("padvalue.float32.nan-bits-") + std::to_string(bits);
    rc |= Probe(d, name.c_str(), DML_OPERATOR_PADDING, &desc, &input, &output);
  }
  return rc;
}

// ---- PADDING1: the typed value ------------------------------------------------------------

int Pad1(Dml& d, const char* name, DML_PADDING_MODE mode, DML_TENSOR_DATA_TYPE type,
         DML_TENSOR_DATA_TYPE value_type, DML_SCALAR_UNION value, Sizes in = {2}, Sizes start = {0},
         Sizes end = {1}) {
  Tensor input(type, in), output(type, PaddedSizes(in, start, end));
  input.Iota();
  DML_PADDING1_OPERATOR_DESC desc{&input.desc,  &output.desc, mode,
                                  value_type,   value,        static_cast<UINT>(start.size()),
                                  start.data(), end.data()};
  bool accepted = false;
  int rc = Probe(d, name, DML_OPERATOR_PADDING1, &desc, &input, &output, &accepted);
  if (accepted && mode == DML_PADDING_MODE_CONSTANT) {
    uint64_t expected = 0;
    std::memcpy(&expected, value.Bytes, ElementBytes(type));
    std::printf("    value bit-exact: %s (0x%0*llx)\n",
                output.Bits(output.ElementCount() - 1) == expected ? "yes" : "NO",
                static_cast<int>(2 * ElementBytes(type)),
                static_cast<unsigned long long>(expected));
  } else if (accepted) {
    CheckReadings(input, output,
                  {{"periodic (each side folds on its own)",
                    PadSources(mode, Fold::kPeriodic, in, start, end)},
                   {"numpy (folds over the array padded so far)",
                    PadSources(mode, Fold::kNumpy, in, start, end)}});
  }
  return rc;
}

DML_SCALAR_UNION Scalar(uint64_t bits, UINT width, uint8_t filler = 0) {
  DML_SCALAR_UNION u;
  std::memset(u.Bytes, filler, 8);
  std::memcpy(u.Bytes, &bits, width);
  return u;
}

int Padding1Probes(Dml& d) {
  int rc = 0;
  DML_SCALAR_UNION nine{};
  nine.Float32 = 9;
  rc |= Pad1(d, "pad1.example-1", DML_PADDING_MODE_CONSTANT, F32, F32, nine, {1, 1, 4, 4},
             {0, 0, 1, 2}, {0, 0, 3, 4});
  // Point 18: PaddingValueDataType that is not the output's type, in a mode that reads it
  // and in modes that never do.
  DML_SCALAR_UNION nine_i{};
  nine_i.Int32 = 9;
  rc |= Pad1(d, "pad1.value-type-int32-for-float32", DML_PADDING_MODE_CONSTANT, F32, I32, nine_i);
  rc |= Pad1(d, "pad1.value-type-int32-for-float32-edge", DML_PADDING_MODE_EDGE, F32, I32, nine_i);
  rc |= Pad1(d, "pad1.value-type-float32-for-float16-reflection", DML_PADDING_MODE_REFLECTION, F16,
             F32, nine, {3}, {2}, {2});
  rc |= Pad1(d, "pad1.value-type-float16-for-float16-reflection", DML_PADDING_MODE_REFLECTION, F16,
             F16, Scalar(0x4880, 2), {3}, {2}, {2});
  // Typed values, bit for bit: NaN payloads, -0, extremes. The union's unused bytes hold
  // 0xAB, so a reader that takes more bytes than the type's shows.
  struct Value {
    const char* name;
    DML_TENSOR_DATA_TYPE type;
    uint64_t bits;
  };
  const Value values[] = {
      {"pad1.float32.snan-payload", F32, 0x7fa00001},
      {"pad1.float32.qnan-payload-neg", F32, 0xffc12345},
      {"pad1.float32.-0", F32, 0x80000000},
      {"pad1.float32.denormal-min", F32, 0x00000001},
      {"pad1.float32.-inf", F32, 0xff800000},
      {"pad1.float16.snan-payload", F16, 0x7c01},
      {"pad1.float16.qnan-payload-neg", F16, 0xfe21},
      {"pad1.float16.-0", F16, 0x8000},
      {"pad1.float16.denormal-min", F16, 0x0001},
      {"pad1.float16.max", F16, 0x7bff},
      {"pad1.float64.snan-payload", F64, 0x7ff0000000000001},
      {"pad1.float64.qnan-payload-neg", F64, 0xfff8deadbeef0001},
      {"pad1.float64.-0", F64, 0x8000000000000000},
      {"pad1.int64.min", I64, 0x8000000000000000},
      {"pad1.int64.max", I64, 0x7fffffffffffffff},
      {"pad1.int64.2^53+1", I64, 0x0020000000000001},
      {"pad1.uint64.max", U64, 0xffffffffffffffff},
      {"pad1.int32.min", I32, 0x80000000},
      {"pad1.uint32.max", U32, 0xffffffff},
      {"pad1.int16.min", I16, 0x8000},
      {"pad1.uint16.max", U16, 0xffff},
      {"pad1.int8.min", I8, 0x80},
      {"pad1.uint8.max", U8, 0xff},
  };
  for (const Value& v : values)
    rc |= Pad1(d, v.name, DML_PADDING_MODE_CONSTANT, v.type, v.type,
               Scalar(v.bits, ElementBytes(v.type), 0xAB));
  // The narrow types again, with other values, the unused bytes 0 and 0xAB, and three
  // padded elements: is the value read at all?
  const Value narrow[] = {
      {"pad1.narrow.uint16.0x1234", U16, 0x1234}, {"pad1.narrow.int16.-2", I16, 0xfffe},
      {"pad1.narrow.int16.5", I16, 0x0005},       {"pad1.narrow.float16.1.0", F16, 0x3c00},
      {"pad1.narrow.uint8.0x5a", U8, 0x5a},       {"pad1.narrow.int8.3", I8, 0x03},
  };
  for (const Value& v : narrow)
    for (uint8_t filler : {0x00, 0xAB}) {
      const std::string name = std::string(v.name) + (filler ? "-unused-0xab" : "-unused-0");
      rc |= Pad1(d, name.c_str(), DML_PADDING_MODE_CONSTANT, v.type, v.type,
                 Scalar(v.bits, ElementBytes(v.type), filler), {2}, {0}, {3});
    }
  // 0xAB only from byte 4 on: is the union read as 32 bits or as 64?
  for (const Value& v : narrow) {
    DML_SCALAR_UNION u = Scalar(v.bits, ElementBytes(v.type), 0);
    std::memset(u.Bytes + 4, 0xAB, 4);
    const std::string name = std::string(v.name) + "-bytes-4-to-7-0xab";
    rc |= Pad1(d, name.c_str(), DML_PADDING_MODE_CONSTANT, v.type, v.type, u, {2}, {0}, {3});
  }
  // FLOAT16 through a union that has no FLOAT16 member: its value written as a Float32
  // (1.0 = 0x3f800000, whose low two bytes are 0) would read as +0 if the low bytes are read.
  DML_SCALAR_UNION one{};
  one.Float32 = 1.0f;
  rc |= Pad1(d, "pad1.float16-given-as-float32-1.0", DML_PADDING_MODE_CONSTANT, F16, F16, one);
  // Modes and shapes.
  rc |= Pad1(d, "pad1.wrap", DML_PADDING_MODE_WRAP, F32, F32, nine, {3}, {4}, {5});
  rc |= Pad1(d, "pad1.reflection-both-10-1", DML_PADDING_MODE_REFLECTION, F32, F32, nine, {3}, {10},
             {1});
  rc |=
      Pad1(d, "pad1.symmetric-both-7-1", DML_PADDING_MODE_SYMMETRIC, F32, F32, nine, {2}, {7}, {1});
  rc |=
      Pad1(d, "pad1.reflection-size-1", DML_PADDING_MODE_REFLECTION, F32, F32, nine, {1}, {2}, {3});
  return rc;
}

// ---- TILE ----------------------------------------------------------------------------------

int Tile(Dml& d, const char* name, DML_TENSOR_DATA_TYPE type, Sizes in, Sizes repeats,
         Sizes out = {}, UINT repeats_count = ~0u) {
  if (out.empty())
    for (size_t k = 0; k < in.size(); ++k) out.push_back(in[k] * repeats[k]);
  if (repeats_count == ~0u) repeats_count = static_cast<UINT>(repeats.size());
  Tensor input(type, in), output(type, out);
  input.Iota();
  DML_TILE_OPERATOR_DESC desc{&input.desc, &output.desc, repeats_count, repeats.data()};
  bool accepted = false;
  int rc = Probe(d, name, DML_OPERATOR_TILE, &desc, &input, &output, &accepted);
  if (accepted && out.size() == in.size()) {
    std::vector<long> sources(output.ElementCount());
    for (size_t flat = 0; flat < sources.size(); ++flat) {
      size_t rest = flat;
      long source = 0, stride = 1;
      for (size_t k = in.size(); k-- > 0;) {
        source += static_cast<long>((rest % out[k]) % in[k]) * stride;
        rest /= out[k];
        stride *= in[k];
      }
      sources[flat] = source;
    }
    CheckReadings(input, output, {{"tiled, bit for bit", sources}});
  }
  return rc;
}

int TileProbes(Dml& d) {
  int rc = 0;
  rc |= Tile(d, "tile.example", F32, {1, 1, 2, 3}, {1, 1, 3, 3});
  // Point 20: 64-bit types (the 4_1 row lists INT64 and UINT64, not FLOAT64).
  rc |= Tile(d, "tile.float64", F64, {2, 3}, {2, 2});
  rc |= Tile(d, "tile.int64", I64, {2, 3}, {3, 1});
  rc |= Tile(d, "tile.uint64", U64, {3}, {3});
  rc |= Tile(d, "tile.float16", F16, {1, 3}, {2, 2});
  rc |= Tile(d, "tile.uint8", U8, {3}, {5});
  rc |= Tile(d, "tile.rank-1", F32, {2}, {4});
  rc |= Tile(d, "tile.rank-8", F32, {1, 1, 1, 1, 1, 2, 1, 2}, {1, 1, 1, 1, 2, 1, 2, 1});
  // Zero repeats (the page: "must be larger than 0"), with an output size 0 or 1.
  rc |= Tile(d, "tile.repeats-0", F32, {2, 3}, {0, 1}, {0, 3});
  rc |= Tile(d, "tile.repeats-0-output-1", F32, {2, 3}, {0, 1}, {1, 3});
  rc |= Tile(d, "tile.repeats-count-not-rank", F32, {2, 3}, {2, 1, 1}, {4, 3}, 3);
  rc |= Tile(d, "tile.output-not-product", F32, {2, 3}, {2, 2}, {4, 3});
  rc |= Tile(d, "tile.repeats-1", F32, {2, 3}, {1, 1});
  return rc;
}

}  // namespace

int main(int argc, char** argv) {
  Dml d;
  if (int rc = Open(argc > 1 ? argv[1] : "DirectML.dll", &d)) return rc;
  if (argc > 2) g_filter = argv[2];
  int rc = SliceProbes(d);
  rc |= Slice1Probes(d);
  rc |= PaddingProbes(d);
  rc |= PadValueProbes(d);
  rc |= Padding1Probes(d);
  rc |= TileProbes(d);
  return rc ? kCouldNotRun : 0;
}
