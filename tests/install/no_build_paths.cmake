# Nothing installed names the build tree or the source tree: `strings` of every installed
# file (the binaries included) shows neither path, so the install does not depend on them.
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DSCRATCH=... -P no_build_paths.cmake
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

file(REMOVE_RECURSE "${SCRATCH}")
install_into("${SCRATCH}/prefix")
get_filename_component(source "${SOURCE_DIR}" REALPATH)
get_filename_component(build "${BUILD_DIR}" REALPATH)
set(needles "${SOURCE_DIR}" "${BUILD_DIR}" "${source}" "${build}")
list(REMOVE_DUPLICATES needles)

# The check finds a path where there is one: the build tree's marker names the source tree.
file(COPY "${BUILD_DIR}/dmlconf-source-tree" DESTINATION "${SCRATCH}/control")
files_naming("${SCRATCH}/control" "${needles}" control)
if(NOT control)
  message(FATAL_ERROR "the check does not find ${SOURCE_DIR} in the build tree's marker")
endif()

files_naming("${SCRATCH}/prefix" "${needles}" found)
if(found)
  string(REPLACE ";" "\n" found "${found}")
  message(FATAL_ERROR "installed files name the build or source tree:\n${found}")
endif()
foreach(binary IN ITEMS bin/dmlconf bin/dmlconf-plugin-host)
  if(NOT EXISTS "${SCRATCH}/prefix/${binary}")
    message(FATAL_ERROR "nothing checked: the install holds no ${binary}")
  endif()
endforeach()
