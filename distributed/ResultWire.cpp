#include "distributed/ResultWire.h"

#include "checker/parallel/MergeResults.h"

#include <algorithm>

namespace bpor::distributed {

void writeStatistics(WireWriter &out, const Statistics &s) {
  for (uint64_t Statistics::*counter : StatisticsCounters)
    out.u64(s.*counter);
  out.f64(s.elapsedSeconds);
}

Statistics readStatistics(WireReader &in) {
  Statistics s;
  for (uint64_t Statistics::*counter : StatisticsCounters)
    s.*counter = in.u64();
  s.elapsedSeconds = in.f64();
  return s;
}

// A path of a divided search's records (SplitPruning, SplitRounds): its length and its numbers.
void writePath(WireWriter &out, const std::vector<uint32_t> &path) {
  out.u64(path.size());
  for (uint32_t step : path)
    out.u64(step);
}

std::vector<uint32_t> readPath(WireReader &in) {
  std::vector<uint32_t> path(in.u64());
  for (uint32_t &step : path)
    step = uint32_t(in.u64());
  return path;
}

std::vector<uint8_t> encodeResult(const SearchResult &result) {
  WireWriter out;
  out.u8(result.complete);
  out.u8(result.boundPruned);
  out.u8(uint8_t(result.limit));
  writeStatistics(out, result.stats);
  out.u64(result.errors.size());
  for (const ErrorReport &report : result.errors) {
    out.u8(uint8_t(report.error.kind));
    out.u64(report.error.thread);
    out.text(report.error.message);
    out.u8(report.error.reachError);
    out.u8(uint8_t(report.error.memory));
    out.u64(report.error.location);
    out.u64(report.occurrences);
    out.u64(report.schedule.size());
    for (size_t i = 0; i < report.schedule.size(); ++i) {
      out.u64(report.schedule[i].thread);
      out.u64(report.schedule[i].choice);
      std::optional<uint64_t> read =
          i < report.readValues.size() ? report.readValues[i] : std::nullopt;
      out.u8(read.has_value());
      out.u64(read.value_or(0));
    }
    out.u64(report.trace.size());
    for (const Operation &op : report.trace) {
      out.u64(op.location);
      out.u64(op.readFromStep);
    }
  }
  out.u64(result.splitPruning.asked.size());
  for (const auto &[from, branch] : result.splitPruning.asked) {
    writePath(out, from);
    writePath(out, branch);
  }
  out.u64(result.splitPruning.pruned.size());
  for (const SplitPath &path : result.splitPruning.pruned)
    writePath(out, path);
  out.u64(result.askedBranches.size());
  for (const SplitPath &branch : result.askedBranches)
    writePath(out, branch);
  return out.take();
}

SearchResult decodeResult(const std::vector<uint8_t> &bytes) {
  WireReader in(bytes);
  SearchResult result;
  result.complete = in.u8();
  result.boundPruned = in.u8();
  result.limit = SearchLimit(in.u8());
  result.stats = readStatistics(in);
  result.errors.resize(in.u64());
  for (ErrorReport &report : result.errors) {
    report.error.kind = ErrorKind(in.u8());
    report.error.thread = ThreadId(in.u64());
    report.error.message = in.text();
    report.error.reachError = in.u8();
    report.error.memory = MemoryViolation(in.u8());
    report.error.location = uint32_t(in.u64());
    report.occurrences = in.u64();
    report.schedule.resize(in.u64());
    for (ScheduleStep &step : report.schedule) {
      step.thread = ThreadId(in.u64());
      step.choice = uint32_t(in.u64());
      bool read = in.u8();
      uint64_t value = in.u64();
      report.readValues.push_back(read ? std::optional(value) : std::nullopt);
    }
    if (std::none_of(report.readValues.begin(), report.readValues.end(),
                     [](const std::optional<uint64_t> &read) { return read.has_value(); }))
      report.readValues.clear();
    // What re-deriving the error on rank 0 takes from the sender's trace (MergeResults.h).
    report.trace.resize(in.u64());
    for (Operation &op : report.trace) {
      op.location = uint32_t(in.u64());
      op.readFromStep = uint16_t(in.u64());
    }
  }
  for (uint64_t n = in.u64(); n; --n) {
    SplitPath from = readPath(in);
    result.splitPruning.asked.emplace(std::move(from), readPath(in));
  }
  for (uint64_t n = in.u64(); n; --n)
    result.splitPruning.pruned.insert(readPath(in));
  for (uint64_t n = in.u64(); n; --n)
    result.askedBranches.insert(readPath(in));
  return result;
}

} // namespace bpor::distributed
