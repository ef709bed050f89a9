#include "tools/bporcheck/CxxSupport.h"

#include "runtime/cxx/CxxSupport.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"

#include <fmt/format.h>

namespace bpor::tool {

bool isCxxModule(const llvm::Module &module) {
  auto cxxName = [](llvm::StringRef name) {
    return name.starts_with("_Z") || name.starts_with("__cxa_") ||
           name == "__gxx_personality_v0";
  };
  for (const llvm::Function &function : module)
    if (function.isDeclaration() && cxxName(function.getName()))
      return true;
  for (const llvm::GlobalVariable &global : module.globals())
    if (global.isDeclaration() && cxxName(global.getName()))
      return true;
  return false;
}

std::string linkCxxSupport(llvm::Module &module) {
  if (module.getDataLayout().getPointerSizeInBits(0) != 64)
    return "C++ programs are supported in the 64-bit data model only (the C++ support library "
           "is built for it)";
  std::string_view bytes = cxxSupportBitcode();
  llvm::MemoryBufferRef buffer(llvm::StringRef(bytes.data(), bytes.size()), "cxx-support");
  auto support = llvm::parseBitcodeFile(buffer, module.getContext());
  if (!support)
    return "cannot read the C++ support library: " + llvm::toString(support.takeError());
  for (llvm::Function &function : **support)
    if (!function.isDeclaration())
      function.addFnAttr(CxxSupportAttribute);
  (*support)->setDataLayout(module.getDataLayout());
  (*support)->setTargetTriple(module.getTargetTriple());
  if (llvm::Linker::linkModules(module, std::move(*support), llvm::Linker::LinkOnlyNeeded))
    return "cannot link the C++ support library into the program";
  return "";
}

} // namespace bpor::tool
