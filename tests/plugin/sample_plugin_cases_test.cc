// Every generated SPLIT and JOIN case through the sample C plug-in.
#include "dmlconf/validator/external_backends.h"
#include "plugin/generated_cases.h"

namespace dmlconf {
namespace {

using plugin_testing::ExpectPassesEveryCase;

TEST(SamplePlugin, PassesEveryGeneratedSplitCase) {
  ExpectPassesEveryCase(*LoadPluginBackend(DMLCONF_SAMPLE_PLUGIN), OperatorType::kSplit);
}
TEST(SamplePlugin, PassesEveryGeneratedJoinCase) {
  ExpectPassesEveryCase(*LoadPluginBackend(DMLCONF_SAMPLE_PLUGIN), OperatorType::kJoin);
}

}  // namespace
}  // namespace dmlconf
