// The memory models' consistency axioms over execution graphs (docs/weak-memory.md), written as
// the papers write them: relations over all the events, composed and closed, then checked
// acyclic or irreflexive.
// - SC: acyclic(po ∪ rf ∪ co ∪ fr).
// - TSO (x86-TSO; Owens, Sarkar, Sewell, TPHOLs 2009, in the axiomatic form of Alglave et al.,
//   TOPLAS 2014): SC per location (acyclic(po-loc ∪ rf ∪ co ∪ fr)), atomic read-modify-writes,
//   and acyclic(ppo ∪ rfe ∪ co ∪ fr), where ppo is po over accesses without a store followed
//   by a load with no barrier between. The program is taken as the standard mapping compiles
//   C11 to x86: a seq_cst fence is mfence, a seq_cst store an xchg, a read-modify-write a
//   locked instruction (barriers all), release and acquire need nothing; creation and join
//   are barriers too.
// - PSO (SPARC; the same form): as TSO, and ppo also drops a store followed by a store to
//   another location, unless the second is a release (the mapping puts membar #StoreStore
//   before it) or a release fence or a barrier is between.
// - RC11 (Lahav, Vafeiadis, Kang, Hur, Dreyer, PLDI 2017, section 3): coherence
//   (irreflexive(hb ; eco?)), atomicity (no write between an update and the write it reads),
//   SC (acyclic(psc) with psc = psc_base ∪ psc_F) and no thin air (acyclic(sb ∪ rf)); a race on
//   a non-atomic location is undefined behaviour (dataRace).
// - RA (release/acquire; Lahav, Giannarakis, Vafeiadis, POPL 2016): RC11 with every atomic read
//   acquire, every atomic write release, every update and fence acq_rel.
// Thread creation and join order their threads as po does (part of sb).
#pragma once

#include "checker/graph/Graph.h"

#include <optional>
#include <string_view>
#include <utility>

namespace bpor::graph {

enum class MemoryModel : uint8_t { SC, TSO, PSO, RA, RC11 };

/// The name --model takes (sc, tso, ...), and the name prose uses (SC, TSO, ...).
const char *memoryModelName(MemoryModel model);
const char *memoryModelTitle(MemoryModel model);
std::optional<MemoryModel> parseMemoryModel(std::string_view name);

/// The order of `event` as `model` reads it: unordered as relaxed, and under RA every atomic
/// read acquire, write release, update and fence acq_rel.
MemoryOrder orderUnder(const Event &event, MemoryModel model);

/// Whether `g` is consistent under `model`. Cubic in the number of events (Warshall's
/// algorithm over bit matrices): the reference the searches are checked against.
bool consistent(const Graph &g, MemoryModel model);

/// Under RA and RC11: two accesses to one location, one a write and one not atomic, that
/// happens-before does not order (undefined behaviour in C11), if there are any; or an access
/// to an object and its free by another thread, unordered (the free second).
std::optional<std::pair<EventId, EventId>> dataRace(const Graph &g, MemoryModel model);
/// Whether a data race is undefined behaviour under `model` (RA and RC11: C11's models).
inline bool racesAreUndefined(MemoryModel model) {
  return model == MemoryModel::RA || model == MemoryModel::RC11;
}

} // namespace bpor::graph
