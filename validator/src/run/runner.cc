#include "run/runner.h"

#include <fnmatch.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "dmlconf/tensor_layout.h"
#include "platform/compare.h"
#include "platform/guarded_buffer.h"
#include "run/terminal_text.h"

namespace dmlconf::validator {
namespace {

struct Judgement {
  Verdict verdict = Verdict::kPassed;
  std::string message;
  uint64_t padding_bytes_written = 0;  // P1, summed over a chain's calls
  Kind kind = Kind::kNone;
};

Judgement Fail(Kind kind, std::string message) {
  return {Verdict::kFailed, std::move(message), 0, kind};
}
Judgement Skip(Kind kind, std::string message) {
  return {Verdict::kSkipped, std::move(message), 0, kind};
}
Judgement Error(Kind kind, std::string message) {
  return {Verdict::kError, std::move(message), 0, kind};
}
Judgement Note(std::string message) { return {Verdict::kPassed, std::move(message)}; }

std::string LevelName(FeatureLevel level) { return std::string(FeatureLevelName(level)); }

std::string NotImplemented(const Backend& backend, const std::string& why) {
  return "backend " + backend.Name() + " does not implement it: " + why;
}

std::string RefusalText(const CreateAnswer& a) {
  return (a.reason ? std::string(ReasonName(*a.reason)) : std::string("no reason code")) + ": " +
         a.message;
}

std::string ReasonText(Reason reason) {
  return std::string(ReasonName(reason)) + " (" + std::string(ReasonRule(reason)) + ")";
}

// Feature levels are strict supersets, and a DirectML device supports every
// level up to its own whatever level an application targets (DML_FEATURE_LEVEL,
// DMLCreateDevice1): a descriptor that only an older level's table forbids is
// one such a device may accept. Such a case binds only a backend that
// declares no level where the descriptor is valid.
bool ValidAtBackendsLevel(const Case& c, const Backend& backend) {
  const FeatureLevel top = backend.MaxFeatureLevel();
  return top > c.feature_level && Validate(c.descriptor, top).ok();
}

// A must-reject case: Create once, at the case's own level.
Judgement JudgeReject(const Case& c, Backend& backend) {
  const CreateAnswer a = backend.Create(c.descriptor, c.feature_level);
  if (a.kind == CreateAnswer::Kind::kUnsupported)
    return Skip(Kind::kNotImplemented, NotImplemented(backend, a.message));
  const std::string want = c.reason ? ReasonText(*c.reason) : "any reason";
  if (a.accepted() && ValidAtBackendsLevel(c, backend))
    return Note("accepted it: the descriptor breaks the support table only at feature level " +
                LevelName(c.feature_level) + "; it is valid at the backend's declared level " +
                LevelName(backend.MaxFeatureLevel()) +
                ", and feature levels are strict supersets (DML_FEATURE_LEVEL), so a device "
                "of a higher level may accept it");
  if (a.accepted())
    return Fail(Kind::kAcceptedInvalid, "accepted an invalid descriptor at feature level " +
                                            LevelName(c.feature_level) + "; the case expects " +
                                            want);
  if (backend.ReportsReasonCodes() && c.reason && a.reason != *c.reason)
    return Fail(Kind::kWrongReasonCode, "refused with " + RefusalText(a) + "; the case expects " +
                                            std::string(ReasonName(*c.reason)));
  return {};
}

// One operator call of a case: the case itself, or one step of a chain.
struct Call {
  const OperatorDesc& descriptor;
  const std::vector<std::vector<std::byte>>& inputs;  // packed logical bytes
};

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

std::optional<std::string> CompareOutputs(const Case& c, const OperatorDesc& last,
                                          std::vector<std::vector<std::byte>> actual) {
  const std::vector<TensorSlot> outs = OutputSlots(last);
  const std::vector<ValueSource> sources = ValueSources(c);
  std::string message;
  for (size_t i = 0; i < outs.size(); ++i) {
    if (c.expect == Expectation::kRefuseOrRun)
      IgnoreSharedLocations(*outs[i].desc, c.expected[i], &actual[i]);
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

// The case's call, then each chained one on the previous call's first output.
Judgement JudgeRun(const Case& c, Backend& backend, FeatureLevel level) {
  std::vector<std::vector<std::byte>> outputs;
  std::optional<CreateAnswer> refusal;
  Judgement j = RunCall({c.descriptor, c.inputs}, backend, level, &outputs, &refusal);
  if (refusal && c.expect == Expectation::kRefuseOrRun)
    return Note("refused it (" + RefusalText(*refusal) +
                "): allowed, the descriptor's validity is implementation-defined");
  const OperatorDesc* last = &c.descriptor;
  uint64_t padding = j.padding_bytes_written;
  for (size_t k = 0; k < c.then.size() && j.verdict == Verdict::kPassed; ++k) {
    std::vector<std::vector<std::byte>> inputs{std::move(outputs[0])};
    inputs.insert(inputs.end(), c.then[k].inputs.begin(), c.then[k].inputs.end());
    last = &c.then[k].descriptor;
    j = RunCall({*last, inputs}, backend, level, &outputs, &refusal);
    padding += j.padding_bytes_written;
    if (j.verdict != Verdict::kPassed)
      j.message = "call " + std::to_string(k + 2) + " of the chain: " + j.message;
  }
  j.padding_bytes_written = padding;
  if (j.verdict != Verdict::kPassed) return j;
  if (padding > 0) j.kind = Kind::kPaddingWritten;  // an earlier call of the chain wrote it
  if (!c.expected.empty())
    if (auto diff = CompareOutputs(c, *last, std::move(outputs))) {
      Judgement wrong = Fail(Kind::kWrongValues, *diff);
      wrong.padding_bytes_written = padding;
      return wrong;
    }
  if (c.expect == Expectation::kRefuseOrRun)  // what the backend chose, for the report
    j.message =
        std::string("ran it: allowed, the descriptor's validity is implementation-defined") +
        (j.message.empty() ? "" : "; " + j.message);
  return j;
}

// A match or unspecified case holds from its own feature_level up; run at a
// higher level, it is also created at its own, so that the older rows of the
// support tables are checked by acceptance, not only by must-reject cases. One
// Create per call at that level, no Execute: the values were judged above.
bool CreatesAtOwnLevelToo(const Case& c, FeatureLevel run_at) {
  return c.feature_level < run_at &&
         (c.expect == Expectation::kMatch || c.expect == Expectation::kUnspecified);
}

Judgement JudgeOwnLevel(const Case& c, Backend& backend, Judgement ran) {
  const std::string level = LevelName(c.feature_level);
  std::vector<const OperatorDesc*> calls = {&c.descriptor};
  for (const ChainStep& step : c.then) calls.push_back(&step.descriptor);
  for (size_t k = 0; k < calls.size(); ++k) {
    const CreateAnswer a = backend.Create(*calls[k], c.feature_level);
    const std::string call =
        calls.size() > 1 ? "call " + std::to_string(k + 1) + " of the chain: " : "";
    if (a.kind == CreateAnswer::Kind::kUnsupported) {
      ran.message += (ran.message.empty() ? "" : "; ") + call + "not judged at " + level + ": " +
                     NotImplemented(backend, a.message);
    } else if (!a.accepted()) {
      Judgement refused =
          Fail(Kind::kRefusedValid, call + "refused at " + level +
                                        ", where the support table admits it "
                                        "(the case's feature_level; it ran at a higher level): " +
                                        RefusalText(a));
      refused.padding_bytes_written = ran.padding_bytes_written;
      return refused;
    }
  }
  return ran;
}

std::optional<std::string> LevelSkip(const Case& c, Backend& backend, FeatureLevel run_level) {
  if (c.feature_level > run_level)
    return "the case needs feature level " + LevelName(c.feature_level) + ", the run is at " +
           LevelName(run_level);
  if (c.feature_level > backend.MaxFeatureLevel())
    return "the case needs feature level " + LevelName(c.feature_level) + ", backend " +
           backend.Name() + " declares " + LevelName(backend.MaxFeatureLevel());
  return std::nullopt;
}

Judgement Judge(const Case& c, Backend& backend, FeatureLevel run_level, bool strict_padding) {
  try {
    if (auto skip = LevelSkip(c, backend, run_level)) return Skip(Kind::kAboveLevel, *skip);
    if (c.expect == Expectation::kReject) return JudgeReject(c, backend);
    // Support only grows with the level, so a valid case holds at the
    // highest level both the run and the backend reach.
    const FeatureLevel run_at = std::min(run_level, backend.MaxFeatureLevel());
    Judgement j = JudgeRun(c, backend, run_at);
    if (strict_padding && j.verdict == Verdict::kPassed && j.padding_bytes_written > 0)
      j = {Verdict::kFailed, j.message + "; --strict-padding forbids it", j.padding_bytes_written,
           Kind::kPaddingWritten};
    if (j.verdict == Verdict::kPassed && CreatesAtOwnLevelToo(c, run_at))
      j = JudgeOwnLevel(c, backend, std::move(j));
    return j;
  } catch (const RunAborted&) {
    throw;
  } catch (const BackendProcessLost& e) {
    const bool crashed = e.how == BackendProcessLost::How::kCrashed;
    return Error(crashed ? Kind::kCrash : Kind::kTimeout, e.what());
  } catch (const std::exception& e) {
    return Error(Kind::kBackendError, std::string("the backend threw: ") + e.what());
  } catch (...) {
    return Error(Kind::kBackendError, "the backend threw something that is not a std::exception");
  }
}

// An xpass names the entry that listed it: removing an exact entry is the fix,
// removing a glob would turn every other case it covers into a failure.
std::string StaleAdvice(const XfailList& xfail, const XfailList::Entry& entry, int covers) {
  const std::string listed =
      "passed, but " + xfail.Where(entry) + " lists it as expected to fail ('" + entry.text + "')";
  // A glob that covers this result alone goes as an exact entry would.
  if (!entry.IsGlob() || covers <= 1) return listed + ": the list is stale, remove that line";
  return listed + ", a glob covering " + std::to_string(covers) +
         (covers == 1 ? " result" : " results") +
         " of this run: do not remove it while the others still fail; list the ones that do "
         "(dmlconf run --write-xfail FILE writes their exact names)";
}

void ApplyXfail(const XfailList& xfail, const std::vector<int>& coverage, const Backend& backend,
                CaseResult* r) {
  const XfailList::Entry* entry = xfail.Match(r->backend, backend.Version(), r->name);
  if (entry == nullptr) return;
  // Listing a failure keeps the run green until it changes.
  if (VerdictIsFailure(r->verdict)) {
    r->verdict = Verdict::kExpectedFailure;
    r->message = "expected failure (" + xfail.Where(*entry) + "): " + r->message;
  } else if (r->verdict == Verdict::kPassed) {
    r->verdict = Verdict::kUnexpectedPass;
    r->kind = Kind::kStaleXfail;
    const size_t index = size_t(entry - xfail.entries().data());
    r->message = StaleAdvice(xfail, *entry, index < coverage.size() ? coverage[index] : 0) +
                 (r->message.empty() ? "" : "; " + r->message);
  }
}

// Whether `glob` holds a character fnmatch reads as a pattern (not escaped).
bool HoldsPattern(std::string_view glob) {
  for (size_t i = 0; i < glob.size(); ++i) {
    if (glob[i] == '\\') {
      ++i;
      continue;
    }
    if (glob[i] == '*' || glob[i] == '?' || glob[i] == '[') return true;
  }
  return false;
}

// The line without its comment: from the first '#' not escaped by a backslash.
std::string WithoutComment(const std::string& line) {
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\\') {
      ++i;
      continue;
    }
    if (line[i] == '#') return line.substr(0, i);
  }
  return line;
}

// Without blanks at either end, except a blank a backslash escapes ("x\\ " keeps its
// space: a case name may end in one).
std::string Trimmed(const std::string& text) {
  const size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return {};
  size_t end = begin;
  for (size_t i = begin; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size()) {
      end = ++i + 1;
      continue;
    }
    if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r') end = i + 1;
  }
  return text.substr(begin, end - begin);
}

// The backend part as written, backslash escapes taken off ("a\\#b" names a#b), so that
// any backend name can be listed: GlobLiteral writes it.
std::string Unescaped(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size()) ++i;
    out += text[i];
  }
  return out;
}

}  // namespace

std::optional<Shard> ParseShard(std::string_view text) {
  const size_t slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  Shard s;
  const auto parse = [](std::string_view t, uint32_t* out) {
    const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), *out);
    return ec == std::errc() && p == t.data() + t.size() && !t.empty();
  };
  if (!parse(text.substr(0, slash), &s.index) || !parse(text.substr(slash + 1), &s.count))
    return std::nullopt;
  if (s.count == 0 || s.index >= s.count) return std::nullopt;
  return s;
}

XfailList XfailList::Load(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path.string() + ": cannot be read");
  XfailList list;
  list.source_ = path.string();
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string entry = Trimmed(WithoutComment(line));
    if (entry.empty()) continue;
    // Case names hold no ':' (the loader refuses one), so the last one ends the backend.
    const size_t colon = entry.rfind(':');
    Entry e;
    e.text = entry;
    e.line = number;
    if (colon != std::string::npos) {
      e.backend = Unescaped(entry.substr(0, colon));
      e.glob = entry.substr(colon + 1);
      if (e.glob.empty() || e.backend.empty())
        throw std::runtime_error(
            path.string() + ":" + std::to_string(number) + ": '" + entry + "' names " +
            (e.glob.empty() ? "no case glob after" : "no backend before") +
            " its last ':' (entries are GLOB, NAME:GLOB or NAME@VERSION:GLOB)");
    } else {
      e.glob = entry;
    }
    list.entries_.push_back(std::move(e));
  }
  return list;
}

void XfailList::Add(std::string backend, std::string glob) {
  Entry e;
  e.text = backend.empty() ? glob : backend + ":" + glob;
  e.backend = std::move(backend);
  e.glob = std::move(glob);
  entries_.push_back(std::move(e));
}

bool XfailList::Entry::IsGlob() const { return HoldsPattern(glob); }

bool XfailList::Entry::CoversBackend(std::string_view name, std::string_view version) const {
  if (backend.empty() || backend == name) return true;
  return !version.empty() && backend.size() == name.size() + 1 + version.size() &&
         backend.starts_with(name) && backend[name.size()] == '@' && backend.ends_with(version);
}

const XfailList::Entry* XfailList::Match(std::string_view name, std::string_view version,
                                         std::string_view case_name) const {
  const std::string text(case_name);
  for (const Entry& e : entries_)
    if (e.CoversBackend(name, version) && GlobMatches(e.glob, text)) return &e;
  return nullptr;
}

std::string XfailList::Where(const Entry& entry) const {
  return entry.line > 0 ? source_ + ":" + std::to_string(entry.line) : source_;
}

std::vector<int> XfailCoverage(const XfailList& xfail, const std::vector<const Case*>& selected,
                               std::span<Backend* const> backends) {
  std::vector<int> coverage(xfail.entries().size(), 0);
  for (size_t i = 0; i < coverage.size(); ++i) {
    const XfailList::Entry& e = xfail.entries()[i];
    for (const Backend* backend : backends) {
      if (!e.CoversBackend(backend->Name(), backend->Version())) continue;
      for (const Case* c : selected) coverage[i] += GlobMatches(e.glob, c->name);
    }
  }
  return coverage;
}

bool GlobMatches(const std::string& glob, const std::string& name) {
  return fnmatch(glob.c_str(), name.c_str(), 0) == 0;
}

std::vector<const Case*> SelectCases(const std::vector<Case>& cases, const RunOptions& options) {
  std::vector<const Case*> out;
  for (const Case& c : cases) {
    const auto matches = [&](const std::string& g) { return GlobMatches(g, c.name); };
    if (!options.filters.empty() &&
        std::none_of(options.filters.begin(), options.filters.end(), matches))
      continue;
    if (std::any_of(options.excludes.begin(), options.excludes.end(), matches)) continue;
    if (!options.expectations.empty() && !options.expectations.contains(c.expect)) continue;
    if (!options.operators.empty() && !options.operators.contains(c.op())) continue;
    out.push_back(&c);
  }
  return out;
}

// The dmlconf binary running now, as a reproducer must name it: not the one a
// build folder's name suggests, and from any working directory.
const std::string& SelfPath() {
  static const std::string self = [] {
    std::error_code error;
    const std::filesystem::path path = std::filesystem::read_symlink("/proc/self/exe", error);
    return error ? std::string("dmlconf") : path.string();
  }();
  return self;
}

// This case and no other (--case is an exact name, not a glob), each argument one
// shell word whatever the name holds, and safe to print.
std::string Reproducer(const Case& c, std::string_view backend, FeatureLevel level,
                       std::string_view flags) {
  return ShellWord(SelfPath()) + " run " + ShellWord(c.file) + " --case=" + ShellWord(c.name) +
         " --backend " + ShellWord(backend) + " --feature-level " +
         std::string(FeatureLevelName(level)) + (flags.empty() ? "" : " " + std::string(flags));
}

CaseResult DescribeCase(const Case& c, std::string_view backend, FeatureLevel run_level) {
  CaseResult r;
  r.name = c.name;
  r.file = c.file;
  r.line = c.line;
  r.op = std::string(OperatorName(c.op()));
  r.feature_level = std::string(FeatureLevelName(c.feature_level));
  r.expect = std::string(ExpectationName(c.expect));
  if (c.expect == Expectation::kReject && c.reason) r.reason = std::string(ReasonName(*c.reason));
  for (const auto& slots : {InputSlots(c.descriptor), OutputSlots(c.descriptor)})
    for (const TensorSlot& slot : slots) {
      r.data_types.emplace_back(DataTypeName(slot.desc->data_type));
      r.ranks.push_back(slot.desc->DimensionCount());
    }
  r.backend = std::string(backend);
  r.reproducer = Reproducer(c, backend, run_level);
  return r;
}

CaseResult JudgeCase(const Case& c, Backend& backend, FeatureLevel run_level, bool strict_padding) {
  CaseResult r = DescribeCase(c, backend.Name(), run_level);
  r.reproducer =
      Reproducer(c, backend.Argument(), run_level, strict_padding ? "--strict-padding" : "");
  backend.TakeStderr();  // what earlier cases made it say is theirs
  const auto start = std::chrono::steady_clock::now();
  Judgement j = Judge(c, backend, run_level, strict_padding);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // A failed verdict quotes what the backend said meanwhile, as an error does
  // (an error's message quotes it already, where the backend process reports it).
  if (j.verdict == Verdict::kFailed) {
    std::string said = backend.TakeStderr();
    while (!said.empty() && (said.back() == '\n' || said.back() == '\r')) said.pop_back();
    if (!said.empty()) j.message += "; its standard error says: " + said;
  }
  r.verdict = j.verdict;
  r.message = std::move(j.message);
  r.padding_bytes_written = j.padding_bytes_written;
  r.kind = j.kind;
  return r;
}

std::vector<const Case*> ShardCases(const std::vector<Case>& cases, const RunOptions& options) {
  const std::vector<const Case*> selected = SelectCases(cases, options);
  if (options.shard.count == 1) return selected;
  std::vector<std::string> names;
  for (const Case* c : selected) names.push_back(c->name);
  std::sort(names.begin(), names.end());
  std::map<std::string, size_t> position;
  for (size_t i = 0; i < names.size(); ++i) position.emplace(names[i], i);
  std::vector<const Case*> mine;
  for (const Case* c : selected)
    if (position[c->name] % options.shard.count == options.shard.index) mine.push_back(c);
  return mine;
}

std::vector<CaseResult> RunCases(const std::vector<Case>& cases, std::span<Backend* const> backends,
                                 const RunOptions& options,
                                 const std::function<void(const CaseResult&)>& on_result) {
  // Another shard's cases are that shard's to report: listing them here as
  // skipped would count every case N-1 times over N shards' reports.
  const std::vector<const Case*> mine = ShardCases(cases, options);
  const std::vector<int> coverage =
      XfailCoverage(options.xfail, SelectCases(cases, options), backends);
  std::string flags = options.reproduce_flags;
  if (options.strict_padding) flags += (flags.empty() ? "" : " ") + std::string("--strict-padding");
  std::vector<CaseResult> results;
  for (Backend* backend : backends) {
    for (const Case* c : mine) {
      CaseResult r;
      // A backend in a process of its own is isolated already (a crash there
      // costs one error and a restart); forking dmlconf around it would hand
      // every child a copy of the same connection.
      if (options.isolate && !backend->RunsOutOfProcess()) {
        r = JudgeCaseIsolated(*c, *backend, options.feature_level, options.timeout_seconds,
                              options.strict_padding);
      } else {
        r = JudgeCase(*c, *backend, options.feature_level, options.strict_padding);
      }
      r.position = uint64_t(c - cases.data());
      r.reproducer = Reproducer(*c, backend->Argument(), options.feature_level, flags);
      ApplyXfail(options.xfail, coverage, *backend, &r);
      if (on_result) on_result(r);
      results.push_back(std::move(r));
    }
  }
  return results;
}

}  // namespace dmlconf::validator
