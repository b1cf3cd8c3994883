# cpack -G DEB builds a .deb whose Depends names exactly the Debian packages of the shared
# libraries dmlconf and dmlconf-plugin-host load (found here with ldd and dpkg -S, apart
# from CPack's dpkg-shlibdeps); unpacked with dpkg -x, its dmlconf passes the installed
# cases with no PATH, and plug-ins run through its dmlconf-plugin-host.
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DSCRATCH=... -DCPACK=... -DSAMPLE_PLUGIN=...
#         -P debian_package.cmake
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

file(REMOVE_RECURSE "${SCRATCH}")
file(MAKE_DIRECTORY "${SCRATCH}")
expect(RC 0 COMMAND "${CPACK}" -G DEB --config "${BUILD_DIR}/CPackConfig.cmake" -B "${SCRATCH}/package")
file(GLOB debs "${SCRATCH}/package/*.deb")
list(LENGTH debs count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "cpack -G DEB made ${count} .deb files: ${debs}")
endif()

# The packages owning the libraries the two programs load, as this machine resolves them.
set(wanted "")
foreach(program IN ITEMS dmlconf dmlconf-plugin-host)
  expect(RC 0 OUT linked COMMAND ldd "${BUILD_DIR}/${program}")
  string(REGEX MATCHALL "=> /[^ \n]+|\n[ \t]*/[^ \n]+" paths "${linked}")
  foreach(path IN LISTS paths)
    string(REGEX REPLACE "^(=>|\n)[ \t]*" "" path "${path}")
    # Merged /usr: the loader's /lib/x is dpkg's /usr/lib/x or /lib/x, whichever it recorded.
    string(REGEX REPLACE "^/usr/" "/" short "${path}")
    escape_regex("${short}" short_regex)
    expect(RC 0 OUT owners COMMAND dpkg -S "*${short}")
    string(REGEX MATCHALL "(^|\n)[^\n]+: (/usr)?${short_regex}(\n|$)" lines "${owners}")
    foreach(line IN LISTS lines)
      string(REGEX REPLACE "^\n?([^\n]+): /[^\n]*\n?$" "\\1" names "${line}")
      string(REPLACE ", " ";" names "${names}")
      foreach(name IN LISTS names)
        string(REGEX REPLACE ":[a-z0-9]+$" "" name "${name}")  # the architecture
        list(APPEND wanted ${name})
      endforeach()
    endforeach()
    if(NOT lines)
      message(FATAL_ERROR "no Debian package owns ${path}:\n${owners}")
    endif()
  endforeach()
endforeach()
list(REMOVE_DUPLICATES wanted)
list(SORT wanted)

expect(RC 0 OUT depends COMMAND dpkg-deb -f "${debs}" Depends)
string(STRIP "${depends}" depends)
string(REGEX REPLACE " \\([^)]*\\)" "" depended "${depends}")
string(REPLACE ", " ";" depended "${depended}")
list(SORT depended)
if(NOT depended STREQUAL wanted)
  message(FATAL_ERROR "Depends: ${depends}\nwanted the owners of the linked libraries: ${wanted}")
endif()

file(MAKE_DIRECTORY "${SCRATCH}/root")
expect(RC 0 COMMAND dpkg -x "${debs}" "${SCRATCH}/root")
set(prefix "${SCRATCH}/root/usr")
expect_installed_suite_passes("${prefix}")
expect(RC 0 REGEX "\n[1-9][0-9]* passed, 0 failed, 0 skipped\n$"
       COMMAND "${prefix}/bin/dmlconf" run "${prefix}/share/dmlconf/cases/generated/join"
               --backend "plugin:${SAMPLE_PLUGIN}")

# Issue 31: the package holds a plug-in sample and an example project, and BACKENDS.md's
# links lead to files it holds.
set(doc "${prefix}/share/doc/dmlconf")
foreach(file IN ITEMS tools/sample_backend/sample_backend.c examples/consumer/CMakeLists.txt
                      examples/consumer/join_plugin.c)
  if(NOT EXISTS "${doc}/${file}")
    message(FATAL_ERROR "the .deb has no ${doc}/${file}")
  endif()
endforeach()
file(READ "${doc}/validator/BACKENDS.md" backends)
# "](target)" marked first: a CMake list does not split inside unbalanced brackets.
string(REPLACE "](" "\nLINK " backends "${backends}")
string(REGEX MATCHALL "\nLINK [^)#:\n]+\\)" links "${backends}")
foreach(link IN LISTS links)
  string(REGEX REPLACE "^\nLINK (.*)\\)$" "\\1" target "${link}")
  if(NOT EXISTS "${doc}/validator/${target}")
    message(FATAL_ERROR "BACKENDS.md links to ${target}, which the .deb does not hold")
  endif()
endforeach()

# Issue 31: the Debian copyright file, machine-readable (DEP-5), naming the copyright
# holder and saying that no licence has been granted; and no WebNN vector in the package.
set(copyright "${doc}/copyright")
if(NOT EXISTS "${copyright}")
  message(FATAL_ERROR "the .deb has no /usr/share/doc/dmlconf/copyright")
endif()
file(READ "${copyright}" text)
foreach(needed IN ITEMS "^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
                        "\nUpstream-Name: dmlconf\n" "\nFiles: \\*\nCopyright: The dmlconf authors\n"
                        "No licence has been granted")
  if(NOT text MATCHES "${needed}")
    message(FATAL_ERROR "${copyright} does not match ${needed}:\n${text}")
  endif()
endforeach()
file(GLOB_RECURSE shipped RELATIVE "${SCRATCH}/root" "${SCRATCH}/root/*")
foreach(file IN LISTS shipped)
  string(TOLOWER "${file}" lower)
  if(lower MATCHES "webnn|wpt")
    message(FATAL_ERROR "the .deb ships ${file}: the WebNN vectors are not the project's to ship")
  endif()
endforeach()
