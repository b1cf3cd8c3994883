# `cmake --install BUILD --prefix P`, the CMake package (find_package(dmlconf CONFIG)) and
# the Debian package (cpack -G DEB). The layout below works wherever P lands: dmlconf
# finds the rest from its own place (validator/src/platform/data_paths.h).
#   bin/dmlconf, bin/dmlconf-plugin-host       the CLI, and the host of plugin: backends
#   include/dmlconf/dmlconf_backend.h          the plug-in contract, with the operator list
#   include/dmlconf/ops.inc, op_schema.inc,    and the schema and array kinds it includes
#     array_kinds.inc
#   share/dmlconf/cases/                       the committed cases, the default PATH
#   libexec/dmlconf/directml/                  the DirectML launcher and host, when built
#   lib/cmake/dmlconf/                         the CMake package
#   share/doc/dmlconf/                         README.md and the docs it links to, each in
#                                              its repository place so the links hold; the
#                                              plug-in samples; examples/consumer/, a plug-in
#                                              project with its CTest
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The plug-in contract as a target of its own: all a backend project compiles against.
add_library(dmlconf_backend_header INTERFACE)
add_library(dmlconf::backend_header ALIAS dmlconf_backend_header)
target_include_directories(dmlconf_backend_header INTERFACE
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/validator/include>
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/reference/include>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
set_target_properties(dmlconf_backend_header PROPERTIES EXPORT_NAME backend_header)

install(TARGETS dmlconf dmlconf_backend_header EXPORT dmlconfTargets
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# Beside dmlconf, where plugin: looks for it; not exported: nothing but dmlconf runs it.
install(TARGETS dmlconf-plugin-host RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES validator/include/dmlconf/dmlconf_backend.h reference/include/dmlconf/ops.inc
              reference/include/dmlconf/op_schema.inc reference/include/dmlconf/array_kinds.inc
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/dmlconf)
install(DIRECTORY cases DESTINATION ${CMAKE_INSTALL_DATADIR}/dmlconf)

install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
# Debian's machine-readable copyright file: who holds the copyright, that no licence has
# been granted yet, and the third-party code the programs contain.
install(FILES tools/cmake/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES validator/BACKENDS.md DESTINATION ${CMAKE_INSTALL_DOCDIR}/validator)
install(FILES cases/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR}/cases)
install(FILES reports/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR}/reports)
install(FILES reference/OPERATORS.md DESTINATION ${CMAKE_INSTALL_DOCDIR}/reference)
# What BACKENDS.md links to, where its links point (validator/include/...), and the
# plug-in samples it names; the consumer project (a plug-in with its CTest: conformance
# tests with an expected-failure list and a baseline, and a fuzz test) as the example
# a backend project starts from.
install(FILES validator/include/dmlconf/dmlconf_backend.h
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/validator/include/dmlconf)
install(FILES tools/sample_backend/sample_backend.c tools/sample_backend/join_serve.cc
              tools/sample_backend/join_backend.py
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/tools/sample_backend)
install(DIRECTORY tests/consumer/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples/consumer)

# The DirectML host, when tools/directml/setup.sh built it before this configure: its
# launcher, wine-run and the host's .exe. Its state (Wine prefix, lavapipe, DirectML DLLs)
# changes as it runs and stays out of the prefix: the installed launcher reads
# $DMLCONF_DIRECTML_STATE, else $XDG_STATE_HOME/dmlconf/directml.
set(DMLCONF_DIRECTML_HOST_EXE ${PROJECT_SOURCE_DIR}/.directml/bin/dmlconf-directml-host.exe
    CACHE FILEPATH "The DirectML host to install, when it exists (tools/directml/setup.sh)")
if(EXISTS ${DMLCONF_DIRECTML_HOST_EXE})
  install(PROGRAMS tools/directml/dmlconf-directml-host tools/directml/wine-run
                   ${DMLCONF_DIRECTML_HOST_EXE}
          DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/dmlconf/directml)
  set(CPACK_DEBIAN_PACKAGE_SUGGESTS "wine64, wine, libvkd3d1, xvfb, xauth")
endif()

# The CMake package: dmlconf::dmlconf, dmlconf::backend_header and
# dmlconf_add_conformance_test() (tools/cmake/dmlconfTesting.cmake).
set(package_dir ${CMAKE_INSTALL_LIBDIR}/cmake/dmlconf)
set(package_build ${PROJECT_BINARY_DIR}/package)
install(EXPORT dmlconfTargets NAMESPACE dmlconf:: DESTINATION ${package_dir})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/dmlconfConfig.cmake.in
                              ${package_build}/dmlconfConfig.cmake
                              INSTALL_DESTINATION ${package_dir})
# 0.x: a new minor version may change the command line the test function writes.
write_basic_package_version_file(${package_build}/dmlconfConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${package_build}/dmlconfConfig.cmake ${package_build}/dmlconfConfigVersion.cmake
              ${CMAKE_CURRENT_LIST_DIR}/dmlconfTesting.cmake
        DESTINATION ${package_dir})

# cpack -G DEB: installs under /usr; the Depends line comes from dpkg-shlibdeps (Debian
# package dpkg-dev), which names the Debian packages of the shared libraries dmlconf links.
set(CPACK_PACKAGE_NAME dmlconf)
set(CPACK_PACKAGE_VENDOR dmlconf)
if(NOT CPACK_PACKAGE_CONTACT)
  set(CPACK_PACKAGE_CONTACT "dmlconf maintainers")
endif()
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "conformance and validation suite for DirectML's data-movement operators")
set(CPACK_PACKAGE_DESCRIPTION
    "Runs YAML conformance cases for SPLIT, JOIN, GATHER, DEPTH_TO_SPACE1,
SPACE_TO_DEPTH1 and REVERSE_SUBSEQUENCES on a naive reference, a blocked
implementation, C ABI plug-ins and programs speaking a JSON-lines protocol,
and writes JSON, JUnit, Markdown and HTML reports. Ships the committed cases,
the plug-in header and a CMake package (find_package(dmlconf)).")
set(CPACK_GENERATOR DEB)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
include(CPack)
