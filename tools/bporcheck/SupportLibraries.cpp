#include "tools/bporcheck/SupportLibraries.h"

#include "runtime/SupportLibraries.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Object/IRSymtab.h"
#include "llvm/Support/MemoryBuffer.h"

namespace bpor::tool {
namespace {

// Whether linking the library into `module` would add anything: whether the library defines a
// symbol the module declares without defining. (Linker::LinkOnlyNeeded links just those, what
// they need, and globals of appending linkage, which the support libraries do not have: see
// tests/unit/tools/SupportLibrariesTest.cpp.) Read from the bitcode's symbol table, which costs
// little; reading the module, even lazily, costs more than the rest of loading a small program.
bool definesWhatModuleNeeds(const llvm::Module &module, llvm::MemoryBufferRef buffer) {
  llvm::Expected<llvm::BitcodeFileContents> contents = llvm::getBitcodeFileContents(buffer);
  if (!contents) {
    llvm::consumeError(contents.takeError());
    return true; // let the link report it
  }
  llvm::Expected<llvm::irsymtab::FileContents> symtab = llvm::irsymtab::readBitcode(*contents);
  if (!symtab) {
    llvm::consumeError(symtab.takeError());
    return true;
  }
  for (const llvm::irsymtab::Symbol &symbol : symtab->TheReader.symbols()) {
    if (symbol.isUndefined())
      continue;
    llvm::StringRef name = symbol.getIRName().empty() ? symbol.getName() : symbol.getIRName();
    const llvm::GlobalValue *value = module.getNamedValue(name);
    if (value && value->isDeclaration())
      return true;
  }
  return false;
}

std::string link(llvm::Module &module, std::string_view bytes, const char *name) {
  llvm::MemoryBufferRef buffer(llvm::StringRef(bytes.data(), bytes.size()), name);
  if (!definesWhatModuleNeeds(module, buffer))
    return "";
  // Lazily: the linker reads the body of a function only if the program needs it.
  auto library = llvm::getLazyBitcodeModule(buffer, module.getContext());
  if (!library)
    return std::string("cannot read the ") + name + ": " + llvm::toString(library.takeError());
  for (llvm::Function &function : **library)
    if (!function.isDeclaration())
      function.addFnAttr(SupportLibraryAttribute);
  (*library)->setDataLayout(module.getDataLayout());
  (*library)->setTargetTriple(module.getTargetTriple());
  // Only what the program uses is linked; a definition of its own wins over the library's.
  if (llvm::Linker::linkModules(module, std::move(*library), llvm::Linker::LinkOnlyNeeded))
    return std::string("cannot link the ") + name + " into the program";
  return "";
}

} // namespace

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

std::string linkSupportLibraries(llvm::Module &module) {
  bool wide = module.getDataLayout().getPointerSizeInBits(0) == 64;
  if (isCxxModule(module)) {
    if (!wide)
      return "C++ programs are supported in the 64-bit data model only (the C++ support "
             "library is built for it)";
    if (std::string error = link(module, cxxSupportBitcode(), "C++ support library");
        !error.empty())
      return error;
  }
  return link(module, wide ? libcSupportBitcode64() : libcSupportBitcode32(),
              "C support library");
}

} // namespace bpor::tool
