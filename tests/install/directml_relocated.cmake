# The DirectML host installed with dmlconf, the prefix moved: `--backend directml` runs the
# moved libexec's launcher and .exe on the state found through $XDG_STATE_HOME (here a link
# to the clone's .directml/, which tools/directml/setup.sh made), and the installed spec
# examples pass on DirectML as they do from the build tree (tests/directml).
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DSCRATCH=... -P directml_relocated.cmake
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

file(REMOVE_RECURSE "${SCRATCH}")
file(MAKE_DIRECTORY "${SCRATCH}/xdg/dmlconf")
install_into("${SCRATCH}/installed")
file(RENAME "${SCRATCH}/installed" "${SCRATCH}/moved")
set(prefix "${SCRATCH}/moved")
foreach(file IN ITEMS dmlconf-directml-host wine-run dmlconf-directml-host.exe)
  if(NOT EXISTS "${prefix}/libexec/dmlconf/directml/${file}")
    message(FATAL_ERROR "the install holds no libexec/dmlconf/directml/${file}")
  endif()
endforeach()
file(CREATE_LINK "${SOURCE_DIR}/.directml" "${SCRATCH}/xdg/dmlconf/directml" SYMBOLIC)
set(ENV{XDG_STATE_HOME} "${SCRATCH}/xdg")
# As many as `dmlconf list` counts: every spec example passes on DirectML, but for the one
# expected failure of the clone's list (E8).
expect(RC 0 OUT spec_list COMMAND "${BUILD_DIR}/dmlconf" list "${SOURCE_DIR}/cases/spec")
string(REGEX MATCHALL "\n" spec_lines "${spec_list}")
list(LENGTH spec_lines spec_cases)
math(EXPR spec_passing "${spec_cases} - 1")
expect(RC 0 REGEX "\n${spec_passing} passed, 0 failed, 0 skipped, 1 xfail\n"
       COMMAND "${prefix}/bin/dmlconf" run "${prefix}/share/dmlconf/cases/spec" --backend directml
               --xfail "${SOURCE_DIR}/tools/directml/expected-failures.txt")
