// RC11 and RA consistency (Axioms.h) decided with happens-before as vector clocks instead of
// relations as bit matrices: what the search calls for every event it adds. The conditions are
// the papers' (Lahav et al., PLDI 2017, section 3), each computed from its definition:
// - no thin air, acyclic(sb ∪ rf): a topological order of sb ∪ rf exists (Kahn). Since
//   sw ⊆ (sb ∪ rf)+, hb is then acyclic and computable in that order;
// - hb = (sb ∪ sw)+ as one clock per event: sb's predecessor (and a creation or join), joined
//   for an acquire read with the clock of the release sequence its write belongs to, for an
//   acquire fence with those of the atomic reads before it in its thread. A write's release
//   clock is the join of the heads of the release sequences that contain it: the release
//   fences before it in its thread, the release writes to its location before it (or it), and
//   for an update, the release clock of the write it reads (rs's rf;[RMW] chains);
// - coherence, irreflexive(hb ; eco?): for each pair of events of one location ordered by hb,
//   the later may not be eco-before the earlier; with atomicity holding, eco between two
//   accesses is a comparison of coherence positions (a write's own, a read's write's);
// - atomicity: an update's position is one after its write's;
// - SC (RC11 only, when the graph has seq_cst events): psc = psc_base ∪ psc_F over the seq_cst
//   events, acyclic, with scb's sb|≠loc ; hb ; sb|≠loc taken at the nearest events where
//   the locations differ (hb is monotone along sb).
// Validated against the reference axioms on every graph the validation's searches check
// (GraphSearchOptions::crossCheck).
#pragma once

#include "checker/graph/Axioms.h"

namespace bpor::graph {

/// Whether `g` is consistent under `model` (RA or RC11). Quadratic in the events of one
/// location, plus cubic in the seq_cst events under RC11.
bool consistentByClocks(const Graph &g, MemoryModel model);

/// Axioms.h's dataRace with happens-before from the clocks: the same answer, the same pair.
std::optional<std::pair<EventId, EventId>> dataRaceByClocks(const Graph &g, MemoryModel model);

} // namespace bpor::graph
