// Shared fixture for the interpreter tests: parse IR text, build a Program, run
// a function.
#pragma once

#include "interp/Interpreter.h"
#include "interp/Program.h"

#include <gtest/gtest.h>
#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace bpor::test {

/// Answers external calls with a test-provided function; by default every call
/// returns 0.
class FunctionHandler : public ExternalHandler {
public:
  std::function<CallOutcome(ThreadState &, const ExternalCall &, Slot *)>
      onCall;
  std::vector<std::string> names; // every external called, in order

  CallOutcome call(ThreadState &thread, const ExternalCall &call,
                   Slot *result) override {
    names.emplace_back(call.name);
    return onCall ? onCall(thread, call, result) : CallOutcome::Return;
  }
};

class InterpTest : public ::testing::Test {
protected:
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module;
  std::unique_ptr<Program> program;
  Memory memory;
  FunctionHandler handler;
  ExternalRegistry registry;
  std::unique_ptr<Interpreter> interpreter;
  InterpreterOptions options;

  /// Parses and builds; fails the test on a parse or build error.
  void load(const std::string &ir) {
    llvm::SMDiagnostic diagnostic;
    module = llvm::parseAssemblyString(ir, diagnostic, context);
    if (!module) {
      std::string text;
      llvm::raw_string_ostream os(text);
      diagnostic.print("test", os);
      FAIL() << "IR parse error: " << os.str();
    }
    loadModule();
  }

  void loadModule() {
    std::string error;
    program = Program::build(*module, registry, error);
    ASSERT_TRUE(program) << error;
    memory = program->initialMemory();
    interpreter =
        std::make_unique<Interpreter>(*program, memory, handler, options);
  }

  /// Runs `name(args)` to completion in a fresh thread; returns the final
  /// status.
  RunResult run(ThreadState &thread, const std::string &name,
                std::vector<Slot> args = {}) {
    Address function = program->findFunction(name);
    EXPECT_NE(function, 0u) << "no function " << name;
    interpreter->start(thread, function, args);
    return interpreter->run(thread);
  }

  /// Runs `name(args)`, expects it to return, and gives the first slot of its
  /// value.
  Slot call(const std::string &name, std::vector<Slot> args = {}) {
    ThreadState thread;
    RunResult result = run(thread, name, args);
    EXPECT_EQ(result, RunResult::Returned) << thread.fault.message;
    return thread.returnValue.empty() ? Slot(0xdeadbeef)
                                      : thread.returnValue[0];
  }

  /// Runs `name(args)`, expects a fault, and returns it.
  Fault fault(const std::string &name, std::vector<Slot> args = {}) {
    ThreadState thread;
    RunResult result = run(thread, name, args);
    EXPECT_EQ(result, RunResult::Fault);
    return thread.fault;
  }
};

inline Slot slotOf(double value) {
  Slot slot;
  std::memcpy(&slot, &value, 8);
  return slot;
}
inline Slot slotOf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  return bits;
}
inline double doubleOf(Slot slot) {
  double value;
  std::memcpy(&value, &slot, 8);
  return value;
}
inline float floatOf(Slot slot) {
  uint32_t bits = uint32_t(slot);
  float value;
  std::memcpy(&value, &bits, 4);
  return value;
}

} // namespace bpor::test
