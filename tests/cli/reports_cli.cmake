# Issue 10 through the binary: nothing-judged exit code, --claim, --baseline,
# diff and merge. Included by CMakeLists.txt.
set(regression_check sh ${CMAKE_CURRENT_SOURCE_DIR}/regression_check.sh $<TARGET_FILE:dmlconf>
    ${PROJECT_SOURCE_DIR})
foreach(scenario IN ITEMS baseline-regression baseline-known-failure junit-verdict diff merge)
  add_test(NAME cli.${scenario}
           COMMAND ${regression_check} ${CMAKE_CURRENT_BINARY_DIR}/regression/${scenario} ${scenario})
  set_tests_properties(cli.${scenario} PROPERTIES PASS_REGULAR_EXPRESSION "ok: ${scenario}\n$")
endforeach()

# A run that judged nothing exits 3 with its own line before the summary:
# a filter that matches nothing, and cases all above the run's level.
add_test(NAME cli.nothing_selected_exit_3
         COMMAND ${CMAKE_COMMAND}
                 "-DCOMMAND=$<TARGET_FILE:dmlconf>;run;${PROJECT_SOURCE_DIR}/cases/spec;--filter;no-such*"
                 -DEXPECT_RC=3
                 "-DEXPECT_REGEX=nothing judged: no case was selected [^\n]*\n0 passed, 0 failed, 0 skipped\n$"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_exit.cmake)
add_test(NAME cli.all_skipped_exit_3
         COMMAND ${CMAKE_COMMAND}
                 "-DCOMMAND=$<TARGET_FILE:dmlconf>;run;${PROJECT_SOURCE_DIR}/cases/spec;--filter;spec/reverse*;--feature-level;1_0"
                 -DEXPECT_RC=3 "-DEXPECT_REGEX=nothing judged: every case was skipped"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_exit.cmake)

# --claim: holds on the reference at 6_4; a failing case at 1_0 takes every
# claim away, so --claim 1_0 exits 1 and says why.
add_test(NAME cli.claim_holds
         COMMAND ${CMAKE_COMMAND}
                 "-DCOMMAND=$<TARGET_FILE:dmlconf>;run;${PROJECT_SOURCE_DIR}/cases/spec;--claim;6_4"
                 -DEXPECT_RC=0 "-DEXPECT_REGEX=claim reference: conforms at 6_4.*; claim 6_4 holds\n$"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_exit.cmake)
add_test(NAME cli.claim_fails_exit_1
         COMMAND ${CMAKE_COMMAND}
                 "-DCOMMAND=$<TARGET_FILE:dmlconf>;run;${CMAKE_CURRENT_SOURCE_DIR}/fixtures/wrong_expected.yaml;--claim;1_0"
                 -DEXPECT_RC=1
                 "-DEXPECT_REGEX=claim 1_0 does not hold on reference: no claim.*; claim 1_0 does not hold\n$"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_exit.cmake)
