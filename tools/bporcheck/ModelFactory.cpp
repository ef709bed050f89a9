#include "tools/bporcheck/ModelFactory.h"

#include "tools/bporcheck/SupportLibraries.h"

#include "interp/Program.h"
#include "passes/Pipeline.h"
#include "passes/SourceLocations.h"
#include "runtime/Execution.h"
#include "runtime/Externals.h"

#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <unordered_map>
#include <vector>

namespace bpor::tool {
namespace {

// The Execution refers to the Program, which must outlive it: keep a share of the Program with
// the Execution in one object, and hand out the Execution through an aliasing shared_ptr.
struct ProgramAndExecution {
  std::shared_ptr<const Program> program;
  std::unique_ptr<Execution> execution;
};

bool isLibraryCode(const llvm::Function &function);

// The first use of an undef value that can reach a computation: after mem2reg, a local read
// before it is written. Building aggregates and vectors piecewise starts from undef by design.
// Library code is trusted, as with loads of bytes never written: the support libraries are
// compiled with optimisation, which leaves undef on paths whose value is never used (bsearch's
// probe before the first comparison).
std::string findUninitializedUse(llvm::Module &module) {
  for (llvm::Function &function : module) {
    if (function.isDeclaration() || isLibraryCode(function))
      continue;
    // Code no path reaches (after a return, a label nothing jumps to) reads nothing: promotion
    // leaves undef there, which is no uninitialized read.
    llvm::df_iterator_default_set<llvm::BasicBlock *> reachable;
    for (llvm::BasicBlock *block : llvm::depth_first_ext(&function.getEntryBlock(), reachable))
      (void)block;
    for (llvm::Instruction &instruction : llvm::instructions(function)) {
      if (!reachable.contains(instruction.getParent()))
        continue;
      if (llvm::isa<llvm::InsertValueInst, llvm::InsertElementInst, llvm::ShuffleVectorInst,
                    llvm::IntrinsicInst>(instruction))
        continue;
      for (const llvm::Use &use : instruction.operands()) {
        if (!llvm::isa<llvm::UndefValue>(use.get()) || use->getType()->isAggregateType())
          continue;
        if (auto *phi = llvm::dyn_cast<llvm::PHINode>(&instruction);
            phi && !reachable.contains(phi->getIncomingBlock(use)))
          continue;
        const llvm::DebugLoc &where = instruction.getDebugLoc();
        if (!where)
          return fmt::format("a use in {}", function.getName().str());
        return fmt::format("{}:{}", where->getFilename().str(), where.getLine());
      }
    }
  }
  return "";
}

// Whether the program's own code yields: calls sched_yield (or a pause hint), or has a spin
// loop the pass gave a yield. Library code does not count: the support libraries, and code
// from system headers (libstdc++'s atomic waits back off with a bounded number of yields, and
// their spin loop behind the default policy never runs). A library loop that does spin is
// still found by the default search, which switches to the stateful search when an execution
// comes back to a state or grows too long.
bool isLibraryCode(const llvm::Function &function) { return isLibraryFunction(function); }

// Whether `type` is C++'s std::memory_order (through typedefs and qualifiers).
bool isMemoryOrder(const llvm::DIType *type) {
  while (const auto *derived = llvm::dyn_cast_or_null<llvm::DIDerivedType>(type)) {
    if (derived->getName() == "memory_order")
      return true;
    type = derived->getBaseType();
  }
  return type && type->getName() == "memory_order";
}

// The blocks of each function that can run: those reached from the entry through terminators,
// where a branch or switch on a constant goes only where the constant sends it. At -O0 an
// inlined std::atomic member keeps its switch over every memory order, on the constant order
// the program passed: only that order's access is the program's.
class LiveBlocks {
public:
  bool canRun(const llvm::Instruction &instruction) {
    return of(*instruction.getFunction()).contains(instruction.getParent());
  }

private:
  const llvm::DenseSet<const llvm::BasicBlock *> &of(const llvm::Function &function) {
    auto [entry, inserted] = live_.try_emplace(&function);
    llvm::DenseSet<const llvm::BasicBlock *> &live = entry->second;
    if (!inserted || function.isDeclaration())
      return live;
    std::vector<const llvm::BasicBlock *> work;
    auto reach = [&](const llvm::BasicBlock *block) {
      if (live.insert(block).second)
        work.push_back(block);
    };
    reach(&function.getEntryBlock());
    while (!work.empty()) {
      const llvm::Instruction *end = work.back()->getTerminator();
      work.pop_back();
      if (!end)
        continue;
      if (const auto *branch = llvm::dyn_cast<llvm::BranchInst>(end);
          branch && branch->isConditional())
        if (const auto *c = llvm::dyn_cast<llvm::ConstantInt>(branch->getCondition())) {
          reach(branch->getSuccessor(c->isZero() ? 1 : 0));
          continue;
        }
      if (const auto *choice = llvm::dyn_cast<llvm::SwitchInst>(end))
        if (const auto *c = llvm::dyn_cast<llvm::ConstantInt>(choice->getCondition())) {
          reach(choice->findCaseValue(c)->getCaseSuccessor());
          continue;
        }
      for (const llvm::BasicBlock *next : llvm::successors(end))
        reach(next);
    }
    return live;
  }

  std::unordered_map<const llvm::Function *, llvm::DenseSet<const llvm::BasicBlock *>> live_;
};

// Whether the program's own code calls a function of std::atomic's interface that is a
// function of its own (std::atomic<bool> and std::atomic<T*> members at -O0; the ones inlined
// into the program are its own accesses, above) with a memory_order weaker than seq_cst (C++'s
// values: relaxed 0, consume 1, acquire 2, release 3, acq_rel 4, seq_cst 5), or one not known.
bool callsAtomicsWithWeakOrder(const llvm::Module &module, LiveBlocks &live) {
  for (const llvm::Function &function : module) {
    if (function.isDeclaration() || isLibraryCode(function))
      continue;
    for (const llvm::Instruction &instruction : llvm::instructions(function)) {
      const auto *call = llvm::dyn_cast<llvm::CallBase>(&instruction);
      const llvm::Function *callee = call ? call->getCalledFunction() : nullptr;
      if (!callee || !passes::isAtomicInterface(callee->getSubprogram()) || !live.canRun(*call))
        continue;
      // The debug types: the result's, then each parameter's (`this` first for a member), as
      // the call passes them.
      llvm::DITypeRefArray types = callee->getSubprogram()->getType()->getTypeArray();
      for (unsigned i = 1; i < types.size() && i - 1 < call->arg_size(); ++i) {
        if (!isMemoryOrder(types[i]))
          continue;
        const auto *order = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(i - 1));
        if (!order || (order->getZExtValue() & 0xffff) < 5)
          return true;
      }
    }
  }
  return false;
}

// Whether the program's own code (not library code, as above) makes an atomic access or fence
// with a memory order weaker than seq_cst: the order argument of the runtime's memory calls
// (runtime/bpor_abi.h), without the C++ ABI's protocol accesses (flag 0x100).
bool weakOrdersInProgramCode(const llvm::Module &module) {
  static const std::pair<const char *, unsigned> calls[] = {
      {"__bpor_load", 2},        {"__bpor_store", 3}, {"__bpor_load_bytes", 3},
      {"__bpor_store_bytes", 3}, {"__bpor_rmw", 4},   {"__bpor_cmpxchg", 4},
      {"__bpor_cmpxchg", 5},     {"__bpor_fence", 0}};
  LiveBlocks live;
  for (const auto &[name, orderArg] : calls) {
    const llvm::Function *f = module.getFunction(name);
    if (!f)
      continue;
    for (const llvm::User *user : f->users()) {
      const auto *call = llvm::dyn_cast<llvm::CallBase>(user);
      if (!call || isLibraryCode(*call->getFunction()) || call->arg_size() <= orderArg ||
          !live.canRun(*call))
        continue;
      const auto *order = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(orderArg));
      if (!order)
        return true;
      uint64_t value = order->getZExtValue(), ordering = value & 0xff;
      if (!(value & 0x100) && ordering != 0 && ordering < 7)
        return true;
    }
  }
  return callsAtomicsWithWeakOrder(module, live);
}

/// Whether the program's own code (not the support library's) calls one of `names`.
bool programCodeCalls(const llvm::Module &module, std::initializer_list<const char *> names) {
  for (const char *name : names) {
    const llvm::Function *callee = module.getFunction(name);
    if (!callee)
      continue;
    for (const llvm::User *user : callee->users()) {
      auto *call = llvm::dyn_cast<llvm::CallBase>(user);
      if (!call || !isLibraryCode(*call->getFunction()))
        return true;
    }
  }
  return false;
}

/// The first of the functions that read an input stream (stdin, a file, a descriptor) that
/// the program's own code calls, "" if none: the model's streams are empty (a read finds the
/// end of the input at once), so what other input would make the program do is not explored.
std::string inputFunctionCalled(const llvm::Module &module) {
  for (const char *name :
       {"scanf", "__isoc99_scanf", "vscanf", "__isoc99_vscanf", "fscanf", "__isoc99_fscanf",
        "vfscanf", "__isoc99_vfscanf", "getchar", "getchar_unlocked", "getc", "getc_unlocked",
        "fgetc", "fgets", "gets", "fread", "read", "getline", "getdelim"})
    if (programCodeCalls(module, {name})) {
      std::string_view called = name; // glibc's C99 names, as the program's source spells them
      return std::string(called.substr(called.rfind("__isoc99_", 0) == 0 ? 9 : 0));
    }
  return "";
}

/// Whether the program may read a pthread_t that pthread_create wrote (a thread's number, in
/// this runtime): the counter abstraction, which drops copies of threads and so renumbers the
/// later ones, is then unsound. Conservative: the handle must live in a local variable or
/// global whose every use is a pthread_create that writes it or a store into it.
bool threadHandlesMayBeRead(const llvm::Module &module) {
  const llvm::Function *create = module.getFunction("__bpor_pthread_create");
  if (!create)
    return false;
  for (const llvm::User *user : create->users()) {
    const auto *call = llvm::dyn_cast<llvm::CallBase>(user);
    if (!call)
      return true;
    const llvm::Value *base = llvm::getUnderlyingObject(call->getArgOperand(0));
    if (!llvm::isa<llvm::AllocaInst>(base) && !llvm::isa<llvm::GlobalVariable>(base))
      return true;
    std::vector<const llvm::Value *> pointers = {base};
    while (!pointers.empty()) {
      const llvm::Value *pointer = pointers.back();
      pointers.pop_back();
      for (const llvm::Use &use : pointer->uses()) {
        const llvm::User *who = use.getUser();
        if (llvm::isa<llvm::GetElementPtrInst>(who) || llvm::isa<llvm::BitCastInst>(who) ||
            llvm::isa<llvm::GEPOperator>(who)) {
          pointers.push_back(who);
          continue;
        }
        if (const auto *store = llvm::dyn_cast<llvm::StoreInst>(who);
            store && store->getPointerOperand() == pointer)
          continue;
        if (const auto *other = llvm::dyn_cast<llvm::CallBase>(who)) {
          const llvm::Function *callee = other->getCalledFunction();
          std::string name = callee ? callee->getName().str() : "";
          if ((name == "__bpor_pthread_create" || name == "__bpor_store" ||
               name == "__bpor_store_bytes") &&
              use.getOperandNo() == 0)
            continue;
          if (callee && callee->isIntrinsic() && callee->getName().starts_with("llvm.lifetime"))
            continue;
        }
        return true;
      }
    }
  }
  return false;
}

} // namespace

BuiltModel buildModel(std::unique_ptr<llvm::Module> module, const ModelConfig &config) {
  BuiltModel built;
  passes::InstrumentOptions instrument;
  instrument.SpinLoops =
      config.spinAssume ? passes::SpinLoopHandling::Assume : passes::SpinLoopHandling::Yield;
  instrument.NondetClasses = config.nondetClasses;
  instrument.RouteErrorFunctions = config.errorFunctionsAreErrors;
  instrument.AbortIsNoViolation = config.abortIsNoViolation;
  instrument.AbstractLoops = config.abstractLoops;
  passes::InstrumentReport report;
  if (llvm::Error error = passes::prepareAndInstrument(*module, instrument, &report)) {
    built.error = llvm::toString(std::move(error));
    built.exitCode = 3;
    return built;
  }
  if (!config.emitInstrumented.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream out(config.emitInstrumented, ec, llvm::sys::fs::OF_Text);
    if (ec) {
      built.error = fmt::format("cannot write {}: {}", config.emitInstrumented, ec.message());
      built.exitCode = 2;
      return built;
    }
    module->print(out, nullptr);
  }
  auto used = [&](const char *name) {
    llvm::Function *f = module->getFunction(name);
    return f && !f->use_empty();
  };
  built.abstractedLoops = report.AbstractedLoops;
  built.usesNondet = used("__bpor_nondet");
  built.drawsCompleteNondet = used("__bpor_nondet_among");
  built.uninitializedUse = findUninitializedUse(*module);
  built.hasYields = programCodeCalls(*module, {"__bpor_spin_yield", "__bpor_sched_yield"});
  built.hasUpdateLoops = programCodeCalls(*module, {"__bpor_update_loop_yield"});
  built.inputFunction = inputFunctionCalled(*module);
  built.weakOrders = weakOrdersInProgramCode(*module);
  built.threadHandlesRead = threadHandlesMayBeRead(*module);

  ExternalRegistry registry;
  registerExternals(registry);
  std::string error;
  std::shared_ptr<const Program> program = Program::build(*module, registry, error);
  if (!program) {
    built.error = error;
    built.exitCode = 3;
    return built;
  }
  ExecutionOptions options;
  if (!config.nondetValues.empty())
    options.nondetDomain = config.nondetValues;
  if (config.nondetFloatValues.size() == options.nondetDomain.size())
    options.nondetFloatDomain = config.nondetFloatValues;
  options.printOutput = config.printOutput;
  if (config.stackLimit)
    options.maxFrames = config.stackLimit;
  if (config.maxLocalBranches)
    options.maxLocalBranches = config.maxLocalBranches;
  options.mallocLimit = config.mallocLimit;
  options.enumerateSmallNondet = config.enumerateSmallNondet;
  // A program without nondet calls has nothing symbolic: it runs the concrete interpreter loop.
  options.symbolicNondet = config.symbolicNondet && built.usesNondet;
  options.spuriousWakeups = config.spuriousWakeups;
  options.abortStopsThread = config.abortStopsThread;
  options.onlyMallocNeverFails = config.onlyMallocNeverFails;
  options.raceDetection = config.raceDetection;
  options.leaks = config.leaks;
  built.program = std::move(program);
  built.executionOptions = options;
  std::shared_ptr<Execution> execution = built.newExecution();
  built.execution = execution.get();
  built.model = std::move(execution);
  return built;
}

std::shared_ptr<Execution> BuiltModel::newExecution() const {
  if (!program)
    return nullptr;
  auto both = std::make_shared<ProgramAndExecution>();
  both->program = program;
  both->execution = std::make_unique<Execution>(*program, executionOptions);
  return std::shared_ptr<Execution>(both, both->execution.get());
}

} // namespace bpor::tool
