# Issue 12 (items 8 and 10): the command line and the reports when things go wrong.
# Included by CMakeLists.txt, whose last lines give every test here the label cli.
set(failure_cli bash ${CMAKE_CURRENT_SOURCE_DIR}/failure_cli.sh $<TARGET_FILE:dmlconf>
    ${PROJECT_SOURCE_DIR})
foreach(scenario IN ITEMS exact-case escapes report-set-interrupted report-set-sigterm
                          report-write-fails report-set-replaces report-dir-stays
                          report-dir-stale signal-storm-run signal-storm-merge
                          signal-while-allocating)
  add_test(NAME cli.${scenario}
           COMMAND ${failure_cli} ${CMAKE_CURRENT_BINARY_DIR}/failure/${scenario} ${scenario})
  set_tests_properties(cli.${scenario} PROPERTIES PASS_REGULAR_EXPRESSION "ok: ${scenario}\n$"
                       TIMEOUT 240)
endforeach()

# --xfail must name a readable file: a folder used to read as an empty list, so every
# known failure failed the run with no word about the list.
set(xfail_dir ${CMAKE_CURRENT_BINARY_DIR}/failure/xfail_is_a_folder)
add_test(NAME cli.xfail_folder_exit_2
         COMMAND ${CMAKE_COMMAND}
                 "-DCOMMAND=$<TARGET_FILE:dmlconf>;run;${fixtures}/wrong_expected.yaml;--xfail;${xfail_dir}"
                 -DEXPECT_RC=2 -DMAKE_DIR=${xfail_dir}
                 "-DEXPECT_REGEX=^dmlconf run: --xfail ${xfail_dir}: is a folder, not a file\n$"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_exit.cmake)
add_test(NAME cli.xfail_missing_exit_2
         COMMAND ${CMAKE_COMMAND}
                 "-DCOMMAND=$<TARGET_FILE:dmlconf>;run;${fixtures}/wrong_expected.yaml;--xfail;${xfail_dir}/no-such.txt"
                 -DEXPECT_RC=2 -DMAKE_DIR=${xfail_dir}
                 "-DEXPECT_REGEX=^dmlconf run: --xfail ${xfail_dir}/no-such\\.txt: No such file or directory\n$"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_exit.cmake)
add_test(NAME cli.xfail_empty_path_exit_2
         COMMAND sh -c "\"$0\" run \"$1\" --xfail ''; echo \"exit $?\""
                 $<TARGET_FILE:dmlconf> ${fixtures}/wrong_expected.yaml)
set_tests_properties(cli.xfail_empty_path_exit_2 PROPERTIES PASS_REGULAR_EXPRESSION
                     "^dmlconf run: --xfail wants a file, got an empty path\nexit 2\n$")
# A FIFO would block the run before it starts.
add_test(NAME cli.xfail_fifo_exit_2
         COMMAND sh -c "rm -f \"$1\" && mkfifo \"$1\" && \"$0\" run \"$2\" --xfail \"$1\"; echo \"exit $?\""
                 $<TARGET_FILE:dmlconf> ${CMAKE_CURRENT_BINARY_DIR}/failure/xfail.fifo
                 ${fixtures}/wrong_expected.yaml)
set_tests_properties(cli.xfail_fifo_exit_2 PROPERTIES TIMEOUT 120 PASS_REGULAR_EXPRESSION
                     "--xfail [^\n]*xfail\\.fifo: is not a regular file\nexit 2\n$")
