// The stateful search's checkpoint file (distributed/StatefulCheckpoint.h) without MPI: what is
// written comes back in order, a file of another program or storage, a file cut short and one
// still being written are refused with why.
#include "distributed/StatefulCheckpoint.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace bpor;
using namespace bpor::distributed;

namespace {

std::string temporaryPath(const char *name) {
  return (std::filesystem::temp_directory_path() /
          (std::string(name) + "." + std::to_string(::getpid())))
      .string();
}

std::string keyOf(const std::string &a, const std::string &b) {
  std::string key;
  for (const std::string &part : {a, b}) {
    uint32_t length = uint32_t(part.size());
    key.append(reinterpret_cast<const char *>(&length), sizeof length);
    key.append(part);
  }
  return key;
}

/// Writes a checkpoint of two partitions' exact stores, a queued state and a record.
void writeExample(const std::string &path) {
  StatefulCheckpointWriter writer(path, "f00d", StateStorage::Exact);
  for (int partition = 0; partition < 2; ++partition) {
    StateStore store(StateStorage::Exact);
    store.visit(keyOf("memory " + std::to_string(partition), "thread"), NoThread, 0, 0);
    WireWriter chunk;
    saveSection(chunk);
    store.forEachPart([&](size_t position, std::string_view part) {
      saveKeyPart(chunk, position, part);
    });
    store.forEachState([&](std::string_view state) { saveStoredState(chunk, state); });
    writer.chunk(chunk.take());
  }
  WireWriter chunk;
  saveQueuedState(chunk, 42, Schedule{{1, 0}, {0, 300}});
  RecordedStates records;
  records.begin(7);
  records.enabled.push_back(1);
  records.moves.push_back({{1, 0}, 8});
  records.end();
  saveRecord(chunk, records, 0);
  writer.chunk(chunk.take());
  Statistics cost;
  cost.executions = 3;
  cost.revisits = 5;
  EXPECT_EQ(writer.commit(cost, "depth limit (5 steps)"), "");
}

TEST(StatefulCheckpoint, GivesBackWhatWasWritten) {
  std::string path = temporaryPath("bpor-stateful-checkpoint");
  writeExample(path);
  std::vector<std::string> stored;
  std::vector<std::pair<uint64_t, Schedule>> queued;
  RecordedStates records;
  StatefulCheckpointReader reader;
  reader.stored = [&](std::string_view state) { stored.emplace_back(state); };
  reader.queued = [&](uint64_t hash, Schedule path) { queued.emplace_back(hash, path); };
  reader.records = &records;
  EXPECT_EQ(reader.read(path, "f00d", StateStorage::Exact), "");
  // Each partition's section names its own parts.
  EXPECT_EQ(stored, (std::vector<std::string>{keyOf("memory 0", "thread"),
                                              keyOf("memory 1", "thread")}));
  ASSERT_EQ(queued.size(), 1u);
  EXPECT_EQ(queued[0].first, 42u);
  EXPECT_EQ(queued[0].second, (Schedule{{1, 0}, {0, 300}}));
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records.hashes[0], 7u);
  ASSERT_EQ(records.moves.size(), 1u);
  EXPECT_EQ(records.moves[0].target, 8u);
  EXPECT_EQ(reader.cost.executions, 3u);
  EXPECT_EQ(reader.cost.revisits, 5u);
  EXPECT_EQ(reader.incompleteReason, "depth limit (5 steps)");
  std::remove(path.c_str());
}

TEST(StatefulCheckpoint, RefusesAnotherProgramAnotherStorageAndACutFile) {
  std::string path = temporaryPath("bpor-stateful-checkpoint-refused");
  writeExample(path);
  StatefulCheckpointReader reader;
  reader.stored = [](std::string_view) {};
  reader.queued = [](uint64_t, Schedule) {};
  RecordedStates records;
  reader.records = &records;
  EXPECT_EQ(reader.read(path, "beef", StateStorage::Exact),
            path + " is a checkpoint of another program or other options");
  EXPECT_EQ(reader.read(path, "f00d", StateStorage::HashCompact),
            path + " is a checkpoint of another program or other options");
  // Cut before its last part: a run killed while writing leaves the previous file in place,
  // so only a copy cut by hand looks like this.
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 10);
  EXPECT_NE(reader.read(path, "f00d", StateStorage::Exact).find("is damaged"),
            std::string::npos);
  EXPECT_EQ(reader.read(path + ".none", "f00d", StateStorage::Exact),
            "cannot read the checkpoint " + path + ".none");
  std::remove(path.c_str());
  // A writer discarded leaves nothing behind.
  StatefulCheckpointWriter writer(path, "f00d", StateStorage::Exact);
  writer.discard();
  EXPECT_FALSE(std::filesystem::exists(path + ".writing"));
  EXPECT_FALSE(std::filesystem::exists(path));
}

} // namespace
