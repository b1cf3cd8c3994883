# cmake --install to a prefix, `mv` of the prefix, then every command with its defaults
# from the new place: the data is found from the program's own place, not from a path of
# the build.
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DSCRATCH=... -DSAMPLE_PLUGIN=...
#         -P relocated_prefix.cmake
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

file(REMOVE_RECURSE "${SCRATCH}")
file(MAKE_DIRECTORY "${SCRATCH}")
install_into("${SCRATCH}/installed")
file(RENAME "${SCRATCH}/installed" "${SCRATCH}/moved")
set(prefix "${SCRATCH}/moved")
set(dmlconf "${prefix}/bin/dmlconf")
foreach(file IN ITEMS bin/dmlconf-plugin-host include/dmlconf/dmlconf_backend.h
                      share/doc/dmlconf/README.md share/doc/dmlconf/validator/BACKENDS.md
                      share/doc/dmlconf/cases/README.md share/doc/dmlconf/reference/OPERATORS.md
                      lib/cmake/dmlconf/dmlconfConfig.cmake)
  if(NOT EXISTS "${prefix}/${file}")
    message(FATAL_ERROR "the install holds no ${file}")
  endif()
endforeach()

expect_installed_suite_passes("${prefix}")
expect(RC 0 REGEX "SPLIT: [1-9][0-9]* positive cases.*REVERSE_SUBSEQUENCES: [1-9][0-9]* positive"
       COMMAND "${dmlconf}" coverage)
expect(RC 0 REGEX "JOIN at 6_4[^\n]*: ranks 1-8" COMMAND "${dmlconf}" support JOIN --feature-level 6_4)

# plugin: finds the installed dmlconf-plugin-host beside the moved dmlconf.
expect(RC 0 REGEX "\n[1-9][0-9]* passed, 0 failed, 0 skipped\n$"
       COMMAND "${dmlconf}" run "${prefix}/share/dmlconf/cases/generated/join"
               --backend "plugin:${SAMPLE_PLUGIN}")

# The run reads the moved prefix's cases, not the source tree's: a case planted there
# (a wrong expected value) fails, and its reproducer names the moved prefix.
file(COPY "${SOURCE_DIR}/tests/cli/fixtures/wrong_expected.yaml"
     DESTINATION "${prefix}/share/dmlconf/cases/planted")
escape_regex("${prefix}" prefix_regex)
expect(RC 1 REGEX "reproduce: [^\n]*${prefix_regex}/share/dmlconf/cases/planted/wrong_expected"
       COMMAND "${dmlconf}" run --backend reference --case cli/wrong-expected)

# Its help names the folder it reads without a PATH: the moved prefix's (issue 31: it
# said "the in-tree cases/" for an installed binary).
expect(RC 0 REGEX "paths TEXT [^\n]*default: ${prefix_regex}/share/dmlconf/cases"
       COMMAND "${dmlconf}" run --help)

# DMLCONF_DATA_DIR and DMLCONF_CASES still override the default.
file(MAKE_DIRECTORY "${SCRATCH}/data/cases")
file(COPY "${SOURCE_DIR}/cases/spec" DESTINATION "${SCRATCH}/data/cases")
expect(RC 0 OUT spec_list COMMAND "${BUILD_DIR}/dmlconf" list "${SOURCE_DIR}/cases/spec")
string(REGEX MATCHALL "\n" spec_lines "${spec_list}")
list(LENGTH spec_lines spec_cases)
set(ENV{DMLCONF_DATA_DIR} "${SCRATCH}/data")
expect(RC 0 REGEX "\n${spec_cases} passed, 0 failed, 0 skipped\n$"
       COMMAND "${dmlconf}" run --backend reference)
unset(ENV{DMLCONF_DATA_DIR})
set(ENV{DMLCONF_CASES} "${SCRATCH}/data/cases/spec")
expect(RC 0 REGEX "\n${spec_cases} passed, 0 failed, 0 skipped\n$"
       COMMAND "${dmlconf}" run --backend reference)
unset(ENV{DMLCONF_CASES})

# `--backend directml` runs the moved prefix's launcher. Without one (this build's
# DirectML was not set up), the error names where it was looked for; with one, the state
# it looks for (Wine prefix, lavapipe, DLLs: never in the prefix) is $DMLCONF_DIRECTML_STATE,
# else $XDG_STATE_HOME/dmlconf/directml, and the error names it. (install.directml_relocated
# runs the installed host for real.)
set(launcher "${prefix}/libexec/dmlconf/directml/dmlconf-directml-host")
set(directml "${dmlconf}" run --backend directml --case cli/wrong-expected)
if(NOT EXISTS "${launcher}")
  expect(RC 2 REGEX "${prefix_regex}/libexec/dmlconf/directml/dmlconf-directml-host is missing"
         COMMAND ${directml})
else()
  set(ENV{DMLCONF_DIRECTML_STATE} "${SCRATCH}/no-state")
  escape_regex("${SCRATCH}/no-state" state_regex)
  expect(RC 2 REGEX "no DirectML is set up in ${state_regex}:" COMMAND ${directml})
  unset(ENV{DMLCONF_DIRECTML_STATE})
  set(ENV{XDG_STATE_HOME} "${SCRATCH}/xdg")
  escape_regex("${SCRATCH}/xdg/dmlconf/directml" state_regex)
  expect(RC 2 REGEX "no DirectML is set up in ${state_regex}:" COMMAND ${directml})
endif()

# Alone, without its share/, dmlconf says where it looked and how to point it elsewhere.
file(MAKE_DIRECTORY "${SCRATCH}/alone/bin")
file(COPY "${dmlconf}" DESTINATION "${SCRATCH}/alone/bin")
escape_regex("${SCRATCH}/alone/share/dmlconf/cases" alone_regex)
expect(RC 2 REGEX "default case folder ${alone_regex} does not exist"
       COMMAND "${SCRATCH}/alone/bin/dmlconf" list)
