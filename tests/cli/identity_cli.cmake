# Issue 19 through the binary: a backend's identity, expected failures that name it,
# --operator, honest profiles, merge's shard check and the messages a backend author
# reads. Included by CMakeLists.txt (label cli; the serve: ones are serve too).
set(identity_cli bash ${CMAKE_CURRENT_SOURCE_DIR}/identity_cli.sh $<TARGET_FILE:dmlconf>
    ${PROJECT_SOURCE_DIR} ${cli_python})
foreach(scenario IN ITEMS xfail-by-name two-ways-diff-clean operator-claim values-profile-claim
                          write-xfail merge-refuses keep-run-dir stderr-on-failed stray-write
                          never-written)
  add_test(NAME cli.${scenario}
           COMMAND ${identity_cli} ${CMAKE_CURRENT_BINARY_DIR}/identity/${scenario} ${scenario})
  set_tests_properties(cli.${scenario} PROPERTIES PASS_REGULAR_EXPRESSION "ok: ${scenario}\n$"
                       TIMEOUT 120)
endforeach()
# (CMakeLists.txt labels these serve too, after labelling every test here cli.)
