// A sample dmlconf `serve:` backend (validator/BACKENDS.md, protocol 2): JOIN only, in C++20
// with the standard library and nlohmann-json. One request per line on standard input, one
// reply per line on standard output; every other operator is answered "unsupported".
//   dmlconf run cases --backend serve:build/tools/sample_backend/dmlconf-sample-join-serve
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

using nlohmann::json;
using u64 = std::uint64_t;
using Dims = std::vector<u64>;

using Reject = std::pair<std::string, std::string>;  // a broken rule: its code, a sentence

const std::map<std::string, u64> kElementSize = {
    {"FLOAT64", 8}, {"FLOAT32", 4}, {"FLOAT16", 2}, {"INT64", 8},  {"INT32", 4}, {"INT16", 2},
    {"INT8", 1},    {"UINT64", 8},  {"UINT32", 4},  {"UINT16", 2}, {"UINT8", 1}};
const std::set<std::string> kOld6 = {"FLOAT32", "FLOAT16", "INT32", "INT16", "UINT32", "UINT16"};

// Must-reject descriptors may carry any size: arithmetic saturates instead of wrapping.
u64 Add(u64 a, u64 b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }
u64 Mul(u64 a, u64 b) { return b != 0 && a > UINT64_MAX / b ? UINT64_MAX : a * b; }

Dims Sizes(const json& t) { return t.at("Sizes").get<Dims>(); }

Dims Strides(const json& t) {  // packed row-major when absent
  if (t.contains("Strides")) return t["Strides"].get<Dims>();
  Dims sizes = Sizes(t), strides(sizes.size());
  u64 step = 1;
  for (size_t d = sizes.size(); d-- > 0;) strides[d] = step, step = Mul(step, sizes[d]);
  return strides;
}

u64 ElementSize(const json& t) { return kElementSize.at(t.at("DataType").get<std::string>()); }

// DML_BUFFER_TENSOR_DESC's rules for one tensor, in the order dmlconf checks them.
void CheckTensor(const json& t, const std::string& role, bool is_output) {
  const Dims sizes = Sizes(t);
  if (sizes.empty() || sizes.size() > 8) throw Reject{"TENSOR_RANK_INVALID", role + ": rank"};
  u64 count = 1;
  for (u64 size : sizes) {
    if (size == 0) throw Reject{"TENSOR_SIZE_ZERO", role + ".Sizes has a zero"};
    count = Mul(count, size);
  }
  if (t.contains("Strides") && t["Strides"].size() != sizes.size())
    throw Reject{"TENSOR_STRIDES_RANK_MISMATCH", role + ".Strides"};
  if (count > 0xFFFFFFFFu) throw Reject{"TENSOR_TOO_MANY_ELEMENTS", role + " is too large"};
  const Dims strides = Strides(t);
  u64 last = 0;
  for (size_t d = 0; d < sizes.size(); ++d) last = Add(last, Mul(sizes[d] - 1, strides[d]));
  const u64 bytes = Mul(Add(last, 1), ElementSize(t));
  const u64 minimum = bytes > UINT64_MAX - 3 ? UINT64_MAX : (bytes + 3) / 4 * 4;
  if (t.value("TotalTensorSizeInBytes", minimum) < minimum)
    throw Reject{"TENSOR_TOTAL_SIZE_TOO_SMALL", role + ".TotalTensorSizeInBytes"};
  // At least the minimum is the only size rule (the minimum + 2 is legal). Contract point
  // T1: an alignment is 0, or a power of two no smaller than the element size.
  const u64 align = t.value("GuaranteedBaseOffsetAlignment", u64{0});
  if (align != 0 && ((align & (align - 1)) != 0 || align < ElementSize(t)))
    throw Reject{"TENSOR_ALIGNMENT_INVALID", role + ".GuaranteedBaseOffsetAlignment"};
  if (!is_output) return;
  // No two elements at one location (A1, refused here): by increasing stride, each
  // dimension's stride must reach past what the smaller ones span.
  std::multimap<u64, u64> by_stride;  // stride -> size, dimensions of size > 1 only
  for (size_t d = 0; d < sizes.size(); ++d)
    if (sizes[d] > 1) by_stride.emplace(strides[d], sizes[d]);
  u64 extent = 1;
  for (const auto& [stride, size] : by_stride) {
    if (stride < extent) throw Reject{"TENSOR_OUTPUT_ALIASED", role + ".Strides alias"};
    extent = Add(extent, Mul(size - 1, stride));
  }
}

// JOIN's own rules and support table (reference/OPERATORS.md), level as 10 * major + minor.
void CheckJoin(const json& d, int level) {
  const json& inputs = d.at("InputTensors");
  const json& out = d.at("OutputTensor");
  const u64 axis = d.at("Axis").get<u64>();
  if (inputs.empty()) throw Reject{"TENSOR_COUNT_ZERO", "InputCount is 0"};
  for (size_t i = 0; i < inputs.size(); ++i)
    CheckTensor(inputs[i], "InputTensors[" + std::to_string(i) + "]", false);
  CheckTensor(out, "OutputTensor", true);
  const Dims out_sizes = Sizes(out);
  const u64 rank = out_sizes.size();
  for (const json& t : inputs)
    if (Sizes(t).size() != rank) throw Reject{"RANK_MISMATCH", "the tensors' ranks differ"};
  if (!(level >= 41 || rank == 4 || (level >= 30 && rank == 5)))
    throw Reject{"RANK_NOT_SUPPORTED", "rank " + std::to_string(rank)};
  const std::string type = out.at("DataType");
  for (const json& t : inputs)
    if (t.at("DataType") != type) throw Reject{"DATA_TYPE_MISMATCH", "the data types differ"};
  const bool type_ok = level >= 41 || kOld6.count(type) != 0 ||  // 2_1 adds INT8 and UINT8
                       (level >= 21 && (type == "INT8" || type == "UINT8"));
  if (!type_ok) throw Reject{"DATA_TYPE_NOT_SUPPORTED", type + " at this level"};
  if (axis >= rank) throw Reject{"AXIS_OUT_OF_RANGE", "Axis " + std::to_string(axis)};
  u64 along_axis = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Dims sizes = Sizes(inputs[i]);
    for (size_t k = 0; k < rank; ++k)
      if (k != axis && sizes[k] != out_sizes[k])
        throw Reject{"JOIN_SIZES_MISMATCH", "InputTensors[" + std::to_string(i) + "].Sizes"};
    along_axis = Add(along_axis, sizes[axis]);
  }
  if (along_axis != out_sizes[axis])
    throw Reject{"JOIN_AXIS_SIZES_MISMATCH", "the inputs' sizes along Axis"};
}

// A buffer file: guard bytes, the tensor's `bytes` bytes at `offset`, guard bytes again.
std::fstream Open(const json& buffer, std::ios::openmode mode) {
  std::fstream file(buffer.at("path").get<std::string>(), mode | std::ios::binary);
  file.seekg(std::streamoff(buffer.at("offset").get<u64>()));  // one position for both ways
  return file;
}

std::vector<char> ReadTensor(const json& buffer) {
  std::vector<char> data(buffer.at("bytes").get<u64>());
  if (!Open(buffer, std::ios::in).read(data.data(), std::streamsize(data.size())))
    throw std::runtime_error("cannot read " + buffer["path"].get<std::string>());
  return data;
}

// Each input element, in row-major order, goes to its coordinates in the output, shifted
// along Axis by the sizes of the inputs before it. The output's padding keeps its bytes.
void ExecuteJoin(const json& request) {
  const json& d = request.at("descriptor");
  const json& out = d.at("OutputTensor");
  const u64 axis = d.at("Axis").get<u64>(), size = ElementSize(out);
  const Dims out_strides = Strides(out);
  std::vector<char> result = ReadTensor(request.at("outputs").at(0));
  u64 shift = 0;
  for (size_t i = 0; i < d.at("InputTensors").size(); ++i) {
    const json& t = d["InputTensors"][i];
    const Dims sizes = Sizes(t), strides = Strides(t);
    const std::vector<char> data = ReadTensor(request.at("inputs").at(i));
    Dims coord(sizes.size(), 0);
    for (bool more = true; more;) {
      u64 from = 0, to = 0;
      for (size_t k = 0; k < sizes.size(); ++k) {
        from += coord[k] * strides[k];
        to += (coord[k] + (k == axis ? shift : 0)) * out_strides[k];
      }
      std::copy_n(data.begin() + std::ptrdiff_t(from * size), size,
                  result.begin() + std::ptrdiff_t(to * size));
      size_t k = sizes.size();  // the next coordinate, last dimension fastest
      while (k > 0 && ++coord[k - 1] == sizes[k - 1]) coord[--k] = 0;
      more = k > 0;
    }
    shift += sizes[axis];
  }
  const json& buffer = request["outputs"][0];
  if (!Open(buffer, std::ios::in | std::ios::out)
           .write(result.data(), std::streamsize(result.size())))
    throw std::runtime_error("cannot write " + buffer["path"].get<std::string>());
}

json Answer(const json& request) {
  const std::string action = request.at("action");
  if (action == "describe")
    return json::parse(R"({"status": "ok", "name": "sample-cpp-join", "max_feature_level": "6_4",
                           "reports_reason_codes": true})");
  if (request.at("operator") != "JOIN")
    return {{"status", "unsupported"}, {"message", "this sample implements JOIN only"}};
  const std::string level = request.at("feature_level");  // "6_4"
  try {
    CheckJoin(request.at("descriptor"), std::stoi(level) * 10 + std::stoi(level.substr(2)));
  } catch (const Reject& refusal) {
    return {{"status", "rejected"}, {"reason", refusal.first}, {"message", refusal.second}};
  }
  if (action == "execute") ExecuteJoin(request);
  return {{"status", "ok"}};
}

}  // namespace

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    const json request = json::parse(line);
    json reply;
    try {
      reply = Answer(request);
    } catch (const std::exception& e) {  // a malformed request or an unreadable buffer file
      reply = {{"status", request.value("action", "") == "execute" ? "error" : "unsupported"},
               {"message", std::string("sample-cpp-join: ") + e.what()}};
    }
    reply["id"] = request.at("id");
    std::cout << reply.dump() << '\n' << std::flush;  // one line per reply
  }
}
