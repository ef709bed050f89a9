#include "tests/support/ProgramModel.h"

#include <fmt/format.h>
#include <stdexcept>

namespace bpor::testing {

ProgramModel::ProgramModel(Program program) : program(std::move(program)) { restart(); }

void ProgramModel::restart() {
  ++restartCount;
  threads.clear();
  memory.clear();
  mutexOwner.clear();
  currentStatus = ExecStatus::Running;
  currentError = ErrorInfo();
  threads.push_back(Thread{});
  if (program.bodies.empty() || program.bodies[0].empty())
    throw std::invalid_argument("a test program needs a non-empty main body");
  computePending(0);
}

bool ProgramModel::isAlive(ThreadId thread) const {
  return thread < threads.size() && threads[thread].alive;
}

bool ProgramModel::isEnabled(ThreadId thread) const {
  if (!isAlive(thread) || currentStatus != ExecStatus::Running)
    return false;
  const Thread &t = threads[thread];
  const Instr &instr = program.bodies[t.body][t.pc];
  switch (instr.kind) {
  case InstrKind::Lock:
    return instr.var >= mutexOwner.size() || mutexOwner[instr.var] == NoThread;
  case InstrKind::Join:
    return instr.target < t.children.size() && !threads[t.children[instr.target]].alive;
  default:
    return true;
  }
}

const Operation &ProgramModel::pending(ThreadId thread) const { return threads[thread].next; }

bool ProgramModel::stateKey(std::string &key) const {
  if (!giveStateKeys)
    return false;
  key.clear();
  auto put = [&key](uint64_t v) { key.append(reinterpret_cast<const char *>(&v), sizeof v); };
  put(uint64_t(currentStatus));
  put(threads.size());
  for (const Thread &t : threads) {
    put(t.body);
    put(t.pc);
    put(t.spinYielding);
    put(t.reg);
    put(t.alive);
    put(t.children.size());
    for (ThreadId child : t.children)
      put(child);
  }
  size_t vars = memory.size();
  while (vars > 0 && memory[vars - 1] == 0)
    --vars;
  put(vars);
  for (size_t v = 0; v < vars; ++v)
    put(memory[v]);
  size_t mutexes = mutexOwner.size();
  while (mutexes > 0 && mutexOwner[mutexes - 1] == NoThread)
    --mutexes;
  put(mutexes);
  for (size_t m = 0; m < mutexes; ++m)
    put(mutexOwner[m]);
  return true;
}

uint64_t &ProgramModel::variable(uint32_t var) {
  if (var >= memory.size())
    memory.resize(var + 1, 0);
  return memory[var];
}

void ProgramModel::computePending(ThreadId thread) {
  Thread &t = threads[thread];
  Operation op;
  op.thread = thread;
  const Instr &instr = program.bodies[t.body][t.pc];
  switch (instr.kind) {
  case InstrKind::Read:
  case InstrKind::AssertEq:
  case InstrKind::AssertNe:
  case InstrKind::AssumeEq:
    op.kind = OpKind::Load;
    op.addAccess(variableAddress(instr.var), 8, false);
    break;
  case InstrKind::Spin:
    if (t.spinYielding) {
      op.kind = OpKind::Yield;
    } else {
      op.kind = OpKind::Load;
      op.addAccess(variableAddress(instr.var), 8, false);
    }
    break;
  case InstrKind::Write:
    op.kind = OpKind::Store;
    op.addAccess(variableAddress(instr.var), 8, true);
    break;
  case InstrKind::Lock:
  case InstrKind::Unlock:
    op.kind = instr.kind == InstrKind::Lock ? OpKind::Lock : OpKind::Unlock;
    op.addAccess(mutexAddress(instr.var), 8, true);
    break;
  case InstrKind::Fork:
    // The child's id is known only once it exists (it depends on other threads' forks):
    // the event carries it, the pending operation does not.
    op.kind = OpKind::Fork;
    break;
  case InstrKind::Join:
    op.kind = OpKind::Join;
    op.otherThread = instr.target < t.children.size() ? t.children[instr.target] : NoThread;
    break;
  case InstrKind::Yield:
    op.kind = OpKind::Yield;
    break;
  case InstrKind::Nondet:
    op.kind = OpKind::Nondet;
    op.numChoices = uint32_t(instr.value);
    break;
  }
  op.location = uint32_t(t.body * 1000 + t.pc + 1);
  // The hint Model allows: the last instruction ends the thread (a spin loop only once it
  // sees its value, which is not known in advance).
  op.endsThread = giveEndsThreadHint && t.pc + 1 == program.bodies[t.body].size() &&
                  instr.kind != InstrKind::Spin;
  t.next = op;
}

const Operation &ProgramModel::step(ThreadId thread, uint32_t choice) {
  if (!isEnabled(thread))
    throw std::logic_error(fmt::format("step of thread {}, which is not enabled", thread));
  Thread *t = &threads[thread];
  const Instr instr = program.bodies[t->body][t->pc];
  lastEvent = t->next;
  lastEvent.endsThread = false; // set below if the thread really ends
  bool advance = true;
  switch (instr.kind) {
  case InstrKind::Read:
    t->reg = lastEvent.value = variable(instr.var);
    break;
  case InstrKind::AssertEq:
  case InstrKind::AssertNe:
  case InstrKind::AssumeEq:
    lastEvent.value = variable(instr.var);
    if ((lastEvent.value == instr.value) == (instr.kind == InstrKind::AssertNe)) {
      if (instr.kind != InstrKind::AssumeEq) {
        currentStatus = ExecStatus::Error;
        currentError.kind = ErrorKind::AssertionFailure;
        currentError.thread = thread;
        currentError.location = lastEvent.location;
        currentError.message =
            fmt::format("assertion x{} {} {} failed (x{} is {})", instr.var,
                        instr.kind == InstrKind::AssertEq ? "==" : "!=", instr.value, instr.var,
                        lastEvent.value);
      } else {
        currentStatus = ExecStatus::Infeasible;
      }
      return lastEvent;
    }
    break;
  case InstrKind::Spin:
    if (t->spinYielding) {
      t->spinYielding = false;
      advance = false;
    } else {
      lastEvent.value = variable(instr.var);
      if (lastEvent.value != instr.value) {
        t->spinYielding = true;
        advance = false;
      }
    }
    break;
  case InstrKind::Write:
    lastEvent.value = instr.value + (instr.addRegister ? t->reg : 0);
    variable(instr.var) = lastEvent.value;
    break;
  case InstrKind::Lock:
    if (instr.var >= mutexOwner.size())
      mutexOwner.resize(instr.var + 1, NoThread);
    mutexOwner[instr.var] = thread;
    break;
  case InstrKind::Unlock:
    if (instr.var >= mutexOwner.size() || mutexOwner[instr.var] != thread) {
      currentStatus = ExecStatus::Error;
      currentError.kind = ErrorKind::ThreadsApiMisuse;
      currentError.thread = thread;
      currentError.location = lastEvent.location;
      currentError.message =
          fmt::format("unlock of mutex m{}, which thread {} does not hold", instr.var, thread);
      return lastEvent;
    }
    mutexOwner[instr.var] = NoThread;
    break;
  case InstrKind::Fork: {
    ThreadId child = ThreadId(threads.size());
    if (instr.target >= program.bodies.size() || program.bodies[instr.target].empty())
      throw std::invalid_argument("fork of an empty or missing body");
    t->children.push_back(child);
    Thread c;
    c.body = instr.target;
    threads.push_back(c);
    t = &threads[thread]; // push_back may have moved it
    computePending(child);
    lastEvent.otherThread = child;
    lastEvent.value = child;
    break;
  }
  case InstrKind::Join:
  case InstrKind::Yield:
    break;
  case InstrKind::Nondet:
    t->reg = lastEvent.value = choice;
    break;
  }
  if (advance)
    ++t->pc;
  if (t->pc == program.bodies[t->body].size()) {
    t->alive = false;
    lastEvent.endsThread = true;
    bool anyAlive = false;
    for (const Thread &other : threads)
      anyAlive = anyAlive || other.alive;
    if (!anyAlive)
      currentStatus = ExecStatus::Finished;
  } else {
    computePending(thread);
  }
  return lastEvent;
}

} // namespace bpor::testing

namespace bpor::testing {

class ProgramModel::Checkpoint final : public ModelCheckpoint {
public:
  explicit Checkpoint(const ProgramModel &owner) : owner(&owner) {}
  size_t bytes() const override {
    return sizeof(*this) + threads.capacity() * sizeof(Thread) +
           memory.capacity() * sizeof(uint64_t) + mutexOwner.capacity() * sizeof(ThreadId);
  }

  const ProgramModel *owner;
  std::vector<Thread> threads;
  std::vector<uint64_t> memory;
  std::vector<ThreadId> mutexOwner;
  ExecStatus status = ExecStatus::Running;
  ErrorInfo error;
  Operation lastEvent;
};

std::unique_ptr<ModelCheckpoint> ProgramModel::checkpoint() const {
  auto saved = std::make_unique<Checkpoint>(*this);
  checkpointInto(*saved);
  return saved;
}

bool ProgramModel::checkpointInto(ModelCheckpoint &into) const {
  auto &saved = static_cast<Checkpoint &>(into);
  if (saved.owner != this)
    throw std::invalid_argument("a checkpoint of another model");
  saved.threads = threads;
  saved.memory = memory;
  saved.mutexOwner = mutexOwner;
  saved.status = currentStatus;
  saved.error = currentError;
  saved.lastEvent = lastEvent;
  return true;
}

void ProgramModel::restore(const ModelCheckpoint &checkpoint) {
  const auto &saved = static_cast<const Checkpoint &>(checkpoint);
  if (saved.owner != this)
    throw std::invalid_argument("a checkpoint of another model");
  threads = saved.threads;
  memory = saved.memory;
  mutexOwner = saved.mutexOwner;
  currentStatus = saved.status;
  currentError = saved.error;
  lastEvent = saved.lastEvent;
}

} // namespace bpor::testing
