// Compiles a generated C program through bporcheck's own pipeline (tools/bporcheck's loadInput
// and buildModel: clang-19, the passes, the interpreter and the runtime), the way every
// pipeline check gets its models.
#pragma once

#include "tests/pipeline/CProgramGenerator.h"
#include "tools/bporcheck/ModelFactory.h"

#include "llvm/IR/LLVMContext.h"

#include <string>
#include <vector>

namespace bpor::testing {

/// One model per config, all from one file so that locations agree; null models (and a
/// mismatch saying why) if the program does not compile or build.
std::vector<tool::BuiltModel> compile(const CProgram &program, llvm::LLVMContext &context,
                                      const std::vector<ModelConfig> &configs,
                                      std::vector<std::string> &mismatches);

/// The config of the plain checks: the program's nondet values (-1, 0, 1 unless it says).
ModelConfig valuesConfig(const CProgram &program);

} // namespace bpor::testing
