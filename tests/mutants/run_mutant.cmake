# Runs the committed suite against one mutant of the mutant plug-in:
#   cmake -DDMLCONF=dmlconf -DPLUGIN=plugin.so -DCASES=cases -DMUTANT=name [-DLEVEL=X_Y]
#         [-DTRANSPORT=plugin|plugin-in-process]
#         -P run_mutant.cmake
# LEVEL is the feature level the plug-in declares (default 6_4). TRANSPORT is how
# dmlconf loads it: plugin (a host process, the default) or plugin-in-process. With
# -DEVERY_OPERATOR=ON the mutant must be caught by a case of every operator, not
# only by some case.
# MUTANT "none" (the honest reference) must pass every case (exit 0, nothing
# failed). Any other mutant must be caught: exit 1 with at least one failed
# case. Prints the first failing case and its message, so the test's output
# (ctest -V, LastTest.log) says what caught the mutant.
if(NOT DEFINED LEVEL)
  set(LEVEL 6_4)
endif()
set(ENV{DMLCONF_MUTANT} "${MUTANT}")
set(ENV{DMLCONF_MUTANT_LEVEL} "${LEVEL}")
set(device "mutant ${MUTANT} (as a ${LEVEL} device)")
if(NOT DEFINED TRANSPORT)
  set(TRANSPORT plugin)
endif()
execute_process(COMMAND ${DMLCONF} run ${CASES} --backend ${TRANSPORT}:${PLUGIN}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")

# The closing line: "N passed, N failed, N skipped[, N error ...][; ...]".
if(NOT out MATCHES "(^|\n)([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped[^\n]*\n*$")
  message(FATAL_ERROR "${device}: no closing count line (exit code ${rc}):\n${all}")
endif()
set(counts "${CMAKE_MATCH_0}")
set(passed ${CMAKE_MATCH_2})
set(failed ${CMAKE_MATCH_3})
string(STRIP "${counts}" counts)

if(MUTANT STREQUAL "none")
  if(NOT rc EQUAL 0 OR NOT failed EQUAL 0 OR passed EQUAL 0)
    message(FATAL_ERROR "the honest reference (${device}) must pass the committed suite; "
                        "exit code ${rc}, ${counts}:\n${all}")
  endif()
  message(STATUS "${device} passes: ${counts}")
  return()
endif()

if(NOT rc EQUAL 1 OR failed EQUAL 0)
  message(FATAL_ERROR "${device} SURVIVES the committed suite (exit code ${rc}, ${counts}): "
                      "a case is missing (tests/mutants/SURVIVORS.md)")
endif()
if(EVERY_OPERATOR)
  foreach(op IN ITEMS split join gather depth_to_space1 space_to_depth1 reverse_subsequences
                      depth_to_space space_to_depth)
    if(NOT out MATCHES "(^|\n)failed  ${op}/")
      message(FATAL_ERROR "${device} SURVIVES every ${op} case (${counts}): ${op}'s cases "
                          "lack the values it changes")
    endif()
  endforeach()
endif()
# "failed  <case> [<backend>] (<file>:<line>)" and the message line under it.
string(REGEX MATCH "(^|\n)failed  ([^\n]*)\n([^\n]*)" first "${out}")
message(STATUS "${device} caught: ${counts}\n"
               "  first failing case: ${CMAKE_MATCH_2}\n${CMAKE_MATCH_3}")
