#include <bit>

#include "drawn.h"
#include "pad_cases.h"

namespace dmlconf::generate {

namespace {

constexpr OperatorType kOp = OperatorType::kPadding;

constexpr MakePad Make = MakePadOf<PaddingDesc>;

struct FloatValue {
  DataType type;
  uint32_t bits;  // the FLOAT's
  const char* point;
};

uint32_t Bits(float value) { return std::bit_cast<uint32_t>(value); }

// Contract point V1: the FLOAT into each type, the values DirectML was asked about.
// What V1 promises is a match case; the rest (NaN, infinities, a truncation outside the
// type) the oracle leaves open, so those cases are `unspecified`: the run must succeed.
void AddValues(CaseSink& sink) {
  const FloatValue values[] = {
      {DataType::kFloat32, Bits(9.0f), "9"},
      {DataType::kFloat32, 0x80000000, "minus-0"},
      {DataType::kFloat32, 0x7fa00001, "signalling-nan"},
      {DataType::kFloat32, 0xffc12345, "negative-nan-payload"},
      {DataType::kFloat32, 0xff800000, "minus-inf"},
      {DataType::kFloat32, 0x00000001, "smallest-subnormal"},
      {DataType::kFloat16, Bits(0.1f), "0.1"},
      {DataType::kFloat16, Bits(1.0f + 0x1p-11f), "1+2^-11"},
      {DataType::kFloat16, Bits(65519.0f), "65519"},
      {DataType::kFloat16, Bits(65520.0f), "65520"},
      {DataType::kFloat16, Bits(1e6f), "1e6"},
      {DataType::kFloat16, Bits(1e-7f), "1e-7"},
      {DataType::kFloat16, Bits(1e-9f), "1e-9"},
      {DataType::kFloat16, 0x80000000, "minus-0"},
      {DataType::kFloat16, 0x7fc00000, "nan"},
      {DataType::kFloat64, Bits(0.1f), "0.1"},
      {DataType::kFloat64, 0x7fa00001, "signalling-nan"},
      {DataType::kInt32, Bits(10.6f), "10.6"},
      {DataType::kInt32, Bits(-10.6f), "-10.6"},
      {DataType::kInt32, Bits(0.99f), "0.99"},
      {DataType::kInt32, Bits(-0.5f), "-0.5"},
      {DataType::kInt32, Bits(16777217.0f), "16777217"},
      {DataType::kInt32, Bits(3e9f), "3e9"},
      {DataType::kInt32, 0x7fc00000, "nan"},
      {DataType::kInt32, 0x7f800000, "inf"},
      {DataType::kUint32, Bits(3e9f), "3e9"},
      {DataType::kUint32, Bits(-1.0f), "-1"},
      {DataType::kUint32, Bits(5e9f), "5e9"},
      {DataType::kInt16, Bits(-7.9f), "-7.9"},
      {DataType::kInt16, Bits(40000.0f), "40000"},
      {DataType::kUint16, Bits(65535.0f), "65535"},
      {DataType::kUint16, Bits(70000.0f), "70000"},
      {DataType::kInt8, Bits(127.9f), "127.9"},
      {DataType::kInt8, Bits(-128.0f), "-128"},
      {DataType::kInt8, Bits(200.0f), "200"},
      {DataType::kUint8, Bits(255.5f), "255.5"},
      {DataType::kUint8, Bits(-1.0f), "-1"},
      {DataType::kInt64, Bits(-1e18f), "-1e18"},
      {DataType::kUint64, Bits(1.8e19f), "1.8e19"},
      {DataType::kUint64, Bits(-1.0f), "-1"},
  };
  for (const FloatValue& v : values) {
    OperatorDesc d = Make(v.type, {2, 3}, PaddingMode::kConstant, {1, 1}, {1, 1});
    std::get<PaddingDesc>(d).padding_value = v.bits;
    sink.AddComputed("values", PadPositive(kOp, std::move(d), std::string("value-") + v.point));
  }
}

}  // namespace

OperatorDesc PaddingCell(const CellSpec& cell) { return PadCell(kOp, Make, cell); }

OperatorDesc PaddingDrawn(const CellSpec& cell, Choices& choices) {
  return PadDrawn(kOp, Make, cell, choices);
}

void AddPaddingCases(CaseSink& sink) {
  AddPadCases(sink, kOp, Make);
  AddValues(sink);
}

}  // namespace dmlconf::generate
