# The build's view of the one operator list, reference/include/dmlconf/ops.inc: each
# operator's files are found by name, so adding an operator adds its files to every
# target without a line here or in any CMakeLists.txt.
include_guard(GLOBAL)

set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${PROJECT_SOURCE_DIR}/reference/include/dmlconf/ops.inc)

# dmlconf_operator_files(<var> <pattern>...): every pattern for every operator of ops.inc,
# in its order, with @op@ replaced by the operator's file name: its Type in snake_case
# (Split -> split, DepthToSpace1 -> depth_to_space1). Paths stay as the patterns give
# them (relative ones from the calling folder). A file that is missing is a configure
# error naming it: an operator is never left out of a target silently.
function(dmlconf_operator_files var)
  file(STRINGS ${PROJECT_SOURCE_DIR}/reference/include/dmlconf/ops.inc lines
       REGEX "^DMLCONF_OPERATOR\\(")
  set(files)
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^DMLCONF_OPERATOR\\(([A-Za-z0-9]+),.*" "\\1" type "${line}")
    string(REGEX REPLACE "([a-z0-9])([A-Z])" "\\1_\\2" name "${type}")
    string(TOLOWER "${name}" name)
    foreach(pattern IN LISTS ARGN)
      string(REPLACE "@op@" "${name}" file "${pattern}")
      get_filename_component(path "${file}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      if(NOT EXISTS "${path}")
        message(FATAL_ERROR "ops.inc lists ${type}, but ${path} does not exist")
      endif()
      list(APPEND files "${file}")
    endforeach()
  endforeach()
  set(${var} ${files} PARENT_SCOPE)
endfunction()
