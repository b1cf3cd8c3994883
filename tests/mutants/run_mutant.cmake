# Judges one mutant from the run of every mutant (run_all_mutants.cmake, the fixture):
#   cmake -DGATE=gate.txt -DMUTANT=name -DLEVEL=X_Y [-DEVERY_OPERATOR=ON] -P run_mutant.cmake
# The mutant is the backend NAME.LEVEL there, LEVEL the feature level it declared. MUTANT
# "none" (the honest reference) must conform at its level (every case ran and passed).
# Any other mutant must be caught: at least one failed case; with -DEVERY_OPERATOR=ON a
# failed case of every operator, not only of some. Prints the first case that caught it,
# so the test's output (ctest -V, LastTest.log) says what did.
set(backend "${MUTANT}\\.${LEVEL}")  # NAME.LEVEL, as a regular expression
set(device "mutant ${MUTANT} (as a ${LEVEL} device)")
if(NOT EXISTS "${GATE}")
  message(FATAL_ERROR "${device}: no run of the mutants (${GATE}); its fixture failed")
endif()

# Every failed case is a line "failed  <case> [<backend>] (<file>:<line>)"; every backend
# has a closing claim line, "claim <backend>: conforms at <level>: ..." when every case
# of its level and below ran and passed.
set(failure "^failed  [^ ]+ \\[${backend}\\] ")
file(STRINGS "${GATE}" failures REGEX "${failure}")
list(LENGTH failures failed)
file(STRINGS "${GATE}" claim REGEX "^claim ${backend}: ")
if(NOT claim)
  message(FATAL_ERROR "${device}: no claim line of backend ${MUTANT}.${LEVEL} in ${GATE}")
endif()

if(MUTANT STREQUAL "none")
  if(NOT failed EQUAL 0 OR NOT claim MATCHES ": conforms at ${LEVEL}: ")
    message(FATAL_ERROR "the honest reference (${device}) must pass the committed suite: "
                        "${failed} failed; ${claim} (${GATE})")
  endif()
  message(STATUS "${device} passes: ${claim}")
  return()
endif()

if(failed EQUAL 0)
  message(FATAL_ERROR "${device} SURVIVES the committed suite (${claim}): "
                      "a case is missing (tests/mutants/SURVIVORS.md)")
endif()
if(EVERY_OPERATOR)
  foreach(op IN ITEMS split join gather depth_to_space1 space_to_depth1 reverse_subsequences
                      depth_to_space space_to_depth)
    if(NOT failures MATCHES "(^|;)failed  ${op}/")
      message(FATAL_ERROR "${device} SURVIVES every ${op} case (${failed} failed): ${op}'s "
                          "cases lack the values it changes")
    endif()
  endforeach()
endif()
list(GET failures 0 first)
message(STATUS "${device} caught: ${failed} failed cases\n  first failing case: ${first}")
