// Relations that need no expected data: an operator followed by its inverse
// gives the input back. Inputs come from the generator's support-table cells
// (every row, data type, rank), run on each in-tree implementation.
#include <cstring>
#include <functional>

#include <gtest/gtest.h>

#include "dmlconf/naive.h"
#include "dmlconf/tensor_layout.h"
#include "op_builders.h"
#ifdef DMLCONF_HAVE_BLOCKED
#include "dmlconf/blocked.h"
#endif

namespace dmlconf::generate {
namespace {

using ExecuteFn = void (*)(const OperatorDesc&, const Bindings&);

struct Impl {
  const char* name;
  ExecuteFn execute;
};

// Runs desc on logical inputs through strided buffers; outputs come back as
// logical values. Output buffers are poisoned first, so an unwritten element shows.
std::vector<Values> RunOn(ExecuteFn execute, const OperatorDesc& desc,
                          const std::vector<Values>& in) {
  const auto inputs = InputSlots(desc), outputs = OutputSlots(desc);
  std::vector<std::vector<std::byte>> in_buffers, out_buffers;
  Bindings bindings;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const TensorDesc& t = *inputs[i].desc;
    std::vector<std::byte> packed(in[i].size() * t.ElementSize());
    for (size_t e = 0; e < in[i].size(); ++e)
      StoreElement(packed.data() + e * t.ElementSize(), t.ElementSize(), in[i][e]);
    in_buffers.emplace_back(t.TotalBytes(), std::byte{0x5a});
    ScatterLogical(t, packed.data(), in_buffers.back().data());
  }
  for (const TensorSlot& s : outputs)
    out_buffers.emplace_back(s.desc->TotalBytes(), std::byte{0xcd});
  for (auto& b : in_buffers) bindings.inputs.push_back(b.data());
  for (auto& b : out_buffers) bindings.outputs.push_back(b.data());
  execute(desc, bindings);
  std::vector<Values> result;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const TensorDesc& t = *outputs[i].desc;
    std::vector<std::byte> packed(t.ElementCount() * t.ElementSize());
    GatherLogical(t, out_buffers[i].data(), packed.data());
    Values v(t.ElementCount());
    for (size_t e = 0; e < v.size(); ++e)
      v[e] = LoadElement(packed.data() + e * t.ElementSize(), t.ElementSize());
    result.push_back(std::move(v));
  }
  return result;
}

// Every cell of the operator's table, as the generator builds it, with data.
std::vector<GenCase> Cells(OperatorType op) {
  std::vector<GenCase> cases;
  uint32_t variant = 0;
  for (const SupportRow& row : SupportTable(op)) {
    row.data_types.ForEach([&](DataType type) {
      for (uint32_t rank = row.min_rank; rank <= row.max_rank; ++rank) {
        const auto add = [&](DataType index_type) {
          GenCase c;
          c.level = row.level;
          c.desc = CellDescriptor(op, {type, rank, index_type, variant++});
          c.name = CellName(op, row.level, type, rank) + "/v" + std::to_string(variant);
          FillInputs(c, variant);
          cases.push_back(std::move(c));
        };
        if (HasIndexTensor(op))
          row.index_types.ForEach(add);
        else
          add(DataType::kUint32);
      }
    });
  }
  return cases;
}

class Metamorphic : public ::testing::TestWithParam<Impl> {
 protected:
  std::vector<Values> Exec(const OperatorDesc& d, const std::vector<Values>& in) {
    return RunOn(GetParam().execute, d, in);
  }
};

TEST_P(Metamorphic, JoinOfSplitIsIdentity) {
  for (const GenCase& c : Cells(OperatorType::kSplit)) {
    SCOPED_TRACE(c.name);
    const SplitDesc& split = std::get<SplitDesc>(c.desc);
    const JoinDesc join{split.output_tensors, split.input_tensor, split.axis};
    EXPECT_EQ(Exec(join, Exec(split, {c.inputs[0].values}))[0], c.inputs[0].values);
  }
}

TEST_P(Metamorphic, SplitOfJoinIsIdentity) {
  for (const GenCase& c : Cells(OperatorType::kJoin)) {
    SCOPED_TRACE(c.name);
    const JoinDesc& join = std::get<JoinDesc>(c.desc);
    const SplitDesc split{join.output_tensor, join.input_tensors, join.axis};
    std::vector<Values> in;
    for (const TensorData& d : c.inputs) in.push_back(d.values);
    EXPECT_EQ(Exec(split, Exec(join, in)), in);
  }
}

TEST_P(Metamorphic, SpaceToDepthUndoesDepthToSpace) {
  for (const GenCase& c : Cells(OperatorType::kDepthToSpace1)) {
    for (DepthSpaceOrder order :
         {DepthSpaceOrder::kDepthColumnRow, DepthSpaceOrder::kColumnRowDepth}) {
      SCOPED_TRACE(c.name + " order " + DepthSpaceOrderName(order));
      DepthToSpace1Desc d2s = std::get<DepthToSpace1Desc>(c.desc);
      d2s.order = order;
      const SpaceToDepth1Desc s2d{d2s.output_tensor, d2s.input_tensor, d2s.block_size, order};
      EXPECT_EQ(Exec(s2d, Exec(d2s, {c.inputs[0].values}))[0], c.inputs[0].values);
    }
  }
}

TEST_P(Metamorphic, DepthToSpaceUndoesSpaceToDepth) {
  for (const GenCase& c : Cells(OperatorType::kSpaceToDepth1)) {
    for (DepthSpaceOrder order :
         {DepthSpaceOrder::kDepthColumnRow, DepthSpaceOrder::kColumnRowDepth}) {
      SCOPED_TRACE(c.name + " order " + DepthSpaceOrderName(order));
      SpaceToDepth1Desc s2d = std::get<SpaceToDepth1Desc>(c.desc);
      s2d.order = order;
      const DepthToSpace1Desc d2s{s2d.output_tensor, s2d.input_tensor, s2d.block_size, order};
      EXPECT_EQ(Exec(d2s, Exec(s2d, {c.inputs[0].values}))[0], c.inputs[0].values);
    }
  }
}

TEST_P(Metamorphic, ReverseTwiceIsIdentity) {
  for (const GenCase& c : Cells(OperatorType::kReverseSubsequences)) {
    SCOPED_TRACE(c.name);
    const Values& x = c.inputs[0].values;
    const Values& lengths = c.inputs[1].values;
    const Values once = Exec(c.desc, {x, lengths})[0];
    EXPECT_EQ(Exec(c.desc, {once, lengths})[0], x);
    // Lengths of 0 and 1 only in every line would make this vacuous.
    EXPECT_NE(once, x);
  }
}

TEST_P(Metamorphic, GatherWithIdentityIndicesIsIdentity) {
  for (const GenCase& c : Cells(OperatorType::kGather)) {
    SCOPED_TRACE(c.name);
    const GatherDesc& cell = std::get<GatherDesc>(c.desc);
    const TensorDesc& in = cell.input_tensor;
    const uint32_t a = in.sizes[cell.axis];
    std::vector<uint32_t> index_sizes(in.DimensionCount(), 1);
    index_sizes.back() = a;
    const GatherDesc identity{in, TensorDesc::Packed(cell.indices_tensor.data_type, index_sizes),
                              in, cell.axis, 1};
    Values indices;
    for (uint32_t i = 0; i < a; ++i)
      indices.push_back(NumberBits(cell.indices_tensor.data_type, i));
    EXPECT_EQ(Exec(identity, {c.inputs[0].values, indices})[0], c.inputs[0].values);
  }
}

std::vector<Impl> Implementations() {
  std::vector<Impl> impls = {{"naive", &naive::Execute}};
#ifdef DMLCONF_HAVE_BLOCKED
  impls.push_back({"blocked", &blocked::Execute});
#endif
  return impls;
}

INSTANTIATE_TEST_SUITE_P(Implementations, Metamorphic, ::testing::ValuesIn(Implementations()),
                         [](const ::testing::TestParamInfo<Impl>& p) {
                           return std::string(p.param.name);
                         });

}  // namespace
}  // namespace dmlconf::generate
