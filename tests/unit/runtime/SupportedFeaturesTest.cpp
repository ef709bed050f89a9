// The user guide's table of modelled functions (docs/user-guide.md, "What programs may use")
// names exactly the functions the runtime answers and the C support library defines.
#include "runtime/Externals.h"
#include "runtime/SupportLibraries.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace bpor {
namespace {

std::set<std::string> namesInUserGuideTable() {
  std::ifstream in(std::string(BPOR_SOURCE_DIR) + "/docs/user-guide.md");
  std::stringstream text;
  text << in.rdbuf();
  std::string guide = text.str();
  size_t begin = guide.find("<!-- modelled-functions:begin -->");
  size_t end = guide.find("<!-- modelled-functions:end -->");
  EXPECT_NE(begin, std::string::npos);
  EXPECT_NE(end, std::string::npos);
  std::string table = guide.substr(begin, end - begin);
  std::set<std::string> names;
  std::regex name("`([A-Za-z_][A-Za-z0-9_]*)`");
  for (auto it = std::sregex_iterator(table.begin(), table.end(), name);
       it != std::sregex_iterator(); ++it)
    names.insert((*it)[1]);
  names.erase("errno"); // the variable named beside __errno_location
  return names;
}

std::set<std::string> supportedNames() {
  std::set<std::string> names;
  for (const std::string &name : runtime::modelledFunctionNames())
    names.insert(name);
  llvm::LLVMContext context;
  std::string_view bytes = libcSupportBitcode64();
  auto module = llvm::parseBitcodeFile(
      llvm::MemoryBufferRef(llvm::StringRef(bytes.data(), bytes.size()), "libc-support"), context);
  EXPECT_TRUE(bool(module));
  if (module)
    for (const llvm::Function &function : **module)
      if (!function.isDeclaration() && function.hasExternalLinkage())
        names.insert(function.getName().str());
  return names;
}

TEST(SupportedFeatures, UserGuideListsEveryModelledFunction) {
  std::set<std::string> documented = namesInUserGuideTable();
  std::set<std::string> supported = supportedNames();
  for (const std::string &name : supported)
    EXPECT_TRUE(documented.count(name)) << name << " is modelled: list it in docs/user-guide.md";
  for (const std::string &name : documented)
    EXPECT_TRUE(supported.count(name)) << name << " is listed in docs/user-guide.md but not modelled";
  EXPECT_GT(supported.size(), 150u);
}

} // namespace
} // namespace bpor
