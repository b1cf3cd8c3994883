#include "fuzz/campaign.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "backends/descriptor_json.h"
#include "dmlconf/reports/atomic_file.h"
#include "dmlconf/support.h"
#include "fuzz/drawing.h"
#include "fuzz/guidance.h"
#include "run/judge.h"
#include "run/terminal_text.h"

namespace dmlconf::fuzz {

namespace {

using Clock = std::chrono::steady_clock;

// Tapes tried per case before it counts as undrawn: a drawing is dropped only when it
// came out too large or a break hit another rule than its own, so a few suffice.
constexpr uint32_t kAttempts = 16;

std::string CaseId(uint64_t seed, uint64_t iteration) {
  return "/s" + std::to_string(seed) + "-i" + std::to_string(iteration);
}

// Whether the loader reads back the case that was judged.
bool SameCase(const validator::Case& a, const validator::Case& b) {
  return a.name == b.name && a.descriptor == b.descriptor && a.feature_level == b.feature_level &&
         a.expect == b.expect && a.reason == b.reason && a.inputs == b.inputs &&
         a.expected == b.expected && a.one_of == b.one_of;
}

class Campaign {
 public:
  Campaign(Backend& backend, const FuzzOptions& options, const FuzzEvents& events)
      : backend_(backend), options_(options), events_(events) {
    context_.level = options.level;
    context_.broken_too = options.broken_too;
    operators_ = options.operators;
    if (operators_.empty()) operators_.assign(kAllOperatorTypes.begin(), kAllOperatorTypes.end());
    // Without broken descriptors, an operator that does not exist yet has no case.
    if (!options.broken_too)
      std::erase_if(operators_, [&](OperatorType op) { return !FindSupport(op, options.level); });
    if (!options.guide_feedback.empty()) guidance_.emplace(options.guide_feedback);
  }

  FuzzOutcome Run() {
    const Clock::time_point start = start_ = Clock::now();
    for (uint64_t i = 0; !operators_.empty(); ++i) {
      if (options_.count != 0 && i >= options_.count) break;
      if (options_.time && Clock::now() - start >= *options_.time) break;
      if (outcome_.stopped_at_max_new) break;
      RunCase(operators_[i % operators_.size()], i);
    }
    outcome_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return std::move(outcome_);
  }

 private:
  std::optional<FuzzCase> Draw(OperatorType op, uint64_t iteration, std::vector<uint32_t>* tape) {
    if (std::optional<FuzzCase> near = DrawNear(op, iteration, tape)) return near;
    for (uint32_t attempt = 0; attempt < kAttempts; ++attempt) {
      Tape t = Tape::FromSeed(CaseSeed(options_.seed, iteration, attempt));
      if (std::optional<FuzzCase> c = DrawCase(op, context_, t)) {
        *tape = t.made();
        c->gen.name += CaseId(options_.seed, iteration);
        return c;
      }
    }
    return std::nullopt;
  }

  // Guided: a case near one that reached something new, when guidance picks one.
  std::optional<FuzzCase> DrawNear(OperatorType op, uint64_t iteration,
                                   std::vector<uint32_t>* tape) {
    if (!guidance_) return std::nullopt;
    std::optional<std::vector<uint32_t>> near = guidance_->Neighbour(op, options_.seed, iteration);
    if (!near) return std::nullopt;
    Tape t = Tape::Replay(std::move(*near));
    std::optional<FuzzCase> c = DrawCase(op, context_, t);
    if (!c) return std::nullopt;
    *tape = t.made();
    c->gen.name += CaseId(options_.seed, iteration);
    ++outcome_.guided;
    return c;
  }

  CaseResult Judge(const validator::Case& c) {
    return validator::JudgeCase(c, backend_, options_.level);
  }

  void RunCase(OperatorType op, uint64_t iteration) {
    std::vector<uint32_t> tape;
    std::optional<FuzzCase> drawn = Draw(op, iteration, &tape);
    if (!drawn) {
      ++outcome_.undrawn;
      return;
    }
    const validator::Case c = RunnerCase(drawn->gen);
    CaseResult r = Judge(c);
    ++outcome_.cases;
    const validator::XfailList::Entry* entry = nullptr;
    if (VerdictIsFailure(r.verdict)) {
      entry = options_.xfail.Match(backend_.Name(), backend_.Version(), c.name);
      if (entry) r.verdict = Verdict::kExpectedFailure;
    }
    ++outcome_.report.counts[r.op][r.feature_level][std::string(VerdictName(r.verdict))];
    if (guidance_ && guidance_->AfterCase(op, tape)) ++outcome_.kept;
    if (events_.on_case) events_.on_case(r);
    if (VerdictIsFailure(r.verdict) || entry) Record(op, iteration, *drawn, tape, c, r, entry);
  }

  void Record(OperatorType op, uint64_t iteration, const FuzzCase& drawn,
              const std::vector<uint32_t>& tape, const validator::Case& c, const CaseResult& r,
              const validator::XfailList::Entry* entry) {
    const Signature signature = SignatureOf(c, r);
    const auto [at, first] = index_.emplace(std::pair(signature.Text(), entry != nullptr),
                                            outcome_.report.findings.size());
    if (!first) {
      ++outcome_.report.findings[at->second].count;
      return;
    }
    Finding f;
    f.signature = signature;
    f.known = entry != nullptr;
    if (entry) f.xfail_entry = options_.xfail.Where(*entry) + ": " + entry->text;
    f.count = 1;
    f.seed = options_.seed;
    f.iteration = iteration;
    f.case_name = c.name;
    f.message = r.message;
    f.descriptor = DescriptorJson(c.descriptor).dump();
    if (!f.known) {
      if (events_.on_shrinking) events_.on_shrinking(f);
      const FuzzCase shrunk = ShrinkAndReplay(op, iteration, drawn, tape, &f);
      if (Group(f, &at->second)) return;
      Write(shrunk.gen, &f);
    }
    outcome_.report.findings.push_back(f);
    if (events_.on_finding) events_.on_finding(f);
    if (events_.on_record) {
      outcome_.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
      events_.on_record(outcome_);
    }
    if (!f.known && options_.max_new != 0 && outcome_.report.NewCount() >= options_.max_new)
      outcome_.stopped_at_max_new = true;
  }

  // One bug, one finding: a new finding whose shrunk case fails alike with an earlier
  // new one's (AlikeKey: the same but for data types) joins it, its signature listed
  // as merged and its cases counted there, and `*index` (the signature's) pointing to
  // it. True when it joined.
  bool Group(const Finding& f, size_t* index) {
    std::vector<Finding>& findings = outcome_.report.findings;
    const auto alike = std::find_if(findings.begin(), findings.end(), [&](const Finding& e) {
      return !e.known && e.alike == f.alike && !e.Flaky() && !f.Flaky();
    });
    if (alike == findings.end()) return false;
    alike->merged.push_back(f.signature.Text());
    ++alike->count;
    *index = size_t(alike - findings.begin());
    if (events_.on_record) events_.on_record(outcome_);
    return true;
  }

  FuzzCase ShrinkAndReplay(OperatorType op, uint64_t iteration, const FuzzCase& drawn,
                           const std::vector<uint32_t>& tape, Finding* f) {
    const std::string id = CaseId(options_.seed, iteration);
    const auto draw = [&](Tape& t) {
      std::optional<FuzzCase> c = DrawCase(op, context_, t);
      if (c) c->gen.name += id;
      return c;
    };
    std::string message = f->message;  // of the smallest failing case so far
    const auto fails = [&](const FuzzCase& candidate) {
      const validator::Case c = RunnerCase(candidate.gen);
      const CaseResult r = Judge(c);
      if (!VerdictIsFailure(r.verdict) || !(SignatureOf(c, r) == f->signature)) return false;
      message = r.message;
      return true;
    };
    const Shrunk shrunk = Shrink(tape, drawn, draw, fails, options_.shrink);
    f->shrink_tries = shrunk.tries;
    f->shrunk_name = shrunk.best.gen.name;
    f->shrunk_message = message;
    f->alike = AlikeKey(f->signature, DescriptorJson(shrunk.best.gen.desc).dump(), message);
    Replay(shrunk.best, f);
    return shrunk.best;
  }

  // A flaky backend's failure may not come back: the case to be committed is judged
  // again before it is reported, and the finding says how often it failed the same way.
  void Replay(const FuzzCase& shrunk, Finding* f) {
    const validator::Case c = RunnerCase(shrunk.gen);
    f->replays = options_.replays;
    for (uint32_t k = 0; k < options_.replays; ++k) {
      const CaseResult r = Judge(c);
      if (VerdictIsFailure(r.verdict) && SignatureOf(c, r) == f->signature) ++f->reproduced;
    }
  }

  // The shrunk case as a file ready to commit, read back to make sure the loader sees
  // the case that was judged.
  void Write(generate::GenCase gen, Finding* f) {
    const std::filesystem::path path =
        options_.out_dir / CaseFileName(f->signature, f->seed, f->iteration);
    // The file is meant to be committed and read by any YAML reader: whatever came from
    // the backend (its name, version and message) is shown with \xNN for control bytes.
    const std::string backend = Printable(backend_.Name());
    gen.description = "found by dmlconf fuzz (seed " + std::to_string(f->seed) + ", case " +
                      std::to_string(f->iteration) + "): " + backend + " gave " + f->signature.kind;
    const validator::Case judged = RunnerCase(gen, path.string());
    f->reproducer = validator::Reproducer(judged, backend_.Argument(), options_.level,
                                          options_.reproduce_flags);
    const std::string version =
        backend_.Version().empty() ? "" : " " + Printable(backend_.Version());
    // The file is meant to be committed: its reproduce line names `dmlconf`, not the path
    // of the binary that wrote it (the console's line keeps that), the file by its name
    // (it is run where it lies), and the backend with no path of this machine.
    validator::Case here = judged;
    here.file = path.filename().string();
    const std::string portable = validator::PortableReproducer(
        validator::Reproducer(here, backend_.Argument(), options_.level, options_.reproduce_flags),
        "dmlconf");
    const std::string header =
        "Found by `dmlconf fuzz` (seed " + std::to_string(f->seed) + ", case " +
        std::to_string(f->iteration) + ") on backend " + backend + version + ": " +
        f->signature.kind + ", signature " + f->signature.Text() + ".\nShrunk in " +
        std::to_string(f->shrink_tries) + " tries (same operator, same failure) from " +
        f->case_name + ",\nwhose descriptor was " + f->descriptor +
        "\nThe backend: " + Printable(f->shrunk_message) + "\nJudged again: " + ReplayText(*f) +
        "\nReproduce (in the folder holding this file): " + Printable(portable);
    f->case_text = generate::CaseFileText(header, {gen});
    std::error_code error;
    std::filesystem::create_directories(options_.out_dir, error);
    if (error)
      throw std::runtime_error(options_.out_dir.string() +
                               ": cannot be created: " + error.message());
    WriteFileAtomically(path, f->case_text);
    f->case_file = path.string();
    std::vector<validator::Case> loaded;
    try {
      loaded = validator::LoadCaseFile(path);
    } catch (const std::exception& e) {
      throw std::runtime_error("the shrunk case does not load: " + std::string(e.what()));
    }
    if (loaded.size() != 1 || !SameCase(loaded.front(), judged))
      throw std::runtime_error(path.string() + ": the case read back is not the case judged");
  }

  Backend& backend_;
  const FuzzOptions& options_;
  const FuzzEvents& events_;
  DrawContext context_;
  std::vector<OperatorType> operators_;
  FuzzOutcome outcome_;
  std::optional<Guidance> guidance_;
  Clock::time_point start_;
  std::map<std::pair<std::string, bool>, size_t> index_;  // (signature, known) -> finding
};

}  // namespace

FuzzOutcome Fuzz(Backend& backend, const FuzzOptions& options, const FuzzEvents& events) {
  return Campaign(backend, options, events).Run();
}

std::string CaseFileName(const Signature& signature, uint64_t seed, uint64_t iteration) {
  std::string name = signature.op + "." + signature.kind + "." + signature.klass;
  for (char& ch : name) ch = ch == '/' ? '-' : char(std::tolower(static_cast<unsigned char>(ch)));
  return name + "-s" + std::to_string(seed) + "-i" + std::to_string(iteration) + ".yaml";
}

}  // namespace dmlconf::fuzz
