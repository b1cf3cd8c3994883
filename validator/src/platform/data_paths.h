// Where dmlconf finds what it does not compile in: its cases and docs, and the DirectML
// host. Everything is found from the running program's own place (/proc/self/exe), never
// from a path compiled in, so an installed prefix keeps working wherever it is moved:
//   installed:   PREFIX/bin/dmlconf  ->  PREFIX/share/dmlconf/cases,
//                                        PREFIX/libexec/dmlconf/directml/
//   build tree:  BUILD/dmlconf beside BUILD/dmlconf-source-tree (a one-line file the
//                configure writes, never installed)  ->  SOURCE/cases, SOURCE/tools/directml/
#pragma once

#include <filesystem>
#include <optional>

namespace dmlconf::validator {

// The name of the marker file beside a build tree's programs; it holds the source tree.
inline constexpr const char* kSourceTreeMarker = "dmlconf-source-tree";

// The running program, symbolic links resolved; empty when /proc/self/exe cannot be read.
std::filesystem::path SelfExecutable();

// The source tree the running program was built from, when it runs from its build tree
// (the marker beside it); nullopt for an installed program.
std::optional<std::filesystem::path> SourceTree();

// The folder holding cases/: $DMLCONF_DATA_DIR when set; else the source tree from a build
// tree; else the installed share/dmlconf.
std::filesystem::path DataDir();

// What `run`, `list` and `coverage` read when given no PATH: $DMLCONF_CASES, else
// DataDir()/cases.
std::filesystem::path DefaultCasesDir();

// The DirectML host's launcher: SOURCE/tools/directml/ from a build tree, the installed
// libexec/dmlconf/directml/ otherwise.
std::filesystem::path DirectMlLauncher();

}  // namespace dmlconf::validator
