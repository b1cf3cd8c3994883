#include "run/call.h"

#include <algorithm>
#include <cstring>

#include "dmlconf/tensor_layout.h"
#include "platform/compare.h"
#include "platform/guarded_buffer.h"

namespace dmlconf::validator {

std::string LevelName(FeatureLevel level) { return std::string(FeatureLevelName(level)); }

std::string NotImplemented(const Backend& backend, const std::string& why) {
  return "backend " + backend.Name() + " does not implement it: " + why;
}

// The code, then the backend's message; a message that is the code, or starts with it
// (a backend that writes "CODE: ..." itself), is not preceded by it again.
std::string RefusalText(const CreateAnswer& a) {
  const std::string code = a.reason ? std::string(ReasonName(*a.reason)) : "no reason code";
  if (a.message.empty() || a.message == code) return code;
  if (a.message.starts_with(code + ":")) return a.message;
  return code + ": " + a.message;
}

namespace {

struct Buffers {
  std::vector<GuardedBuffer> inputs, outputs;
  Bindings bindings;
};

// Inputs scattered over an input-gap pattern, outputs poisoned, each bound
// as contract point T1 says; every byte is snapshotted so any write shows.
Buffers PrepareBuffers(const Call& c) {
  Buffers b;
  const std::vector<TensorSlot> ins = InputSlots(c.descriptor);
  for (size_t i = 0; i < ins.size(); ++i) {
    const TensorDesc& d = *ins[i].desc;
    GuardedBuffer& buf = b.inputs.emplace_back(d.TotalBytes(), uint32_t(i),
                                               d.guaranteed_base_offset_alignment, ins[i].role);
    buf.Fill(Pattern::kInputGap);
    ScatterLogical(d, c.inputs[i].data(), buf.data());
    buf.Snapshot();
  }
  const std::vector<TensorSlot> outs = OutputSlots(c.descriptor);
  for (size_t i = 0; i < outs.size(); ++i) {
    const TensorDesc& d = *outs[i].desc;
    // The role names the buffer in a fault message ("guard byte 5000 after the end of
    // OutputTensors[1]"), in a chain and without --isolate too.
    GuardedBuffer& buf = b.outputs.emplace_back(d.TotalBytes(), uint32_t(100 + i),
                                                d.guaranteed_base_offset_alignment, outs[i].role);
    buf.Fill(Pattern::kOutputPoison);
    buf.Snapshot();
  }
  for (const GuardedBuffer& buf : b.inputs) b.bindings.inputs.push_back(buf.data());
  for (GuardedBuffer& buf : b.outputs) b.bindings.outputs.push_back(buf.data());
  return b;
}

std::optional<std::string> CheckUnpreparable(const Call& c) {
  for (const auto& slots : {InputSlots(c.descriptor), OutputSlots(c.descriptor)})
    for (const TensorSlot& slot : slots)
      if (!LayoutIsUsable(*slot.desc))
        return "the case cannot be prepared: " + slot.role +
               " has strides that do not match its rank or a TotalTensorSizeInBytes below the "
               "minimum, yet the backend accepted it";
  if (c.inputs.size() != InputSlots(c.descriptor).size())
    return "the case cannot be prepared: it has no data for every input";
  return std::nullopt;
}

// What a call wrote besides its output elements. Writing an input or beyond
// an output's TotalTensorSizeInBytes breaks DirectML's contract; writing the
// output's own padding does not (P1), so it is only counted.
struct StrayWrites {
  std::optional<std::string> violation;
  Kind kind = Kind::kNone;  // of the violation
  uint64_t padding_bytes = 0;
  std::string first_padding;  // where the first padding write is, when any
};

// A changed byte of an input: inside its tensor bytes the input itself was
// written; anywhere else the write landed outside every buffer.
StrayWrites CheckInputs(const Call& c, const Buffers& b) {
  StrayWrites w;
  const std::vector<TensorSlot> ins = InputSlots(c.descriptor);
  for (size_t i = 0; i < ins.size(); ++i) {
    const GuardedBuffer& buf = b.inputs[i];
    const auto at = buf.FirstChange([](std::ptrdiff_t) { return false; });
    if (!at) continue;
    const std::string where = DescribeOffset(*at, buf.size(), ins[i].role) + " changed";
    if (*at >= 0 && size_t(*at) < buf.size()) {
      w.kind = Kind::kStrayWriteInput;
      w.violation = "wrote its input: " + where;
    } else {
      w.kind = Kind::kStrayWrite;
      w.violation = "wrote outside its input buffer: " + where;
    }
    return w;
  }
  return w;
}

StrayWrites CheckStrayWrites(const Call& c, const Buffers& b) {
  StrayWrites w = CheckInputs(c, b);
  const std::vector<TensorSlot> outs = OutputSlots(c.descriptor);
  for (size_t i = 0; i < outs.size() && !w.violation; ++i) {
    const GuardedBuffer& buf = b.outputs[i];
    if (auto at = buf.FirstGuardChange()) {
      w.kind = Kind::kStrayWrite;
      w.violation =
          "wrote outside its output buffer: " + DescribeOffset(*at, buf.size(), outs[i].role) +
          " changed";
      break;
    }
    const std::vector<bool> mask = ElementByteMask(*outs[i].desc);
    const auto size = std::ptrdiff_t(buf.size());
    const auto not_padding = [&](std::ptrdiff_t o) { return o < 0 || o >= size || mask[o]; };
    if (const size_t n = buf.CountChanges(not_padding); n > 0) {
      if (w.padding_bytes == 0)
        w.first_padding = DescribeOffset(*buf.FirstChange(not_padding), buf.size(), outs[i].role);
      w.padding_bytes += n;
    }
  }
  return w;
}

// What output `slot` holds where nothing was written: the runner's poison, as
// packed logical bytes, so an element still holding it can be called never written.
std::vector<std::byte> PoisonOf(const TensorDesc& desc, uint32_t salt) {
  std::vector<std::byte> buffer(desc.TotalBytes());
  for (size_t b = 0; b < buffer.size(); ++b)
    buffer[b] = PatternByte(Pattern::kOutputPoison, salt, b);
  return ReadLogical(desc, buffer.data());
}

// The outputs' packed logical bytes, one per OutputSlots entry.
std::vector<std::vector<std::byte>> LogicalOutputs(const Call& c, const Buffers& b) {
  const std::vector<TensorSlot> outs = OutputSlots(c.descriptor);
  std::vector<std::vector<std::byte>> logical;
  for (size_t i = 0; i < outs.size(); ++i)
    logical.push_back(ReadLogical(*outs[i].desc, b.outputs[i].data()));
  return logical;
}

// The case's value inputs (not indices or lengths), where output values come from.
std::vector<ValueSource> ValueSources(const Case& c) {
  const std::vector<TensorSlot> ins = InputSlots(c.descriptor);
  std::vector<ValueSource> sources;
  for (size_t i = 0; i < ins.size(); ++i)
    if (!HoldsIndices(ins[i])) sources.push_back({ins[i].role, ins[i].desc, &c.inputs[i]});
  return sources;
}

// A refuse_or_run case compares only elements with a location of their own
// (A1): the others take the expected bytes, so they cannot differ.
void IgnoreSharedLocations(const TensorDesc& desc, const std::vector<std::byte>& expected,
                           std::vector<std::byte>* actual) {
  const std::vector<bool> own = OwnLocationElements(desc);
  const size_t size = desc.ElementSize();
  for (size_t e = 0; e < own.size(); ++e)
    if (!own[e]) std::memcpy(actual->data() + e * size, expected.data() + e * size, size);
}

// The contested elements (W1): each must hold one of its values. Those
// that do take the expected bytes, so that the plain compare passes them; those
// that do not are named here, and take them too, so that they are named once.
std::string JudgeContested(const Case& c, const std::vector<TensorSlot>& outs,
                           std::vector<std::vector<std::byte>>* actual) {
  std::string message;
  for (const OneOfElement& e : c.one_of) {
    const TensorDesc& desc = *outs[e.output].desc;
    const size_t size = desc.ElementSize();
    std::byte* at = (*actual)[e.output].data() + e.element * size;
    const ElementBits bits = LoadElement(at, size);
    if (std::find(e.values.begin(), e.values.end(), bits) == e.values.end()) {
      std::string values;
      for (ElementBits v : e.values)
        values += (values.empty() ? "" : ", ") + FormatElement(desc.data_type, v);
      message += std::string(message.empty() ? "" : "; ") + outs[e.output].role + " " +
                 FormatSizes(CoordinatesOf(e.element, desc.sizes)) + " holds " +
                 FormatElement(desc.data_type, bits) + ", none of the " +
                 std::to_string(e.values.size()) + " values the updates written there have (" +
                 values + ")";
    }
    std::memcpy(at, c.expected[e.output].data() + e.element * size, size);
  }
  return message;
}

}  // namespace

std::optional<std::string> CompareOutputs(const Case& c, const OperatorDesc& last,
                                          std::vector<std::vector<std::byte>> actual) {
  const std::vector<TensorSlot> outs = OutputSlots(last);
  const std::vector<ValueSource> sources = ValueSources(c);
  if (c.expect == Expectation::kRefuseOrRun)
    for (size_t i = 0; i < outs.size(); ++i)
      IgnoreSharedLocations(*outs[i].desc, c.expected[i], &actual[i]);
  std::string message = JudgeContested(c, outs, &actual);
  for (size_t i = 0; i < outs.size(); ++i) {
    if (actual[i] == c.expected[i]) continue;
    // The salt PrepareBuffers gave output i.
    const std::vector<std::byte> poison = PoisonOf(*outs[i].desc, uint32_t(100 + i));
    if (auto diff =
            CompareLogical(outs[i].role, *outs[i].desc, c.expected[i], actual[i], sources, &poison))
      message += (message.empty() ? "" : "; ") + *diff;
  }
  if (message.empty()) return std::nullopt;
  return "case '" + c.name + "': wrong output values: " + message;
}

// Creates and runs one call in guarded buffers; its outputs' logical bytes
// land in `outputs`. A refusal is judged by the caller, from `refusal`.
Judgement RunCall(const Call& c, Backend& backend, FeatureLevel level,
                  std::vector<std::vector<std::byte>>* outputs,
                  std::optional<CreateAnswer>* refusal) {
  const CreateAnswer a = backend.Create(c.descriptor, level);
  if (a.kind == CreateAnswer::Kind::kUnsupported)
    return Skip(Kind::kNotImplemented, NotImplemented(backend, a.message));
  if (!a.accepted()) {
    *refusal = a;
    return Fail(Kind::kRefusedValid, "refused a valid descriptor at feature level " +
                                         LevelName(level) + ": " + RefusalText(a));
  }
  if (auto why = CheckUnpreparable(c)) return Error(Kind::kNothingJudged, *why);
  Buffers b = PrepareBuffers(c);
  const ExecuteResult result = backend.Execute(c.descriptor, level, b.bindings);
  // A write outside the outputs fails the case whatever the backend answered:
  // neither "failed" nor "unsupported" excuses it.
  if (result.kind == ExecuteResult::Kind::kStrayWrite)
    return Fail(Kind::kStrayWrite, result.message);
  if (result.kind == ExecuteResult::Kind::kStrayWriteInput)
    return Fail(Kind::kStrayWriteInput, result.message);
  const StrayWrites stray = CheckStrayWrites(c, b);
  if (stray.violation)
    return Fail(
        stray.kind,
        *stray.violation + (result.ok() ? "" : " (and Execute answered: " + result.message + ")"));
  if (result.kind == ExecuteResult::Kind::kUnsupported)
    return Skip(Kind::kNotImplemented, NotImplemented(backend, result.message));
  if (!result.ok()) return Fail(Kind::kBackendError, "Execute failed: " + result.message);
  *outputs = LogicalOutputs(c, b);
  Judgement j;
  j.padding_bytes_written = stray.padding_bytes;
  if (stray.padding_bytes > 0) j.kind = Kind::kPaddingWritten;
  if (stray.padding_bytes > 0)
    j.message = "wrote " + std::to_string(stray.padding_bytes) +
                " bytes of output padding (first: " + stray.first_padding +
                "), which DirectML allows (contract point P1)";
  return j;
}

}  // namespace dmlconf::validator
