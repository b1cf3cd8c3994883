// The reply parsers of both protocols (validator/src/backends/protocol_replies.h):
// what they accept, and that everything else is a ProtocolError naming the field.
#include "backends/protocol_replies.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

namespace dmlconf::protocol {
namespace {

using ::testing::HasSubstr;

// The message of the ProtocolError `parse` throws ("" and a test failure if none).
template <class Parse>
std::string ErrorOf(Parse parse) {
  try {
    parse();
  } catch (const ProtocolError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no ProtocolError";
  return "";
}

TEST(ProtocolReplies, ResultJsonOfEachAction) {
  const Reply d = ParseResultJson(
      R"({"status": "ok", "max_feature_level": "5_0", "reports_reason_codes": true, "name": "x"})",
      Action::kDescribe);
  EXPECT_EQ(d.max_feature_level, FeatureLevel::k5_0);
  EXPECT_TRUE(d.reports_reason_codes);
  EXPECT_FALSE(d.spread_cases);  // absent: false
  EXPECT_EQ(d.name, "x");
  EXPECT_TRUE(
      ParseResultJson(R"({"status": "ok", "max_feature_level": "6_4", "spread_cases": true})",
                      Action::kDescribe)
          .spread_cases);
  const Reply c = ParseResultJson(R"({"status": "rejected", "reason": "JOIN_AXIS_SIZES_MISMATCH",
                                      "message": "sizes"})",
                                  Action::kCreate);
  EXPECT_EQ(c.status, "rejected");
  EXPECT_EQ(c.reason, "JOIN_AXIS_SIZES_MISMATCH");
  EXPECT_EQ(c.message, "sizes");
  EXPECT_EQ(ParseResultJson(R"({"status": "error"})", Action::kExecute).status, "error");
}

// Issue 12 item 10: `[]` from describe was a raw nlohmann type_error.
TEST(ProtocolReplies, DescribeAnsweringAnArrayNamesTheShape) {
  EXPECT_THAT(ErrorOf([] { ParseResultJson("[]", Action::kDescribe); }),
              HasSubstr("result.json is not a JSON object but array: []"));
  EXPECT_THAT(ErrorOf([] { ParseServeReply("[]", 1, Action::kDescribe); }),
              HasSubstr("the reply is not a JSON object but array"));
}

// Issue 32 (item 14): a key given twice let the last one win ("rejected" read as "ok"
// here), and a NUL byte ended the JSON. Both are errors, in both protocols.
TEST(ProtocolReplies, ReadStrictlyNoKeyTwiceNoNul) {
  EXPECT_THAT(
      ErrorOf(
          [] { ParseResultJson(R"({"status": "rejected", "status": "ok"})", Action::kCreate); }),
      HasSubstr("result.json is not one JSON object (the key \"status\" twice in one object)"));
  EXPECT_THAT(
      ErrorOf([] { ParseServeReply(R"({"id": 1, "status": "ok", "id": 1})", 1, Action::kCreate); }),
      HasSubstr("the key \"id\" twice in one object"));
  // The same key in two objects is two keys.
  EXPECT_EQ(ParseResultJson(R"({"status": "ok", "x": {"status": 1}})", Action::kCreate).status,
            "ok");
  const std::string with_nul("{\"status\": \"ok\"}\0{\"status\": \"rejected\"}", 39);
  EXPECT_THAT(ErrorOf([&] { ParseResultJson(with_nul, Action::kCreate); }),
              HasSubstr("result.json is not one JSON object (a NUL byte at offset 16)"));
  const std::string nul_in_string("{\"status\": \"ok\", \"message\": \"a\0b\"}", 34);
  EXPECT_THAT(ErrorOf([&] { ParseResultJson(nul_in_string, Action::kCreate); }),
              HasSubstr("a NUL byte at offset 30"));
}

TEST(ProtocolReplies, BrokenJsonSaysWhere) {
  EXPECT_THAT(ErrorOf([] { ParseResultJson("{\"status\": ", Action::kCreate); }),
              HasSubstr("result.json is not one JSON object (["));
  EXPECT_THAT(ErrorOf([] { ParseResultJson("{\"status\": ", Action::kCreate); }),
              HasSubstr("parse error at line 1, column "));
}

TEST(ProtocolReplies, EachFieldHasItsType) {
  EXPECT_THAT(
      ErrorOf([] { ParseResultJson(R"({"status": "ok", "message": 5})", Action::kCreate); }),
      HasSubstr("result.json's field \"message\" must be a string, not number"));
  EXPECT_THAT(
      ErrorOf([] {
        ParseResultJson(R"({"status": "ok", "max_feature_level": 64})", Action::kDescribe);
      }),
      HasSubstr("field \"max_feature_level\" must be a feature level like \"6_4\", not 64"));
  EXPECT_THAT(ErrorOf([] { ParseResultJson(R"({"status": "ok"})", Action::kDescribe); }),
              HasSubstr("not missing"));
  EXPECT_THAT(ErrorOf([] {
                ParseServeReply(R"({"id": 1, "status": "ok", "max_feature_level": "6_4",
                                    "reports_reason_codes": "yes"})",
                                1, Action::kDescribe);
              }),
              HasSubstr("field \"reports_reason_codes\" must be true or false, not \"yes\""));
  EXPECT_THAT(ErrorOf([] {
                ParseResultJson(
                    R"({"status": "ok", "max_feature_level": "6_4", "spread_cases": 1})",
                    Action::kDescribe);
              }),
              HasSubstr("field \"spread_cases\" must be true or false, not 1"));
}

TEST(ProtocolReplies, StatusMustBeOneTheActionAllows) {
  EXPECT_THAT(
      ErrorOf([] { ParseResultJson(R"({"status": "error"})", Action::kCreate); }),
      HasSubstr("result.json's status must be one of ok, rejected, unsupported for create"));
  EXPECT_THAT(ErrorOf([] { ParseResultJson(R"({"status": ["ok"]})", Action::kExecute); }),
              HasSubstr("must be one of ok, error, unsupported for execute"));
  EXPECT_THAT(ErrorOf([] { ParseServeReply(R"({"id": 3})", 3, Action::kExecute); }),
              HasSubstr("the reply's status must be one of"));
}

TEST(ProtocolReplies, ServeReplyMustCarryTheRequestsId) {
  EXPECT_EQ(ParseServeReply(R"({"id": 7, "status": "ok"})", 7, Action::kCreate).status, "ok");
  EXPECT_THAT(ErrorOf([] { ParseServeReply(R"({"id": 6, "status": "ok"})", 7, Action::kCreate); }),
              HasSubstr("the reply is for request 6, not 7"));
  EXPECT_THAT(ErrorOf([] { ParseServeReply(R"({"id": -7, "status": "ok"})", 7, Action::kCreate); }),
              HasSubstr("for request -7, not 7"));
  EXPECT_THAT(ErrorOf([] { ParseServeReply(R"({"status": "ok"})", 7, Action::kCreate); }),
              HasSubstr("for request (none), not 7"));
}

TEST(ProtocolReplies, DeepNestingAndHugeTextAreRefusedUnparsed) {
  const std::string deep =
      "{\"status\": \"ok\", \"x\": " + std::string(100000, '[') + std::string(100000, ']') + "}";
  EXPECT_THAT(ErrorOf([&] { ParseResultJson(deep, Action::kCreate); }),
              HasSubstr("nests deeper than 16 levels"));
  const std::string huge =
      "{\"status\": \"ok\", \"message\": \"" + std::string(kMaxResultJsonBytes, 'x') + "\"}";
  EXPECT_THAT(ErrorOf([&] { ParseResultJson(huge, Action::kExecute); }),
              HasSubstr("more than the 1048576 a result may hold"));
  EXPECT_THAT(ErrorOf([&] { ParseServeReply(huge, 1, Action::kExecute); }),
              HasSubstr("the reply is longer than 1048576 bytes"));
}

TEST(ProtocolReplies, QuoteCutsAndSaysHowMuch) {
  EXPECT_EQ(Quote("short", 10), "short");
  EXPECT_EQ(Quote(std::string(5000, 'x'), 4096), std::string(4096, 'x') + "… (904 bytes cut)");
}

}  // namespace
}  // namespace dmlconf::protocol
