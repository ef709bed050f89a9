// The Model side of an Execution: restart, threads, stepping, errors and descriptions.
#include "runtime/Execution.h"
#include "runtime/ThreadObjects.h"

#include <cstdio>
#include <cstdlib>

#include "llvm/Demangle/Demangle.h"
#include <fmt/format.h>

namespace bpor {

using runtime::Ext;
using runtime::ExitPhase;
using runtime::Stage;

Execution::Execution(const Program &program, ExecutionOptions options)
    : program_(program), options_(std::move(options)), memory_(program.initialMemory()),
      symbolic_(program, memory_), locations_(program),
      context_(program_, options_, memory_, threads_, numThreads_, locations_, coverage_,
               symbolic_, status_, error_) {
  if (options_.nondetDomain.empty())
    options_.nondetDomain = {0};
  memory_.setLimit(options_.memoryLimit);
  mainFunction_ = program_.findFunction("main");
  InterpreterOptions interpOptions;
  interpOptions.maxFrames = options_.maxFrames;
  interpOptions.maxBranchesPerRun = options_.maxLocalBranches;
  interp_ = std::make_unique<Interpreter>(program_, memory_,
                                          static_cast<ExternalHandler &>(*this), interpOptions);
  context_.setInterpreter(*interp_);
  if (options_.symbolicNondet)
    symbolic_.enable(*interp_, coverage_.concretised());
  restart();
}

Execution::~Execution() = default;

void Execution::restart() {
  memory_.reset();
  numThreads_ = 0;
  identityUse_.reset();
  status_ = ExecStatus::Running;
  error_ = ErrorInfo{};
  event_ = Operation{};
  output_.clear();
  process_ = runtime::ProcessState{};
  sync_.clear();
  atomicOwner_ = NoThread;
  insideRun_ = false;
  childAwaitsInitialRun_ = false;
  threadEnds_.clear();
  symbolic_.reset();
  races_.reset(options_.raceDetection);
  startMain();
  showOutputIfEnded();
}

void Execution::startMain() {
  ProgramThread &main = newThread();
  Address entry = mainFunction_;
  if (entry == 0 || !program_.isDefined(entry)) {
    context_.fail(ErrorKind::Unsupported, main, 0, "the program has no main function");
    return;
  }
  // main(argc, argv) gets argc = 1 and argv = {"program", NULL}, in memory private to main.
  Slot args[2] = {0, 0};
  const interp::Function &mainFunction = program_.function(program_.functionIndex(entry));
  uint32_t numArgs = std::min<uint32_t>(mainFunction.numParamSlots, 2);
  if (numArgs == 2) {
    Address argv = memory_.allocate(ObjectKind::Stack, 16 + 8, 16, 0);
    memory_.write(argv, program_.pointerBytes(), argv + 16);
    std::memcpy(memory_.host(argv + 16), "program", 8);
    args[0] = 1;
    args[1] = argv;
  }
  interp_->start(main.state, entry, std::span<const Slot>(args, numArgs));
  runtime::invokeConstructors(*interp_, main, program_.constructors());
  runThread(main);
}

Execution::ProgramThread &Execution::newThread() {
  ThreadId id = numThreads_++;
  threads_.reserve(numThreads_);
  ProgramThread &thread = threads_.fresh(id);
  thread.reset(id);
  threadEnds_.start(id);
  return thread;
}

bool Execution::isAlive(ThreadId thread) const {
  return thread < numThreads_ && threads_[thread].stage != Stage::Terminated;
}

bool Execution::isEnabled(ThreadId thread) const {
  if (status_ != ExecStatus::Running || thread >= numThreads_)
    return false;
  return isEnabledThread(threads_[thread]);
}

const Operation &Execution::pending(ThreadId thread) const { return threads_[thread].pending; }

const Operation &Execution::step(ThreadId id, uint32_t choice) {
  if (id >= numThreads_) {
    event_ = Operation{};
    return event_;
  }
  ProgramThread &thread = threads_.modify(id);
  event_ = thread.pending;
  if (status_ != ExecStatus::Running || !isEnabledThread(thread) ||
      choice >= thread.pending.numChoices) {
    lastStepWork_ = 1;
    return event_; // misuse by the caller: nothing happens
  }
  Slot result = 0;
  uint64_t instructionsBefore = thread.state.instructions;
  symbolic_.countStep();
  if (event_.kind == OpKind::AtomicBlock)
    blockFootprint_.begin(event_);
  ++thread.steps; // before the thread runs on to its next call (a spin loop's end counts it)
  Performed performed = perform(thread, choice, result, event_);
  noteForRaces(thread, event_, performed, result);
  switch (performed) {
  case Performed::Complete: {
    ExprId shadow = symbolic_.takeResultShadow();
    interp_->complete(thread.state, &result, thread.request.numResultSlots,
                      shadow != ConcreteValue ? &shadow : nullptr);
    runThread(thread);
    break;
  }
  case Performed::Retry:
    // A handler frame stands above the call, which runs again once the handler returns.
    thread.state.status = RunResult::Ready;
    runThread(thread);
    break;
  case Performed::Waiting:
  case Performed::Stopped:
    break;
  }
  injected_.endStep(id);
  if (thread.stage == Stage::Terminated)
    event_.endsThread = true;
  if (options_.raceDetection != RaceDetection::Off)
    endStepForRaces(thread);
  if (blockFootprint_.gathering() &&
      blockFootprint_.finish(event_, thread.atomicDepth == 0 || status_ != ExecStatus::Running))
    context_.fail(ErrorKind::Unsupported, thread, context_.currentLocation(thread),
                  "an atomic block stopped inside at a decision on a symbolic value that its "
                  "footprint did not foresee");
  if (symbolic_.on())
    reconsiderNamedBlocks();
  showOutputIfEnded();
  uint64_t instructions = thread.state.instructions;
  lastStepWork_ = instructions >= instructionsBefore ? instructions - instructionsBefore + 1 : 1;
  return event_;
}

void Execution::showOutputIfEnded() {
  if (!options_.printOutput || !output_.mayShow() || status_ == ExecStatus::Infeasible)
    return;
  if (status_ == ExecStatus::Running) // ended only if deadlocked
    for (ThreadId t = 0; t < numThreads_; ++t)
      if (isEnabledThread(threads_[t]))
        return;
  output_.show();
}

void Execution::runThread(ProgramThread &thread) {
  if (status_ != ExecStatus::Running)
    return;
  // Runs again while the thread is ending and has thread-specific destructors to call.
  for (bool again = true; again && status_ == ExecStatus::Running;) {
    again = false;
    bool wasInsideRun = insideRun_;
    insideRun_ = true;
    RunResult result = interp_->run(thread.state);
    insideRun_ = wasInsideRun;
    switch (result) {
    case RunResult::Paused:
      if (thread.state.decision.kind != DecisionKind::None && !thread.state.decision.decided &&
          thread.state.decision.kind != DecisionKind::Assume)
        setDecisionPending(thread);
      break;
    case RunResult::Ready:
      break;
    case RunResult::Stopped:
      // The handler recorded why (error, exit, infeasible); pthread_exit marked the thread.
      if (thread.exiting)
        again = finishThread(thread);
      break;
    case RunResult::Returned: {
      Slot value = thread.state.returnValue.empty() ? 0 : thread.state.returnValue[0];
      // main's exit is shown at its return statement (a leak found then points there).
      auto returnedAt = [&] { return locations_.ofDebugIndex(thread.state.returnDebugIndex); };
      bool runsExitHandlers = process_.runsExitHandlers(thread.state.threadId);
      if (thread.state.threadId == 0 && !thread.exiting && !runsExitHandlers) {
        // main returned: exit(value), whose handlers run on thread 0's empty stack.
        process_.exitCode = int(int32_t(value));
        if (process_.beginExit(thread, ExitPhase::Exit, program_.destructors())) {
          runsExitHandlers = true;
        } else {
          thread.stage = Stage::MainReturned;
          context_.setExitPending(thread, returnedAt());
          break;
        }
      }
      if (runsExitHandlers) {
        if (process_.invokeNextExitHandler(*interp_, thread, program_.destructors())) {
          again = true;
        } else {
          thread.stage = Stage::MainReturned;
          context_.setExitPending(thread, returnedAt());
        }
        break;
      }
      if (!thread.exiting) {
        thread.exiting = true;
        thread.exitValue = value;
        thread.exitShadow = thread.state.returnShadows.empty() ? ConcreteValue
                                                               : thread.state.returnShadows[0];
      }
      again = finishThread(thread);
      break;
    }
    case RunResult::Fault: {
      const Fault &fault = thread.state.fault;
      ErrorKind kind = fault.kind == ErrorKind::None ? ErrorKind::Unsupported : fault.kind;
      uint32_t where = fault.debugIndex ? program_.numLocations() + fault.debugIndex
                                        : locations_.intern(fault.location);
      context_.fail(kind, thread, where, fault.message);
      if (kind == ErrorKind::MemoryError && error_.kind == ErrorKind::MemoryError)
        error_.memory = memoryViolationOf(fault.memory);
      break;
    }
    }
  }
  // Children created inside an atomic block run their local prefix now that no handler runs.
  if (!childAwaitsInitialRun_)
    return; // the common case: no scan of every thread per step
  childAwaitsInitialRun_ = false;
  for (ThreadId t = 0; t < numThreads_ && status_ == ExecStatus::Running; ++t) {
    if (threads_[t].needsInitialRun) {
      ProgramThread &child = threads_.modify(t);
      child.needsInitialRun = false;
      runThread(child);
    }
  }
}

bool Execution::finishThread(ProgramThread &thread) {
  // C++ thread_local destructors (__cxa_thread_atexit) first, last-registered first, then
  // thread-specific destructors (one round: PTHREAD_DESTRUCTOR_ITERATIONS is not modelled), in
  // key order; each on a fresh stack.
  if (!thread.threadExitHandlers.empty()) {
    runtime::ExitHandler handler = thread.threadExitHandlers.back();
    thread.threadExitHandlers.pop_back();
    interp_->start(thread.state, handler.function, std::span<const Slot>(&handler.argument, 1));
    return true;
  }
  for (auto &[key, value] : thread.specific) {
    if (value == 0 || key >= sync_.keyDestructors.size() || sync_.keyDestructors[key] == 0)
      continue;
    Slot argument = value;
    value = 0;
    interp_->start(thread.state, sync_.keyDestructors[key], std::span<const Slot>(&argument, 1));
    return true;
  }
  terminate(thread);
  return false;
}

void Execution::terminate(ProgramThread &thread) {
  thread.stage = Stage::Terminated;
  // A thread that ends by pthread_exit leaves frames behind: its stack objects die with it.
  for (auto it = thread.state.allocas.rbegin(); it != thread.state.allocas.rend(); ++it)
    memory_.release(*it, ObjectKind::Stack);
  thread.state.allocas.clear();
  runtime::releaseThreadObjects(memory_, thread);
  for (ThreadId t = 0; t < numThreads_; ++t)
    if (threads_[t].stage != Stage::Terminated)
      return;
  context_.finish(thread);
}

uint32_t Execution::nondetChoices(uint32_t bits) const {
  if (bits == 1)
    return 2;
  if (options_.enumerateSmallNondet && bits <= 8)
    return uint32_t(1) << bits;
  return uint32_t(options_.nondetDomain.size());
}

std::string Execution::describeAddress(uint64_t address) const {
  if (objectIdOf(address) == PseudoObject) {
    if (address == KeyTableAddress)
      return "thread-specific key table";
    if (address == ThreadNumberingAddress)
      return "thread numbering";
    if (address == ClockAddress)
      return "the clock";
    if (address == ExitTableAddress)
      return "the exit-handler table";
    if (address == RandomStateAddress)
      return "the state of rand()";
    return fmt::format("thread {}", offsetOf(address));
  }
  return memory_.describe(address);
}

// A function's name for a user: demangled, without its parameter list ("worker",
// "Queue::push"). std::thread's state runs its callable in _State_impl<_Invoker<tuple<F, ...>>>
// ::_M_run: that names F ("Worker"; a lambda as "lambda in main").
std::string Execution::functionName(uint64_t address) const {
  if (!program_.isFunction(address))
    return "";
  std::string mangled(program_.functionName(address));
  llvm::ItaniumPartialDemangler demangler;
  if (demangler.partialDemangle(mangled.c_str()))
    return mangled; // a C name
  char *buffer = demangler.getFunctionName(nullptr, nullptr);
  if (!buffer)
    return mangled;
  std::string name(buffer);
  std::free(buffer);
  constexpr std::string_view Invoker = "std::thread::_State_impl<std::thread::_Invoker<std::tuple<";
  if (name.starts_with(Invoker) && name.ends_with(">>>::_M_run")) {
    // The tuple's first element, up to a comma outside brackets.
    std::string callable;
    int depth = 0;
    for (char c : std::string_view(name).substr(Invoker.size())) {
      if (depth == 0 && (c == ',' || c == '>'))
        break;
      depth += c == '<' || c == '(' ? 1 : c == '>' || c == ')' ? -1 : 0;
      callable += c;
    }
    for (std::string_view lambda : {"::'lambda", "::$_"})
      if (size_t at = callable.find(lambda); at != std::string::npos)
        return "lambda in " + callable.substr(0, at);
    return callable;
  }
  return name;
}

std::string Execution::threadName(ThreadId thread) const {
  if (thread == 0)
    return "main";
  if (thread >= numThreads_)
    return "";
  return functionName(threads_[thread].startFunction);
}

// std::thread starts its threads in the support library's runState (runtime/cxx/thread.cpp)
// with the thread's _State as the argument: a vtable pointer, then the tuple of the callable
// and its arguments, which libstdc++ lays out last element first, the callable last. The
// vtable's third entry is _M_run, whose name says the callable's type: for a function
// pointer, the object's last word is the function; otherwise _M_run names the thread
// (functionName says which callable it runs).
Address Execution::shownStartFunction(Address start, Slot arg) const {
  if (!program_.isFunction(start) || !program_.function(program_.functionIndex(start)).library ||
      program_.functionName(start).find("runState") == std::string_view::npos)
    return start;
  uint32_t id = 0;
  uint64_t offset = 0, vtable = 0, run = 0, last = 0;
  const MemoryObject *object = memory_.object(arg, offset);
  if (!object || offset != 0 || object->size < 16 ||
      memory_.read(arg, 8, vtable) != MemoryFault::None ||
      memory_.read(vtable + 16, 8, run) != MemoryFault::None || !program_.isDefined(run))
    return start;
  llvm::ItaniumPartialDemangler demangler;
  std::string runName(program_.functionName(run));
  if (!demangler.partialDemangle(runName.c_str())) {
    if (char *buffer = demangler.getFunctionName(nullptr, nullptr)) {
      std::string name(buffer);
      std::free(buffer);
      constexpr std::string_view Tuple = "std::tuple<";
      size_t at = name.find(Tuple);
      bool pointer = at != std::string::npos &&
                     std::string_view(name).substr(at + Tuple.size()).find("(*)") <
                         std::string_view(name).substr(at + Tuple.size()).find_first_of(",>");
      if (pointer && memory_.locate(arg, id, offset) &&
          memory_.read(memory_.addressOf(id, object->size - 8), 8, last) == MemoryFault::None &&
          program_.isDefined(last))
        return last;
    }
  }
  return run;
}

ThreadId Execution::lockHolder(uint64_t address) const { return sync_.lockHolder(address); }

Model::UserCall Execution::userCall(ThreadId thread) const {
  UserCall call;
  if (thread >= numThreads_)
    return call;
  const auto &frames = threads_[thread].state.frames;
  if (frames.empty() || !program_.function(frames.back().function).library)
    return call;
  call.inLibrary = true;
  for (size_t k = frames.size() - 1; k-- > 0;) {
    const interp::Function &function = program_.function(frames[k].function);
    if (function.library)
      continue;
    call.depth = uint32_t(k);
    call.call = frames[k].pc;
    if (frames[k].pc < function.debugLocs.size() && function.debugLocs[frames[k].pc] != 0)
      call.site = program_.numLocations() + function.debugLocs[frames[k].pc];
    call.callee = program_.function(frames[k + 1].function).name;
    return call;
  }
  call.callee = program_.function(frames.front().function).name;
  return call;
}

void Execution::noteForRaces(ProgramThread &thread, const Operation &event, Performed performed,
                             Slot result) {
  RaceDetection mode = options_.raceDetection;
  if (mode == RaceDetection::Off || status_ != ExecStatus::Running)
    return;
  // A granted output call (Performer::AtCall) makes its accesses as it runs again in this step.
  runtime::RaceStepPart part =
      performed == Performed::Waiting ? runtime::RaceStepPart::Waiting
      : performed == Performed::Complete || (performed == Performed::Retry && thread.callGranted)
          ? runtime::RaceStepPart::Done
          : runtime::RaceStepPart::Nothing;
  runtime::RaceContext context{*this, memory_, threads_, numThreads_};
  if (auto finding = races_.noteOperation(mode, thread, event, part, result, context))
    context_.fail(finding->kind, thread, finding->location, std::move(finding->message));
}

void Execution::endStepForRaces(ProgramThread &thread) {
  runtime::RaceContext context{*this, memory_, threads_, numThreads_};
  if (auto finding = races_.endStep(options_.raceDetection, thread, event_.location,
                                    status_ == ExecStatus::Running, context))
    context_.fail(finding->kind, thread, finding->location, std::move(finding->message));
}

} // namespace bpor
