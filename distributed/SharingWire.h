// The bytes of a distributed optimal DPOR's messages (distributed/DistributedOptimal.h): the
// requests a rank other than 0 makes of the shared states on rank 0 and their replies, and the
// values they carry (events, wakeup trees, thread sets). Events and operations travel as their
// bytes: every rank is the same bporcheck on the same kind of machine (distributed/Wire.h), and
// an event holds no pointer (addresses are the model's, alike in every rank's model of one
// program; threads are names from rank 0's one table).
#pragma once

#include "checker/optimal/SharedStates.h"
#include "distributed/Wire.h"

namespace bpor::distributed {

/// The messages. A request a rank waits on (Share, Take, WaitForWork, NameOf, SharingDone) is
/// answered by one SharingReply before the rank sends anything else; the others need none. Rank
/// 0 handles each
/// rank's messages in the order sent (MPI keeps the order between two processes), which is the
/// order of the calls a worker in one process makes. Starving and Stop come from rank 0
/// unasked: a worker should share, the search stopped. Tags start above the other protocols'
/// (DistributedSearch.cpp), so that a rank of another search fails loudly.
enum SharingTag : int {
  Share = 20,
  Take,
  Resolve,
  Returned,
  Leave,
  Insert,
  WaitForWork,
  Retire,
  NameOf,
  SharingProgress,
  SharingDone,
  SharingReply,
  Starving,
  Stop,
};

void writeEvent(WireWriter &out, const optimal::Event &event);
optimal::Event readEvent(WireReader &in);
void writeEvents(WireWriter &out, const std::vector<optimal::Event> &events);
std::vector<optimal::Event> readEvents(WireReader &in);
void writeOperations(WireWriter &out, const std::vector<Operation> &operations);
std::vector<Operation> readOperations(WireReader &in);
void writeThreadSet(WireWriter &out, const ThreadSet &threads);
ThreadSet readThreadSet(WireReader &in);
void writeStep(WireWriter &out, ScheduleStep step);
ScheduleStep readStep(WireReader &in);
void writeTree(WireWriter &out, const optimal::WakeupTree &tree);
optimal::WakeupTree readTree(WireReader &in);

} // namespace bpor::distributed

namespace bpor::distributed {

/// What a rank other than 0 keeps of a shared state (RemoteSharedStates.h): its id, its
/// parent's (id + 1, 0 for none), the branch and step from the parent, its depth and sleep set.
void writeStateCopy(WireWriter &out, const optimal::SharedState &state);

void writeBranch(WireWriter &out, const optimal::SharedBranch &branch);
optimal::SharedBranch readBranch(WireReader &in);

} // namespace bpor::distributed
