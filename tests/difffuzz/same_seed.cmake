# The same seed against the same backend runs the same cases with the same verdicts:
#   cmake -DDMLCONF=dmlconf -DBACKEND=b -P same_seed.cmake
# and another seed other ones.
function(cases seed var)
  execute_process(COMMAND ${DMLCONF} fuzz --backend ${BACKEND} --count 300 --seed ${seed}
                          --verbose
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "seed ${seed}: exit ${rc}:\n${out}${err}")
  endif()
  # The verdict lines only: the closing line holds the time.
  string(REGEX MATCHALL "\n(passed|failed|skipped|error|xfail) +[^\n]+" lines "${out}")
  set(${var} "${lines}" PARENT_SCOPE)
endfunction()
cases(11 first)
cases(11 again)
cases(12 other)
list(LENGTH first count)
if(NOT count EQUAL 300)
  message(FATAL_ERROR "${count} verdict lines, expected 300")
endif()
if(NOT first STREQUAL again)
  message(FATAL_ERROR "seed 11 ran other cases the second time")
endif()
if(first STREQUAL other)
  message(FATAL_ERROR "seeds 11 and 12 ran the same cases")
endif()
