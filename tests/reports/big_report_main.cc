// Writes a synthetic run of N verdicts (default 20,000) as report.html and
// report.md, for the browser test: every verdict and several kinds, six
// operators, many levels, types and ranks, so the claim, the matrix, the kind
// groups and the filters all have something to show.
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

#include "dmlconf/reports/run_report.h"

namespace {

using namespace dmlconf;

constexpr const char* kOps[] = {"SPLIT", "JOIN", "GATHER", "DEPTH_TO_SPACE1", "SPACE_TO_DEPTH1",
                                "REVERSE_SUBSEQUENCES"};
constexpr const char* kLevels[] = {"1_0", "2_1", "3_0", "4_1", "5_0", "6_2"};
constexpr const char* kTypes[] = {"FLOAT32", "FLOAT16", "INT8", "UINT64"};
// The vendor's is spelled as a long command line, as a `serve:` backend without a `name`
// appears: the case table must keep such text inside its column. It comes first, so that
// its passing rows are among the first collapsed rows rendered on demand.
constexpr const char* kVendor = "serve:/opt/vendor/bin/dml-backend --device 0 --log /var/log";
constexpr const char* kBackends[] = {kVendor, "reference", "blocked"};

// Mostly passes; the vendor's backend fails in a few kinds, skips its must-reject cases.
void Judge(size_t i, CaseResult* r) {
  if (r->backend != kVendor || i % 7 != 0) return;
  switch (i / 7 % 5) {
    case 0: r->verdict = Verdict::kFailed; r->kind = Kind::kWrongValues;
      r->message = "wrong output values: OutputTensor: 1 of 24 elements differ"; break;
    case 1: r->verdict = Verdict::kFailed; r->kind = Kind::kAcceptedInvalid;
      r->reason = "GATHER_AXIS_INVALID"; r->expect = "reject";
      r->message = "accepted an invalid descriptor at feature level 3_0"; break;
    case 2: r->verdict = Verdict::kSkipped; r->kind = Kind::kNotImplemented; r->expect = "reject";
      r->message = "backend vendor does not implement it: no reason codes"; break;
    case 3: r->verdict = Verdict::kError; r->kind = Kind::kCrash;
      r->message = "the backend crashed: signal 11 (SIGSEGV: Segmentation fault)"; break;
    default: r->kind = Kind::kPaddingWritten; r->padding_bytes_written = 4;
      r->message = "wrote 4 bytes of output padding, which DirectML allows (contract point P1)";
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: big_report DIR [COUNT]\n";
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  const size_t count = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 20000;
  RunReport report;
  report.tool_version = "test";
  report.started_at = "2026-01-01T00:00:00Z";
  report.feature_level = "6_4";
  report.command_line = "big_report";
  report.backends = {std::begin(kBackends), std::end(kBackends)};
  report.case_paths = {"cases"};
  for (size_t b = 0; b < std::size(kBackends); ++b) {
    const char* backend = kBackends[b];
    // The first backends take the remainder, so the total is `count` exactly.
    const size_t per_backend = count / std::size(kBackends) + (b < count % std::size(kBackends));
    for (size_t i = 0; i < per_backend; ++i) {
      CaseResult r;
      r.name = std::string(kOps[i % 6]) + "/case-" + std::to_string(i) + " <&>";
      r.file = "cases/generated/x.yaml";
      r.line = int(i);
      r.op = kOps[i % 6];
      r.feature_level = kLevels[i / 6 % std::size(kLevels)];
      r.expect = "match";
      r.data_types = {kTypes[i / 36 % std::size(kTypes)]};
      r.ranks = {uint32_t(1 + i / 144 % 8)};
      r.backend = backend;
      r.position = i;
      r.reproducer = "build/dmlconf run cases --case=" + r.name + " --backend " + backend;
      r.seconds = 0.001;
      Judge(i, &r);
      report.results.push_back(std::move(r));
    }
  }
  std::filesystem::create_directories(dir);
  WriteHtmlReport(report, dir / "report.html");
  WriteMarkdownReport(report, dir / "report.md");
  std::cout << report.results.size() << " verdicts written to " << dir << "\n";
  return 0;
}
