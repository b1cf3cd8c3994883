// A sample run with every verdict, and a scratch directory per test.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "dmlconf/reports/run_report.h"

namespace dmlconf::report_testing {

inline CaseResult MakeCase(std::string name, std::string backend, std::string op, Verdict verdict,
                           std::string message = "") {
  CaseResult result;
  result.file = "cases/spec/" + op + ".yaml";
  result.line = 12;
  result.feature_level = "3_0";
  result.expect = "match";
  result.data_types = {"FLOAT32", "UINT32", "FLOAT32"};
  result.ranks = {4, 4, 4};
  result.reproducer = "dmlconf run cases --backend " + backend + " --case " + name;
  result.seconds = 0.25;
  result.name = std::move(name);
  result.backend = std::move(backend);
  result.op = std::move(op);
  result.verdict = verdict;
  result.message = std::move(message);
  return result;
}

// naive: 1 passed, 1 failed, 2 skipped, 1 error; blocked: 1 passed, 1 xfail, 1 xpass.
// By operator: GATHER 4 (passed, failed, xfail, xpass), SPLIT 2 skipped, JOIN 2 (error,
// passed).
inline RunReport SampleReport() {
  RunReport report;
  report.tool_version = "0.1.0";
  report.started_at = "2024-05-01T12:00:00Z";
  report.feature_level = "6_4";
  report.command_line = "dmlconf run cases --backend naive --backend blocked";
  report.backends = {"naive", "blocked"};
  report.case_paths = {"cases"};
  report.results = {
      MakeCase("gather/a", "naive", "GATHER", Verdict::kPassed),
      MakeCase("gather/b", "naive", "GATHER", Verdict::kFailed,
               "OutputTensor element [0, 1]: expected 0x3f800000, got 0x00000000"),
      MakeCase("split/a", "naive", "SPLIT", Verdict::kSkipped, "above the backend level"),
      MakeCase("split/b", "naive", "SPLIT", Verdict::kSkipped, "above the backend level"),
      MakeCase("join/a", "naive", "JOIN", Verdict::kError, "backend crashed: signal 11"),
      MakeCase("gather/a", "blocked", "GATHER", Verdict::kExpectedFailure, "known bug 17"),
      MakeCase("gather/b", "blocked", "GATHER", Verdict::kUnexpectedPass),
      MakeCase("join/a", "blocked", "JOIN", Verdict::kPassed),
  };
  report.results[5].excused_by = "known.txt:3: blocked:gather/*";
  return report;
}

inline std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::vector<std::string> DirectoryNames(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// A fresh directory per test, removed afterwards.
class ScratchDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = "dmlconf_reports_" + std::to_string(getpid()) + "_" +
                       info->test_suite_name() + "_" + info->name();
    // A parameterized test's names hold '/' ("Formats/ReportTest"): one folder, not a
    // nest whose outer level TearDown would leave behind in $TMPDIR.
    std::replace(name.begin(), name.end(), '/', '_');
    dir_ = std::filesystem::temp_directory_path() / name;
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ignored;
    std::filesystem::permissions(dir_, std::filesystem::perms::owner_all,
                                 std::filesystem::perm_options::add, ignored);
    std::filesystem::remove_all(dir_, ignored);
  }

  std::filesystem::path dir_;
};

}  // namespace dmlconf::report_testing
