# Regenerates the cases into a scratch folder and fails if anything differs
# from the committed cases/generated (a hand edit, or a generator change whose
# output was not committed). Run as: cmake -DDMLCONF=... -DSOURCE_DIR=... -DSCRATCH=... -P
file(REMOVE_RECURSE "${SCRATCH}")
execute_process(COMMAND "${DMLCONF}" generate --out "${SCRATCH}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dmlconf generate failed (${rc})")
endif()
execute_process(COMMAND diff -r "${SCRATCH}" "${SOURCE_DIR}/cases/generated" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cases/generated differs from a fresh `dmlconf generate`; "
                      "run `dmlconf generate --out cases/generated` and commit the result")
endif()
