# Shared by the install tests' scripts (cmake -P): installing the targets already built,
# running a command with checks, and the settings that must not leak in from the caller.

# Nothing of the caller's may point dmlconf at data: the defaults are what is tested.
foreach(variable IN ITEMS DMLCONF_CASES DMLCONF_DATA_DIR DMLCONF_PLUGIN_HOST DMLCONF_DIRECTML_STATE)
  unset(ENV{${variable}})
endforeach()

# Installs the build tree BUILD_DIR into `prefix`, from scratch; never builds.
function(install_into prefix)
  file(REMOVE_RECURSE "${prefix}")
  execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install ${BUILD_DIR} --prefix ${prefix} failed (${rc}):\n${out}")
  endif()
endfunction()

# expect(RC <code> [REGEX <regex>] [NOT_REGEX <regex>] [OUT <var>] [DIR <cwd>] COMMAND ...):
# runs COMMAND and stops the test unless it exits with <code> and its stdout and stderr
# together match REGEX and not NOT_REGEX. OUT receives that output.
function(expect)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "RC;REGEX;NOT_REGEX;OUT;DIR" "COMMAND")
  if(NOT arg_DIR)
    set(arg_DIR "${SCRATCH}")
  endif()
  execute_process(COMMAND ${arg_COMMAND} WORKING_DIRECTORY "${arg_DIR}" RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(all "${out}${err}")
  string(REPLACE ";" " " shown "${arg_COMMAND}")
  if(NOT rc STREQUAL arg_RC)
    message(FATAL_ERROR "`${shown}` exited ${rc}, expected ${arg_RC}; output:\n${all}")
  endif()
  if(DEFINED arg_REGEX AND NOT all MATCHES "${arg_REGEX}")
    message(FATAL_ERROR "`${shown}`: output does not match '${arg_REGEX}':\n${all}")
  endif()
  if(DEFINED arg_NOT_REGEX AND all MATCHES "${arg_NOT_REGEX}")
    message(FATAL_ERROR "`${shown}`: output matches '${arg_NOT_REGEX}':\n${all}")
  endif()
  if(arg_OUT)
    set(${arg_OUT} "${all}" PARENT_SCOPE)
  endif()
endfunction()

# The installed cases under `prefix` are the committed ones, file for file and byte for
# byte, and `run` with no PATH (they are its default: `run --help` says so, checked
# where the prefix is moved) passes every one of them on the reference, as many as
# `list` with no PATH lists. The source tree's cases are not listed again: the digest
# has compared them, and a reading of the cases takes 12 s.
function(expect_installed_suite_passes prefix)
  tree_digest("${SOURCE_DIR}/cases" committed)
  tree_digest("${prefix}/share/dmlconf/cases" installed)
  if(NOT committed STREQUAL installed)
    message(FATAL_ERROR "${prefix}/share/dmlconf/cases differs from the committed cases/:\n"
                        "committed:\n${committed}\ninstalled:\n${installed}")
  endif()
  expect(RC 0 OUT installed_list COMMAND "${prefix}/bin/dmlconf" list)
  string(REGEX MATCHALL "\n" lines "${installed_list}")
  list(LENGTH lines cases)
  if(cases LESS 100)
    message(FATAL_ERROR "only ${cases} installed cases listed:\n${installed_list}")
  endif()
  expect(RC 0 REGEX "\n${cases} passed, 0 failed, 0 skipped\n$"
         COMMAND "${prefix}/bin/dmlconf" run --backend reference --report-dir "${SCRATCH}/report")
endfunction()

# `text` with every character that means something in a CMake regex escaped.
function(escape_regex text result)
  string(REGEX REPLACE "([][+.*?()^$|\\])" "\\\\\\1" escaped "${text}")
  set(${result} "${escaped}" PARENT_SCOPE)
endfunction()

# The relative path and SHA-256 of every file under `dir`, one "path hash" a line.
function(tree_digest dir result)
  file(GLOB_RECURSE files RELATIVE "${dir}" "${dir}/*")
  list(SORT files)
  set(lines "")
  foreach(file IN LISTS files)
    file(SHA256 "${dir}/${file}" hash)
    string(APPEND lines "${file} ${hash}\n")
  endforeach()
  set(${result} "${lines}" PARENT_SCOPE)
endfunction()

# Each file under `dir` that holds one of `needles` (absolute paths) as `strings` would
# show it (binaries are read for their printable runs), as "file: needle" into `result`.
function(files_naming dir needles result)
  file(GLOB_RECURSE files "${dir}/*")
  set(found "")
  foreach(file IN LISTS files)
    file(STRINGS "${file}" runs)
    foreach(needle IN LISTS needles)
      string(FIND "${runs}" "${needle}" at)
      if(NOT at EQUAL -1)
        list(APPEND found "${file}: ${needle}")
      endif()
    endforeach()
  endforeach()
  set(${result} "${found}" PARENT_SCOPE)
endfunction()
