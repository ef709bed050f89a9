// The clang compiler inside bporcheck's own process, used when bporcheck compiles a C or C++
// input with the clang it was built for, instead of starting clang as a second process (which
// costs its own start-up: loading and relocating the LLVM and clang libraries again). Given the
// same arguments as the clang command line, it runs the same driver and the same cc1
// invocation, writes the same bitcode file and the same diagnostics
// (tools/bporcheck/ClangRunner.h).
#include "tools/bporcheck/clang/InProcessClang.h"

#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Job.h"
#include "clang/Driver/Tool.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/FrontendTool/Utils.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"


namespace bpor::tool {

int compileWithClangInProcess(int argc, const char *const *argv, const char *diagnosticsPath,
                              llvm::LLVMContext *context, std::unique_ptr<llvm::Module> *module) {
  // No target is registered, unlike in clang's own main: emitting bitcode needs no target
  // machine (clang's TargetInfo gives the data layout), and registering one would link in its
  // back end, whose static initialisers run in every process (cmake/BporLLVM.cmake).
  std::error_code ec;
  llvm::raw_fd_ostream diagnostics(diagnosticsPath, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return 1;
  // The driver's diagnostics carry the executable's name, as clang's own main sets them up.
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> options = new clang::DiagnosticOptions;
  auto *driverPrinter = new clang::TextDiagnosticPrinter(diagnostics, options.get());
  driverPrinter->setPrefix(llvm::sys::path::filename(argv[0]).str());
  llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> engine =
      clang::CompilerInstance::createDiagnostics(options.get(), driverPrinter);
  // The driver turns the command line into the cc1 invocation the executable would run (one
  // job: -c -emit-llvm compiles one file to bitcode).
  clang::driver::Driver driver(argv[0], llvm::sys::getDefaultTargetTriple(), *engine);
  std::unique_ptr<clang::driver::Compilation> compilation(
      driver.BuildCompilation(llvm::ArrayRef<const char *>(argv, size_t(argc))));
  if (!compilation || compilation->containsError() || engine->hasErrorOccurred())
    return 1;
  const clang::driver::JobList &jobs = compilation->getJobs();
  if (jobs.size() != 1 || llvm::StringRef(jobs.begin()->getCreator().getName()) != "clang") {
    engine->Report(clang::diag::err_fe_expected_compiler_job) << "";
    return 1;
  }
  auto invocation = std::make_shared<clang::CompilerInvocation>();
  if (!clang::CompilerInvocation::CreateFromArgs(*invocation, jobs.begin()->getArguments(),
                                                 *engine, argv[0]))
    return 1;
  // cc1 reports with the invocation's own diagnostic options; and the driver asks it to leave
  // its memory to the process's end, which this process does not reach.
  invocation->getFrontendOpts().DisableFree = false;
  // The module in memory: the action that emits it, run as ExecuteCompilerInvocation runs the
  // bitcode-writing one (which, for a command line without -mllvm options or plugins, it only
  // creates and runs). Any other command line writes its output as clang would, and leaves
  // `module` null.
  const clang::FrontendOptions &frontend = invocation->getFrontendOpts();
  bool inMemory = module && context && frontend.ProgramAction == clang::frontend::EmitBC &&
                  frontend.LLVMArgs.empty() && frontend.Plugins.empty() &&
                  frontend.AddPluginActions.empty() && !frontend.ShowHelp &&
                  !frontend.ShowVersion;
  auto compiler = std::make_unique<clang::CompilerInstance>();
  compiler->setInvocation(std::move(invocation));
  compiler->createDiagnostics(
      new clang::TextDiagnosticPrinter(diagnostics, &compiler->getDiagnosticOpts()));
  compiler->setVerboseOutputStream(diagnostics); // "1 error generated."
  // A crash of the compiler is reported like a crash of the clang executable, as the clang
  // driver does when it runs cc1 in its own process; bporcheck goes on to say it.
  bool ok = false;
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext recovery;
  auto compile = [&] {
    if (!inMemory) {
      ok = clang::ExecuteCompilerInvocation(compiler.get());
      return;
    }
    clang::EmitLLVMOnlyAction action(context);
    ok = compiler->ExecuteAction(action);
    if (ok)
      *module = action.takeModule();
    ok = ok && *module;
  };
  if (!recovery.RunSafely(compile)) {
    diagnostics << "clang: error: clang frontend command failed due to signal (in-process)\n";
    (void)compiler.release(); // its state is unknown: leave it
    ok = false;
  }
  llvm::CrashRecoveryContext::Disable();
  diagnostics.flush();
  return ok ? 0 : 1;
}

} // namespace bpor::tool
