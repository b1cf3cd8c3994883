#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <functional>
#include <nlohmann/json.hpp>

#include "dmlconf/reports/run_report.h"
#include "report_fixture.h"

namespace dmlconf {
namespace {

using report_testing::DirectoryNames;
using report_testing::ReadFile;
using report_testing::SampleReport;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

using Writer = std::function<void(const RunReport&, const std::filesystem::path&)>;

struct NamedWriter {
  const char* name;
  Writer write;
};

const NamedWriter kWriters[] = {{"json", WriteJsonReport},
                                {"junit", WriteJunitReport},
                                {"markdown", WriteMarkdownReport},
                                {"html", WriteHtmlReport}};

class AtomicWriteTest : public report_testing::ScratchDirTest {
 protected:
  // Every writer must throw, name `path` in the message and leave `dir_` as it was.
  void ExpectFailureLeavesNothing(const std::filesystem::path& path) {
    const auto before = DirectoryNames(dir_);
    for (const NamedWriter& writer : kWriters) {
      try {
        writer.write(SampleReport(), path);
        ADD_FAILURE() << writer.name << " wrote " << path;
      } catch (const std::runtime_error& error) {
        EXPECT_THAT(error.what(), HasSubstr(path.string())) << writer.name;
      }
      EXPECT_EQ(DirectoryNames(dir_), before) << writer.name;
    }
  }
};

TEST_F(AtomicWriteTest, MissingDirectoryThrowsNamingThePath) {
  ExpectFailureLeavesNothing(dir_ / "missing" / "report.out");
  EXPECT_FALSE(std::filesystem::exists(dir_ / "missing"));
}

TEST_F(AtomicWriteTest, ParentThatIsAFileThrows) {
  std::ofstream(dir_ / "plain") << "x";
  ExpectFailureLeavesNothing(dir_ / "plain" / "report.out");
  EXPECT_EQ(ReadFile(dir_ / "plain"), "x");
}

// Fails at the last step, the rename, after the temporary file was written: the
// temporary file must be gone too.
TEST_F(AtomicWriteTest, TargetThatIsADirectoryThrowsAndCleansUp) {
  std::filesystem::create_directory(dir_ / "report.out");
  ExpectFailureLeavesNothing(dir_ / "report.out");
  EXPECT_TRUE(std::filesystem::is_directory(dir_ / "report.out"));
}

TEST_F(AtomicWriteTest, UnwritableDirectoryThrows) {
  if (geteuid() == 0) GTEST_SKIP() << "root writes into read-only directories";
  std::filesystem::create_directory(dir_ / "locked");
  std::filesystem::permissions(
      dir_ / "locked", std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
  ExpectFailureLeavesNothing(dir_ / "locked" / "report.out");
  EXPECT_TRUE(std::filesystem::is_empty(dir_ / "locked"));
}

TEST_F(AtomicWriteTest, ExistingReportIsReplacedWhole) {
  const auto path = dir_ / "report.json";
  // Longer than the new report: an in-place overwrite would leave a tail behind.
  std::ofstream(path) << std::string(1 << 20, 'x');
  WriteJsonReport(SampleReport(), path);
  const auto json = nlohmann::json::parse(ReadFile(path));
  EXPECT_EQ(json.at("summary").at("total"), 8);
  EXPECT_THAT(DirectoryNames(dir_), ElementsAre("report.json"));
}

TEST_F(AtomicWriteTest, EveryWriterLeavesOnlyItsFile) {
  for (const NamedWriter& writer : kWriters) writer.write(SampleReport(), dir_ / writer.name);
  for (const NamedWriter& writer : kWriters) writer.write(SampleReport(), dir_ / writer.name);
  EXPECT_THAT(DirectoryNames(dir_), ElementsAre("html", "json", "junit", "markdown"));
  for (const NamedWriter& writer : kWriters) {
    EXPECT_FALSE(ReadFile(dir_ / writer.name).empty()) << writer.name;
  }
}

TEST_F(AtomicWriteTest, RelativePathInCurrentDirectory) {
  const auto previous = std::filesystem::current_path();
  std::filesystem::current_path(dir_);
  WriteMarkdownReport(SampleReport(), "report.md");
  std::filesystem::current_path(previous);
  EXPECT_THAT(DirectoryNames(dir_), ElementsAre("report.md"));
}

}  // namespace
}  // namespace dmlconf
