#include "run/judge.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <optional>
#include <system_error>

#include "dmlconf/support.h"
#include "run/call.h"
#include "run/terminal_text.h"

namespace dmlconf::validator {
namespace {

// What a must-reject case expects, with the rule it actually breaks: a code may name
// more than one rule (GATHER_OUTPUT_RANK_OVERFLOW: the right-aligned sizes, and seed
// 002's original rank), and the reference's own sentence says which one and with what
// numbers; the code's one-line rule when the reference names another code.
std::string ExpectedReasonText(const Case& c) {
  const Reason reason = *c.reason;
  const Validation broken = Validate(c.descriptor, c.feature_level);
  const std::string rule = broken.reason == reason && !broken.message.empty()
                               ? broken.message
                               : std::string(ReasonRule(reason));
  return std::string(ReasonName(reason)) + " (" + rule + ")";
}

// Feature levels are strict supersets, and a DirectML device supports every
// level up to its own whatever level an application targets (DML_FEATURE_LEVEL,
// DMLCreateDevice1): a descriptor that only an older level's table forbids is
// one such a device may accept. Such a case binds only a backend that
// declares no level where the descriptor is valid. At that level a data type that errata
// SL4 and TL2 dispute (SLICE1's 64-bit types, TILE's FLOAT64 from 4_1) counts as valid:
// the pages' tables leave it out, the feature-level history adds it, DirectML runs it.
bool ValidAtBackendsLevel(const Case& c, const Backend& backend) {
  const FeatureLevel top = backend.MaxFeatureLevel();
  if (top <= c.feature_level) return false;
  const Validation v = Validate(c.descriptor, top);
  return v.ok() || (v.reason == Reason::DATA_TYPE_NOT_SUPPORTED &&
                    DataTypeRejectionDisputed(TypeOf(c.descriptor), top,
                                              InputSlots(c.descriptor).front().desc->data_type));
}

// A must-reject case: Create once, at the case's own level.
Judgement JudgeReject(const Case& c, Backend& backend) {
  const CreateAnswer a = backend.Create(c.descriptor, c.feature_level);
  if (a.kind == CreateAnswer::Kind::kUnsupported)
    return Skip(Kind::kNotImplemented, NotImplemented(backend, a.message));
  const std::string want = c.reason ? ExpectedReasonText(c) : "any reason";
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
    return Fail(Kind::kWrongReasonCode,
                "refused with " + RefusalText(a) + "; the case expects " + ExpectedReasonText(c));
  return {};
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
         (c.expect == Expectation::kMatch || c.expect == Expectation::kUnspecified ||
          c.expect == Expectation::kOneOf);
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

}  // namespace

// This case and no other (--case is an exact name, not a glob), each argument one
// shell word whatever the name holds, and safe to print.
std::string Reproducer(const Case& c, std::string_view backend, FeatureLevel level,
                       std::string_view flags) {
  return ShellWord(SelfPath()) + " run " + ShellWord(c.file) + " --case=" + ShellWord(c.name) +
         " --backend " + ShellWord(backend) + " --feature-level " +
         std::string(FeatureLevelName(level)) + (flags.empty() ? "" : " " + std::string(flags));
}

std::string PortableReproducer(std::string_view reproducer, std::string_view binary) {
  std::error_code error;
  const std::string here = std::filesystem::current_path(error).string() + "/";
  const auto relative = [&](const std::string& path) {
    return !error && here.size() > 1 && path.starts_with(here) ? path.substr(here.size()) : path;
  };
  std::string text(reproducer);
  const std::string self = ShellWord(SelfPath());
  if (text.starts_with(self + " ")) {
    const std::string portable = relative(SelfPath());
    const std::string name = !binary.empty()          ? std::string(binary)
                             : portable == SelfPath() ? std::string("dmlconf")
                                                      : ShellWord(portable);
    text = name + text.substr(self.size());
  }
  if (error || here.size() <= 1) return text;
  // Paths under the working folder, wherever a word holds one (--backend plugin:/...).
  for (size_t at = text.find(here); at != std::string::npos; at = text.find(here, at))
    text.erase(at, here.size());
  return text;
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

}  // namespace dmlconf::validator
