#include "distributed/StateWire.h"

namespace bpor::distributed {

void writeSchedule(WireWriter &out, const Schedule &path) {
  out.varint(path.size());
  for (const ScheduleStep &step : path) {
    out.varint(step.thread);
    out.varint(step.choice);
  }
}

Schedule readSchedule(WireReader &in) {
  Schedule path(in.varint());
  for (ScheduleStep &step : path) {
    step.thread = ThreadId(in.varint());
    step.choice = uint32_t(in.varint());
  }
  return path;
}

void writeRecordedState(WireWriter &out, const RecordedStates &states, size_t i) {
  out.u64(states.hashes[i]);
  uint64_t enabledFrom = i ? states.enabledEnd[i - 1] : 0;
  uint64_t movesFrom = i ? states.moveEnd[i - 1] : 0;
  out.varint(states.enabledEnd[i] - enabledFrom);
  for (uint64_t e = enabledFrom; e < states.enabledEnd[i]; ++e)
    out.varint(states.enabled[e]);
  out.varint(states.moveEnd[i] - movesFrom);
  for (uint64_t m = movesFrom; m < states.moveEnd[i]; ++m) {
    out.varint(states.moves[m].step.thread);
    out.varint(states.moves[m].step.choice);
    out.u64(states.moves[m].target);
  }
}

void readRecordedState(WireReader &in, RecordedStates &states) {
  states.begin(in.u64());
  for (uint64_t count = in.varint(); count; --count)
    states.enabled.push_back(ThreadId(in.varint()));
  for (uint64_t count = in.varint(); count; --count) {
    RecordedStates::Move move;
    move.step.thread = ThreadId(in.varint());
    move.step.choice = uint32_t(in.varint());
    move.target = in.u64();
    states.moves.push_back(move);
  }
  states.end();
}

} // namespace bpor::distributed
