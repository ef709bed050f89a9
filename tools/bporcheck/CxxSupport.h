// Links the C++ support library (runtime/cxx/) into a C++ program: the parts of libstdc++ and
// libsupc++ its bitcode calls but does not define.
#pragma once

#include "llvm/IR/Module.h"

#include <string>

namespace bpor::tool {

/// The function attribute that marks the support library's functions in a linked program.
inline constexpr const char *CxxSupportAttribute = "bpor-cxx-support";

/// Whether `module` comes from C++: it names an Itanium-mangled symbol or a C++ ABI function.
bool isCxxModule(const llvm::Module &module);

/// Links into `module` the support library's definitions that it needs (and those they need).
/// Returns "" or a one-line error.
std::string linkCxxSupport(llvm::Module &module);

} // namespace bpor::tool
