// The checkpoint file of the stateful search over ranks (docs/design.md, "Distributed stateful
// search"): what every rank stored and queued at a moment when no state was in flight between
// ranks, so that a run resumed from it, on any number of ranks, stores and expands exactly what
// the uninterrupted run would have.
//
// The file is a header of text lines (what it is, the program's fingerprint, the storage), then
// chunks of entries (each a length and the entries, distributed/Wire.h's bytes), then the last
// chunk: the cost of the states expanded so far and why the search is already incomplete, if
// it is. An entry is a stored state, a queued state (the hash that names it and its path) or a
// record of an expanded state for the livelock analysis. Stored states keep the store's
// compact form (checker/stateful/StateStore.h): under exact storage each partition's section
// holds the distinct parts of its keys once and each state as its parts' numbers (a few bytes a
// state where a key is kilobytes), under hash compaction each state's fingerprint. Rank 0 writes the chunks as the ranks send them, to a temporary file
// renamed over the checkpoint at the end, so that a run killed while writing leaves the
// previous checkpoint.
#pragma once

#include "checker/Explorer.h"
#include "checker/stateful/GatheredLivelocks.h"
#include "checker/stateful/StateStore.h"
#include "distributed/Wire.h"

#include <fstream>
#include <functional>
#include <string>
#include <string_view>

namespace bpor::distributed {

/// The entries of a chunk, appended to `out`. One partition's stored states are a section:
/// its key parts, then its states (StateStore::forEachPart, forEachState).
void saveSection(WireWriter &out);
void saveKeyPart(WireWriter &out, size_t position, std::string_view part);
void saveStoredState(WireWriter &out, std::string_view state);
void saveQueuedState(WireWriter &out, uint64_t hash, const Schedule &path);
/// Record `i` of `records`.
void saveRecord(WireWriter &out, const RecordedStates &records, size_t i);

class StatefulCheckpointWriter {
public:
  /// Starts writing the checkpoint `path` (to `path`.writing) with its header.
  StatefulCheckpointWriter(const std::string &path, const std::string &fingerprint,
                           StateStorage storage);
  void chunk(const std::vector<uint8_t> &entries);
  /// Ends the file with its last chunk and puts it in place of the checkpoint. Empty, or what
  /// went wrong.
  std::string commit(const Statistics &cost, const std::string &incompleteReason);
  /// Drops what was written (a snapshot that an error made useless).
  void discard();

private:
  std::string path_, temporary_;
  std::ofstream out_;
};

/// What a checkpoint's entries are handed to, in the file's order.
struct StatefulCheckpointReader {
  /// A stored state: its key (exact storage) or its fingerprint.
  std::function<void(std::string_view state)> stored;
  std::function<void(uint64_t hash, Schedule path)> queued;
  RecordedStates *records = nullptr;
  /// Set from the last chunk.
  Statistics cost;
  std::string incompleteReason;

  /// Reads the checkpoint at `path`, for the program with `fingerprint` and `storage`. Empty,
  /// or why it cannot be resumed (the entries read up to then were handed over).
  std::string read(const std::string &path, const std::string &fingerprint,
                   StateStorage storage);
};

} // namespace bpor::distributed
