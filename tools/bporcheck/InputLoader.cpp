#include "tools/bporcheck/InputLoader.h"

#include "tools/bporcheck/ClangRunner.h"
#include "tools/bporcheck/HeaderCache.h"
#include "tools/bporcheck/SupportLibraries.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace bpor::tool {
namespace {

bool isSource(llvm::StringRef path) {
  return path.ends_with(".c") || path.ends_with(".cpp") || path.ends_with(".cc") ||
         path.ends_with(".cxx") || path.ends_with(".i");
}

std::string firstLine(llvm::StringRef text) {
  return text.trim().split('\n').first.trim().str();
}

bool isCxxSource(llvm::StringRef path) { return !path.ends_with(".c") && !path.ends_with(".i"); }

// Runs `args` (a compile command), giving the module in `module` where clang can hand it over
// (ClangRunner.h) and writing the output file otherwise; on failure sets `error` to the line of
// clang's diagnostics that says most.
bool runCompile(const std::vector<std::string> &args, const std::string &path,
                std::string &error, llvm::LLVMContext &context,
                std::unique_ptr<llvm::Module> &module) {
  llvm::SmallString<128> diagnostics;
  if (llvm::sys::fs::createTemporaryFile("bporcheck", "log", diagnostics)) {
    error = "cannot create a temporary file";
    return false;
  }
  std::string execError;
  int code = runClang(args, std::string(diagnostics), execError, ClangProcess::Auto, &context,
                      &module);
  if (code != 0) {
    std::string detail = execError;
    if (auto log = llvm::MemoryBuffer::getFile(diagnostics)) {
      // The first "error:" line says most; fall back to the first line of the log.
      llvm::StringRef text = (*log)->getBuffer();
      size_t at = text.find("error:");
      if (at != llvm::StringRef::npos) {
        size_t start = text.rfind('\n', at);
        detail = firstLine(text.substr(start == llvm::StringRef::npos ? 0 : start + 1));
      } else if (detail.empty()) {
        detail = firstLine(text);
      }
    }
    error = fmt::format("cannot compile {}: {}", path, detail);
  }
  llvm::sys::fs::remove(diagnostics);
  return code == 0;
}

// The precompiled headers to compile `path` with, if their rule allows (HeaderCache.h).
std::optional<std::string> precompiledHeadersFor(const std::string &clang,
                                                 const std::string &path,
                                                 const InputOptions &options) {
  if (!llvm::StringRef(path).ends_with(".c") || !options.clangArgs.empty() ||
      !inProcessClangAvailable(clang))
    return std::nullopt;
  auto text = llvm::MemoryBuffer::getFile(path);
  if (!text)
    return std::nullopt;
  return precompiledHeaders(clang, leadingStandardIncludes((*text)->getBuffer()),
                            compileFlags(false));
}

LoadedInput compileSource(const std::string &path, const InputOptions &options,
                          llvm::LLVMContext &context) {
  LoadedInput result;
  auto clang = llvm::sys::findProgramByName(options.clangPath);
  if (!clang) {
    result.error = fmt::format("cannot compile {}: '{}' not found (install clang-19)", path,
                               options.clangPath);
    return result;
  }
  if (isCxxSource(path) && std::find(options.clangArgs.begin(), options.clangArgs.end(),
                                     "-m32") != options.clangArgs.end()) {
    result.error = fmt::format("cannot compile {}: C++ programs are supported in the 64-bit "
                               "data model only (the C++ support library is built for it)",
                               path);
    return result;
  }
  llvm::SmallString<128> output;
  if (llvm::sys::fs::createTemporaryFile("bporcheck", "bc", output)) {
    result.error = "cannot create a temporary file";
    return result;
  }
  std::vector<std::string> args =
      compileCommand(*clang, path, options.clangArgs, std::string(output));
  bool compiled = false;
  std::unique_ptr<llvm::Module> module;
  if (std::optional<std::string> pch = precompiledHeadersFor(*clang, path, options)) {
    std::vector<std::string> withHeader = args;
    withHeader.insert(withHeader.end() - 1, {"-include-pch", *pch});
    compiled = runCompile(withHeader, path, result.error, context, module);
    // clang rejects a precompiled header that no longer fits (a newer system header): compile
    // without it, and drop it if that works, so that the next run makes it again.
    if (!compiled && (compiled = runCompile(args, path, result.error, context, module)))
      llvm::sys::fs::remove(*pch);
  } else {
    compiled = runCompile(args, path, result.error, context, module);
  }
  if (!compiled || module) {
    llvm::sys::fs::remove(output);
    if (compiled)
      result.error.clear();
    result.module = std::move(module);
    return result;
  }
  result.error.clear();
  auto buffer = llvm::MemoryBuffer::getFile(output);
  llvm::sys::fs::remove(output);
  if (!buffer) {
    result.error = fmt::format("cannot read the bitcode clang produced for {}", path);
    return result;
  }
  auto written = llvm::parseBitcodeFile((*buffer)->getMemBufferRef(), context);
  if (!written) {
    result.error = fmt::format("cannot read the bitcode clang produced for {}: {}", path,
                               llvm::toString(written.takeError()));
    return result;
  }
  result.module = std::move(*written);
  return result;
}

LoadedInput parseBitcode(const std::string &path, llvm::MemoryBufferRef buffer,
                         llvm::LLVMContext &context) {
  LoadedInput result;
  auto module = llvm::parseBitcodeFile(buffer, context);
  if (!module) {
    std::string message = llvm::toString(module.takeError());
    // A producer newer than LLVM 19 shows up as an unknown record or a newer version string.
    if (llvm::StringRef(message).contains("Unknown") ||
        llvm::StringRef(message).contains("produced") ||
        llvm::StringRef(message).contains("version"))
      result.error = fmt::format("{}: bitcode not readable by LLVM 19 (made by a newer LLVM?): {}",
                                 path, firstLine(message));
    else
      result.error = fmt::format("{}: invalid bitcode: {}", path, firstLine(message));
    return result;
  }
  result.module = std::move(*module);
  return result;
}

} // namespace

// Compiles a source file the way the README tells users to: -O0 -g -emit-llvm. Optimisation is
// left to our own prepare pass, which promotes locals without touching shared accesses.
std::vector<std::string> compileFlags(bool cxx) {
  std::vector<std::string> flags = {"-O0", "-g", "-fno-discard-value-names", "-Xclang",
                                    "-disable-O0-optnone"};
  // A C99 'inline' function without an 'extern' declaration gets no external definition, and
  // clang at -O0 emits none at all: its calls would name a missing function. Programs written
  // for gcc's old default (SV-COMP's tasks among them) mean the body they give, as GNU89 inline
  // semantics say.
  if (!cxx)
    flags.push_back("-fgnu89-inline");
  return flags;
}

std::vector<std::string> compileCommand(const std::string &clang, const std::string &path,
                                        const std::vector<std::string> &clangArgs,
                                        const std::string &output) {
  bool cxx = isCxxSource(path);
  std::vector<std::string> args = {clang, cxx ? "-xc++" : "-xc", "-emit-llvm", "-c", "-o",
                                   output};
  for (const std::string &f : compileFlags(cxx))
    args.push_back(f);
  for (const auto &a : clangArgs)
    args.push_back(a);
  args.push_back(path);
  return args;
}

LoadedInput loadInput(const std::string &path, const InputOptions &options,
                      llvm::LLVMContext &context) {
  LoadedInput result;
  if (!llvm::sys::fs::exists(path)) {
    result.error = fmt::format("{}: no such file", path);
    return result;
  }
  if (llvm::sys::fs::is_directory(path)) {
    result.error = fmt::format("{}: is a directory, expected a .c, .bc or .ll file", path);
    return result;
  }
  if (isSource(path)) {
    result = compileSource(path, options, context);
  } else {
    auto buffer = llvm::MemoryBuffer::getFile(path);
    if (!buffer) {
      result.error = fmt::format("{}: {}", path, buffer.getError().message());
      return result;
    }
    llvm::StringRef bytes = (*buffer)->getBuffer();
    if (bytes.starts_with("BC\xC0\xDE") || bytes.starts_with("\xDE\xC0\x17\x0B")) {
      result = parseBitcode(path, (*buffer)->getMemBufferRef(), context);
    } else if (llvm::StringRef(path).ends_with(".ll")) {
      llvm::SMDiagnostic diag;
      result.module = llvm::parseAssembly((*buffer)->getMemBufferRef(), diag, context);
      if (!result.module)
        result.error = fmt::format("{}:{}:{}: invalid LLVM IR: {}", path, diag.getLineNo(),
                                   diag.getColumnNo(), diag.getMessage().str());
    } else {
      result.error = fmt::format(
          "{}: not LLVM bitcode or IR (expected a .c/.cpp source, .bc bitcode or .ll IR)", path);
    }
  }
  if (!result.module)
    return result;
  std::string verifyMessage;
  llvm::raw_string_ostream os(verifyMessage);
  if (llvm::verifyModule(*result.module, &os)) {
    result.error = fmt::format("{}: the module is not valid LLVM IR: {}", path,
                               firstLine(verifyMessage));
    result.module.reset();
    return result;
  }
  if (!result.module->getFunction("main") || result.module->getFunction("main")->isDeclaration()) {
    result.error = fmt::format("{}: the program has no main function", path);
    result.module.reset();
    return result;
  }
  if (std::string error = linkSupportLibraries(*result.module); !error.empty()) {
    result.error = fmt::format("{}: {}", path, error);
    result.module.reset();
  }
  return result;
}

} // namespace bpor::tool
