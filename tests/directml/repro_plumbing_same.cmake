# The reproducers in tools/directml/repro are single files by design (a DirectML engineer
# builds one with one command), so each carries the same DirectML and Direct3D 12
# plumbing. This keeps the copies one text: a fix made in one must be made in all.
#   cmake -DREPRO_DIR=tools/directml/repro -P repro_plumbing_same.cmake
file(GLOB sources "${REPRO_DIR}/*.cpp")
list(LENGTH sources count)
if(count LESS 2)
  message(FATAL_ERROR "fewer than two reproducers in ${REPRO_DIR}")
endif()
set(first "")
foreach(source IN LISTS sources)
  file(READ "${source}" text)
  string(FIND "${text}" "// ---- DirectML and Direct3D 12 plumbing" begin)
  string(FIND "${text}" "}  // namespace" end)
  if(begin EQUAL -1 OR end EQUAL -1 OR end LESS begin)
    message(FATAL_ERROR "${source}: no plumbing section ('// ---- DirectML and Direct3D 12 "
                        "plumbing' ... '}  // namespace')")
  endif()
  math(EXPR length "${end} - ${begin}")
  string(SUBSTRING "${text}" ${begin} ${length} plumbing)
  if(first STREQUAL "")
    set(first "${source}")
    set(reference "${plumbing}")
  elseif(NOT plumbing STREQUAL reference)
    message(FATAL_ERROR "${source}'s plumbing differs from ${first}'s: make them the same text")
  endif()
endforeach()
message(STATUS "${count} reproducers share one plumbing text")
