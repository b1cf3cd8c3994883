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

#include "run/compare.h"
#include "dmlconf/tensor_layout.h"
#include "run/guarded_buffer.h"

namespace dmlconf::validator {
namespace {

struct Judgement {
  Verdict verdict = Verdict::kPassed;
  std::string message;
};

Judgement Fail(std::string message) { return {Verdict::kFailed, std::move(message)}; }

std::string ReasonText(Reason reason) {
  return std::string(ReasonName(reason)) + " (" + std::string(ReasonRule(reason)) + ")";
}

Judgement JudgeReject(const Case& c, Backend& backend) {
  const Validation v = backend.Create(c.descriptor, c.feature_level);
  const std::string want = c.reason ? ReasonText(*c.reason) : "any reason";
  if (v.ok())
    return Fail("accepted an invalid descriptor at feature level " +
                std::string(FeatureLevelName(c.feature_level)) + "; the case expects " + want);
  if (backend.ReportsReasonCodes() && c.reason && v.reason != *c.reason)
    return Fail("refused with " + std::string(ReasonName(v.reason)) + ", the case expects " +
                std::string(ReasonName(*c.reason)) + ": " + v.message);
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

// Inputs scattered over an input-gap pattern, outputs poisoned; every byte
// is snapshotted so any write shows afterwards.
Buffers PrepareBuffers(const Call& c) {
  Buffers b;
  const std::vector<TensorSlot> ins = InputSlots(c.descriptor);
  for (size_t i = 0; i < ins.size(); ++i) {
    GuardedBuffer& buf = b.inputs.emplace_back(ins[i].desc->TotalBytes(), uint32_t(i));
    buf.Fill(Pattern::kInputGap);
    ScatterLogical(*ins[i].desc, c.inputs[i].data(), buf.data());
    buf.Snapshot();
  }
  const std::vector<TensorSlot> outs = OutputSlots(c.descriptor);
  for (size_t i = 0; i < outs.size(); ++i) {
    GuardedBuffer& buf = b.outputs.emplace_back(outs[i].desc->TotalBytes(), uint32_t(100 + i));
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

// Inputs untouched, guards intact, no byte between output elements written.
std::optional<std::string> CheckStrayWrites(const Call& c, const Buffers& b) {
  const std::vector<TensorSlot> ins = InputSlots(c.descriptor);
  for (size_t i = 0; i < ins.size(); ++i)
    if (auto at = b.inputs[i].FirstChange([](std::ptrdiff_t) { return false; }))
      return "wrote its input: " + DescribeOffset(*at, b.inputs[i].size(), ins[i].role) +
             " changed";
  const std::vector<TensorSlot> outs = OutputSlots(c.descriptor);
  for (size_t i = 0; i < outs.size(); ++i) {
    const GuardedBuffer& buf = b.outputs[i];
    if (auto at = buf.FirstGuardChange())
      return "wrote outside its output buffer: " + DescribeOffset(*at, buf.size(), outs[i].role) +
             " changed";
    const std::vector<bool> mask = ElementByteMask(*outs[i].desc);
    const auto size = std::ptrdiff_t(buf.size());
    if (auto at = buf.FirstChange([&](std::ptrdiff_t o) { return o < 0 || o >= size || mask[o]; }))
      return "wrote " + DescribeOffset(*at, buf.size(), outs[i].role) +
             ", which belongs to no element (padding between strided elements or after the last)";
  }
  return std::nullopt;
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
    if (!HoldsIndices(ins[i]))
      sources.push_back({ins[i].role, ins[i].desc, &c.inputs[i]});
  return sources;
}

std::optional<std::string> CompareOutputs(const Case& c, const OperatorDesc& last,
                                          const std::vector<std::vector<std::byte>>& actual) {
  const std::vector<TensorSlot> outs = OutputSlots(last);
  const std::vector<ValueSource> sources = ValueSources(c);
  std::string message;
  for (size_t i = 0; i < outs.size(); ++i)
    if (auto diff =
            CompareLogical(outs[i].role, *outs[i].desc, c.expected[i], actual[i], sources))
      message += (message.empty() ? "" : "; ") + *diff;
  if (message.empty()) return std::nullopt;
  return "case '" + c.name + "': wrong output values: " + message;
}

// Creates and runs one call in guarded buffers; its outputs' logical bytes
// land in `outputs`.
Judgement RunCall(const Call& c, Backend& backend, FeatureLevel level,
                  std::vector<std::vector<std::byte>>* outputs) {
  const Validation v = backend.Create(c.descriptor, level);
  if (!v.ok())
    return Fail("refused a valid descriptor: " + std::string(ReasonName(v.reason)) + ": " +
                v.message);
  if (auto why = CheckUnpreparable(c)) return {Verdict::kError, *why};
  Buffers b = PrepareBuffers(c);
  const ExecuteResult result = backend.Execute(c.descriptor, level, b.bindings);
  if (!result.ok) return Fail("Execute failed: " + result.message);
  if (auto stray = CheckStrayWrites(c, b)) return Fail(*stray);
  *outputs = LogicalOutputs(c, b);
  return {};
}

// The case's call, then each chained one on the previous call's first output.
Judgement JudgeRun(const Case& c, Backend& backend, FeatureLevel level) {
  std::vector<std::vector<std::byte>> outputs;
  Judgement j = RunCall({c.descriptor, c.inputs}, backend, level, &outputs);
  const OperatorDesc* last = &c.descriptor;
  for (size_t k = 0; k < c.then.size() && j.verdict == Verdict::kPassed; ++k) {
    std::vector<std::vector<std::byte>> inputs{std::move(outputs[0])};
    inputs.insert(inputs.end(), c.then[k].inputs.begin(), c.then[k].inputs.end());
    last = &c.then[k].descriptor;
    j = RunCall({*last, inputs}, backend, level, &outputs);
    if (j.verdict != Verdict::kPassed)
      j.message = "call " + std::to_string(k + 2) + " of the chain: " + j.message;
  }
  if (j.verdict != Verdict::kPassed || c.expect != Expectation::kMatch) return j;
  if (auto diff = CompareOutputs(c, *last, outputs)) return Fail(*diff);
  return {};
}

std::optional<std::string> SkipReason(const Case& c, Backend& backend, FeatureLevel run_level) {
  if (c.feature_level > run_level)
    return "the case needs feature level " + std::string(FeatureLevelName(c.feature_level)) +
           ", the run is at " + std::string(FeatureLevelName(run_level));
  if (c.feature_level > backend.MaxFeatureLevel())
    return "the case needs feature level " + std::string(FeatureLevelName(c.feature_level)) +
           ", backend " + backend.Name() + " declares " +
           std::string(FeatureLevelName(backend.MaxFeatureLevel()));
  const std::string unsupported = backend.Unsupported(c.descriptor, c.feature_level);
  if (!unsupported.empty()) return "backend " + backend.Name() + " does not implement it: " + unsupported;
  return std::nullopt;
}

Judgement Judge(const Case& c, Backend& backend, FeatureLevel run_level) {
  try {
    if (auto skip = SkipReason(c, backend, run_level)) return {Verdict::kSkipped, *skip};
    if (c.expect == Expectation::kReject) return JudgeReject(c, backend);
    // Support only grows with the level, so a valid case holds at the
    // highest level both the run and the backend reach.
    return JudgeRun(c, backend, std::min(run_level, backend.MaxFeatureLevel()));
  } catch (const std::exception& e) {
    return {Verdict::kError, std::string("the backend threw: ") + e.what()};
  } catch (...) {
    return {Verdict::kError, "the backend threw something that is not a std::exception"};
  }
}

std::string ShellQuote(std::string_view text) {
  std::string out = "'";
  for (char ch : text) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

bool IsPlainWord(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) || std::strchr("/._-:+=", ch);
  });
}

void ApplyXfail(const XfailList& xfail, CaseResult* r) {
  if (!xfail.Matches(r->backend, r->name)) return;
  if (r->verdict == Verdict::kFailed) {
    r->verdict = Verdict::kExpectedFailure;
    r->message = "expected failure (" + xfail.source() + "): " + r->message;
  } else if (r->verdict == Verdict::kPassed) {
    r->verdict = Verdict::kUnexpectedPass;
    r->message = "passed, but " + xfail.source() +
                 " lists it as expected to fail: the list is stale, remove the entry";
  }
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
  while (std::getline(in, line)) {
    line = line.substr(0, line.find('#'));
    const size_t begin = line.find_first_not_of(" \t\r");
    if (begin == std::string::npos) continue;
    line = line.substr(begin, line.find_last_not_of(" \t\r") - begin + 1);
    // Case names hold '/', backend names hold no glob characters; a colon
    // before any '/' marks the backend ("blocked:gather/*").
    const size_t colon = line.find(':');
    if (colon != std::string::npos && line.find('/') > colon)
      list.Add(line.substr(0, colon), line.substr(colon + 1));
    else
      list.Add("", line);
  }
  return list;
}

void XfailList::Add(std::string backend, std::string glob) {
  entries_.push_back({std::move(backend), std::move(glob)});
}

bool XfailList::Matches(std::string_view backend, std::string_view case_name) const {
  const std::string name(case_name);
  for (const Entry& e : entries_)
    if ((e.backend.empty() || e.backend == backend) && GlobMatches(e.glob, name)) return true;
  return false;
}

bool GlobMatches(const std::string& glob, const std::string& name) {
  return fnmatch(glob.c_str(), name.c_str(), 0) == 0;
}

std::vector<const Case*> SelectCases(const std::vector<Case>& cases, const RunOptions& options) {
  std::vector<const Case*> out;
  for (const Case& c : cases) {
    const auto matches = [&](const std::string& g) { return GlobMatches(g, c.name); };
    if (!options.filters.empty() && std::none_of(options.filters.begin(), options.filters.end(), matches))
      continue;
    if (std::any_of(options.excludes.begin(), options.excludes.end(), matches)) continue;
    out.push_back(&c);
  }
  return out;
}

std::string Reproducer(const Case& c, std::string_view backend, FeatureLevel level) {
  const std::string b = IsPlainWord(backend) ? std::string(backend) : ShellQuote(backend);
  return "build/dmlconf run " + (IsPlainWord(c.file) ? c.file : ShellQuote(c.file)) +
         " --filter " + ShellQuote(c.name) + " --backend " + b + " --feature-level " +
         std::string(FeatureLevelName(level));
}

CaseResult DescribeCase(const Case& c, std::string_view backend, FeatureLevel run_level) {
  CaseResult r;
  r.name = c.name;
  r.file = c.file;
  r.line = c.line;
  r.op = std::string(OperatorName(c.op()));
  r.feature_level = std::string(FeatureLevelName(c.feature_level));
  r.expect = std::string(ExpectationName(c.expect));
  for (const auto& slots : {InputSlots(c.descriptor), OutputSlots(c.descriptor)})
    for (const TensorSlot& slot : slots) {
      r.data_types.emplace_back(DataTypeName(slot.desc->data_type));
      r.ranks.push_back(slot.desc->DimensionCount());
    }
  r.backend = std::string(backend);
  r.reproducer = Reproducer(c, backend, run_level);
  return r;
}

CaseResult JudgeCase(const Case& c, Backend& backend, FeatureLevel run_level) {
  CaseResult r = DescribeCase(c, backend.Name(), run_level);
  const auto start = std::chrono::steady_clock::now();
  Judgement j = Judge(c, backend, run_level);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.verdict = j.verdict;
  r.message = std::move(j.message);
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
  std::vector<CaseResult> results;
  for (Backend* backend : backends) {
    for (const Case* c : mine) {
      CaseResult r;
      if (options.isolate) {
        r = JudgeCaseIsolated(*c, *backend, options.feature_level, options.timeout_seconds);
      } else {
        r = JudgeCase(*c, *backend, options.feature_level);
      }
      ApplyXfail(options.xfail, &r);
      if (on_result) on_result(r);
      results.push_back(std::move(r));
    }
  }
  return results;
}

}  // namespace dmlconf::validator
