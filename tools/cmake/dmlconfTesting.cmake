# dmlconf_add_conformance_test(NAME <test> BACKEND <spec>...
#                              [PROFILE directml|values] [OPERATORS <op>...]
#                              [FILTER <glob>...] [EXCLUDE <glob>...]
#                              [FEATURE_LEVEL <X_Y>] [CLAIM <X_Y>] [XFAIL <file>]
#                              [BASELINE <report.json>] [CASES <path>...]
#                              [REPORT_DIR <dir>] [ARGS <arg>...])
#
# Registers the CTest <test>: `dmlconf run` on each BACKEND, a --backend spec such as
# plugin:$<TARGET_FILE:my_plugin> or serve:COMMAND (one spec per list element, so a spec
# holds no ';'). It reads the installed cases unless CASES names files or folders. The
# test fails when dmlconf exits non-zero: a failed or error verdict, an entry of XFAIL that
# passes, a CLAIM that does not hold, nothing judged, or a usage error. With BASELINE (a
# previous run's report.json, kept in the project) only a regression against it fails:
# the failures it also holds are xfails in every report, junit.xml's failures="0" included.
#
# PROFILE values judges only cases that run, for a backend that does not copy DirectML's
# support tables and reason codes. OPERATORS, FILTER and EXCLUDE narrow the selection
# (--operator, --filter, --exclude); ARGS goes to `dmlconf run` as it is. Relative CASES,
# XFAIL and BASELINE paths are read from the calling CMakeLists.txt's folder. Any keyword
# but NAME and BACKEND may be given empty (ARGS ${MY_EXTRA_ARGS} with nothing in it): it
# then adds nothing.
#
# The reports go to REPORT_DIR, by default <current binary dir>/dmlconf/<test>: junit.xml
# for CI (e.g. GitLab's artifacts:reports:junit: build/**/dmlconf/*/junit.xml), report.json
# for `dmlconf diff`, report.md and report.html for people; a failing test attaches
# report.md to its CDash submission.
include_guard(GLOBAL)

function(dmlconf_add_conformance_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;PROFILE;FEATURE_LEVEL;CLAIM;XFAIL;BASELINE;REPORT_DIR"
                        "BACKEND;OPERATORS;FILTER;EXCLUDE;CASES;ARGS")
  _dmlconf_check_arguments(dmlconf_add_conformance_test)
  set(command $<TARGET_FILE:dmlconf::dmlconf> run)
  foreach(path IN LISTS arg_CASES)
    _dmlconf_absolute(path)
    list(APPEND command ${path})
  endforeach()
  foreach(backend IN LISTS arg_BACKEND)
    list(APPEND command --backend ${backend})
  endforeach()
  _dmlconf_flags(command VALUES FILTER:--filter EXCLUDE:--exclude CLAIM:--claim)
  _dmlconf_selection_flags(command)
  _dmlconf_flags(command FILES BASELINE:--baseline)
  list(APPEND command --report-dir ${arg_REPORT_DIR} ${arg_ARGS})

  add_test(NAME ${arg_NAME} COMMAND ${command})
  set_tests_properties(${arg_NAME} PROPERTIES LABELS dmlconf
                       ATTACHED_FILES_ON_FAIL ${arg_REPORT_DIR}/report.md)
endfunction()

# dmlconf_add_fuzz_test(NAME <test> BACKEND <spec> [COUNT <n>] [SEED <n>]
#                       [PROFILE directml|values] [OPERATORS <op>...] [FEATURE_LEVEL <X_Y>]
#                       [XFAIL <file>] [REPORT_DIR <dir>] [ARGS <arg>...])
#
# Registers the CTest <test>: a bounded `dmlconf fuzz` of the one BACKEND, COUNT cases
# (default 200) from SEED (default 1), so the test tries the same cases on every run and
# machine. It fails on a new finding (one XFAIL does not cover). REPORT_DIR (default
# <current binary dir>/dmlconf/<test>) gets findings.json and findings.md, and each new
# finding's shrunk case file under findings/: the file to commit beside the project's own
# cases once the bug is fixed, or to list in XFAIL meanwhile (`dmlconf fuzz
# --write-xfail`). A nightly job runs it with a larger COUNT and a new SEED, and joins the
# jobs' findings.json with `dmlconf merge`.
function(dmlconf_add_fuzz_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;BACKEND;COUNT;SEED;PROFILE;FEATURE_LEVEL;XFAIL;REPORT_DIR"
                        "OPERATORS;ARGS")
  _dmlconf_check_arguments(dmlconf_add_fuzz_test)
  if(NOT arg_COUNT)
    set(arg_COUNT 200)
  endif()
  if(NOT arg_SEED)
    set(arg_SEED 1)
  endif()
  set(command $<TARGET_FILE:dmlconf::dmlconf> fuzz --backend ${arg_BACKEND} --count ${arg_COUNT}
              --seed ${arg_SEED})
  _dmlconf_selection_flags(command)
  list(APPEND command --out ${arg_REPORT_DIR}/findings --report-dir ${arg_REPORT_DIR} ${arg_ARGS})
  add_test(NAME ${arg_NAME} COMMAND ${command})
  set_tests_properties(${arg_NAME} PROPERTIES LABELS "dmlconf;dmlconf-fuzz"
                       ATTACHED_FILES_ON_FAIL ${arg_REPORT_DIR}/findings.md)
endfunction()

# NAME and BACKEND given, nothing unknown; REPORT_DIR defaulted. An empty keyword is no
# error: a list held in a variable may be empty.
macro(_dmlconf_check_arguments fn)
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${fn}: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_NAME OR NOT arg_BACKEND)
    message(FATAL_ERROR "${fn}: NAME and BACKEND are required")
  endif()
  if(NOT arg_REPORT_DIR)
    set(arg_REPORT_DIR ${CMAKE_CURRENT_BINARY_DIR}/dmlconf/${arg_NAME})
  endif()
endmacro()

# What both helpers select by: OPERATORS, PROFILE, FEATURE_LEVEL and the XFAIL list.
macro(_dmlconf_selection_flags command)
  _dmlconf_flags(${command} VALUES OPERATORS:--operator PROFILE:--profile
                 FEATURE_LEVEL:--feature-level)
  _dmlconf_flags(${command} FILES XFAIL:--xfail)
endmacro()

# KEYWORD:--flag pairs: the flag once per value of arg_KEYWORD (none when it is empty);
# with FILES, each value a path relative to the calling CMakeLists.txt's folder.
macro(_dmlconf_flags command kind)
  foreach(pair IN ITEMS ${ARGN})
    string(REPLACE ":" ";" pair ${pair})
    list(GET pair 0 keyword)
    list(GET pair 1 flag)
    foreach(value IN LISTS arg_${keyword})
      if("${kind}" STREQUAL "FILES")
        _dmlconf_absolute(value)
      endif()
      list(APPEND ${command} ${flag} ${value})
    endforeach()
  endforeach()
endmacro()

# A relative path, as the calling CMakeLists.txt's folder sees it; a generator
# expression is left to the generator.
function(_dmlconf_absolute variable)
  set(path "${${variable}}")
  if(NOT IS_ABSOLUTE "${path}" AND NOT path MATCHES "^\\$<")
    get_filename_component(path "${path}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  endif()
  set(${variable} "${path}" PARENT_SCOPE)
endfunction()
