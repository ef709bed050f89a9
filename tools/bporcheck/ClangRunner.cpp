#include "tools/bporcheck/ClangRunner.h"

#include "tools/bporcheck/clang/InProcessClang.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <optional>

namespace bpor::tool {
namespace {

using CompileFunction = decltype(&bporcheck_clang_compile);

// The plugin next to the running executable (an installed or built bporcheck), else the one
// of the build tree (the tests' executables live elsewhere).
CompileFunction loadPlugin() {
  static int anchor;
  std::string self = llvm::sys::fs::getMainExecutable(nullptr, &anchor);
  std::vector<std::string> candidates;
  if (!self.empty())
    candidates.push_back((llvm::sys::path::parent_path(self) + "/" + BPOR_CLANG_PLUGIN_NAME).str());
#ifdef BPOR_CLANG_PLUGIN_PATH
  candidates.push_back(BPOR_CLANG_PLUGIN_PATH);
#endif
  for (const std::string &path : candidates) {
    if (!llvm::sys::fs::exists(path))
      continue;
    std::string error;
    llvm::sys::DynamicLibrary library =
        llvm::sys::DynamicLibrary::getPermanentLibrary(path.c_str(), &error);
    if (!library.isValid())
      continue;
    if (void *symbol = library.getAddressOfSymbol(InProcessClangSymbol))
      return reinterpret_cast<CompileFunction>(symbol);
  }
  return nullptr;
}

CompileFunction plugin() {
  static CompileFunction compile = loadPlugin();
  return compile;
}

// The plugin holds the clang bporcheck was built with: it stands in for that executable only.
bool isBuiltInClang(const std::string &clang) {
  llvm::SmallString<256> a(clang), b(BPOR_DEFAULT_CLANG);
  if (llvm::sys::fs::real_path(clang, a) || llvm::sys::fs::real_path(BPOR_DEFAULT_CLANG, b))
    return false;
  return a == b;
}

} // namespace

bool inProcessClangAvailable(const std::string &clang) {
  return isBuiltInClang(clang) && plugin() != nullptr;
}

int runClang(const std::vector<std::string> &args, const std::string &diagnosticsPath,
             std::string &execError, ClangProcess process) {
  if (process == ClangProcess::Auto && inProcessClangAvailable(args[0])) {
    // The driver finds clang's own headers from argv[0], as the executable does from where it
    // really is.
    llvm::SmallString<256> executable;
    llvm::sys::fs::real_path(args[0], executable);
    std::vector<const char *> argv = {executable.c_str()};
    for (size_t i = 1; i < args.size(); ++i)
      argv.push_back(args[i].c_str());
    return plugin()(int(argv.size()), argv.data(), diagnosticsPath.c_str());
  }
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(diagnosticsPath),
                                                llvm::StringRef(diagnosticsPath)};
  return llvm::sys::ExecuteAndWait(args[0], argRefs, std::nullopt, redirects, 0, 0, &execError);
}

} // namespace bpor::tool
