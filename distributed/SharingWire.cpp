#include "distributed/SharingWire.h"

#include <type_traits>

namespace bpor::distributed {

namespace {

template <typename T> void writeBytes(WireWriter &out, const T &value) {
  static_assert(std::is_trivially_copyable_v<T>, "sent as its bytes");
  const auto *bytes = reinterpret_cast<const uint8_t *>(&value);
  for (size_t i = 0; i < sizeof(T); ++i)
    out.u8(bytes[i]);
}

template <typename T> T readBytes(WireReader &in) {
  static_assert(std::is_trivially_copyable_v<T>, "sent as its bytes");
  uint8_t bytes[sizeof(T)];
  for (uint8_t &byte : bytes)
    byte = in.u8();
  T value;
  std::memcpy(&value, bytes, sizeof(T));
  return value;
}

void writeNodes(WireWriter &out, const std::vector<optimal::WakeupNode> &nodes) {
  out.varint(nodes.size());
  for (const optimal::WakeupNode &node : nodes) {
    writeEvent(out, node.event);
    writeNodes(out, node.children);
  }
}

std::vector<optimal::WakeupNode> readNodes(WireReader &in) {
  std::vector<optimal::WakeupNode> nodes(in.varint());
  for (optimal::WakeupNode &node : nodes) {
    node.event = readEvent(in);
    node.children = readNodes(in);
  }
  return nodes;
}

} // namespace

void writeEvent(WireWriter &out, const optimal::Event &event) { writeBytes(out, event); }
optimal::Event readEvent(WireReader &in) { return readBytes<optimal::Event>(in); }

void writeEvents(WireWriter &out, const std::vector<optimal::Event> &events) {
  out.varint(events.size());
  for (const optimal::Event &event : events)
    writeEvent(out, event);
}

std::vector<optimal::Event> readEvents(WireReader &in) {
  std::vector<optimal::Event> events(in.varint());
  for (optimal::Event &event : events)
    event = readEvent(in);
  return events;
}

void writeOperations(WireWriter &out, const std::vector<Operation> &operations) {
  out.varint(operations.size());
  for (const Operation &operation : operations)
    writeBytes(out, operation);
}

std::vector<Operation> readOperations(WireReader &in) {
  std::vector<Operation> operations(in.varint());
  for (Operation &operation : operations)
    operation = readBytes<Operation>(in);
  return operations;
}

void writeThreadSet(WireWriter &out, const ThreadSet &threads) {
  out.varint(threads.size());
  threads.forEach([&](ThreadId t) { out.varint(t); });
}

ThreadSet readThreadSet(WireReader &in) {
  ThreadSet threads;
  for (uint64_t n = in.varint(); n; --n)
    threads.insert(ThreadId(in.varint()));
  return threads;
}

void writeStep(WireWriter &out, ScheduleStep step) {
  out.varint(step.thread);
  out.varint(step.choice);
}

ScheduleStep readStep(WireReader &in) {
  ScheduleStep step;
  step.thread = ThreadId(in.varint());
  step.choice = uint32_t(in.varint());
  return step;
}

void writeTree(WireWriter &out, const optimal::WakeupTree &tree) {
  writeNodes(out, tree.branches());
}

optimal::WakeupTree readTree(WireReader &in) { return optimal::WakeupTree(readNodes(in)); }

} // namespace bpor::distributed

namespace bpor::distributed {

void writeStateCopy(WireWriter &out, const optimal::SharedState &state) {
  out.varint(state.id);
  out.varint(state.parent ? state.parent->id + 1 : 0);
  out.varint(state.parentBranch);
  writeStep(out, state.edge);
  out.varint(state.depth);
  writeEvents(out, state.entrySleep);
}

void writeBranch(WireWriter &out, const optimal::SharedBranch &branch) {
  writeStep(out, branch.step);
  writeTree(out, branch.subtree);
  writeEvents(out, branch.sleep);
  out.varint(branch.index);
}

optimal::SharedBranch readBranch(WireReader &in) {
  optimal::SharedBranch branch;
  branch.step = readStep(in);
  branch.subtree = readTree(in);
  branch.sleep = readEvents(in);
  branch.index = in.varint();
  return branch;
}

} // namespace bpor::distributed
