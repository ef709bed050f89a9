#include "tests/pipeline/CompileProgram.h"

#include "tools/bporcheck/InputLoader.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace bpor::testing {

namespace {

tool::BuiltModel compileOne(const std::string &path, const std::vector<std::string> &clangArgs,
                            llvm::LLVMContext &context, const ModelConfig &config,
                            std::vector<std::string> &mismatches) {
  tool::BuiltModel built;
  tool::LoadedInput input = tool::loadInput(path, {BPOR_TEST_CLANG, clangArgs}, context);
  if (!input.module) {
    mismatches.push_back("does not compile: " + input.error);
    return built;
  }
  built = tool::buildModel(std::move(input.module), config);
  if (!built.model)
    mismatches.push_back("does not build: " + built.error);
  return built;
}

} // namespace

std::vector<tool::BuiltModel> compile(const CProgram &program, llvm::LLVMContext &context,
                                      const std::vector<ModelConfig> &configs,
                                      std::vector<std::string> &mismatches) {
  std::vector<tool::BuiltModel> models(configs.size());
  llvm::SmallString<128> path;
  if (llvm::sys::fs::createTemporaryFile("bpor_pipeline", "c", path)) {
    mismatches.push_back("cannot create a temporary file");
    return models;
  }
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(path, ec);
    out << program.source;
  }
  for (size_t i = 0; i < configs.size() && mismatches.empty(); ++i)
    models[i] = compileOne(std::string(path), program.clangArgs, context, configs[i], mismatches);
  llvm::sys::fs::remove(path);
  return models;
}

ModelConfig valuesConfig(const CProgram &program) {
  ModelConfig config;
  config.nondetValues =
      program.nondetValues.empty() ? std::vector<int64_t>{-1, 0, 1} : program.nondetValues;
  return config;
}

} // namespace bpor::testing
