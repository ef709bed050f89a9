// A Model that runs a testing::Program: the explorers' test bed.
//
// Variables live at address 8*var (8 bytes each); mutex m is the address 0x100000 + 8*m and is
// accessed as a write by lock and unlock. Threads are numbered in creation order (Model's
// rule); a thread that runs off the end of its body terminates, and its last event has
// endsThread set. The execution finishes when every thread has terminated.
#pragma once

#include "core/Model.h"
#include "tests/support/Program.h"

#include <memory>
#include <string>
#include <vector>

namespace bpor::testing {

class ProgramModel final : public Model {
public:
  explicit ProgramModel(Program program);

  void restart() override;
  ThreadId numThreads() const override { return ThreadId(threads.size()); }
  bool isAlive(ThreadId thread) const override;
  bool isEnabled(ThreadId thread) const override;
  const Operation &pending(ThreadId thread) const override;
  const Operation &step(ThreadId thread, uint32_t choice = 0) override;
  ExecStatus status() const override { return currentStatus; }
  const ErrorInfo &error() const override { return currentError; }

  /// Checkpoints copy the whole state (threads, variables, mutex owners, status).
  std::unique_ptr<ModelCheckpoint> checkpoint() const override;
  bool checkpointInto(ModelCheckpoint &into) const override;
  void restore(const ModelCheckpoint &checkpoint) override;

  static uint64_t variableAddress(uint32_t var) { return 8 * uint64_t(var); }
  static uint64_t mutexAddress(uint32_t mutex) { return 0x100000 + 8 * uint64_t(mutex); }

  /// Whether pending operations carry Model's endsThread hint (default: yes). The runtime
  /// cannot give it; withholding it here tests the checker as the runtime drives it.
  void setPendingEndsThreadHint(bool give) { giveEndsThreadHint = give; }

  /// State keys (Model::stateKey), off by default: with them the stateful search and the
  /// livelock checks apply to the program. The key holds every thread's place, register and
  /// children, the variables and the mutex owners (a variable never written reads as 0 and a
  /// mutex never locked is free, whether or not the vectors reach them yet).
  void setStateKeys(bool give) { giveStateKeys = give; }
  bool stateKey(std::string &key) const override;

  /// Number of restart() calls so far.
  uint64_t restarts() const { return restartCount; }

private:
  struct Thread {
    uint32_t body = 0;
    size_t pc = 0;
    bool spinYielding = false; // inside a spin loop, the yield comes next
    uint64_t reg = 0;
    bool alive = true;
    std::vector<ThreadId> children;
    Operation next; // pending operation, kept up to date
  };

  class Checkpoint;

  void computePending(ThreadId thread);
  uint64_t &variable(uint32_t var);

  Program program;
  std::vector<Thread> threads;
  std::vector<uint64_t> memory;
  std::vector<ThreadId> mutexOwner;
  ExecStatus currentStatus = ExecStatus::Running;
  ErrorInfo currentError;
  Operation lastEvent;
  uint64_t restartCount = 0;
  bool giveEndsThreadHint = true;
  bool giveStateKeys = false;
};

} // namespace bpor::testing
