#include "tools/bporcheck/NondetInputs.h"

#include <bit>
#include <fmt/format.h>

namespace bpor {

std::vector<NondetValue> settleSymbolicTrace(Execution &execution, ErrorReport &report,
                                             uint64_t maxDepth) {
  if (!execution.symbolicMode())
    return {};
  bool printOutput = execution.options().printOutput;
  execution.setPrintOutput(false); // the search showed this execution's output
  ReplayResult first = replay(execution, report.schedule, maxDepth);
  if (!first.followed) {
    execution.setPrintOutput(printOutput);
    return {};
  }
  execution.anchorModel();
  ReplayResult settled = replay(execution, report.schedule, maxDepth);
  std::vector<NondetValue> values = execution.nondetValues();
  execution.releaseModel();
  execution.setPrintOutput(printOutput);
  if (settled.followed)
    report.trace = settled.trace;
  return values;
}

std::vector<std::string> describeNondetValues(const Model &model,
                                              const std::vector<NondetValue> &values) {
  std::vector<std::string> lines;
  for (const NondetValue &v : values) {
    int64_t signedValue =
        v.bits >= 64 ? int64_t(v.value) : int64_t(v.value << (64 - v.bits)) >> (64 - v.bits);
    std::string shown =
        v.kind == NondetKind::Signed ? std::to_string(signedValue)
        : v.kind == NondetKind::FloatBits
            ? (v.bits == 32 ? fmt::format("{}", std::bit_cast<float>(uint32_t(v.value)))
                            : fmt::format("{}", std::bit_cast<double>(v.value)))
            : std::to_string(v.value);
    std::string where = v.location ? model.describeLocation(v.location) : "?";
    lines.push_back(fmt::format("thread {} at {}: {}", v.thread, where, shown));
  }
  return lines;
}

std::string dataCoverageGap(const Execution &execution) {
  return dataCoverageGap(execution, execution.coverageGaps());
}

std::string dataCoverageGap(const Execution &execution, const CoverageGaps &gaps) {
  std::vector<std::string> parts;
  if (uint64_t total = gaps.concretisedTotal()) {
    std::vector<std::string> reasons;
    for (size_t k = 0; k < gaps.concretised.size(); ++k)
      if (gaps.concretised[k])
        reasons.push_back(
            fmt::format("{} as {}", gaps.concretised[k], concretisationName(Concretisation(k))));
    parts.push_back(fmt::format("{} time{} a value computed from nondet inputs was fixed to "
                                "one value ({})",
                                total, total == 1 ? "" : "s", fmt::join(reasons, ", ")));
  }
  if (uint64_t n = gaps.undefinedReads)
    parts.push_back(fmt::format(
        "{} load{} read memory never written (malloc'd, or a local variable; read as 0, "
        "where the program may see any value), the first at {}",
        n, n == 1 ? "" : "s",
        gaps.firstUndefinedRead ? execution.describeLocation(gaps.firstUndefinedRead) : "?"));
  if (uint64_t n = gaps.spuriousWakeupsWithheld)
    parts.push_back(fmt::format(
        "{} condition wait{} began after {} thread had used up its spurious wakeups (one per "
        "thread and execution), so a wait loop that wakes spuriously more often was not covered",
        n, n == 1 ? "" : "s", n == 1 ? "its" : "their"));
  if (uint64_t n = gaps.weakOrders)
    parts.push_back(
        fmt::format("{} atomic operation{} of the program with a memory order weaker than seq_cst "
                    "(relaxed, acquire or release), the first at {}, {} checked as sequentially "
                    "consistent: the behaviours only weaker memory models allow were not explored",
                    n, n == 1 ? "" : "s",
                    gaps.firstWeakOrder ? execution.describeLocation(gaps.firstWeakOrder) : "?",
                    n == 1 ? "was" : "were"));
  if (uint64_t unknown = execution.solverUnknowns())
    parts.push_back(
        fmt::format("Z3 could not decide {} path condition{}", unknown, unknown == 1 ? "" : "s"));
  return fmt::format("{}", fmt::join(parts, "; "));
}

} // namespace bpor
