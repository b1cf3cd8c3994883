// The YAML case format (cases/README.md) into Case values. Every error is one
// line naming the file, the position and the field; nothing is validated
// against the specification here, so must-reject cases keep their invalid
// descriptors.
#include <algorithm>
#include <cstring>
#include <map>
#include <set>
#include <system_error>
#include <utility>

#include <sys/stat.h>

#include "cases/data_fill.h"
#include "cases/number_text.h"
#include "cases/yaml_fields.h"
#include "cases/yaml_reader.h"
#include "dmlconf/saturating.h"
#include "dmlconf/tensor_layout.h"
#include "dmlconf/validator/case.h"
#include "dmlconf/validator/external_vectors.h"
#include "platform/compare.h"

namespace dmlconf::validator {
namespace {

// The tensors (buffers and data) of all the cases of one file together may
// not need more than this: a typo in Sizes, or a small file of many large fill
// rules, must not make the loader allocate the machine's memory. With the
// YAML tree's own bound (kMaxYamlNodes) it keeps loading any case file under
// 256 MiB; the committed files need at most a few MiB each.
constexpr uint64_t kMaxFileTensorBytes = uint64_t(64) << 20;

template <class T>
T ParseNamed(const Field& f, std::optional<T> (*parse)(std::string_view), std::string_view what) {
  const std::string text = f.Scalar();
  const std::optional<T> value = parse(text);
  if (!value) f.Fail("unknown " + std::string(what) + " '" + text + "'");
  return *value;
}

std::vector<uint32_t> ParseUintList(const Field& f) {
  f.RequireSequence();
  std::vector<uint32_t> values;
  for (size_t i = 0; i < f.size(); ++i) values.push_back(f.At(i).Uint32());
  return values;
}

TensorDesc ParseTensor(const Field& f) {
  f.CheckKeys({"DataType", "Sizes", "Strides", "TotalTensorSizeInBytes",
               "GuaranteedBaseOffsetAlignment", "Flags"});
  TensorDesc desc;
  desc.data_type = ParseNamed<DataType>(f.Required("DataType"), ParseDataType, "data type");
  desc.sizes = ParseUintList(f.Required("Sizes"));
  if (auto strides = f.Optional("Strides")) desc.strides = ParseUintList(*strides);
  if (auto total = f.Optional("TotalTensorSizeInBytes"))
    desc.total_tensor_size_in_bytes = total->Uint64();
  if (auto align = f.Optional("GuaranteedBaseOffsetAlignment"))
    desc.guaranteed_base_offset_alignment = align->Uint32();
  if (auto flags = f.Optional("Flags")) desc.flags = flags->Uint32();
  return desc;
}

// A list of tensors and its optional DirectML count field, which must agree.
std::vector<TensorDesc> ParseTensorList(const Field& descriptor, std::string_view key,
                                        std::string_view count_key) {
  const Field list = descriptor.Required(key);
  list.RequireSequence();
  std::vector<TensorDesc> tensors;
  for (size_t i = 0; i < list.size(); ++i) tensors.push_back(ParseTensor(list.At(i)));
  if (auto count = descriptor.Optional(count_key)) {
    if (count->Uint32() != tensors.size())
      count->Fail(std::string(count_key) + " is " + std::to_string(count->Uint32()) + " but " +
                  std::string(key) + " lists " + std::to_string(tensors.size()) + " tensors");
  }
  return tensors;
}

// An array field: a list of UINTs (or INTs), as long as the descriptor's other arrays
// (DirectML's struct has one count for them all) and its optional count field.
template <FieldKind Kind>
std::vector<ArrayElement<Kind>> ParseArray(const Field& descriptor, std::string_view key,
                                           std::optional<size_t>* length) {
  const Field list = descriptor.Required(key);
  list.RequireSequence();
  std::vector<ArrayElement<Kind>> values;
  for (size_t i = 0; i < list.size(); ++i) {
    if constexpr (std::is_signed_v<ArrayElement<Kind>>)
      values.push_back(list.At(i).Int32());
    else
      values.push_back(list.At(i).Uint32());
  }
  const std::string_view count_key = ArrayCountName(Kind);
  if (auto count = descriptor.Optional(count_key); count && count->Uint32() != values.size())
    count->Fail(std::string(count_key) + " is " + std::to_string(count->Uint32()) + " but " +
                std::string(key) + " lists " + std::to_string(values.size()) + " entries");
  if (*length && **length != values.size())
    list.Fail(std::string(key) + " lists " + std::to_string(values.size()) +
              " entries but the descriptor's other arrays " + std::to_string(**length) +
              "; DirectML's struct has one " + std::string(count_key));
  *length = values.size();
  return values;
}

// One element of `type` spelled as a case file spells it (number_text.h).
ElementBits ParseOneElement(const Field& f, DataType type) {
  std::string error;
  const std::optional<ElementBits> bits = ParseCaseElement(type, f.Scalar(), &error);
  if (!bits) f.Fail(error);
  return *bits;
}

// A padding value: optional, as the modes that never read it need none (0). PADDING1's
// may give the whole DML_SCALAR_UNION as 16 hex digits (op_desc.h, TypedPaddingValue).
ElementBits ParsePaddingValue(const Field& descriptor, std::string_view key, DataType type,
                              bool union_allowed) {
  const std::optional<Field> f = descriptor.Optional(key);
  if (!f) return 0;
  constexpr size_t kUnionDigits = 2 + 16;  // "0x" and 8 bytes
  const bool whole_union =
      union_allowed && f->Scalar().size() == kUnionDigits && f->Scalar().starts_with("0x");
  return ParseOneElement(*f, whole_union ? DataType::kUint64 : type);
}

// Every field of the operator's schema (op_schema.inc), each as its kind reads.
template <class Desc>
void ParseFields(const Field& f, Desc* d) {
  std::vector<std::string_view> keys;
  ForEachFieldOf<Desc>([&](auto field) {
    keys.push_back(field.name);
    if constexpr (IsList(field.kind)) keys.push_back(CountName(field.kind));
  });
  if constexpr (!ArrayCountNameOf<Desc>().empty()) keys.push_back(ArrayCountNameOf<Desc>());
  f.CheckKeys(keys);
  std::optional<size_t> array_length;
  ForEachField(*d, [&](auto field, auto& value) {
    constexpr FieldKind kind = field.kind;
    if constexpr (IsList(kind)) {
      value = ParseTensorList(f, field.name, CountName(kind));
    } else if constexpr (IsTensor(kind)) {
      value = ParseTensor(f.Required(field.name));
    } else if constexpr (kind == FieldKind::kOrder) {
      value = ParseNamed<DepthSpaceOrder>(f.Required(field.name), ParseDepthSpaceOrder, "order");
    } else if constexpr (IsArray(kind)) {
      value = ParseArray<kind>(f, field.name, &array_length);
    } else if constexpr (kind == FieldKind::kPaddingMode) {
      value = ParseNamed<PaddingMode>(f.Required(field.name), ParsePaddingMode, "padding mode");
    } else if constexpr (kind == FieldKind::kPaddingValue) {
      value = uint32_t(ParsePaddingValue(f, field.name, DataType::kFloat32, false));
    } else if constexpr (kind == FieldKind::kPaddingValueDataType) {
      value = ParseNamed<DataType>(f.Required(field.name), ParseDataType, "data type");
    } else if constexpr (kind == FieldKind::kTypedPaddingValue) {
      // PaddingValueDataType comes first in the schema: parsed already.
      value = ParsePaddingValue(f, field.name, TypedPaddingValueType(*d), true);
    } else {
      static_assert(IsNumber(kind));
      value = f.Required(field.name).Uint32();
    }
  });
}

OperatorDesc ParseDescriptor(OperatorType op, const Field& f) {
  OperatorDesc desc = DefaultDesc(op);
  std::visit([&](auto& d) { ParseFields(f, &d); }, desc);
  return desc;
}

// ---- tensor data -------------------------------------------------------------

std::vector<std::byte> ParseFill(const Field& f, const TensorDesc& desc) {
  f.CheckKeys({"fill", "start", "step", "value", "seed"});
  const std::string rule = f.Required("fill").Scalar();
  const uint64_t count = desc.ElementCount();
  auto text_or = [&](std::string_view key, std::string fallback) {
    auto field = f.Optional(key);
    return field ? field->Scalar() : fallback;
  };
  try {
    if (rule == "iota") {
      f.CheckKeys({"fill", "start", "step"});
      return FillIota(desc.data_type, count, text_or("start", "0"), text_or("step", "1"));
    }
    if (rule == "constant") {
      f.CheckKeys({"fill", "value"});
      return FillConstant(desc.data_type, count, f.Required("value").Scalar());
    }
    if (rule == "random") {
      f.CheckKeys({"fill", "seed"});
      return FillRandom(desc.data_type, count, f.Required("seed").Uint64());
    }
  } catch (const FillError& e) {
    f.Fail(e.message);
  }
  f.Required("fill").Fail("unknown fill rule '" + rule + "' (known: iota, constant, random)");
}

// Nested lists flatten in order; scalars are elements. The pre-pass bounded
// the nodes (aliases included), so this count is cheap and cannot run away.
uint64_t CountElements(const YAML::Node& node) {
  if (!node.IsSequence()) return 1;
  uint64_t count = 0;
  for (const YAML::Node& child : node) count += CountElements(child);
  return count;
}

// Where `{one_of: [...]}` elements of one output go: the case's list, and the output's
// OutputSlots position.
struct ContestedSink {
  std::vector<OneOfElement>* list;
  size_t output;
};

// `{one_of: [v1, v2, ...]}`: two or more distinct values, any of which the element may
// hold (contract point W1). The first is stored as the expected value.
ElementBits ParseContested(const Field& f, DataType type, const ContestedSink* contested,
                           uint64_t element) {
  if (contested == nullptr)
    f.Fail(
        "an element {one_of: [...]} belongs in the expected outputs of a one_of or "
        "refuse_or_run case only");
  f.CheckKeys({"one_of"});
  const Field values = f.Required("one_of");
  values.RequireSequence();
  OneOfElement e{contested->output, element, {}};
  for (size_t v = 0; v < values.size(); ++v) {
    const ElementBits bits = ParseOneElement(values.At(v), type);
    if (std::find(e.values.begin(), e.values.end(), bits) != e.values.end())
      values.At(v).Fail("a value listed twice");
    e.values.push_back(bits);
  }
  if (e.values.size() < 2) values.Fail("an element one of several values lists two at least");
  const ElementBits first = e.values.front();
  contested->list->push_back(std::move(e));
  return first;
}

// Parses the elements below `f` into `out` from element `*next` on. The Field
// (and its path) of an element is only built for its error.
void StoreElements(const Field& f, DataType type, std::byte* out, uint64_t* next,
                   const ContestedSink* contested = nullptr) {
  const size_t size = ElementSize(type);
  size_t index = 0;
  for (const YAML::Node& child : f.node()) {
    if (child.IsSequence()) {
      StoreElements(f.At(index++), type, out, next, contested);
      continue;
    }
    if (child.IsMap()) {
      const ElementBits bits = ParseContested(f.At(index++), type, contested, *next);
      StoreElement(out + (*next)++ * size, size, bits);
      continue;
    }
    if (!child.IsScalar()) f.At(index).Scalar();  // fails: "expected a scalar, got ..."
    std::string error;
    const std::optional<ElementBits> bits = ParseCaseElement(type, child.Scalar(), &error);
    if (!bits) f.At(index).Fail(error);
    StoreElement(out + (*next)++ * size, size, *bits);
    ++index;
  }
}

std::vector<std::byte> ParseElementList(const Field& f, const TensorDesc& desc,
                                        const ContestedSink* contested) {
  const uint64_t found = CountElements(f.node());
  const uint64_t count = desc.ElementCount();
  if (found != count)
    f.Fail("holds " + std::to_string(found) + " elements, Sizes " + FormatSizes(desc.sizes) +
           " need " + std::to_string(count));
  std::vector<std::byte> bytes(count * desc.ElementSize());
  uint64_t next = 0;
  StoreElements(f, desc.data_type, bytes.data(), &next, contested);
  return bytes;
}

// Elements that a zero (or overlapping) stride puts at one location must agree,
// or no backend could produce the case's data.
void CheckSharedLocationsAgree(const Field& f, const TensorDesc& desc,
                               const std::vector<std::byte>& packed) {
  if (!desc.strides || !LayoutIsUsable(desc) || desc.ElementCount() == 0) return;
  std::vector<std::byte> buffer(desc.TotalBytes());
  ScatterLogical(desc, packed.data(), buffer.data());
  const std::vector<std::byte> back = ReadLogical(desc, buffer.data());
  const size_t size = desc.ElementSize();
  for (size_t i = 0; i < packed.size() / size; ++i) {
    if (std::memcmp(&packed[i * size], &back[i * size], size) == 0) continue;
    f.Fail("element " + std::to_string(i) + " is " +
           FormatElement(desc.data_type, LoadElement(&packed[i * size], size)) +
           " but shares its memory location (Strides " + FormatSizes(*desc.strides) +
           ") with an element that is " +
           FormatElement(desc.data_type, LoadElement(&back[i * size], size)));
  }
}

std::vector<std::byte> ParseData(const Field& f, const TensorDesc& desc,
                                 const ContestedSink* contested = nullptr) {
  if (f.node().IsMap()) return ParseFill(f, desc);
  if (!f.node().IsSequence())
    f.Fail("expected a list of elements or a fill rule, got " +
           std::string(NodeKindName(f.node())));
  return ParseElementList(f, desc, contested);
}

// "OutputTensors[1]" -> "OutputTensors".
std::string BaseRole(const std::string& role) { return role.substr(0, role.find('[')); }

// `inputs:` or `expected:`: one entry per DirectML field, a list for list fields.
// `one_of`: where an element may be {one_of: [...]} (`expected` of a one_of or
// refuse_or_run case), the list those elements go to; nullptr where none may.
std::vector<std::vector<std::byte>> ParseDataSection(const Field& section,
                                                     const std::vector<TensorSlot>& slots,
                                                     bool check_shared,
                                                     std::vector<OneOfElement>* one_of = nullptr) {
  section.RequireMap();
  std::map<std::string, std::vector<const TensorSlot*>> by_field;
  std::vector<std::string> order;
  for (const TensorSlot& slot : slots) {
    const std::string base = BaseRole(slot.role);
    if (!by_field.contains(base)) order.push_back(base);
    by_field[base].push_back(&slot);
  }
  for (auto it = section.node().begin(); it != section.node().end(); ++it) {
    const std::string key = it->first.Scalar();
    if (by_field.contains(key)) continue;
    std::string known;
    for (const std::string& k : order) known += (known.empty() ? "" : ", ") + k;
    section.FailAt(it->first.Mark(), section.path() + "." + key,
                   "no tensor named '" + key + "' here (tensors: " + known + ")");
  }
  std::vector<std::vector<std::byte>> data;
  for (const std::string& key : order) {
    const Field entry = section.Required(key);
    const std::vector<const TensorSlot*>& group = by_field[key];
    const bool is_list = group.front()->role.find('[') != std::string::npos;
    std::vector<Field> items;
    if (is_list) {
      entry.RequireSequence();
      if (entry.size() != group.size())
        entry.Fail("holds data for " + std::to_string(entry.size()) +
                   " tensors, the descriptor has " + std::to_string(group.size()));
      for (size_t i = 0; i < entry.size(); ++i) items.push_back(entry.At(i));
    } else {
      items.push_back(entry);
    }
    for (size_t i = 0; i < items.size(); ++i) {
      ContestedSink sink{one_of, data.size()};
      data.push_back(ParseData(items[i], *group[i]->desc, one_of ? &sink : nullptr));
      if (check_shared) CheckSharedLocationsAgree(items[i], *group[i]->desc, data.back());
    }
  }
  return data;
}

// Buffers plus packed copies, summed over every tensor of the case.
uint64_t BytesNeeded(const OperatorDesc& desc) {
  uint64_t total = 0;
  for (const auto& slots : {InputSlots(desc), OutputSlots(desc)}) {
    for (const TensorSlot& slot : slots) {
      total = SaturatingAdd(total, slot.desc->TotalBytes());
      // The runner binds each buffer at an offset that obeys the tensor's
      // alignment (T1), which costs up to three times the alignment.
      total = SaturatingAdd(total, 3 * uint64_t(slot.desc->guaranteed_base_offset_alignment));
      const uint64_t logical = SaturatingMul(slot.desc->ElementCount(), slot.desc->ElementSize());
      total = SaturatingAdd(total, SaturatingAdd(logical, logical));
    }
  }
  return total;
}

// `file_bytes`: what the file's earlier cases need, to which this case's is added.
void ParseCaseData(const Field& f, const Field& descriptor, Case* c, uint64_t* file_bytes) {
  const std::optional<Field> inputs = f.Optional("inputs");
  const std::optional<Field> expected = f.Optional("expected");
  if (c->expect == Expectation::kReject) return;  // data of a must-reject case is never used
  const uint64_t needed = BytesNeeded(c->descriptor);
  const std::string limit = std::to_string(kMaxFileTensorBytes >> 20) + " MiB";
  if (needed > kMaxFileTensorBytes)
    descriptor.Fail(
        "the tensors need " +
        (needed == kSaturated ? std::string("more than 2^64") : std::to_string(needed)) +
        " bytes in all, more than the " + limit +
        " the match and unspecified cases of one file may use");
  *file_bytes = SaturatingAdd(*file_bytes, needed);
  if (*file_bytes > kMaxFileTensorBytes)
    descriptor.Fail("with this case the file's tensors need " + std::to_string(*file_bytes) +
                    " bytes in all, more than the " + limit +
                    " the match and unspecified cases of one file may use; split the file");
  if (!inputs)
    f.Fail("missing required field 'inputs' (a " + std::string(ExpectationName(c->expect)) +
           " case runs)");
  c->inputs = ParseDataSection(*inputs, InputSlots(c->descriptor), true);
  if (c->expect == Expectation::kUnspecified) {
    if (expected) expected->Fail("an unspecified case compares no values: remove 'expected'");
    return;
  }
  if (c->expect == Expectation::kRefuseOrRun && !expected) return;
  if (!expected) f.Fail("missing required field 'expected' (a match case compares outputs)");
  const bool contested = c->expect == Expectation::kOneOf || c->expect == Expectation::kRefuseOrRun;
  c->expected = ParseDataSection(*expected, OutputSlots(c->descriptor), false,
                                 contested ? &c->one_of : nullptr);
  if (c->expect == Expectation::kOneOf && c->one_of.empty())
    expected->Fail(
        "a one_of case has an element {one_of: [...]} at least; without one it is a "
        "match case");
}

Case ParseCase(const Field& f, uint64_t* file_bytes) {
  f.CheckKeys({"name", "operator", "feature_level", "expect", "reason", "source", "description",
               "descriptor", "inputs", "expected"});
  Case c;
  c.file = f.file();
  c.line = f.node().Mark().line + 1;
  c.name = f.Required("name").Scalar();
  if (c.name.empty()) f.Required("name").Fail("a case name may not be empty");
  if (c.name.find(':') != std::string::npos)
    f.Required("name").Fail("case name '" + c.name +
                            "' holds ':', which case names may not "
                            "(expected-failure entries are BACKEND:GLOB, split at the last ':')");
  const OperatorType op =
      ParseNamed<OperatorType>(f.Required("operator"), ParseOperatorType, "operator");
  if (auto level = f.Optional("feature_level"))
    c.feature_level = ParseNamed<FeatureLevel>(*level, ParseFeatureLevel, "feature level");
  if (auto expect = f.Optional("expect"))
    c.expect =
        ParseNamed<Expectation>(*expect, ParseExpectation,
                                "expectation (match, reject, unspecified, refuse_or_run, one_of)");
  if (auto source = f.Optional("source")) c.source = source->Scalar();
  if (auto description = f.Optional("description")) c.description = description->Scalar();
  const std::optional<Field> reason = f.Optional("reason");
  if (c.expect == Expectation::kReject && !reason)
    f.Fail("missing required field 'reason' (a reject case names the rule it breaks)");
  if (c.expect != Expectation::kReject && reason)
    reason->Fail("only a reject case has a reason; this case expects '" +
                 std::string(ExpectationName(c.expect)) + "'");
  if (reason) c.reason = ParseNamed<Reason>(*reason, ParseReason, "reason code");
  const Field descriptor = f.Required("descriptor");
  c.descriptor = ParseDescriptor(op, descriptor);
  ParseCaseData(f, descriptor, &c, file_bytes);
  return c;
}

YAML::Node ReadYaml(const std::string& file) {
  return ParseOneDocument(file, ReadCaseFileText(file));
}

std::vector<Case> ParseDocument(const std::string& file, const YAML::Node& root) {
  const Field top(file, root, "");
  if (root.IsNull() || !root.IsDefined())  // an empty file: its null has no position
    FailFile(file, 1, 1, "document",
             "holds no cases (a case file is a mapping with one key, "
             "'cases')");
  if (!root.IsMap())
    top.Fail("a case file is a mapping with one key, 'cases'; got " +
             std::string(NodeKindName(root)));
  if (auto format = top.Optional("format")) {
    if (format->Scalar() != kExternalVectorFormat)
      format->Fail("unknown format '" + format->Scalar() + "' (known: " + kExternalVectorFormat +
                   ")");
    return LoadExternalVectorFile(file, root);
  }
  top.CheckKeys({"cases"});
  const Field list(file, root["cases"], "cases");
  if (!root["cases"]) top.Fail("missing required field 'cases'");
  list.RequireSequence();
  std::vector<Case> cases;
  std::map<std::string, int> first_line;
  uint64_t file_bytes = 0;
  for (size_t i = 0; i < list.size(); ++i) {
    const Field entry = list.At(i);
    cases.push_back(ParseCase(entry, &file_bytes));
    const auto [it, fresh] = first_line.emplace(cases.back().name, cases.back().line);
    if (!fresh)
      entry.Required("name").Fail("duplicate case name '" + cases.back().name + "' (first at " +
                                  file + ":" + std::to_string(it->second) + ")");
  }
  return cases;
}

bool IsCaseFile(const std::filesystem::path& path) {
  const std::string ext = path.extension().string();
  return ext == ".yaml" || ext == ".yml" || ext == ".json";
}

// A folder as the file system knows it, whichever path led to it.
using FolderId = std::pair<dev_t, ino_t>;

// Every case file below `folder`, following symbolic links (a linked folder
// of cases is loaded, not skipped). `open_folders` are the folders being
// walked from the top down to here: meeting one again is a loop.
void CollectCaseFiles(const std::filesystem::path& folder, std::vector<FolderId>* open_folders,
                      std::vector<std::filesystem::path>* files) {
  struct stat st {};
  if (stat(folder.c_str(), &st) != 0)
    FailFile(folder.string(), 0, 0, "folder",
             std::string("cannot be examined: ") + strerror(errno));
  const FolderId id{st.st_dev, st.st_ino};
  if (std::find(open_folders->begin(), open_folders->end(), id) != open_folders->end())
    FailFile(folder.string(), 0, 0, "folder",
             "is a symbolic link loop: it leads back to a folder that contains it");
  open_folders->push_back(id);
  std::error_code ec;
  std::filesystem::directory_iterator it(folder, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const std::filesystem::path path = it->path();
    std::error_code status_ec;
    const std::filesystem::file_status status = std::filesystem::status(path, status_ec);
    if (status.type() == std::filesystem::file_type::not_found) {
      // Only a symbolic link to nothing gets here; one named like a case file
      // is an error, other names are not cases.
      if (IsCaseFile(path)) FailFile(path.string(), 0, 0, "file", "is a symbolic link to nothing");
    } else if (status_ec) {
      // What cannot be examined might be a folder of cases: never skipped.
      FailFile(path.string(), 0, 0, "path", "cannot be examined: " + status_ec.message());
    } else if (std::filesystem::is_directory(status)) {
      CollectCaseFiles(path, open_folders, files);
    } else if (IsCaseFile(path)) {
      // Any kind of file with a case file's name is read, and anything but a
      // regular file is refused there: nothing that looks like cases is skipped.
      files->push_back(path);
    }
  }
  if (ec) FailFile(folder.string(), 0, 0, "folder", "cannot be read: " + ec.message());
  open_folders->pop_back();
}

}  // namespace

OperatorDesc ParseDescriptorText(OperatorType op, const std::string& text,
                                 const std::string& where) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    FailFile(where, e.mark.line + 1, e.mark.column + 1, "descriptor", e.msg);
  }
  return ParseDescriptor(op, Field(where, root, "descriptor"));
}

std::string_view ExpectationName(Expectation expectation) {
  switch (expectation) {
    case Expectation::kMatch: return "match";
    case Expectation::kReject: return "reject";
    case Expectation::kUnspecified: return "unspecified";
    case Expectation::kRefuseOrRun: return "refuse_or_run";
    case Expectation::kOneOf: return "one_of";
  }
  return "?";
}

std::optional<Expectation> ParseExpectation(std::string_view text) {
  for (Expectation e : {Expectation::kMatch, Expectation::kReject, Expectation::kUnspecified,
                        Expectation::kRefuseOrRun, Expectation::kOneOf})
    if (ExpectationName(e) == text) return e;
  return std::nullopt;
}

std::vector<Case> LoadCaseFile(const std::filesystem::path& path) {
  const std::string file = path.string();
  return ParseDocument(file, ReadYaml(file));
}

std::vector<Case> LoadCases(const std::filesystem::path& file_or_dir) {
  // A path that cannot be examined is read as a file, whose open names the error.
  std::error_code ec;
  if (!std::filesystem::is_directory(file_or_dir, ec)) return LoadCaseFile(file_or_dir);
  std::vector<std::filesystem::path> files;
  std::vector<FolderId> open_folders;
  CollectCaseFiles(file_or_dir, &open_folders, &files);
  std::sort(files.begin(), files.end());
  std::vector<Case> cases;
  for (const auto& file : files) {
    const YAML::Node root = ReadYaml(file.string());
    // A folder of external vectors may hold other JSON (the converter's raw
    // input beside the wpt-webnn vectors): a .json file found by walking a
    // folder is a case file only when it says it is one. Named on the
    // command line, any file must be.
    if (file.extension() == ".json" && root.IsMap() && !root["format"] && !root["cases"]) continue;
    std::vector<Case> more = ParseDocument(file.string(), root);
    std::move(more.begin(), more.end(), std::back_inserter(cases));
  }
  return cases;
}

std::vector<Case> LoadCases(const std::vector<std::filesystem::path>& paths) {
  std::vector<Case> cases;
  std::map<std::string, const Case*> seen;
  for (const auto& path : paths) {
    std::error_code ec;
    const std::filesystem::file_status status = std::filesystem::status(path, ec);
    if (status.type() == std::filesystem::file_type::not_found)
      FailFile(path.string(), 0, 0, "path", "does not exist");
    if (ec) FailFile(path.string(), 0, 0, "path", "cannot be examined: " + ec.message());
    std::vector<Case> more = LoadCases(path);
    std::move(more.begin(), more.end(), std::back_inserter(cases));
  }
  for (const Case& c : cases) {
    // Expected-failure entries split NAME:GLOB at the last ':', so a name with one
    // could never be listed on its own.
    if (c.name.find(':') != std::string::npos)
      FailFile(c.file, c.line, 1, "name",
               "case name '" + c.name +
                   "' holds ':', which case names may not (expected-failure "
                   "entries are BACKEND:GLOB)");
    const auto [it, fresh] = seen.emplace(c.name, &c);
    if (!fresh)
      FailFile(c.file, c.line, 1, "name",
               "duplicate case name '" + c.name + "' (first at " + it->second->file + ":" +
                   std::to_string(it->second->line) + ")");
  }
  return cases;
}

}  // namespace dmlconf::validator
