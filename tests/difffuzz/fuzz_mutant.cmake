# dmlconf fuzz against one mutant of the mutant plug-in (tests/mutants):
#   cmake -DDMLCONF=dmlconf -DPLUGIN=plugin.so -DMUTANT=name [-DLEVEL=X_Y] -DOUT=dir
#         -P fuzz_mutant.cmake
# "none" (the honest reference) must give no finding. Any other mutant must be found
# within 60 s (the run stops at its first new finding: seconds, usually), and the shrunk
# case file written for it must fail that mutant with `dmlconf run` and pass the
# reference.
if(NOT DEFINED LEVEL)
  set(LEVEL 6_4)
endif()
set(ENV{DMLCONF_MUTANT} "${MUTANT}")
set(ENV{DMLCONF_MUTANT_LEVEL} "${LEVEL}")
set(backend plugin:${PLUGIN})
file(REMOVE_RECURSE "${OUT}")
if(MUTANT STREQUAL "none")
  set(budget --count 600)
else()
  set(budget --seconds 60 --max-new 1)
endif()
execute_process(COMMAND ${DMLCONF} fuzz --backend ${backend} ${budget} --seed 1 --out ${OUT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
if(MUTANT STREQUAL "none")
  if(NOT rc EQUAL 0 OR NOT out MATCHES "\n600 cases in [^\n]*: 0 new findings, 0 known\n")
    message(FATAL_ERROR "the honest reference behind the plug-in gave findings (exit ${rc}):\n${all}")
  endif()
  return()
endif()
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "mutant ${MUTANT} (a ${LEVEL} device) not found in 60 s (exit ${rc}):\n${all}")
endif()
file(GLOB written ${OUT}/*.yaml)
list(LENGTH written count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "${count} case files written for the first finding, not one:\n${all}")
endif()
execute_process(COMMAND ${DMLCONF} run ${written} --backend ${backend} --feature-level ${LEVEL}
                RESULT_VARIABLE rc_mutant OUTPUT_VARIABLE out_mutant ERROR_VARIABLE err_mutant)
if(NOT rc_mutant EQUAL 1 OR NOT out_mutant MATCHES "\n0 passed, 1 failed, 0 skipped\n")
  message(FATAL_ERROR "the shrunk case ${written} does not fail mutant ${MUTANT} "
                      "(exit ${rc_mutant}):\n${out_mutant}${err_mutant}")
endif()
execute_process(COMMAND ${DMLCONF} run ${written} --backend reference
                RESULT_VARIABLE rc_ref OUTPUT_VARIABLE out_ref ERROR_VARIABLE err_ref)
if(NOT rc_ref EQUAL 0 OR NOT out_ref MATCHES "\n1 passed, 0 failed, 0 skipped\n")
  message(FATAL_ERROR "the shrunk case ${written} does not pass the reference "
                      "(exit ${rc_ref}):\n${out_ref}${err_ref}")
endif()
string(REGEX MATCH "\nnew    [^\n]*" first "${out}")
file(READ ${written} text)
string(REGEX MATCH "\n    descriptor:.*" shrunk "${text}")
message(STATUS "mutant ${MUTANT} found:${first}\n  shrunk to ${written}:${shrunk}")
