#include "checker/parallel/MergeResults.h"
#include "distributed/ResultWire.h"
#include "distributed/StateWire.h"
#include "distributed/StatefulCheckpoint.h"
#include "distributed/StatefulRank.h"

#include <cstdio>
#include <fmt/format.h>

namespace bpor::distributed::stateful {

/// Entries go out in chunks of about this many bytes.
constexpr size_t PartChunkBytes = 4 << 20;

void Rank::pauseIfDue() {
  if (files_.checkpoint.empty() || paused_ || stopping_ ||
      std::chrono::steady_clock::now() - lastSnapshot_ <
          std::chrono::duration<double>(files_.every))
    return;
  paused_ = true;
  for (int other = 1; other < cluster_.size(); ++other) {
    cluster_.post(other, Pause, {});
    ++balance_;
  }
}

void Rank::writePart(const std::function<void(const std::vector<uint8_t> &)> &out) const {
  WireWriter chunk;
  auto full = [&] {
    if (chunk.size() >= PartChunkBytes)
      out(chunk.take());
  };
  saveSection(chunk);
  partition_.forEachStoredPart([&](size_t position, std::string_view part) {
    saveKeyPart(chunk, position, part);
    full();
  });
  partition_.forEachStored([&](std::string_view state) {
    saveStoredState(chunk, state);
    full();
  });
  partition_.forEachQueued([&](uint64_t hash, const Schedule &path) {
    saveQueuedState(chunk, hash, path);
    full();
  });
  if (partition_.recordsGraph()) {
    const RecordedStates &records = partition_.graph();
    for (size_t i = 0; i < records.size(); ++i) {
      saveRecord(chunk, records, i);
      full();
    }
  }
  if (chunk.size())
    out(chunk.take());
}

void Rank::sendPart() {
  WireWriter head;
  head.u8(PartHead);
  head.u8(partition_.stopped());
  writeStatistics(head, partition_.result().stats);
  head.text(partition_.incompleteReason());
  cluster_.send(0, Part, head.take());
  writePart([&](const std::vector<uint8_t> &entries) {
    std::vector<uint8_t> bytes;
    bytes.reserve(entries.size() + 1);
    bytes.push_back(PartEntries);
    bytes.insert(bytes.end(), entries.begin(), entries.end());
    cluster_.send(0, Part, bytes);
  });
  WireWriter end;
  end.u8(PartEnd);
  cluster_.send(0, Part, end.take());
}

void Rank::takeSnapshot() {
  StatefulCheckpointWriter writer(files_.checkpoint, files_.fingerprint, storage_);
  auto write = [&](const std::vector<uint8_t> &entries) { writer.chunk(entries); };
  // The cost of the states expanded: this run's and the resumed run's; `states` is not a cost
  // (a resumed run counts the states it stores again).
  Statistics cost = resumedCost_;
  std::string reason = resumedReason_;
  bool error = partition_.stopped();
  uint64_t states = 0;
  auto addShare = [&](Statistics stats, const std::string &incomplete) {
    states += stats.states;
    stats.states = 0;
    addStatistics(cost, stats);
    if (reason.empty())
      reason = incomplete;
  };
  addShare(partition_.result().stats, partition_.incompleteReason());
  writePart(write);
  for (int other = 1; other < cluster_.size(); ++other) {
    cluster_.send(other, Snapshot, {});
    for (bool done = false; !done;) {
      Message message = cluster_.wait(other);
      if (message.tag != Part)
        throw std::runtime_error(fmt::format("rank 0 got a message it does not expect (tag {}) "
                                             "from rank {} during a snapshot",
                                             message.tag, message.from));
      WireReader in(message.bytes);
      switch (in.u8()) {
      case PartHead: {
        error |= in.u8() != 0;
        Statistics stats = readStatistics(in);
        addShare(stats, in.text());
        break;
      }
      case PartEntries:
        write(std::vector<uint8_t>(message.bytes.begin() + 1, message.bytes.end()));
        break;
      default: done = true;
      }
    }
  }
  // The resumed run's records of the states it expanded stay on rank 0 until the end.
  for (size_t i = 0; i < resumedGraph_.size();) {
    WireWriter chunk;
    for (; i < resumedGraph_.size() && chunk.size() < PartChunkBytes; ++i)
      saveRecord(chunk, resumedGraph_, i);
    write(chunk.take());
  }
  // The next pause is due `every` seconds after this one ends, however long writing took.
  lastSnapshot_ = std::chrono::steady_clock::now();
  if (error) {
    writer.discard();
    return;
  }
  if (std::string problem = writer.commit(cost, reason); !problem.empty()) {
    std::fprintf(stderr, "bporcheck: %s\n", problem.c_str());
    return;
  }
  checkpointStates_ = states;
  if (paused_ && !stopping_)
    announceCheckpoint(files_);
}

std::string Rank::restore() {
  unsigned parts = unsigned(cluster_.size());
  if (cluster_.rank() != 0) {
    for (;;) {
      Message message = cluster_.wait(0);
      WireReader in(message.bytes);
      if (message.tag == Restored)
        return in.text();
      if (message.tag != Restore)
        throw std::runtime_error(fmt::format("rank {} got a message it does not expect (tag "
                                             "{}) while resuming",
                                             cluster_.rank(), message.tag));
      while (!in.done()) {
        if (in.u8()) {
          uint64_t hash = in.u64();
          partition_.restoreQueued(hash, readSchedule(in));
        } else {
          partition_.restoreStored(in.text());
        }
      }
    }
  }
  // Rank 0 reads the file and sends each rank the states it owns, in batches.
  std::vector<WireWriter> batches(parts);
  auto flush = [&](unsigned owner, size_t least) {
    if (batches[owner].size() > least)
      cluster_.send(int(owner), Restore, batches[owner].take());
  };
  StatefulCheckpointReader reader;
  reader.stored = [&](std::string_view state) {
    ++resumedStates_;
    unsigned owner = StatePartition::ownerOfStored(state, storage_, parts);
    if (owner == 0) {
      partition_.restoreStored(state);
      return;
    }
    batches[owner].u8(0);
    batches[owner].text(std::string(state));
    flush(owner, BatchBytes);
  };
  reader.queued = [&](uint64_t hash, Schedule path) {
    unsigned owner = unsigned(hash % parts);
    if (owner == 0) {
      partition_.restoreQueued(hash, std::move(path));
      return;
    }
    batches[owner].u8(1);
    batches[owner].u64(hash);
    writeSchedule(batches[owner], path);
    flush(owner, BatchBytes);
  };
  reader.records = &resumedGraph_;
  std::string problem = reader.read(files_.resume, files_.fingerprint, storage_);
  for (unsigned owner = 1; owner < parts; ++owner) {
    flush(owner, 0);
    WireWriter done;
    done.text(problem);
    cluster_.send(int(owner), Restored, done.take());
  }
  resumedCost_ = reader.cost;
  resumedReason_ = reader.incompleteReason;
  return problem;
}

} // namespace bpor::distributed::stateful
