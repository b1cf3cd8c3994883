# Runs the committed suite against every mutant at once, the fixture of the
# mutants.* tests (run_mutant.cmake judges each from what this writes):
#   cmake -DDMLCONF=dmlconf -DPLUGIN=plugin.so -DCASES=cases -DDIR=folder
#         -DMUTANTS=name@level,... [-DTRANSPORT=plugin|plugin-in-process] -P run_all_mutants.cmake
# Each mutant is a copy of the plug-in named NAME@LEVEL.so in DIR (mutant_plugin.cc: a
# copy is a module of its own, where two names of one file would be one module), the
# backend NAME.LEVEL. One run reads the cases once: reading them is 12 of the 14 s a
# mutant's own run took (1 Dec 2026), 30 times over. DIR/gate.txt gets the run's output.
if(NOT DEFINED TRANSPORT)
  set(TRANSPORT plugin)
endif()
string(REPLACE "," ";" MUTANTS "${MUTANTS}")
file(REMOVE_RECURSE "${DIR}")
file(MAKE_DIRECTORY "${DIR}")
set(backends)
foreach(mutant IN LISTS MUTANTS)
  file(COPY_FILE "${PLUGIN}" "${DIR}/${mutant}.so")
  string(REPLACE "@" "." name "${mutant}")  # a backend's name has no '@'
  list(APPEND backends --backend "${name}=${TRANSPORT}:${DIR}/${mutant}.so")
endforeach()
# Neither variable may be set: each copy takes its mutant from its name.
unset(ENV{DMLCONF_MUTANT})
unset(ENV{DMLCONF_MUTANT_LEVEL})
execute_process(COMMAND ${DMLCONF} run ${CASES} ${backends} RESULT_VARIABLE rc
                OUTPUT_FILE "${DIR}/gate.txt" ERROR_VARIABLE err)
# 1: some backend failed a case, as every mutant but "none" must. Anything else (2: a
# backend that did not load) leaves nothing to judge.
if(NOT rc EQUAL 0 AND NOT rc EQUAL 1)
  file(READ "${DIR}/gate.txt" out LIMIT 4000)
  message(FATAL_ERROR "the run of every mutant exited ${rc}:\n${err}\n${out}")
endif()
message(STATUS "${DIR}/gate.txt: every mutant's run (exit code ${rc})")
