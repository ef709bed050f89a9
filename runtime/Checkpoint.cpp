// Checkpoint and restore of an Execution (core/Model.h): the state of a run is its Memory,
// its threads (interpreter stacks are values), the synchronisation tables and a few scalars, so
// a checkpoint is a copy of each and restore() assigns them back. Assignment reuses the
// Execution's buffers, so restoring allocates little once the run has grown to the saved size.
//
// Thread records are the largest part, and a step changes few of them: a checkpoint holds the
// table's records themselves, shared copy-on-write (ThreadTable.h), and restore() makes the
// table hold the checkpoint's records again. A record is copied only when its thread changes
// while a checkpoint shares it.
//
// What is not saved is not state: the program, the options, the interpreter (it holds no
// per-run data) and the interned location table (ids stay stable for the Execution's life).
#include "runtime/Execution.h"

#include <cassert>

namespace bpor {

class Execution::Checkpoint final : public ModelCheckpoint {
public:
  explicit Checkpoint(const Execution &owner) : owner(&owner) {}
  ~Checkpoint() override {
    for (runtime::ThreadTable::SharedRecord *r : threads)
      pool->release(r);
  }

  size_t bytes() const override {
    // A thread's record is counted in every checkpoint that shares it (an overestimate).
    size_t total = sizeof(*this) + memory.bytes() + output.capacity() +
                   threads.size() * sizeof(ProgramThread);
    for (const runtime::ThreadTable::SharedRecord *r : threads) {
      const ProgramThread &thread = r->record;
      const ThreadState &state = thread.state;
      total += state.frames.capacity() * sizeof(Frame) +
               (state.slots.capacity() + state.returnValue.capacity() + state.callArgs.capacity()) *
                   sizeof(Slot) +
               state.allocas.capacity() * sizeof(Address) + state.fault.message.capacity() +
               thread.specific.capacity() * sizeof(thread.specific[0]);
    }
    return total + sync.bytes() + threadEnds.bytes() + error.message.capacity();
  }

  const Execution *owner;
  Memory::Snapshot memory;
  /// The first numThreads_ records, each held (ThreadTable::share).
  std::shared_ptr<runtime::ThreadTable::Pool> pool;
  std::vector<runtime::ThreadTable::SharedRecord *> threads;
  ExecStatus status = ExecStatus::Running;
  ErrorInfo error;
  Operation event;
  std::string output;
  runtime::ProcessState process;
  ThreadId atomicOwner = NoThread;
  runtime::SymbolicState symbolic;
  runtime::SyncObjects sync;
  runtime::ThreadEnds threadEnds;
  runtime::RaceCheck races;
};

std::unique_ptr<ModelCheckpoint> Execution::checkpoint() const {
  auto saved = std::make_unique<Checkpoint>(*this);
  checkpointInto(*saved);
  return saved;
}

bool Execution::checkpointInto(ModelCheckpoint &into) const {
  auto &saved = static_cast<Checkpoint &>(into);
  assert(saved.owner == this && "a checkpoint of another model");
  // Taken between steps: no handler is running and no step's transient flags are set.
  assert(!insideRun_);
  memory_.save(saved.memory);
  if (!saved.pool)
    saved.pool = threads_.pool();
  for (size_t t = numThreads_; t < saved.threads.size(); ++t)
    saved.pool->release(saved.threads[t]);
  saved.threads.resize(numThreads_, nullptr);
  for (ThreadId t = 0; t < numThreads_; ++t) {
    runtime::ThreadTable::SharedRecord *now = threads_.share(t);
    saved.pool->release(saved.threads[t]);
    saved.threads[t] = now;
  }
  saved.status = status_;
  saved.error = error_;
  saved.event = event_;
  saved.output = output_.text();
  saved.process = process_;
  saved.atomicOwner = atomicOwner_;
  if (symbolic_.on()) // else the run reads nothing of it
    saved.symbolic = symbolic_.state();
  saved.sync = sync_;
  saved.threadEnds = threadEnds_;
  if (options_.raceDetection != RaceDetection::Off) // else the check holds nothing
    saved.races = races_;
  return true;
}

void Execution::restore(const ModelCheckpoint &checkpoint) {
  const auto &saved = static_cast<const Checkpoint &>(checkpoint);
  assert(saved.owner == this && "a checkpoint of another model");
  memory_.restore(saved.memory);
  numThreads_ = ThreadId(saved.threads.size());
  threads_.reserve(numThreads_);
  for (ThreadId t = 0; t < numThreads_; ++t)
    threads_.restore(t, saved.threads[t]);
  status_ = saved.status;
  error_ = saved.error;
  event_ = saved.event;
  output_.restore(saved.output);
  process_ = saved.process;
  atomicOwner_ = saved.atomicOwner;
  if (symbolic_.on())
    symbolic_.restore(saved.symbolic);
  insideRun_ = false;
  childAwaitsInitialRun_ = false;
  sync_ = saved.sync;
  threadEnds_ = saved.threadEnds;
  if (options_.raceDetection != RaceDetection::Off)
    races_ = saved.races;
}

} // namespace bpor
