#include "distributed/Cluster.h"

#include "distributed/MpiPlugin.h"

#include <cstdlib>
#include <dlfcn.h>
#include <stdexcept>
#include <unistd.h>

namespace bpor::distributed {

std::optional<unsigned> launchedProcesses() {
  // Open MPI's mpirun, then the PMI launchers (MPICH's Hydra, Slurm's srun).
  for (const char *name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"})
    if (const char *value = std::getenv(name)) {
      char *end = nullptr;
      unsigned long processes = std::strtoul(value, &end, 10);
      if (end != value && *end == 0 && processes > 0)
        return unsigned(processes);
    }
  return std::nullopt;
}

unsigned launchedRank() {
  for (const char *name : {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"})
    if (const char *value = std::getenv(name))
      return unsigned(std::strtoul(value, nullptr, 10));
  return 0;
}

namespace {

/// The directory of the running executable, with a trailing slash.
std::string executableDirectory() {
  char path[4096];
  ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
  if (length <= 0)
    return "";
  std::string full(path, size_t(length));
  return full.substr(0, full.rfind('/') + 1);
}

/// The plugin: $BPOR_MPI_PLUGIN, else beside the executable (an installed bporcheck), else
/// where the build put it.
void *loadPlugin(std::string &tried) {
  std::vector<std::string> candidates;
  if (const char *given = std::getenv("BPOR_MPI_PLUGIN"))
    candidates.push_back(given);
  candidates.push_back(executableDirectory() + "libbpor_mpi.so");
#ifdef BPOR_MPI_PLUGIN_PATH
  candidates.push_back(BPOR_MPI_PLUGIN_PATH);
#endif
  for (const std::string &candidate : candidates) {
    if (void *handle = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL))
      return handle;
    if (!tried.empty())
      tried += "; ";
    tried += dlerror();
  }
  return nullptr;
}

} // namespace

std::unique_ptr<Cluster> Cluster::join() {
  std::string tried;
  void *plugin = loadPlugin(tried);
  if (!plugin)
    throw std::runtime_error(
        "this bporcheck cannot run distributed: its MPI plugin (libbpor_mpi.so, built where "
        "Open MPI's libopenmpi-dev is installed) does not load (" + tried + ")");
  using Entry = const BporMpi *(*)();
  auto entry = reinterpret_cast<Entry>(dlsym(plugin, "bpor_mpi_plugin"));
  const BporMpi *mpi = entry ? entry() : nullptr;
  if (!mpi || mpi->version != BPOR_MPI_PLUGIN_VERSION)
    throw std::runtime_error("the MPI plugin libbpor_mpi.so is of another bporcheck version");
  int rank = 0, size = 0;
  if (int failed = mpi->init(&rank, &size))
    throw std::runtime_error("MPI_Init_thread failed (MPI error " + std::to_string(failed) +
                             "), or the library cannot serve two threads in turn");
  return std::unique_ptr<Cluster>(new Cluster(mpi, plugin, rank, size));
}

Cluster::~Cluster() { mpi_->finalize(); }

std::string Cluster::library() const { return mpi_->library(); }

void Cluster::check(int failed, const char *what) const {
  if (failed)
    throw std::runtime_error("rank " + std::to_string(rank_) + ": " + what +
                             " failed (MPI error " + std::to_string(failed) + ")");
}

void Cluster::send(int to, int tag, const std::vector<uint8_t> &bytes) {
  check(mpi_->send(to, tag, bytes.data(), bytes.size()), "MPI_Send");
}

void Cluster::post(int to, int tag, std::vector<uint8_t> bytes) {
  auto posted = std::make_unique<Posted>(Posted{nullptr, std::move(bytes)});
  check(mpi_->isend(to, tag, posted->bytes.data(), posted->bytes.size(), &posted->request),
        "MPI_Isend");
  posted_.push_back(std::move(posted));
}

size_t Cluster::pendingSends() {
  size_t kept = 0;
  for (size_t i = 0; i < posted_.size(); ++i) {
    int done = 0;
    check(mpi_->test(posted_[i]->request, &done), "MPI_Test");
    if (!done)
      posted_[kept++] = std::move(posted_[i]);
  }
  posted_.resize(kept);
  return kept;
}

Message Cluster::receive(int from, int tag, size_t size) {
  Message message{from, tag, std::vector<uint8_t>(size)};
  check(mpi_->receive(from, tag, message.bytes.data(), size), "MPI_Recv");
  return message;
}

std::optional<Message> Cluster::poll(int from) {
  int ready = 0, sender = 0, tag = 0;
  size_t size = 0;
  check(mpi_->poll(from, &ready, &sender, &tag, &size), "MPI_Iprobe");
  if (!ready)
    return std::nullopt;
  return receive(sender, tag, size);
}

Message Cluster::wait(int from) {
  int sender = 0, tag = 0;
  size_t size = 0;
  check(mpi_->wait(from, &sender, &tag, &size), "MPI_Probe");
  return receive(sender, tag, size);
}

void Cluster::broadcast(std::vector<uint8_t> &bytes) {
  uint64_t size = bytes.size();
  check(mpi_->broadcast(&size, sizeof size, 0), "MPI_Bcast");
  bytes.resize(size);
  check(mpi_->broadcast(bytes.data(), size, 0), "MPI_Bcast");
}

void Cluster::abort(int code) {
  mpi_->abort(code);
  std::_Exit(code);
}

} // namespace bpor::distributed
