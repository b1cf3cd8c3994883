// DirectML probe (not a reproducer): what DirectML does where the index family's pages
// (GATHER_ELEMENTS, SCATTER_ELEMENTS, GATHER_ND, GATHER_ND1, SCATTER_ND) leave a choice
// open, or where their words and examples disagree. reference/OPERATORS.md records the
// answers per point (issue 27, points 1-11 of the pages' reading); this program is how
// they were had, so anyone can ask a DirectML version again.
//
// Each probe builds one descriptor, creates and compiles it, and when DirectML accepts
// it, runs it once and prints every output element. Outputs start filled with 0xCD bytes
// and are bound with 64 guard bytes beyond TotalTensorSizeInBytes, so an element never
// written prints as 0xcdcdcdcd and a write past the tensor is reported. One line a
// probe, then its outputs:
//
//   PROBE <name>: accepted | refused 0x<HRESULT>
//     Output [v0, v1, ...]  (guard intact | GUARD WRITTEN)
//
// Standalone: DirectML.h and Direct3D 12 only. Usage: THIS.exe [PATH\DirectML.dll] [NAME]
// (NAME: run only the probes whose name starts with it). Exit 0 when every probe ran
// (accepted or refused), 2 when something could not run. Build and run: README.md here.

#include "dml_probe.h"

namespace {

// ---- The probes' own vocabulary ---------------------------------------------------------

// A packed buffer tensor and its bytes; not copyable, so the descs' pointers stay valid.
struct Tensor {
  DML_TENSOR_DATA_TYPE type;
  std::vector<UINT> sizes;
  std::vector<uint8_t> bytes;  // inputs: the data; outputs: filled with kUnwritten
  DML_BUFFER_TENSOR_DESC buffer{};
  DML_TENSOR_DESC desc{};

  Tensor(DML_TENSOR_DATA_TYPE t, std::vector<UINT> s) : type(t), sizes(std::move(s)) {
    UINT64 count = 1;
    for (UINT v : sizes) count *= v;
    buffer.DataType = type;
    buffer.DimensionCount = static_cast<UINT>(sizes.size());
    buffer.Sizes = sizes.data();
    buffer.TotalTensorSizeInBytes = (count * ElementBytes(type) + 3) / 4 * 4;
    desc = {DML_TENSOR_TYPE_BUFFER, &buffer};
  }
  Tensor(const Tensor&) = delete;
  Tensor& operator=(const Tensor&) = delete;
  UINT64 Count() const { return buffer.TotalTensorSizeInBytes / ElementBytes(type); }
  size_t ElementCount() const {
    size_t count = 1;
    for (UINT v : sizes) count *= v;
    return count;
  }
  // Elements given as integers (or float values for FLOAT32), cast to the type.
  Tensor& Data(const std::vector<double>& values) {
    bytes.assign(buffer.TotalTensorSizeInBytes, 0);
    const UINT eb = ElementBytes(type);
    for (size_t i = 0; i < values.size() && (i + 1) * eb <= bytes.size(); ++i) {
      const double v = values[i];
      switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT32: {
          float f = static_cast<float>(v);
          std::memcpy(&bytes[i * eb], &f, 4);
          break;
        }
        case DML_TENSOR_DATA_TYPE_INT64:
        case DML_TENSOR_DATA_TYPE_UINT64: {
          int64_t x = static_cast<int64_t>(v);
          std::memcpy(&bytes[i * eb], &x, 8);
          break;
        }
        default: {
          int64_t x = static_cast<int64_t>(v);  // two's complement, low bytes
          std::memcpy(&bytes[i * eb], &x, eb);
        }
      }
    }
    return *this;
  }
  Tensor& Iota(double start = 0) {
    std::vector<double> values(ElementCount());
    for (size_t i = 0; i < values.size(); ++i) values[i] = start + static_cast<double>(i);
    return Data(values);
  }
  // The given elements, or iota_start, iota_start + 1, ... when none are given.
  Tensor& DataOr(const std::vector<double>& values, double iota_start) {
    return values.empty() ? Iota(iota_start) : Data(values);
  }
  void AsOutput() { bytes.assign(buffer.TotalTensorSizeInBytes + kGuardBytes, kUnwritten); }

  void Print(const char* name) const {
    const UINT eb = ElementBytes(type);
    std::printf("    %s [", name);
    for (size_t i = 0; i < ElementCount(); ++i) {
      uint64_t raw = 0;
      std::memcpy(&raw, &bytes[i * eb], eb);
      const bool unwritten = [&] {
        for (UINT b = 0; b < eb; ++b)
          if (bytes[i * eb + b] != kUnwritten) return false;
        return true;
      }();
      if (i) std::printf(", ");
      if (unwritten) {
        std::printf("-");
      } else if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float f;
        std::memcpy(&f, &raw, 4);
        std::printf("%g", f);
      } else {
        std::printf("%llu", static_cast<unsigned long long>(raw));
      }
    }
    bool guard_intact = true;
    for (size_t b = buffer.TotalTensorSizeInBytes; b < bytes.size(); ++b)
      guard_intact = guard_intact && bytes[b] == kUnwritten;
    std::printf("]  (%s)\n", guard_intact ? "guard intact" : "GUARD WRITTEN");
  }
};

const char* g_filter = "";

// Creates, compiles and (when accepted) runs one descriptor; prints what happened.
int Probe(Dml& d, const char* name, DML_OPERATOR_TYPE type, const void* desc,
          std::vector<Tensor*> inputs, std::vector<Tensor*> outputs) {
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
  std::vector<std::vector<uint8_t>> tensors;
  for (Tensor* t : inputs) tensors.push_back(t->bytes);
  for (Tensor* t : outputs) {
    t->AsOutput();
    tensors.push_back(t->bytes);
  }
  if (int rc = Run(d, compiled.Get(), inputs.size(), &tensors)) return rc;
  for (size_t i = 0; i < outputs.size(); ++i) {
    outputs[i]->bytes = tensors[inputs.size() + i];
    outputs[i]->Print("Output");
  }
  std::fflush(stdout);
  return 0;
}

constexpr DML_TENSOR_DATA_TYPE F32 = DML_TENSOR_DATA_TYPE_FLOAT32,
                               U32 = DML_TENSOR_DATA_TYPE_UINT32, I32 = DML_TENSOR_DATA_TYPE_INT32,
                               I64 = DML_TENSOR_DATA_TYPE_INT64, U64 = DML_TENSOR_DATA_TYPE_UINT64;

// ---- GATHER_ELEMENTS -----------------------------------------------------------------------

int GatherElements(Dml& d, const char* name, UINT axis, DML_TENSOR_DATA_TYPE in_type,
                   std::vector<UINT> in_sizes, DML_TENSOR_DATA_TYPE idx_type,
                   std::vector<UINT> idx_sizes, std::vector<double> idx,
                   DML_TENSOR_DATA_TYPE out_type, std::vector<UINT> out_sizes,
                   std::vector<double> in_values = {}) {
  Tensor input(in_type, in_sizes), indices(idx_type, idx_sizes), output(out_type, out_sizes);
  input.DataOr(in_values, 10);
  indices.Data(idx);
  DML_GATHER_ELEMENTS_OPERATOR_DESC desc{&input.desc, &indices.desc, &output.desc, axis};
  return Probe(d, name, DML_OPERATOR_GATHER_ELEMENTS, &desc, {&input, &indices}, {&output});
}

int GatherElementsProbes(Dml& d) {
  int rc = 0;
  const std::vector<double> page_input = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  // The page's example as meant (FLOAT32 output), and as printed (UINT32 output).
  rc |= GatherElements(d, "ge.example", 0, F32, {3, 3}, U32, {2, 3}, {1, 2, 0, 2, 0, 0}, F32,
                       {2, 3}, page_input);
  rc |= GatherElements(d, "ge.example-uint32-output", 0, F32, {3, 3}, U32, {2, 3},
                       {1, 2, 0, 2, 0, 0}, U32, {2, 3}, page_input);
  // Point 10: indices sizes off Axis. Smaller (ONNX allows), larger, and longer along Axis.
  rc |= GatherElements(d, "ge.indices-smaller-off-axis", 0, U32, {3, 3}, U32, {2, 2}, {1, 2, 2, 0},
                       U32, {2, 2});
  rc |= GatherElements(d, "ge.indices-larger-off-axis", 0, U32, {3, 3}, U32, {2, 4},
                       {1, 2, 0, 1, 2, 0, 0, 0}, U32, {2, 4});
  rc |= GatherElements(d, "ge.indices-longer-along-axis", 0, U32, {3, 2}, U32, {5, 2},
                       {0, 1, 2, 0, 1, 2, 2, 2, 0, 0}, U32, {5, 2});
  rc |= GatherElements(d, "ge.indices-shorter-along-axis-axis1", 1, U32, {2, 4}, U32, {2, 1},
                       {3, 1}, U32, {2, 1});
  rc |= GatherElements(d, "ge.output-not-indices-sizes", 0, U32, {3, 3}, U32, {2, 3},
                       {1, 2, 0, 2, 0, 0}, U32, {3, 3});
  rc |= GatherElements(d, "ge.rank-mismatch", 0, U32, {3, 3}, U32, {1, 2, 3}, {1, 2, 0, 2, 0, 0},
                       U32, {1, 2, 3});
  rc |= GatherElements(d, "ge.axis-out-of-range", 2, U32, {3, 3}, U32, {3, 3},
                       {0, 0, 0, 0, 0, 0, 0, 0, 0}, U32, {3, 3});
  // Negative indices (signed index types) and point 7: out of range. Input 10..15 {2,3}.
  rc |= GatherElements(d, "ge.negative-int32", 1, U32, {2, 3}, I32, {2, 3}, {-1, -2, -3, 0, 1, 2},
                       U32, {2, 3});
  rc |= GatherElements(d, "ge.negative-int64", 1, U32, {2, 3}, I64, {2, 3}, {-1, -2, -3, 0, 1, 2},
                       U32, {2, 3});
  rc |= GatherElements(d, "ge.out-of-range-int32", 1, U32, {2, 3}, I32, {2, 3},
                       {3, 4, 100, -4, -5, -100}, U32, {2, 3});
  rc |= GatherElements(d, "ge.out-of-range-uint32", 1, U32, {2, 3}, U32, {2, 3},
                       {3, 4, 100, 4294967295.0, 4294967294.0, 2147483648.0}, U32, {2, 3});
  rc |= GatherElements(d, "ge.out-of-range-uint64", 1, U32, {2, 3}, U64, {2, 3},
                       {3, 4294967296.0, 4294967297.0, 0, 1, 2}, U32, {2, 3});
  rc |= GatherElements(d, "ge.out-of-range-axis0", 0, U32, {2, 3}, I32, {2, 3}, {2, 3, -3, 5, 0, 1},
                       U32, {2, 3});
  return rc;
}

// ---- SCATTER_ELEMENTS ----------------------------------------------------------------------

int ScatterElements(Dml& d, const char* name, UINT axis, DML_TENSOR_DATA_TYPE type,
                    std::vector<UINT> in_sizes, std::vector<double> in_values,
                    DML_TENSOR_DATA_TYPE idx_type, std::vector<UINT> idx_sizes,
                    std::vector<double> idx, std::vector<UINT> upd_sizes, std::vector<double> upd,
                    std::vector<UINT> out_sizes) {
  Tensor input(type, in_sizes), indices(idx_type, idx_sizes), updates(type, upd_sizes),
      output(type, out_sizes);
  input.DataOr(in_values, 0);
  indices.Data(idx);
  updates.DataOr(upd, 100);
  DML_SCATTER_ELEMENTS_OPERATOR_DESC desc{&input.desc, &indices.desc, &updates.desc, &output.desc,
                                          axis};
  return Probe(d, name, DML_OPERATOR_SCATTER_ELEMENTS, &desc, {&input, &indices, &updates},
               {&output});
}

int ScatterElementsProbes(Dml& d) {
  int rc = 0;
  // Example 1: indices [3,1,3,0] write position 3 twice (updates 5 and 7); page shows 7.
  rc |= ScatterElements(d, "se.example-1", 0, F32, {5}, {0, 1, 2, 3, 4}, U32, {4}, {3, 1, 3, 0},
                        {4}, {5, 6, 7, 8}, {5});
  // Example 2 as meant (input {3,3}) and as printed (input {2,3}, output {3,3}).
  const std::vector<double> zeros(9, 0);
  rc |= ScatterElements(d, "se.example-2", 0, F32, {3, 3}, zeros, U32, {2, 3}, {1, 0, 2, 0, 2, 1},
                        {2, 3}, {10, 11, 12, 20, 21, 22}, {3, 3});
  rc |= ScatterElements(d, "se.example-2-as-printed", 0, F32, {2, 3}, {0, 0, 0, 0, 0, 0}, U32,
                        {2, 3}, {1, 0, 2, 0, 2, 1}, {2, 3}, {10, 11, 12, 20, 21, 22}, {3, 3});
  // Point 9: collisions. Eight updates onto one element; then reversed order.
  rc |= ScatterElements(d, "se.collide-8-on-1", 0, U32, {4}, {}, U32, {8}, {2, 2, 2, 2, 2, 2, 2, 2},
                        {8}, {}, {4});
  rc |= ScatterElements(d, "se.collide-rows", 0, U32, {3, 4}, {}, U32, {4, 4},
                        {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {4, 4}, {}, {3, 4});
  {
    std::vector<double> idx(256);
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<double>(i % 3);
    rc |=
        ScatterElements(d, "se.collide-256-on-3", 0, U32, {3}, {}, U32, {256}, idx, {256}, {}, {3});
  }
  // Collisions with indices no longer than the input along Axis.
  rc |= ScatterElements(d, "se.collide-8-on-1-within", 0, U32, {8}, {}, U32, {8},
                        {2, 2, 2, 2, 2, 2, 2, 2}, {8}, {}, {8});
  rc |= ScatterElements(d, "se.collide-rows-within", 0, U32, {4, 4}, {}, U32, {4, 4},
                        {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {4, 4}, {}, {4, 4});
  {
    std::vector<double> idx(256);
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<double>(i % 3);
    rc |= ScatterElements(d, "se.collide-256-on-3-within", 0, U32, {256}, {}, U32, {256}, idx,
                          {256}, {}, {256});
  }
  rc |=
      ScatterElements(d, "se.rank-mismatch", 0, U32, {1, 4}, {}, U32, {2}, {0, 1}, {2}, {}, {1, 4});
  {
    Tensor input(U32, {4}), indices(U32, {2}), updates(I32, {2}), output(U32, {4});
    input.Iota(0);
    indices.Data({0, 1});
    updates.Iota(100);
    DML_SCATTER_ELEMENTS_OPERATOR_DESC desc{&input.desc, &indices.desc, &updates.desc, &output.desc,
                                            0};
    rc |= Probe(d, "se.updates-type-mismatch", DML_OPERATOR_SCATTER_ELEMENTS, &desc,
                {&input, &indices, &updates}, {&output});
  }
  // Point 10: indices sizes off Axis; along Axis longer than the input.
  rc |= ScatterElements(d, "se.indices-smaller-off-axis", 0, U32, {3, 3}, {}, U32, {2, 2},
                        {0, 1, 2, 0}, {2, 2}, {}, {3, 3});
  rc |= ScatterElements(d, "se.indices-larger-off-axis", 0, U32, {3, 3}, {}, U32, {2, 4},
                        {0, 1, 2, 0, 1, 2, 0, 1}, {2, 4}, {}, {3, 3});
  rc |= ScatterElements(d, "se.indices-longer-along-axis", 0, U32, {2, 2}, {}, U32, {3, 2},
                        {0, 1, 1, 0, 0, 1}, {3, 2}, {}, {2, 2});
  rc |= ScatterElements(d, "se.updates-not-indices-sizes", 0, U32, {3, 3}, {}, U32, {2, 3},
                        {0, 1, 2, 2, 1, 0}, {3, 3}, {}, {3, 3});
  rc |= ScatterElements(d, "se.output-not-input-sizes", 0, U32, {3, 3}, {}, U32, {2, 3},
                        {0, 1, 2, 2, 1, 0}, {2, 3}, {}, {2, 3});
  // Negative and out-of-range indices. Input 0..5 {2,3}, updates 100.. {2,3}, axis 1.
  rc |= ScatterElements(d, "se.negative-int32", 1, U32, {2, 3}, {}, I32, {2, 3},
                        {-1, -2, -3, -3, -1, -2}, {2, 3}, {}, {2, 3});
  rc |= ScatterElements(d, "se.out-of-range-int32", 1, U32, {2, 3}, {}, I32, {2, 1}, {3, 0}, {2, 1},
                        {}, {2, 3});
  rc |= ScatterElements(d, "se.out-of-range-int32-lands", 1, U32, {2, 3}, {}, I32, {2, 1}, {3, 2},
                        {2, 1}, {}, {2, 3});
  rc |= ScatterElements(d, "se.out-of-range-int32-neg", 1, U32, {2, 3}, {}, I32, {2, 1}, {-4, 0},
                        {2, 1}, {}, {2, 3});
  rc |= ScatterElements(d, "se.out-of-range-uint32-big", 1, U32, {2, 3}, {}, U32, {2, 1}, {1000, 0},
                        {2, 1}, {}, {2, 3});
  rc |= ScatterElements(d, "se.out-of-range-axis0-row1", 0, U32, {2, 3}, {}, U32, {1, 3}, {0, 2, 7},
                        {1, 3}, {}, {2, 3});
  return rc;
}

// ---- GATHER_ND and GATHER_ND1 --------------------------------------------------------------

int GatherNd(Dml& d, const char* name, UINT input_dims, UINT index_dims, std::vector<UINT> in_sizes,
             DML_TENSOR_DATA_TYPE idx_type, std::vector<UINT> idx_sizes, std::vector<double> idx,
             std::vector<UINT> out_sizes, DML_TENSOR_DATA_TYPE type = U32,
             std::vector<double> in_values = {}) {
  Tensor input(type, in_sizes), indices(idx_type, idx_sizes), output(type, out_sizes);
  input.DataOr(in_values, 10);
  indices.Data(idx);
  DML_GATHER_ND_OPERATOR_DESC desc{&input.desc, &indices.desc, &output.desc, input_dims,
                                   index_dims};
  return Probe(d, name, DML_OPERATOR_GATHER_ND, &desc, {&input, &indices}, {&output});
}

int GatherNd1(Dml& d, const char* name, UINT input_dims, UINT index_dims, UINT batch_dims,
              std::vector<UINT> in_sizes, DML_TENSOR_DATA_TYPE idx_type,
              std::vector<UINT> idx_sizes, std::vector<double> idx, std::vector<UINT> out_sizes,
              DML_TENSOR_DATA_TYPE type = U32, std::vector<double> in_values = {}) {
  Tensor input(type, in_sizes), indices(idx_type, idx_sizes), output(type, out_sizes);
  input.DataOr(in_values, 10);
  indices.Data(idx);
  DML_GATHER_ND1_OPERATOR_DESC desc{&input.desc, &indices.desc, &output.desc,
                                    input_dims,  index_dims,    batch_dims};
  return Probe(d, name, DML_OPERATOR_GATHER_ND1, &desc, {&input, &indices}, {&output});
}

int GatherNdProbes(Dml& d) {
  int rc = 0;
  // Examples 1 and 2 as printed (FLOAT32 data, UINT32 indices).
  rc |= GatherNd(d, "gnd.example-1", 2, 2, {2, 2}, U32, {2, 1}, {1, 0}, {2, 2}, F32, {0, 1, 2, 3});
  rc |= GatherNd(d, "gnd.example-2", 3, 2, {1, 2, 2, 2}, U32, {1, 1, 2, 2}, {0, 1, 1, 0},
                 {1, 1, 2, 2}, F32, {0, 1, 2, 3, 4, 5, 6, 7});
  // Point 1: the formula's literal trailing segment (input's last T sizes) for example 2.
  rc |= GatherNd(d, "gnd.example-2-literal-formula", 3, 2, {1, 2, 2, 2}, U32, {1, 1, 2, 2},
                 {0, 1, 1, 0}, {1, 2, 2, 2}, F32, {0, 1, 2, 3, 4, 5, 6, 7});
  // The field text's worked example: input {3,4,5,6,7}, indices {1,1,1,2,3} -> {1,1,2,6,7};
  // the formula read literally gives {1,2,5,6,7}.
  {
    std::vector<double> idx = {0, 1, 2, 2, 3, 4};
    rc |= GatherNd(d, "gnd.worked-example", 5, 3, {3, 4, 5, 6, 7}, U32, {1, 1, 1, 2, 3}, idx,
                   {1, 1, 2, 6, 7});
    rc |= GatherNd(d, "gnd.worked-example-literal-formula", 5, 3, {3, 4, 5, 6, 7}, U32,
                   {1, 1, 1, 2, 3}, idx, {1, 2, 5, 6, 7});
  }
  // InputDimensionCount < rank: does the output take input sizes after the tuple inside the
  // meaningful dims? Input {1,3,4} InputDimensionCount 2, tuple 1 -> output rows of 4.
  rc |=
      GatherNd(d, "gnd.input-dims-below-rank", 2, 2, {1, 3, 4}, U32, {1, 2, 1}, {2, 0}, {1, 2, 4});
  // Point 11: a leading input dimension outside InputDimensionCount above 1.
  rc |= GatherNd(d, "gnd.leading-input-dim-2", 2, 2, {2, 3, 4}, U32, {1, 2, 1}, {2, 0}, {1, 2, 4});
  rc |= GatherNd(d, "gnd.leading-input-dim-2-out-2", 2, 2, {2, 3, 4}, U32, {1, 2, 1}, {2, 0},
                 {2, 2, 4});
  // A leading index dimension outside IndicesDimensionCount above 1.
  rc |= GatherNd(d, "gnd.leading-index-dim-2", 2, 2, {1, 3, 4}, U32, {2, 2, 1}, {2, 0, 1, 1},
                 {1, 2, 4});
  rc |= GatherNd(d, "gnd.leading-index-dim-2-out-2", 2, 2, {1, 3, 4}, U32, {2, 2, 1}, {2, 0, 1, 1},
                 {2, 2, 4});
  // Point 4: a tuple longer than InputDimensionCount (2 coordinates, InputDimensionCount 1).
  rc |= GatherNd(d, "gnd.tuple-longer-than-input-dims", 1, 2, {2, 3}, U32, {1, 2}, {1, 2}, {1, 1});
  rc |= GatherNd(d, "gnd.tuple-longer-than-rank", 2, 2, {2, 3}, U32, {1, 3}, {1, 2, 0}, {1, 1});
  rc |= GatherNd(d, "gnd.tuple-full-rank", 2, 2, {2, 3}, U32, {2, 2}, {1, 2, 0, 1}, {1, 2});
  rc |= GatherNd(d, "gnd.rank-mismatch-indices", 2, 2, {1, 3, 4}, U32, {2, 1}, {2, 0}, {1, 2, 4});
  rc |= GatherNd(d, "gnd.rank-mismatch-output", 2, 2, {3, 4}, U32, {2, 1}, {2, 0}, {1, 2, 4});
  // Output sizes longer than the rank: surplus leading entries 2, or 1.
  rc |= GatherNd(d, "gnd.output-rank-overflow", 3, 3, {3, 4, 5}, U32, {2, 2, 1}, {0, 1, 2, 0},
                 {2, 4, 5});
  rc |= GatherNd(d, "gnd.output-rank-overflow-ones", 3, 3, {3, 1, 5}, U32, {1, 2, 1}, {0, 2},
                 {2, 1, 5});
  // Ranges of the counts.
  rc |= GatherNd(d, "gnd.input-dims-0", 0, 2, {2, 3}, U32, {2, 1}, {1, 0}, {2, 3});
  rc |= GatherNd(d, "gnd.index-dims-0", 2, 0, {2, 3}, U32, {2, 1}, {1, 0}, {2, 3});
  rc |= GatherNd(d, "gnd.input-dims-past-rank", 3, 2, {2, 3}, U32, {2, 1}, {1, 0}, {2, 3});
  rc |= GatherNd(d, "gnd.index-dims-past-rank", 2, 3, {2, 3}, U32, {2, 1}, {1, 0}, {2, 3});
  rc |= GatherNd(d, "gnd.rank-1", 1, 1, {5}, U32, {1}, {3}, {1});
  // Negative and out-of-range tuples. Input 10..15 {2,3}, full-rank tuples.
  rc |=
      GatherNd(d, "gnd.negative-int32", 2, 2, {2, 3}, I32, {3, 2}, {-1, -1, -2, -3, 0, -1}, {1, 3});
  rc |= GatherNd(d, "gnd.out-of-range-int32", 2, 2, {2, 3}, I32, {4, 2}, {2, 0, 0, 3, -3, 0, 0, -4},
                 {1, 4});
  rc |= GatherNd(d, "gnd.out-of-range-uint32", 2, 2, {2, 3}, U32, {3, 2}, {2, 0, 1, 3, 1000, 1000},
                 {1, 3});
  rc |= GatherNd(d, "gnd.out-of-range-row", 2, 2, {2, 3}, U32, {2, 1}, {2, 5}, {2, 3});
  return rc;
}

int GatherNd1Probes(Dml& d) {
  int rc = 0;
  rc |= GatherNd1(d, "gnd1.example-1", 2, 2, 0, {2, 2}, U32, {2, 1}, {1, 0}, {2, 2}, F32,
                  {0, 1, 2, 3});
  // Example 2 as printed: 3 batches, 2-coordinate tuples.
  const std::vector<double> ex2_input = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  const std::vector<double> ex2_idx = {0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0};
  rc |= GatherNd1(d, "gnd1.example-2", 3, 3, 1, {1, 3, 2, 2}, U32, {1, 3, 2, 2}, ex2_idx,
                  {1, 1, 3, 2}, F32, ex2_input);
  // Point 2: GATHER_ND's formula without batch dimensions (batch sizes not repeated).
  rc |= GatherNd1(d, "gnd1.example-2-nd-formula-literal", 3, 3, 1, {1, 3, 2, 2}, U32, {1, 3, 2, 2},
                  ex2_idx, {1, 3, 2, 2}, F32, ex2_input);
  // Point 11: batch sizes of input and indices unequal (input 3 batches, indices 1 / 2).
  rc |= GatherNd1(d, "gnd1.batch-indices-1-input-3", 3, 3, 1, {1, 3, 2, 2}, U32, {1, 1, 2, 2},
                  {0, 0, 1, 1}, {1, 1, 1, 2}, F32, ex2_input);
  rc |= GatherNd1(d, "gnd1.batch-indices-1-input-3-out-3", 3, 3, 1, {1, 3, 2, 2}, U32, {1, 1, 2, 2},
                  {0, 0, 1, 1}, {1, 1, 3, 2}, F32, ex2_input);
  rc |= GatherNd1(d, "gnd1.batch-indices-2-input-3", 3, 3, 1, {1, 3, 2, 2}, U32, {1, 2, 2, 2},
                  {0, 0, 1, 1, 1, 1, 0, 0}, {1, 1, 2, 2}, F32, ex2_input);
  rc |= GatherNd1(d, "gnd1.batch-input-1-indices-3", 3, 3, 1, {1, 1, 2, 2}, U32, {1, 3, 2, 2},
                  ex2_idx, {1, 1, 3, 2}, F32, {0, 1, 2, 3});
  // Point 3: BatchDimensionCount reaching the tuple dimension / leaving no input dims.
  rc |= GatherNd1(d, "gnd1.example-2-last-t-sizes", 3, 3, 1, {1, 3, 2, 2}, U32, {1, 3, 2, 2},
                  ex2_idx, {3, 2, 2, 2}, F32, ex2_input);
  rc |= GatherNd1(d, "gnd1.batch-equals-index-dims", 3, 2, 2, {3, 2, 2}, U32, {1, 3, 1}, {1, 0, 1},
                  {1, 3, 2}, F32, ex2_input);
  rc |= GatherNd1(d, "gnd1.batch-plus-tuple-past-input-dims", 2, 3, 1, {1, 3, 4}, U32, {3, 1, 2},
                  {0, 1, 0, 2, 0, 3}, {1, 3, 1});
  rc |= GatherNd1(d, "gnd1.batch-2-of-rank-3", 3, 3, 2, {2, 3, 4}, U32, {2, 3, 1},
                  {0, 1, 2, 3, 0, 1}, {1, 2, 3});
  rc |= GatherNd1(d, "gnd1.batch-past-input-dims", 1, 3, 2, {1, 3, 4}, U32, {1, 3, 1}, {0, 1, 2},
                  {1, 1, 3});
  rc |= GatherNd1(d, "gnd1.batch-equals-rank", 3, 3, 3, {1, 3, 4}, U32, {1, 3, 1}, {0, 1, 2},
                  {1, 3, 1});
  rc |= GatherNd1(d, "gnd1.rank-mismatch-indices", 2, 2, 0, {1, 3, 4}, U32, {2, 1}, {2, 0},
                  {1, 2, 4});
  rc |= GatherNd1(d, "gnd1.negative-int64", 2, 2, 0, {2, 3}, I64, {2, 2}, {-1, -1, -2, -3}, {1, 2});
  rc |= GatherNd1(d, "gnd1.out-of-range-int32", 2, 2, 0, {2, 3}, I32, {3, 2}, {2, 0, 0, 3, 0, -4},
                  {1, 3});
  return rc;
}

// ---- SCATTER_ND ----------------------------------------------------------------------------

int ScatterNd(Dml& d, const char* name, UINT input_dims, UINT index_dims,
              std::vector<UINT> in_sizes, DML_TENSOR_DATA_TYPE idx_type,
              std::vector<UINT> idx_sizes, std::vector<double> idx, std::vector<UINT> upd_sizes,
              std::vector<UINT> out_sizes, DML_TENSOR_DATA_TYPE type = U32,
              std::vector<double> in_values = {}, std::vector<double> upd = {}) {
  Tensor input(type, in_sizes), indices(idx_type, idx_sizes), updates(type, upd_sizes),
      output(type, out_sizes);
  input.DataOr(in_values, 0);
  indices.Data(idx);
  updates.DataOr(upd, 100);
  DML_SCATTER_ND_OPERATOR_DESC desc{&input.desc,  &indices.desc, &updates.desc,
                                    &output.desc, input_dims,    index_dims};
  return Probe(d, name, DML_OPERATOR_SCATTER_ND, &desc, {&input, &indices, &updates}, {&output});
}

int ScatterNdProbes(Dml& d) {
  int rc = 0;
  const std::vector<double> in8 = {1, 2, 3, 4, 5, 6, 7, 8}, upd = {9, 10, 11, 12};
  // The example as meant: equal ranks (2), UINT32 indices; Input/IndicesDimensionCount at
  // their largest (point 5: the half-open ranges would forbid IndicesDimensionCount 2).
  rc |= ScatterNd(d, "snd.example-rank-2", 1, 2, {1, 8}, U32, {4, 1}, {4, 3, 1, 7}, {1, 4}, {1, 8},
                  F32, in8, upd);
  // As printed: input {8}, indices {4,1} FLOAT32, updates {4}: unequal ranks.
  rc |= ScatterNd(d, "snd.example-as-printed-float-indices", 1, 2, {8}, F32, {4, 1}, {4, 3, 1, 7},
                  {4}, {8}, F32, in8, upd);
  rc |= ScatterNd(d, "snd.example-as-printed-uint32-indices", 1, 2, {8}, U32, {4, 1}, {4, 3, 1, 7},
                  {4}, {8}, F32, in8, upd);
  // Point 5 at rank 1: every tensor rank 1, counts 1 = DimensionCount.
  rc |= ScatterNd(d, "snd.rank-1", 1, 1, {8}, U32, {1}, {4}, {1}, {8}, F32, in8, {9});
  rc |=
      ScatterNd(d, "snd.full-rank-counts", 2, 2, {2, 3}, U32, {2, 2}, {1, 2, 0, 0}, {1, 2}, {2, 3});
  // Point 1 for updates: the worked example's sizes, and the literal formula's.
  rc |= ScatterNd(d, "snd.blocks", 3, 2, {3, 2, 2}, U32, {1, 2, 1}, {2, 0}, {2, 2, 2}, {3, 2, 2});
  rc |= ScatterNd(d, "snd.blocks-literal-formula", 3, 2, {3, 2, 2}, U32, {1, 2, 1}, {2, 0},
                  {1, 2, 2}, {3, 2, 2});
  // Point 9: collisions.
  {
    std::vector<double> idx(256);
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<double>(i % 3);
    rc |= ScatterNd(d, "snd.collide-256-on-3", 1, 2, {1, 3}, U32, {256, 1}, idx, {1, 256}, {1, 3});
  }
  rc |= ScatterNd(d, "snd.rank-mismatch-updates", 2, 2, {3, 4}, U32, {2, 1}, {2, 0}, {2, 1, 4},
                  {3, 4});
  rc |= ScatterNd(d, "snd.rank-mismatch-indices", 2, 2, {1, 3, 4}, U32, {2, 1}, {2, 0}, {1, 2, 4},
                  {1, 3, 4});
  rc |= ScatterNd(d, "snd.collide-8-on-1", 1, 2, {1, 4}, U32, {8, 1}, {2, 2, 2, 2, 2, 2, 2, 2},
                  {1, 8}, {1, 4});
  rc |= ScatterNd(d, "snd.collide-rows", 2, 2, {3, 4}, U32, {4, 1}, {1, 1, 1, 1}, {4, 4}, {3, 4});
  // Point 11 and 4: leading dimensions above 1, a tuple longer than InputDimensionCount.
  rc |= ScatterNd(d, "snd.leading-input-dim-2", 2, 2, {2, 3, 4}, U32, {1, 2, 1}, {2, 0}, {1, 2, 4},
                  {2, 3, 4});
  rc |= ScatterNd(d, "snd.leading-index-dim-2", 2, 2, {1, 3, 4}, U32, {2, 2, 1}, {2, 0, 1, 1},
                  {1, 2, 4}, {1, 3, 4});
  rc |= ScatterNd(d, "snd.tuple-longer-than-input-dims", 1, 2, {2, 3}, U32, {1, 2}, {1, 2}, {1, 1},
                  {2, 3});
  rc |=
      ScatterNd(d, "snd.output-not-input-sizes", 2, 2, {3, 4}, U32, {2, 1}, {2, 0}, {2, 4}, {2, 4});
  // Negative and out-of-range tuples.
  rc |= ScatterNd(d, "snd.negative-int32", 2, 2, {2, 3}, I32, {2, 2}, {-1, -1, -2, -3}, {1, 2},
                  {2, 3});
  rc |= ScatterNd(d, "snd.out-of-range-int32", 2, 2, {2, 3}, I32, {1, 2}, {0, 3}, {1, 1}, {2, 3});
  rc |= ScatterNd(d, "snd.out-of-range-int32-neg", 2, 2, {2, 3}, I32, {1, 2}, {-3, 0}, {1, 1},
                  {2, 3});
  rc |= ScatterNd(d, "snd.out-of-range-uint32-big", 2, 2, {2, 3}, U32, {1, 2}, {1000, 1}, {1, 1},
                  {2, 3});
  rc |= ScatterNd(d, "snd.out-of-range-row", 2, 2, {3, 4}, U32, {2, 1}, {3, 0}, {2, 4}, {3, 4});
  return rc;
}

// ---- Narrow and wide element types: bit-exact copies of every byte ------------------------

// Every element's bytes are distinct, so a copy that moves whole 32-bit words, or loads
// FLOAT16 / FLOAT64 through another type, shows as a wrong neighbour or a changed bit.
std::vector<double> DistinctBytes(DML_TENSOR_DATA_TYPE type, size_t count, int seed) {
  std::vector<double> values(count);
  const UINT eb = ElementBytes(type);
  for (size_t i = 0; i < count; ++i) {
    uint64_t v = 0;
    for (UINT b = 0; b < eb && b < 6; ++b)
      v |= uint64_t((seed + 7 * i + 3 * b + 1) & 0x7f) << (8 * b);  // < 2^48: exact in double
    values[i] = static_cast<double>(v);
  }
  return values;
}

// Element i of `t` as bytes.
std::vector<uint8_t> ElementAt(const Tensor& t, size_t i) {
  const UINT eb = ElementBytes(t.type);
  return std::vector<uint8_t>(t.bytes.begin() + i * eb, t.bytes.begin() + (i + 1) * eb);
}

// Prints whether an accepted probe's output holds exactly `expected` (element bytes).
void CheckBits(const Tensor& output, const std::vector<std::vector<uint8_t>>& expected) {
  if (output.bytes.empty()) return;  // refused: nothing ran
  bool exact = true;
  for (size_t i = 0; i < expected.size(); ++i) exact = exact && ElementAt(output, i) == expected[i];
  std::printf("    bit-exact: %s\n", exact ? "yes" : "NO");
}

int TypeProbes(Dml& d) {
  int rc = 0;
  const DML_TENSOR_DATA_TYPE types[] = {DML_TENSOR_DATA_TYPE_UINT8,   DML_TENSOR_DATA_TYPE_INT8,
                                        DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_INT16,
                                        DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_UINT64};
  const char* names[] = {"uint8", "int8", "float16", "int16", "float64", "uint64"};
  for (size_t t = 0; t < 6; ++t) {
    const DML_TENSOR_DATA_TYPE type = types[t];
    std::string name;
    {  // GATHER_ELEMENTS {3,5} along axis 1, every output a different input byte pattern.
      Tensor input(type, {3, 5}), indices(U32, {3, 5}), output(type, {3, 5});
      input.Data(DistinctBytes(type, 15, 1));
      indices.Data({4, 3, 2, 1, 0, 1, 1, 4, 0, 2, 3, 0, 4, 4, 1});
      DML_GATHER_ELEMENTS_OPERATOR_DESC desc{&input.desc, &indices.desc, &output.desc, 1};
      name = std::string("type.ge.") + names[t];
      rc |= Probe(d, name.c_str(), DML_OPERATOR_GATHER_ELEMENTS, &desc, {&input, &indices},
                  {&output});
      std::vector<std::vector<uint8_t>> expected;
      const std::vector<UINT> ge_idx = {4, 3, 2, 1, 0, 1, 1, 4, 0, 2, 3, 0, 4, 4, 1};
      for (size_t i = 0; i < 15; ++i) expected.push_back(ElementAt(input, i / 5 * 5 + ge_idx[i]));
      CheckBits(output, expected);
    }
    {  // SCATTER_ELEMENTS {3,5} along axis 1: two of five elements per row rewritten, so
       // narrow writes have untouched neighbours on both sides.
      Tensor input(type, {3, 5}), indices(U32, {3, 2}), updates(type, {3, 2}), output(type, {3, 5});
      input.Data(DistinctBytes(type, 15, 1));
      indices.Data({1, 3, 0, 4, 2, 3});
      updates.Data(DistinctBytes(type, 6, 64));
      DML_SCATTER_ELEMENTS_OPERATOR_DESC desc{&input.desc, &indices.desc, &updates.desc,
                                              &output.desc, 1};
      name = std::string("type.se.") + names[t];
      rc |= Probe(d, name.c_str(), DML_OPERATOR_SCATTER_ELEMENTS, &desc,
                  {&input, &indices, &updates}, {&output});
      std::vector<std::vector<uint8_t>> expected;
      for (size_t i = 0; i < 15; ++i) expected.push_back(ElementAt(input, i));
      const std::vector<UINT> se_idx = {1, 3, 0, 4, 2, 3};
      for (size_t k = 0; k < 6; ++k) expected[k / 2 * 5 + se_idx[k]] = ElementAt(updates, k);
      CheckBits(output, expected);
    }
    {  // SCATTER_ND: single elements of a {3,5} by 2-coordinate tuples.
      Tensor input(type, {3, 5}), indices(U32, {3, 2}), updates(type, {1, 3}), output(type, {3, 5});
      input.Data(DistinctBytes(type, 15, 1));
      indices.Data({0, 1, 1, 3, 2, 0});
      updates.Data(DistinctBytes(type, 3, 64));
      DML_SCATTER_ND_OPERATOR_DESC desc{
          &input.desc, &indices.desc, &updates.desc, &output.desc, 2, 2};
      name = std::string("type.snd.") + names[t];
      rc |= Probe(d, name.c_str(), DML_OPERATOR_SCATTER_ND, &desc, {&input, &indices, &updates},
                  {&output});
      std::vector<std::vector<uint8_t>> expected;
      for (size_t i = 0; i < 15; ++i) expected.push_back(ElementAt(input, i));
      const size_t at[] = {0 * 5 + 1, 1 * 5 + 3, 2 * 5 + 0};
      for (size_t k = 0; k < 3; ++k) expected[at[k]] = ElementAt(updates, k);
      CheckBits(output, expected);
    }
    {  // GATHER_ND: single elements by 2-coordinate tuples.
      Tensor input(type, {3, 5}), indices(U32, {3, 2}), output(type, {1, 3});
      input.Data(DistinctBytes(type, 15, 1));
      indices.Data({0, 1, 1, 3, 2, 0});
      DML_GATHER_ND_OPERATOR_DESC desc{&input.desc, &indices.desc, &output.desc, 2, 2};
      name = std::string("type.gnd.") + names[t];
      rc |= Probe(d, name.c_str(), DML_OPERATOR_GATHER_ND, &desc, {&input, &indices}, {&output});
      CheckBits(output, {ElementAt(input, 1), ElementAt(input, 8), ElementAt(input, 10)});
    }
  }
  return rc;
}

}  // namespace

int main(int argc, char** argv) {
  Dml d;
  if (int rc = Open(argc > 1 ? argv[1] : "DirectML.dll", &d)) return rc;
  if (argc > 2) g_filter = argv[2];
  int rc = GatherElementsProbes(d);
  rc |= ScatterElementsProbes(d);
  rc |= GatherNdProbes(d);
  rc |= GatherNd1Probes(d);
  rc |= ScatterNdProbes(d);
  rc |= TypeProbes(d);
  return rc ? kCouldNotRun : 0;
}
