#include "descriptor.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <tuple>
#include <type_traits>

#include "dmlconf/gather_rules.h"
#include "schema_check.h"

using nlohmann::json;

namespace {

// Thrown while parsing; Parse turns it into the rejection sentence.
struct Inexpressible : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct NamedValue {
  const char* name;
  int value;
};

constexpr NamedValue kDataTypes[] = {
    {"FLOAT32", DML_TENSOR_DATA_TYPE_FLOAT32}, {"FLOAT16", DML_TENSOR_DATA_TYPE_FLOAT16},
    {"UINT32", DML_TENSOR_DATA_TYPE_UINT32},   {"UINT16", DML_TENSOR_DATA_TYPE_UINT16},
    {"UINT8", DML_TENSOR_DATA_TYPE_UINT8},     {"INT32", DML_TENSOR_DATA_TYPE_INT32},
    {"INT16", DML_TENSOR_DATA_TYPE_INT16},     {"INT8", DML_TENSOR_DATA_TYPE_INT8},
    {"FLOAT64", DML_TENSOR_DATA_TYPE_FLOAT64}, {"UINT64", DML_TENSOR_DATA_TYPE_UINT64},
    {"INT64", DML_TENSOR_DATA_TYPE_INT64},
};

constexpr NamedValue kOrders[] = {
    {"DEPTH_COLUMN_ROW", DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW},
    {"COLUMN_ROW_DEPTH", DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH},
};

constexpr NamedValue kPaddingModes[] = {
    {"CONSTANT", DML_PADDING_MODE_CONSTANT},
    {"EDGE", DML_PADDING_MODE_EDGE},
    {"REFLECTION", DML_PADDING_MODE_REFLECTION},
    {"SYMMETRIC", DML_PADDING_MODE_SYMMETRIC},
    {"WRAP", DML_PADDING_MODE_WRAP},
};

const json& Field(const json& object, const std::string& name, const std::string& where) {
  if (!object.is_object()) throw Inexpressible(where + " is not a mapping");
  auto it = object.find(name);
  if (it == object.end()) throw Inexpressible(where + " has no field " + name);
  return *it;
}

// Case files spell numbers as text (cases/README.md); accept a JSON number or its text.
int64_t Integer(const json& value, const std::string& where) {
  if (value.is_number_integer()) return value.get<int64_t>();
  if (value.is_number_unsigned()) {
    uint64_t u = value.get<uint64_t>();
    if (u > INT64_MAX) throw Inexpressible(where + " is out of range");
    return static_cast<int64_t>(u);
  }
  if (value.is_string()) {
    const std::string& text = value.get_ref<const std::string&>();
    try {
      size_t used = 0;
      long long parsed = std::stoll(text, &used, 0);
      if (used == text.size()) return parsed;
    } catch (const std::exception&) {
    }
  }
  throw Inexpressible(where + " is not an integer: " + value.dump());
}

// A UINT field of a DML desc: a negative or too large value has no spelling there.
UINT Uint(const json& value, const std::string& where) {
  int64_t v = Integer(value, where);
  if (v < 0 || v > UINT32_MAX) {
    throw Inexpressible(where + " = " + std::to_string(v) + " does not fit a DML UINT field");
  }
  return static_cast<UINT>(v);
}

int Named(const json& value, const NamedValue* table, size_t count, const std::string& prefix,
          const std::string& where) {
  if (value.is_string()) {
    std::string text = value.get<std::string>();
    if (text.rfind(prefix, 0) == 0) text = text.substr(prefix.size());
    for (size_t i = 0; i < count; ++i) {
      if (text == table[i].name) return table[i].value;
    }
  }
  if (value.is_string()) {
    // Not a known name: perhaps the enum's number spelled as text.
    try {
      return static_cast<int>(Uint(value, where));
    } catch (const Inexpressible&) {
      throw Inexpressible(where + " = " + value.dump() + " is neither a known name nor a number");
    }
  }
  return static_cast<int>(Uint(value, where));  // a number is passed on as DirectML's enum
}

// A padding value: dmlconf sends its bits as a hex pattern ("0x41100000"), one of
// the case files' spellings (validator/BACKENDS.md), so no float is parsed here.
uint64_t Bits(const json& value, const std::string& where) {
  if (value.is_string()) {
    const std::string& text = value.get_ref<const std::string&>();
    if (text.size() > 2 && text.size() <= 18 && text.compare(0, 2, "0x") == 0) {
      try {
        size_t used = 0;
        const uint64_t bits = std::stoull(text, &used, 16);
        if (used == text.size()) return bits;
      } catch (const std::exception&) {
      }
    }
  }
  throw Inexpressible(where + " is not a hex bit pattern: " + value.dump());
}

FLOAT Float(const json& value, const std::string& where) {
  const uint64_t bits = Bits(value, where);
  if (bits > UINT32_MAX) throw Inexpressible(where + " = " + value.dump() + " is not a FLOAT");
  FLOAT f;
  const uint32_t bits32 = static_cast<uint32_t>(bits);
  std::memcpy(&f, &bits32, sizeof f);
  return f;
}

// The union's 8 bytes as dmlconf sends them, little-endian as the host is: a value
// written as an element arrives with 0 past its type (a zeroed union, as ONNX Runtime's
// DirectML EP builds it), a case that gives the whole union keeps its other bytes.
// DirectML 1.13.1 to 1.15.4 read 32 bits for the 8- and 16-bit types and pad with all
// ones when a bit above the type's width is set (reports/directml/ERRATA.md, E8), so only
// such a case shows it; no byte is left unwritten either way.
DML_SCALAR_UNION ScalarUnion(const json& value, const std::string& where) {
  DML_SCALAR_UNION u;
  std::memset(&u, 0, sizeof u);
  const uint64_t bits = Bits(value, where);
  static_assert(sizeof u == sizeof bits, "DML_SCALAR_UNION is 8 bytes");
  std::memcpy(&u, &bits, sizeof bits);
  return u;
}

std::string Indexed(const std::string& field, size_t i) {
  return field + "[" + std::to_string(i) + "]";
}

// Sizes - 1 dotted with Strides, plus one, in elements; 0 when a size is 0 (such a
// descriptor is invalid and only reaches DirectML to be refused).
uint64_t ElementSpan(const std::vector<UINT>& sizes, const std::vector<UINT>& strides) {
  uint64_t last = 0;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == 0) return 0;
    last += uint64_t(sizes[i] - 1) * strides[i];
  }
  return last + 1;
}

std::vector<UINT> PackedStrides(const std::vector<UINT>& sizes) {
  std::vector<UINT> strides(sizes.size());
  uint64_t stride = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = static_cast<UINT>(stride);
    stride *= sizes[i];
  }
  return strides;
}

}  // namespace

uint32_t ElementSize(DML_TENSOR_DATA_TYPE type) {
  switch (type) {
    case DML_TENSOR_DATA_TYPE_FLOAT64:
    case DML_TENSOR_DATA_TYPE_INT64:
    case DML_TENSOR_DATA_TYPE_UINT64: return 8;
    case DML_TENSOR_DATA_TYPE_FLOAT32:
    case DML_TENSOR_DATA_TYPE_INT32:
    case DML_TENSOR_DATA_TYPE_UINT32: return 4;
    case DML_TENSOR_DATA_TYPE_FLOAT16:
    case DML_TENSOR_DATA_TYPE_INT16:
    case DML_TENSOR_DATA_TYPE_UINT16: return 2;
    case DML_TENSOR_DATA_TYPE_INT8:
    case DML_TENSOR_DATA_TYPE_UINT8: return 1;
    default: return 0;
  }
}

const BufferTensor* OperatorDescription::AddTensor(const json& d, const std::string& field) {
  BufferTensor& t = tensors_.emplace_back();
  auto type = static_cast<DML_TENSOR_DATA_TYPE>(
      Named(Field(d, "DataType", field), kDataTypes, std::size(kDataTypes), "DML_TENSOR_DATA_TYPE_",
            field + ".DataType"));
  const json& sizes = Field(d, "Sizes", field);
  if (!sizes.is_array()) throw Inexpressible(field + ".Sizes is not a list");
  for (size_t i = 0; i < sizes.size(); ++i)
    t.sizes.push_back(Uint(sizes[i], Indexed(field + ".Sizes", i)));
  if (d.contains("Strides")) {
    const json& strides = d["Strides"];
    if (!strides.is_array()) throw Inexpressible(field + ".Strides is not a list");
    // One DimensionCount serves both arrays in a DML desc.
    if (strides.size() != sizes.size()) {
      throw Inexpressible(field + " has " + std::to_string(sizes.size()) + " Sizes but " +
                          std::to_string(strides.size()) +
                          " Strides; a DML desc has one DimensionCount");
    }
    for (size_t i = 0; i < strides.size(); ++i)
      t.strides.push_back(Uint(strides[i], Indexed(field + ".Strides", i)));
  }
  t.buffer.DataType = type;
  t.buffer.Flags = d.contains("Flags")
                       ? static_cast<DML_TENSOR_FLAGS>(Uint(d["Flags"], field + ".Flags"))
                       : DML_TENSOR_FLAG_NONE;
  t.buffer.DimensionCount = static_cast<UINT>(t.sizes.size());
  t.buffer.Sizes = t.sizes.data();
  t.buffer.Strides = t.strides.empty() ? nullptr : t.strides.data();
  if (d.contains("TotalTensorSizeInBytes")) {
    int64_t total = Integer(d["TotalTensorSizeInBytes"], field + ".TotalTensorSizeInBytes");
    if (total < 0) throw Inexpressible(field + ".TotalTensorSizeInBytes is negative");
    t.buffer.TotalTensorSizeInBytes = static_cast<UINT64>(total);
  } else {
    const std::vector<UINT> strides = t.strides.empty() ? PackedStrides(t.sizes) : t.strides;
    uint64_t bytes = ElementSpan(t.sizes, strides) * ElementSize(type);
    t.buffer.TotalTensorSizeInBytes = (bytes + 3) / 4 * 4;
  }
  t.buffer.GuaranteedBaseOffsetAlignment =
      d.contains("GuaranteedBaseOffsetAlignment")
          ? Uint(d["GuaranteedBaseOffsetAlignment"], field + ".GuaranteedBaseOffsetAlignment")
          : 0;
  t.tensor.Type = DML_TENSOR_TYPE_BUFFER;
  t.tensor.Desc = &t.buffer;
  return &t;
}

// A list field (JOIN's InputTensors, SPLIT's OutputTensors) with its optional count,
// which must equal the list's length: a DML desc has room for only one number.
static const json& TensorList(const json& d, const std::string& list, const std::string& count) {
  const json& tensors = Field(d, list, "descriptor");
  if (!tensors.is_array()) throw Inexpressible(list + " is not a list");
  if (d.contains(count) && Integer(d[count], count) != static_cast<int64_t>(tensors.size())) {
    throw Inexpressible(count + " = " + d[count].dump() + " but " + list + " holds " +
                        std::to_string(tensors.size()) + " tensors; a DML desc has one count");
  }
  return tensors;
}

const BufferTensor* OperatorDescription::Single(const json& d, const char* field,
                                                std::vector<const BufferTensor*>* side) {
  side->push_back(AddTensor(Field(d, field, "descriptor"), field));
  return side->back();
}

std::pair<UINT, const DML_TENSOR_DESC*> OperatorDescription::List(
    const json& d, const char* field, const char* count, std::vector<const BufferTensor*>* side) {
  const json& list = TensorList(d, field, count);
  std::vector<DML_TENSOR_DESC>& array = tensor_arrays_.emplace_back();
  for (size_t i = 0; i < list.size(); ++i) {
    side->push_back(AddTensor(list[i], Indexed(field, i)));
    array.push_back(side->back()->tensor);
  }
  return {static_cast<UINT>(array.size()), array.data()};
}

template <class Element>
std::pair<UINT, const Element*> OperatorDescription::Array(const json& d, const char* field,
                                                           const char* count) {
  const json& list = Field(d, field, "descriptor");
  if (!list.is_array()) throw Inexpressible(std::string(field) + " is not a list");
  std::vector<Element>* entries;
  if constexpr (std::is_same_v<Element, INT>) {
    entries = &int_arrays_.emplace_back();
  } else {
    entries = &uint_arrays_.emplace_back();
  }
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string where = Indexed(field, i);
    if constexpr (std::is_same_v<Element, INT>) {
      const int64_t v = Integer(list[i], where);
      if (v < INT32_MIN || v > INT32_MAX)
        throw Inexpressible(where + " = " + std::to_string(v) + " does not fit a DML INT field");
      entries->push_back(static_cast<INT>(v));
    } else {
      entries->push_back(Uint(list[i], where));
    }
  }
  const int64_t length = static_cast<int64_t>(entries->size());
  if (d.contains(count) && Integer(d[count], count) != length) {
    throw Inexpressible(std::string(count) + " = " + d[count].dump() + " but " + field + " holds " +
                        std::to_string(length) + " entries");
  }
  if (array_length_ >= 0 && array_length_ != length) {
    throw Inexpressible(std::string(field) + " holds " + std::to_string(length) +
                        " entries, the desc's other arrays " + std::to_string(array_length_) +
                        "; a DML desc has one " + count);
  }
  array_length_ = length;
  return {static_cast<UINT>(length), entries->data()};
}

// Each schema field (reference/include/dmlconf/op_schema.inc) into the DML desc's
// member of that name, as its kind reads: `op` is the DML desc, `d` the JSON.
#define DMLCONF_HOST_Input(Name) op.Name = &Single(d, #Name, &inputs_)->tensor;
#define DMLCONF_HOST_Indices(Name) DMLCONF_HOST_Input(Name)
#define DMLCONF_HOST_Lengths(Name) DMLCONF_HOST_Input(Name)
#define DMLCONF_HOST_Updates(Name) DMLCONF_HOST_Input(Name)
#define DMLCONF_HOST_Output(Name) op.Name = &Single(d, #Name, &outputs_)->tensor;
#define DMLCONF_HOST_InputList(Name) \
  std::tie(op.InputCount, op.Name) = List(d, #Name, "InputCount", &inputs_);
#define DMLCONF_HOST_OutputList(Name) \
  std::tie(op.OutputCount, op.Name) = List(d, #Name, "OutputCount", &outputs_);
#define DMLCONF_HOST_Axis(Name) op.Name = Uint(Field(d, #Name, "descriptor"), #Name);
#define DMLCONF_HOST_IndexDimensions(Name) DMLCONF_HOST_Axis(Name)
#define DMLCONF_HOST_InputDimensionCount(Name) DMLCONF_HOST_Axis(Name)
#define DMLCONF_HOST_IndicesDimensionCount(Name) DMLCONF_HOST_Axis(Name)
#define DMLCONF_HOST_BatchDimensionCount(Name) DMLCONF_HOST_Axis(Name)
#define DMLCONF_HOST_BlockSize(Name) DMLCONF_HOST_Axis(Name)
#define DMLCONF_HOST_Order(Name)                                                                   \
  op.Name = static_cast<DML_DEPTH_SPACE_ORDER>(Named(Field(d, #Name, "descriptor"), kOrders,       \
                                                     std::size(kOrders), "DML_DEPTH_SPACE_ORDER_", \
                                                     #Name));
// The array kinds (dmlconf/array_kinds.inc): the count DirectML puts first, then the array.
#define DMLCONF_HOST_ARRAY(Name, Count, Element) \
  std::tie(op.Count, op.Name) = Array<Element>(d, #Name, #Count);
#define DMLCONF_HOST_Offsets(Name) DMLCONF_HOST_ARRAY(Name, DimensionCount, UINT)
#define DMLCONF_HOST_WindowSizes(Name) DMLCONF_HOST_ARRAY(Name, DimensionCount, UINT)
#define DMLCONF_HOST_Strides(Name) DMLCONF_HOST_ARRAY(Name, DimensionCount, UINT)
#define DMLCONF_HOST_SignedStrides(Name) DMLCONF_HOST_ARRAY(Name, DimensionCount, INT)
#define DMLCONF_HOST_StartPadding(Name) DMLCONF_HOST_ARRAY(Name, DimensionCount, UINT)
#define DMLCONF_HOST_EndPadding(Name) DMLCONF_HOST_ARRAY(Name, DimensionCount, UINT)
#define DMLCONF_HOST_Repeats(Name) DMLCONF_HOST_ARRAY(Name, RepeatsCount, UINT)
#define DMLCONF_HOST_PaddingMode(Name)                                                  \
  op.Name =                                                                             \
      static_cast<DML_PADDING_MODE>(Named(Field(d, #Name, "descriptor"), kPaddingModes, \
                                          std::size(kPaddingModes), "DML_PADDING_MODE_", #Name));
#define DMLCONF_HOST_PaddingValue(Name) op.Name = Float(Field(d, #Name, "descriptor"), #Name);
#define DMLCONF_HOST_PaddingValueDataType(Name)                                                \
  op.Name = static_cast<DML_TENSOR_DATA_TYPE>(Named(Field(d, #Name, "descriptor"), kDataTypes, \
                                                    std::size(kDataTypes),                     \
                                                    "DML_TENSOR_DATA_TYPE_", #Name));
#define DMLCONF_HOST_TypedPaddingValue(Name) \
  op.Name = ScalarUnion(Field(d, #Name, "descriptor"), #Name);
#define DMLCONF_HOST_FIELD(Kind, member, DmlName) DMLCONF_HOST_##Kind(DmlName)

void OperatorDescription::ParseFields(const std::string& op_name, const json& d) {
// clang-format off
#define DMLCONF_OPERATOR(Type, NAME, Desc)      \
  if (op_name == #NAME) {                       \
    DML_##NAME##_OPERATOR_DESC& op = op_.Type;  \
    DMLCONF_FIELDS_##Type(DMLCONF_HOST_FIELD)   \
    desc_ = {DML_OPERATOR_##NAME, &op};         \
    return;                                     \
  }
// clang-format on
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
  throw Inexpressible("operator " + op_name + " is not one of dmlconf's (ops.inc)");
}

// DirectML 1.15.4 corrupts its own memory (garbage values when rank +
// IndexDimensions - 1 > 8; later CreateOperator calls crash at DirectML.dll+0x8ea2d)
// on a GATHER whose input, trimmed of its leading 1s, does not hold the whole
// gather: one that breaks seed 002's rule "original rank of InputTensor +
// IndexDimensions - 1 must be <= OutputTensor's DimensionCount" (input {3,1,1,2},
// Axis 0, IndexDimensions 4), or one whose Axis lies inside those leading 1s
// (input {1,1,1,1,3}, Axis 0, IndexDimensions 5). Such a case runs in a process of
// its own. Other GATHERs are safe, even past rank + IndexDimensions - 1 > 8 (input
// {1,1,1,1,1,1,1,6}, Axis 7, IndexDimensions 8).
bool OperatorDescription::GatherCorruptsMemory() const {
  if (desc_.Type != DML_OPERATOR_GATHER) return false;
  const DML_GATHER_OPERATOR_DESC& gather = op_.Gather;
  const std::vector<UINT>& in = inputs_[0]->sizes;
  const size_t rank = in.size();
  return !dmlconf::gather_rules::OriginalRankFits(in, gather.IndexDimensions) ||
         gather.Axis < rank - dmlconf::gather_rules::OriginalRank(in);
}

std::string OperatorDescription::Parse(const std::string& operator_name, const json& descriptor,
                                       std::unique_ptr<OperatorDescription>* out) {
  auto description = std::make_unique<OperatorDescription>();
  try {
    description->ParseFields(operator_name, descriptor);
    description->corrupts_directml_memory_ = description->GatherCorruptsMemory();
  } catch (const Inexpressible& e) {
    return operator_name + " descriptor cannot be expressed as a DML desc: " + e.what();
  } catch (const json::exception& e) {
    return operator_name + " descriptor cannot be read: " + e.what();
  }
  *out = std::move(description);
  return {};
}
