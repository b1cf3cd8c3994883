# dmlconf_add_conformance_test(NAME <test> BACKEND <spec>...
#                              [PROFILE directml|values] [OPERATORS <op>...]
#                              [FILTER <glob>...] [EXCLUDE <glob>...]
#                              [FEATURE_LEVEL <X_Y>] [CLAIM <X_Y>] [XFAIL <file>]
#                              [CASES <path>...] [REPORT_DIR <dir>] [ARGS <arg>...])
#
# Registers the CTest <test>: `dmlconf run` on each BACKEND, a --backend spec such as
# plugin:$<TARGET_FILE:my_plugin> or serve:COMMAND (one spec per list element, so a spec
# holds no ';'). It reads the installed cases unless CASES names files or folders. The
# test fails when dmlconf exits non-zero: a failed or error verdict, an entry of XFAIL that
# passes, a CLAIM that does not hold, nothing judged, or a usage error.
#
# PROFILE values judges only cases that run, for a backend that does not copy DirectML's
# support tables and reason codes. OPERATORS, FILTER and EXCLUDE narrow the selection
# (--operator, --filter, --exclude); ARGS goes to `dmlconf run` as it is. Relative CASES and
# XFAIL paths are read from the calling CMakeLists.txt's folder.
#
# The reports go to REPORT_DIR, by default <current binary dir>/dmlconf/<test>: junit.xml
# for CI (e.g. GitLab's artifacts:reports:junit: build/**/dmlconf/*/junit.xml), report.json
# for `dmlconf diff`, report.md and report.html for people; a failing test attaches
# report.md to its CDash submission.
include_guard(GLOBAL)

function(dmlconf_add_conformance_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;PROFILE;FEATURE_LEVEL;CLAIM;XFAIL;REPORT_DIR"
                        "BACKEND;OPERATORS;FILTER;EXCLUDE;CASES;ARGS")
  set(fn dmlconf_add_conformance_test)
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${fn}: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(arg_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "${fn}: no value given for ${arg_KEYWORDS_MISSING_VALUES}")
  endif()
  if(NOT arg_NAME OR NOT arg_BACKEND)
    message(FATAL_ERROR "${fn}: NAME and BACKEND are required")
  endif()
  if(NOT arg_REPORT_DIR)
    set(arg_REPORT_DIR ${CMAKE_CURRENT_BINARY_DIR}/dmlconf/${arg_NAME})
  endif()

  set(command $<TARGET_FILE:dmlconf::dmlconf> run)
  foreach(path IN LISTS arg_CASES)
    _dmlconf_absolute(path)
    list(APPEND command ${path})
  endforeach()
  foreach(backend IN LISTS arg_BACKEND)
    list(APPEND command --backend ${backend})
  endforeach()
  foreach(option IN ITEMS OPERATORS:--operator FILTER:--filter EXCLUDE:--exclude)
    string(REPLACE ":" ";" option ${option})
    list(GET option 0 keyword)
    list(GET option 1 flag)
    foreach(value IN LISTS arg_${keyword})
      list(APPEND command ${flag} ${value})
    endforeach()
  endforeach()
  foreach(option IN ITEMS PROFILE:--profile FEATURE_LEVEL:--feature-level CLAIM:--claim)
    string(REPLACE ":" ";" option ${option})
    list(GET option 0 keyword)
    list(GET option 1 flag)
    if(DEFINED arg_${keyword})
      list(APPEND command ${flag} ${arg_${keyword}})
    endif()
  endforeach()
  if(arg_XFAIL)
    _dmlconf_absolute(arg_XFAIL)
    list(APPEND command --xfail ${arg_XFAIL})
  endif()
  list(APPEND command --report-dir ${arg_REPORT_DIR} ${arg_ARGS})

  add_test(NAME ${arg_NAME} COMMAND ${command})
  set_tests_properties(${arg_NAME} PROPERTIES LABELS dmlconf
                       ATTACHED_FILES_ON_FAIL ${arg_REPORT_DIR}/report.md)
endfunction()

# A relative path, as the calling CMakeLists.txt's folder sees it; a generator
# expression is left to the generator.
function(_dmlconf_absolute variable)
  set(path "${${variable}}")
  if(NOT IS_ABSOLUTE "${path}" AND NOT path MATCHES "^\\$<")
    get_filename_component(path "${path}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  endif()
  set(${variable} "${path}" PARENT_SCOPE)
endfunction()
