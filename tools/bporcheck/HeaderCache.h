// Precompiled standard headers for C sources that start by including them. Parsing
// <pthread.h> and <stdio.h> is most of what compiling a small threaded program costs (19 of the
// 33 million instructions of compiling an empty program that includes pthread.h); a precompiled header of the same lines, made once with the same
// flags, is loaded instead.
//
// Rule: it is used only where it cannot change the program. The source's first lines that are
// not blank or comments are `#include <h>` lines of standard headers (KnownHeaders), and the
// precompiled header holds exactly those lines, so nothing the file defines can reach them and
// pre-including them is the file's own first steps (its #include lines are then skipped by the
// headers' guards, or, for <assert.h>, read again to the same effect); the user passed no
// compiler flags (-I or -D could change what a header means); and the compiler is the one
// inside bporcheck (it made the header). clang checks the rest itself (its version, the target,
// the header files' dates): a precompiled header it rejects fails the compilation, which is
// then run without it, and the file is dropped to be made again (loadInput).
//
// Where: $BPORCHECK_CACHE_DIR if set (empty: no cache), else the user's cache directory
// ($XDG_CACHE_HOME or ~/.cache) under bporcheck/, one file per list of headers and flags. Made
// under a temporary name and renamed, so runs at the same time never read half a file.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace bpor::tool {

/// The standard headers that the C source text includes first (before any other line but
/// blank lines and comments), in order; empty if it starts otherwise.
std::vector<std::string> leadingStandardIncludes(llvm::StringRef source);

/// The precompiled header of `headers` (from leadingStandardIncludes) for compiling with
/// `flags` (compileFlags of a C source) by `clang`, made on first use; nullopt if there is no
/// cache directory or making it failed.
std::optional<std::string> precompiledHeaders(const std::string &clang,
                                              const std::vector<std::string> &headers,
                                              const std::vector<std::string> &flags);

} // namespace bpor::tool
