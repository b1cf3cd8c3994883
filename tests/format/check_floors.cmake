# Every include in validator/src points down a floor (CONTRIBUTING.md, "Layout"):
#   platform/  names none of run/, backends/, cases/, fuzz/, generate/;
#   cases/     names neither run/ nor backends/;
#   run/       names no backends/.
#   cmake -DSRC=<folder holding those floors> -P check_floors.cmake
# Fails naming each file, line and include that points up.
get_filename_component(SRC "${SRC}" ABSOLUTE)
if(NOT IS_DIRECTORY "${SRC}")
  message(FATAL_ERROR "check_floors: SRC='${SRC}' is not a folder")
endif()
set(platform_above run backends cases fuzz generate)
set(cases_above run backends)
set(run_above backends)
set(violations 0)
foreach(floor IN ITEMS platform cases run)
  file(GLOB_RECURSE files "${SRC}/${floor}/*.h" "${SRC}/${floor}/*.cc")
  foreach(file IN LISTS files)
    file(STRINGS "${file}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS lines)
      foreach(above IN LISTS ${floor}_above)
        if(line MATCHES "\"${above}/")
          file(RELATIVE_PATH name "${SRC}" "${file}")
          message(SEND_ERROR "${name}: '${line}' points up: ${floor}/ includes nothing of ${above}/")
          math(EXPR violations "${violations} + 1")
        endif()
      endforeach()
    endforeach()
  endforeach()
endforeach()
if(violations GREATER 0)
  message(FATAL_ERROR "check_floors: ${violations} includes point up a floor")
endif()
message(STATUS "check_floors: every include in platform/, cases/ and run/ points down")
