#include "tools/bporcheck/ClangRunner.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"

#include <optional>

namespace bpor::tool {
namespace {

// Set once, by the executable that links clang (bporcheck's main, the ClangRunner test).
InProcessCompiler inProcessCompiler = nullptr;

// The linked compiler is the clang bporcheck was built with: it stands in for that executable
// only.
bool isBuiltInClang(const std::string &clang) {
  llvm::SmallString<256> a(clang), b(BPOR_DEFAULT_CLANG);
  if (llvm::sys::fs::real_path(clang, a) || llvm::sys::fs::real_path(BPOR_DEFAULT_CLANG, b))
    return false;
  return a == b;
}

} // namespace

void setInProcessCompiler(InProcessCompiler compiler) { inProcessCompiler = compiler; }

bool inProcessClangAvailable(const std::string &clang) {
  return inProcessCompiler != nullptr && isBuiltInClang(clang);
}

int runClang(const std::vector<std::string> &args, const std::string &diagnosticsPath,
             std::string &execError, ClangProcess process, llvm::LLVMContext *context,
             std::unique_ptr<llvm::Module> *module) {
  if (process == ClangProcess::Auto && inProcessClangAvailable(args[0])) {
    // The driver finds clang's own headers from argv[0], as the executable does from where it
    // really is.
    llvm::SmallString<256> executable;
    llvm::sys::fs::real_path(args[0], executable);
    std::vector<const char *> argv = {executable.c_str()};
    for (size_t i = 1; i < args.size(); ++i)
      argv.push_back(args[i].c_str());
    return inProcessCompiler(int(argv.size()), argv.data(), diagnosticsPath.c_str(), context,
                             module);
  }
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(diagnosticsPath),
                                                llvm::StringRef(diagnosticsPath)};
  return llvm::sys::ExecuteAndWait(args[0], argRefs, std::nullopt, redirects, 0, 0, &execError);
}

} // namespace bpor::tool
