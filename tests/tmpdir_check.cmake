# The TMPDIR of every test (tests/CMakeLists.txt): MODE=setup empties DIR before the
# tests, MODE=check fails, naming what is there, unless DIR is empty after them.
#   cmake -DDIR=... -DMODE=setup|check -P tmpdir_check.cmake
if(MODE STREQUAL "setup")
  file(REMOVE_RECURSE "${DIR}")
  file(MAKE_DIRECTORY "${DIR}")
  return()
endif()
if(NOT IS_DIRECTORY "${DIR}")
  message(FATAL_ERROR "${DIR} is gone: a test removed the TMPDIR it was given")
endif()
file(GLOB left LIST_DIRECTORIES true RELATIVE "${DIR}" "${DIR}/*" "${DIR}/.*")
list(FILTER left EXCLUDE REGEX "^\\.\\.?$")
if(left)
  list(LENGTH left count)
  list(SORT left)
  list(SUBLIST left 0 20 shown)
  list(JOIN shown "\n  " shown)
  message(FATAL_ERROR "${count} entries left in the tests' TMPDIR ${DIR} (kept for a look; "
                      "the next run's setup removes them):\n  ${shown}")
endif()
message(STATUS "${DIR} is empty: no test left anything in TMPDIR")
