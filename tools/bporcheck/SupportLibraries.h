// Links the support libraries (runtime/cxx/, runtime/libc-support/) into a program: the parts
// of the C and C++ libraries its bitcode calls but does not define, written in C/C++ and
// interpreted with it.
#pragma once

#include "interp/ProgramBuilder.h"

#include "llvm/IR/Module.h"

#include <string>

namespace bpor::tool {

/// The function attribute that marks the support libraries' functions in a linked program.
using bpor::SupportLibraryAttribute;

/// Whether `module` comes from C++: it names an Itanium-mangled symbol or a C++ ABI function.
bool isCxxModule(const llvm::Module &module);

/// Links into `module` the definitions of the support libraries that it needs (and those they
/// need): the C library's always, the C++ library's for a C++ program. Returns "" or a one-line
/// error.
std::string linkSupportLibraries(llvm::Module &module);

} // namespace bpor::tool
