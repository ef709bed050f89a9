// The processes of a distributed run (docs/design.md, "Distributed search"): whether bporcheck
// was started by mpirun, and the messages between its ranks, through the MPI plugin
// (distributed/MpiPlugin.h) loaded only then.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

struct BporMpi;

namespace bpor::distributed {

/// The number of processes mpirun (Open MPI, or another launcher of the PMI family) started
/// this one among, read from the launcher's environment: nullopt when not started by one.
std::optional<unsigned> launchedProcesses();
/// This process's rank as the launcher's environment gives it (0 if it gives none): known
/// before MPI is initialised, so that only rank 0 reports a run that cannot start.
unsigned launchedRank();

/// A message as received: who sent it, its tag and its bytes.
struct Message {
  int from = 0;
  int tag = 0;
  std::vector<uint8_t> bytes;
};

/// MPI's world: this process's rank among `size`. Every failing call throws
/// std::runtime_error naming what it did.
class Cluster {
public:
  /// Loads the plugin and initialises MPI; throws std::runtime_error with why it cannot (no
  /// plugin: bporcheck was built without MPI).
  static std::unique_ptr<Cluster> join();
  ~Cluster(); // MPI_Finalize

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool coordinates() const { return rank_ == 0; }
  std::string library() const;

  void send(int to, int tag, const std::vector<uint8_t> &bytes);
  /// Sends without waiting for the receiver: the bytes are kept until the send is done. A
  /// search whose ranks all send to each other uses these, as two blocking sends of large
  /// messages to each other wait for ever.
  void post(int to, int tag, std::vector<uint8_t> bytes);
  /// Frees the posted sends that are done; returns how many are not.
  size_t pendingSends();
  /// A message waiting from `from` (any rank: -1), received; nullopt if none waits.
  std::optional<Message> poll(int from = -1);
  /// Waits for the next message from `from` (any rank: -1) and receives it.
  Message wait(int from = -1);
  /// Rank 0's `bytes` on every rank (their size too).
  void broadcast(std::vector<uint8_t> &bytes);
  /// Ends every rank (mpirun reports it): for a rank that cannot go on alone.
  [[noreturn]] void abort(int code);

private:
  Cluster(const BporMpi *mpi, void *plugin, int rank, int size)
      : mpi_(mpi), plugin_(plugin), rank_(rank), size_(size) {}
  Message receive(int from, int tag, size_t size);
  void check(int failed, const char *what) const;

  struct Posted {
    void *request;
    std::vector<uint8_t> bytes;
  };
  const BporMpi *mpi_;
  void *plugin_;
  std::vector<std::unique_ptr<Posted>> posted_;
  int rank_;
  int size_;
};

} // namespace bpor::distributed
