# A backend project (tests/consumer/) finds the installed dmlconf with find_package, builds
# its plug-in against dmlconf::backend_header and passes the tests that
# dmlconf_add_conformance_test registered, which leave JUnit in its build tree.
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DSCRATCH=... -DGENERATOR=... -DC_COMPILER=...
#         -P consumer.cmake
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

file(REMOVE_RECURSE "${SCRATCH}")
file(MAKE_DIRECTORY "${SCRATCH}")
# Installed, then moved: the package, too, must not care where it lies.
install_into("${SCRATCH}/installed")
file(RENAME "${SCRATCH}/installed" "${SCRATCH}/prefix")
set(build "${SCRATCH}/build")

expect(RC 0 COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}/tests/consumer" -B "${build}"
               -G "${GENERATOR}" -DCMAKE_C_COMPILER=${C_COMPILER} -DCMAKE_BUILD_TYPE=Release
               -DCMAKE_PREFIX_PATH=${SCRATCH}/prefix -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
file(STRINGS "${build}/CMakeCache.txt" found_at REGEX "^dmlconf_DIR:")
if(NOT found_at STREQUAL "dmlconf_DIR:PATH=${SCRATCH}/prefix/lib/cmake/dmlconf")
  message(FATAL_ERROR "the consumer found another dmlconf: ${found_at}")
endif()
expect(RC 0 COMMAND ${CMAKE_COMMAND} --build "${build}")
expect(RC 0 REGEX "100% tests passed, 0 tests failed out of 7"
       COMMAND ${CMAKE_CTEST_COMMAND} --test-dir "${build}" --output-on-failure)

# JUnit where CI looks for it: the conforming plug-in with JOIN cases and no failure, the
# mistaken one with failures.
set(reports "${build}/dmlconf")
foreach(test IN ITEMS join_conforms join_mistake_caught)
  if(NOT EXISTS "${reports}/${test}/junit.xml")
    message(FATAL_ERROR "${test} wrote no ${reports}/${test}/junit.xml")
  endif()
  file(READ "${reports}/${test}/junit.xml" junit_${test})
endforeach()
if(NOT junit_join_conforms MATCHES "<testsuites[^>]* tests=\"[1-9][0-9]*\" failures=\"0\" errors=\"0\""
   OR NOT junit_join_conforms MATCHES "<testcase [^>]*name=\"join/")
  message(FATAL_ERROR "join_conforms' junit.xml has no passing JOIN cases:\n${junit_join_conforms}")
endif()
if(NOT junit_join_mistake_caught MATCHES "<testsuites[^>]* failures=\"[1-9][0-9]*\"")
  message(FATAL_ERROR "join_mistake_caught's junit.xml counts no failure")
endif()
# The project's own case ran, from its own folder: passed by the plug-in, an expected
# failure of the mistaken one.
file(READ "${reports}/join_own_case/report.json" own)
file(READ "${reports}/join_mistake_listed/report.json" listed)
escape_regex("${SOURCE_DIR}/tests/consumer/cases/join_two_inputs.yaml" file_regex)
set(case "\"name\": \"consumer/join-two-inputs\",[^}]*\"file\": \"${file_regex}\",[^}]*")
if(NOT own MATCHES "${case}\"status\": \"passed\"" OR NOT listed MATCHES "${case}\"status\": \"xfail\"")
  message(FATAL_ERROR "the project's own case did not run as listed:\n${own}\n${listed}")
endif()

# The baseline excused the mistaken plug-in's failure in junit.xml too, naming itself.
file(READ "${reports}/join_mistake_baselined/junit.xml" baselined)
if(NOT baselined MATCHES "<testsuites[^>]* failures=\"0\" errors=\"0\""
   OR NOT baselined MATCHES "<skipped message=\"known: baseline [^\"]*mistake-baseline.json: ")
  message(FATAL_ERROR "join_mistake_baselined's junit.xml is not green with the known failure "
                      "skipped:\n${baselined}")
endif()
# The fuzz tests left their findings where CI collects them.
foreach(test IN ITEMS join_fuzz join_mistake_fuzzed)
  if(NOT EXISTS "${reports}/${test}/findings.json")
    message(FATAL_ERROR "${test} wrote no ${reports}/${test}/findings.json")
  endif()
endforeach()
