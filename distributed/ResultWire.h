// A search's result as the bytes a rank sends to rank 0 (distributed/Wire.h): the statistics,
// whether it completed and why not, and each error with the schedule (and the values its reads
// read, under a weak memory model) that replays it.
#pragma once

#include "checker/Explorer.h"
#include "distributed/Wire.h"

namespace bpor::distributed {

void writeStatistics(WireWriter &out, const Statistics &stats);
Statistics readStatistics(WireReader &in);

/// A path of a divided search's records (SplitPruning, SplitRounds).
void writePath(WireWriter &out, const std::vector<uint32_t> &path);
std::vector<uint32_t> readPath(WireReader &in);

std::vector<uint8_t> encodeResult(const SearchResult &result);
/// The errors' places and traces are the sender's: rank 0 re-derives them by replay. Of each
/// error's trace only what re-deriving takes comes back (each step's place and read-from step).
SearchResult decodeResult(const std::vector<uint8_t> &bytes);

} // namespace bpor::distributed
