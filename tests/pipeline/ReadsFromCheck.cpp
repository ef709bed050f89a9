#include "tests/pipeline/ReadsFromCheck.h"

#include "checker/ThreadNames.h"
#include "checker/optimal/OptimalExplorer.h"
#include "checker/readsfrom/ReadsFromSearch.h"
#include "tests/pipeline/CompileProgram.h"
#include "tests/pipeline/ReferenceStateGraph.h"

#include <fmt/format.h>

#include <cstdlib>
#include <algorithm>
#include <map>
#include <set>

namespace bpor::testing {

// Each read's source is the latest write of its exact range before it (the programs access a
// location with one size); a thread creation reads the creation before it, as creations
// number the threads; a mutex's operations read the one before. Written independently of the
// search's own bookkeeping.
std::string readsFromKey(const std::vector<Operation> &events) {
  ThreadNameTable table;
  ThreadNames names(table);
  names.start(1);
  std::map<std::pair<uint64_t, uint64_t>, std::string> lastWrite;
  std::string lastCreation = "init";
  std::map<ThreadId, std::vector<std::string>> perThread;
  std::map<ThreadId, uint32_t> count;
  for (const Operation &op : events) {
    ThreadId name = names.nameOf(op.thread);
    uint32_t index = ++count[name];
    std::string self = fmt::format("{}.{}", name, index);
    std::string text = opKindName(op.kind);
    auto source = [&](const Access &a) {
      auto it = lastWrite.find({a.address, a.size});
      return it == lastWrite.end() ? std::string("init") : it->second;
    };
    // A mutex's operations are ordered: each reads the one before and writes, a failed
    // trylock too, as in Nidhugg's reads-from equivalence.
    bool mutex = op.mutex && (op.kind == OpKind::Lock || op.kind == OpKind::Trylock ||
                              op.kind == OpKind::Unlock);
    bool reads = op.kind == OpKind::Load || op.kind == OpKind::ReadModifyWrite || mutex ||
                 (op.kind == OpKind::Other && op.numAccesses == 1);
    for (unsigned k = 0; k < op.numAccesses; ++k)
      if (reads)
        text += fmt::format("<{}", source(op.accesses[k]));
    if (op.kind == OpKind::Fork) {
      text += fmt::format("<{}", lastCreation);
      lastCreation = self;
    }
    for (unsigned k = 0; k < op.numAccesses; ++k) {
      bool writes = mutex                                ? true
                    : op.kind == OpKind::ReadModifyWrite ? op.wrote
                    : op.kind == OpKind::Load            ? false
                                                         : op.accesses[k].write;
      if (writes)
        lastWrite[{op.accesses[k].address, op.accesses[k].size}] = self;
    }
    perThread[name].push_back(text);
    if (op.kind == OpKind::Fork && op.otherThread != NoThread)
      names.created(name, index, std::max<ThreadId>(names.numberNamed(), op.otherThread + 1));
  }
  std::string key;
  for (const auto &[name, list] : perThread) {
    key += fmt::format("T{}:", name);
    for (const std::string &e : list)
      key += " " + e;
    key += "\n";
  }
  return key;
}

namespace {

struct Classes {
  std::map<std::string, uint64_t> counts;
  /// Some update commuted (Access::update) or trylock failed: optimal DPOR's traces, where
  /// those commute, are coarser than the classes.
  bool coarser = false;
  std::set<std::string> errors;
  SearchResult result;
};

enum class Reference { Exhaustive, Optimal, ReadsFrom };

Classes runWith(Model &model, Reference search, uint64_t maxExecutions) {
  Classes out;
  SearchOptions options;
  options.keepGoing = true;
  options.oneReportPerError = true;
  options.maxExecutions = maxExecutions;
  ExecutionObserver observer = [&](const std::vector<Operation> &events, ExecutionEnd) {
    ++out.counts[readsFromKey(events)];
    if (std::getenv("BPOR_READS_FROM_DUMP"))
      fmt::print(stderr, "{} {}\n{}", search == Reference::ReadsFrom ? "RF" : "REF",
                 out.result.stats.executions, readsFromKey(events));
    for (const Operation &op : events) {
      for (unsigned k = 0; k < op.numAccesses; ++k)
        out.coarser = out.coarser || op.accesses[k].update != 0;
      out.coarser = out.coarser || (op.mutex && op.kind == OpKind::Trylock && op.value != 0);
    }
  };
  switch (search) {
  case Reference::Exhaustive: out.result = explore(model, options, observer); break;
  case Reference::Optimal:
    out.result = exploreOptimal(model, options, OptimalVariant::Optimal, observer);
    break;
  case Reference::ReadsFrom: out.result = exploreReadsFrom(model, options, observer); break;
  }
  for (const ErrorReport &r : out.result.errors)
    out.errors.insert(fmt::format("{} at {}: {}", errorKindName(r.error.kind), r.error.location,
                                  r.error.message));
  return out;
}

} // namespace

ReadsFromCheck checkReadsFromClasses(const CProgram &program, uint64_t maxReference,
                                     uint64_t maxExhaustive) {
  ReadsFromCheck out;
  PipelineCheck &check = out.check;
  llvm::LLVMContext context;
  std::vector<tool::BuiltModel> built =
      compile(program, context, {valuesConfig(program)}, check.mismatches);
  if (!check.mismatches.empty())
    return out;
  Model &model = *built[0].model;
  // Optimal DPOR explores each Mazurkiewicz trace once, and a trace lies in one class: the
  // classes of its executions are all the classes. Exhaustive search checks that too where
  // it is small enough.
  Classes exhaustive = runWith(model, Reference::Optimal, maxReference);
  check.referenceExecutions = exhaustive.result.stats.executions;
  if (!exhaustive.result.complete) {
    check.skipped = true;
    return out;
  }
  // Where updates commute, optimal DPOR explores one order of them, and the reads that read
  // them meet only that order's writes; failed trylocks commute for it too, where the classes
  // order them: exhaustive search is then the only reference.
  Classes schedules = runWith(model, Reference::Exhaustive, maxExhaustive);
  if (exhaustive.coarser) {
    if (!schedules.result.complete) {
      check.skipped = true;
      return out;
    }
    out.exhaustive = true;
    exhaustive = std::move(schedules);
  } else if (schedules.result.complete) {
    out.exhaustive = true;
    for (auto &[key, n] : schedules.counts)
      n = 1;
    for (auto &[key, n] : exhaustive.counts)
      n = 1;
    if (schedules.counts != exhaustive.counts || schedules.errors != exhaustive.errors)
      check.mismatches.push_back("optimal DPOR and exhaustive search meet other classes");
  }
  out.classes = exhaustive.counts.size();
  out.hasErrors = !exhaustive.errors.empty();
  Classes rf = runWith(model, Reference::ReadsFrom, 4 * out.classes + 10);
  out.executions = rf.result.stats.executions;
  if (!rf.result.complete && rf.result.limit == SearchLimit::None && !rf.errors.empty() &&
      rf.result.errors.front().error.kind != ErrorKind::Unsupported) {
    // An error cut an execution short (ReadsFromSearch.h): what it found must be errors of the
    // program, and it found one if there is one.
    for (const std::string &e : rf.errors)
      if (!exhaustive.errors.count(e))
        check.mismatches.push_back("an error the reference never met: " + e);
    return out;
  }
  if (!rf.result.complete && !rf.result.errors.empty() &&
      rf.result.errors.front().error.kind == ErrorKind::Unsupported &&
      (rf.result.errors.front().error.message.find("a free of memory") != std::string::npos ||
       rf.result.errors.front().error.message.find("a copy ") != std::string::npos)) {
    check.skipped = out.refusedFree = true; // a free or copy racing with an access: refused
    return out;
  }
  if (!rf.result.complete) {
    std::string why = rf.result.errors.empty() ? "a limit"
                                               : rf.result.errors.front().error.message;
    check.mismatches.push_back(fmt::format("the reads-from search did not complete ({}), {} "
                                           "executions for {} classes",
                                           why, out.executions, out.classes));
    return out;
  }
  for (const auto &[key, n] : rf.counts) {
    if (n > 1)
      check.mismatches.push_back(fmt::format("class explored {} times:\n{}", n, key));
    if (!exhaustive.counts.count(key))
      check.mismatches.push_back(fmt::format("class exhaustive search never met:\n{}", key));
  }
  for (const auto &[key, n] : exhaustive.counts)
    if (!rf.counts.count(key))
      check.mismatches.push_back(fmt::format("class missed:\n{}", key));
  if (rf.errors != exhaustive.errors)
    check.mismatches.push_back(fmt::format("errors differ: exhaustive {} against {}",
                                           fmt::join(exhaustive.errors, "; "),
                                           fmt::join(rf.errors, "; ")));
  if (check.mismatches.size() > 6)
    check.mismatches.resize(6);
  return out;
}

} // namespace bpor::testing

namespace bpor::testing {

PipelineCheck checkReadsFromSpinning(const CProgram &program, size_t maxReferenceStates) {
  PipelineCheck check;
  llvm::LLVMContext context;
  std::vector<tool::BuiltModel> built =
      compile(program, context, {valuesConfig(program)}, check.mismatches);
  if (!check.mismatches.empty())
    return check;
  Model &model = *built[0].model;
  ReferenceGraph reference = exploreReferenceGraph(model, maxReferenceStates);
  if (!reference.complete) {
    check.skipped = true;
    return check;
  }
  check.livelock = reference.livelock;
  SearchOptions options;
  options.keepGoing = true;
  options.oneReportPerError = true;
  options.maxDepth = 2000;
  SearchResult rf = exploreReadsFrom(model, options);
  std::set<std::string> errors;
  bool spinsForever = false;
  for (const ErrorReport &r : rf.errors) {
    if (r.error.kind == ErrorKind::DepthLimit) {
      check.skipped = true; // a loop whose iterations write: the search does not end it
      return check;
    }
    if (r.error.kind == ErrorKind::Livelock)
      spinsForever = true;
    else
      errors.insert(errorText(model, r.error));
  }
  std::set<std::string> expected = reference.errors;
  // Incomplete where an error cut an execution short (ReadsFromSearch.h): then its errors must
  // be among the graph's, and it found one if the graph has one.
  bool cutShort = !rf.complete && rf.limit == SearchLimit::None && !rf.errors.empty();
  if (!rf.complete && !cutShort)
    check.mismatches.push_back("the reads-from search did not complete");
  bool agree = cutShort ? std::includes(expected.begin(), expected.end(), errors.begin(),
                                        errors.end()) && errors.empty() == expected.empty()
                        : errors == expected;
  if (!agree)
    check.mismatches.push_back(fmt::format("errors: the state graph {} against the reads-from "
                                           "search {}",
                                           fmt::join(expected, "; "), fmt::join(errors, "; ")));
  if (spinsForever && !reference.livelock)
    check.mismatches.push_back("a thread spins forever where the state graph has no livelock");
  return check;
}

} // namespace bpor::testing
