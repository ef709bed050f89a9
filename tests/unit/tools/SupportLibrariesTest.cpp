// Linking the support libraries (tools/bporcheck/SupportLibraries.h): a program gets the
// definitions it declares, and a program that needs none is left as it was without the library
// being read.
#include "tools/bporcheck/SupportLibraries.h"

#include "runtime/SupportLibraries.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace bpor;

namespace {

std::unique_ptr<llvm::Module> parse(llvm::LLVMContext &context, const char *text) {
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> module = llvm::parseAssemblyString(text, diagnostic, context);
  EXPECT_TRUE(module) << diagnostic.getMessage().str();
  return module;
}

const char *const Prefix = "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-"
                           "i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n"
                           "target triple = \"x86_64-pc-linux-gnu\"\n";

// The module `body` (after Prefix) is, with the support libraries linked into it.
std::unique_ptr<llvm::Module> linked(llvm::LLVMContext &context, const std::string &body) {
  std::unique_ptr<llvm::Module> module = parse(context, (std::string(Prefix) + body).c_str());
  if (module) {
    EXPECT_EQ(tool::linkSupportLibraries(*module), "");
  }
  return module;
}

} // namespace

// The link is skipped when the program declares nothing the library defines, on the rule that
// Linker::LinkOnlyNeeded would then link nothing. It would still link globals of appending
// linkage (static constructors): the support libraries must have none.
TEST(SupportLibraries, HaveNoGlobalsThatAreAlwaysLinked) {
  for (std::string_view bytes :
       {libcSupportBitcode64(), libcSupportBitcode32(), cxxSupportBitcode()}) {
    llvm::LLVMContext context;
    llvm::MemoryBufferRef buffer(llvm::StringRef(bytes.data(), bytes.size()), "library");
    auto library = llvm::parseBitcodeFile(buffer, context);
    ASSERT_TRUE(bool(library)) << llvm::toString(library.takeError());
    for (const llvm::GlobalVariable &global : (*library)->globals())
      EXPECT_FALSE(global.hasAppendingLinkage()) << global.getName().str();
  }
}

TEST(SupportLibraries, LinkWhatTheProgramDeclares) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module =
      linked(context, "declare i32 @isdigit(i32)\n"
                      "define i32 @main() {\n  %r = call i32 @isdigit(i32 55)\n  ret i32 %r\n}\n");
  ASSERT_TRUE(module);
  llvm::Function *isdigit = module->getFunction("isdigit");
  ASSERT_TRUE(isdigit);
  EXPECT_FALSE(isdigit->isDeclaration());
  EXPECT_TRUE(isdigit->hasFnAttribute(tool::SupportLibraryAttribute));
}

TEST(SupportLibraries, LeaveAProgramThatNeedsNothingAsItWas) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module =
      linked(context, "declare i32 @pthread_create(ptr, ptr, ptr, ptr)\n"
                      "define i32 @main() {\n  ret i32 0\n}\n");
  ASSERT_TRUE(module);
  EXPECT_EQ(module->size(), 2u);
  EXPECT_EQ(module->global_size(), 0u);
}

// A definition of the program's own is kept, and then nothing is linked for it.
TEST(SupportLibraries, KeepTheProgramsOwnDefinition) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module =
      linked(context, "define i32 @isdigit(i32 %c) {\n  ret i32 7\n}\n"
                      "define i32 @main() {\n  %r = call i32 @isdigit(i32 55)\n  ret i32 %r\n}\n");
  ASSERT_TRUE(module);
  EXPECT_EQ(module->size(), 2u);
  EXPECT_FALSE(module->getFunction("isdigit")->hasFnAttribute(tool::SupportLibraryAttribute));
}
