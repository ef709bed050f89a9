#include "tests/pipeline/CanonicalKeys.h"
#include "tests/pipeline/CompileProgram.h"

#include "checker/StateHash.h"

#include <fmt/format.h>

#include <cstring>
#include <memory>
#include <unordered_map>

namespace bpor::testing {

namespace {

// One state's first visit: its key and the path that reached it.
struct FirstVisit {
  std::string key;
  std::string path;
  bool revisited = false;
};

// "0 1 1/2 0": the thread of each step, with the data choice when it is not the first.
std::string pathText(const std::vector<std::pair<ThreadId, uint32_t>> &moves) {
  std::string text;
  for (auto [thread, choice] : moves)
    text += fmt::format("{}{}{}", text.empty() ? "" : " ", thread,
                        choice ? fmt::format("/{}", choice) : "");
  return text;
}

// Where two keys first differ: the part (the process and synchronisation objects, memory, then
// one per thread; core/StateWriter.h) and the byte within it.
std::string firstDifference(const std::string &a, const std::string &b) {
  size_t at = 0, part = 0;
  while (at + 4 <= a.size() && at + 4 <= b.size()) {
    uint32_t la, lb;
    std::memcpy(&la, a.data() + at, 4);
    std::memcpy(&lb, b.data() + at, 4);
    if (la != lb || a.compare(at, 4 + la, b, at, 4 + lb) != 0) {
      size_t byte = 0;
      while (byte < std::min(la, lb) && a[at + 4 + byte] == b[at + 4 + byte])
        ++byte;
      return fmt::format("part {} (lengths {} and {}), byte {}", part, la, lb, byte);
    }
    at += 4 + la;
    ++part;
  }
  return fmt::format("the keys' lengths ({} and {})", a.size(), b.size());
}

class Enumeration {
public:
  Enumeration(Model &model, uint64_t maxExecutions, PipelineCheck &check)
      : model_(model), maxExecutions_(maxExecutions), check_(check) {}

  void run() {
    model_.restart();
    visit();
  }

private:
  // Checks the state the model is in, then explores every move from it.
  void visit() {
    if (!check_.mismatches.empty() || check_.skipped)
      return;
    if (model_.status() != ExecStatus::Running) {
      if (++executions_ > maxExecutions_)
        check_.skipped = true;
      return;
    }
    compareKey();
    std::vector<std::pair<ThreadId, uint32_t>> moves;
    for (ThreadId t = 0; t < model_.numThreads(); ++t)
      if (model_.isEnabled(t))
        for (uint32_t c = 0; c < model_.pending(t).numChoices; ++c)
          moves.push_back({t, c});
    if (moves.empty()) {
      ++executions_;
      return;
    }
    std::unique_ptr<ModelCheckpoint> here = moves.size() > 1 ? model_.checkpoint() : nullptr;
    for (size_t i = 0; i < moves.size(); ++i) {
      if (i > 0)
        model_.restore(*here);
      events_.push_back(model_.step(moves[i].first, moves[i].second));
      check_.onlyReadEvents = check_.onlyReadEvents || events_.back().onlyRead;
      path_.push_back(moves[i]);
      visit();
      events_.pop_back();
      path_.pop_back();
    }
  }

  void compareKey() {
    if (!model_.stateKey(key_)) {
      check_.mismatches.push_back("the model gives no state key");
      return;
    }
    auto [it, first] = seen_.try_emplace(globalStateHash(events_));
    if (first) {
      it->second = {key_, pathText(path_)};
      return;
    }
    if (!it->second.revisited) {
      it->second.revisited = true;
      ++check_.referenceExecutions;
    }
    if (it->second.key != key_)
      check_.mismatches.push_back(fmt::format(
          "two interleavings of one trace reach different state keys (first difference: {}):\n"
          "    threads {}\n    threads {}",
          firstDifference(it->second.key, key_), it->second.path, pathText(path_)));
  }

  Model &model_;
  uint64_t maxExecutions_;
  PipelineCheck &check_;
  uint64_t executions_ = 0;
  std::vector<Operation> events_;
  std::vector<std::pair<ThreadId, uint32_t>> path_;
  std::unordered_map<uint64_t, FirstVisit> seen_;
  std::string key_;
};

} // namespace

PipelineCheck checkCanonicalKeys(const CProgram &program, const CanonicalKeysOptions &options) {
  PipelineCheck check;
  llvm::LLVMContext context;
  std::vector<tool::BuiltModel> built =
      compile(program, context, {valuesConfig(program)}, check.mismatches);
  if (!check.mismatches.empty())
    return check;
  Enumeration(*built[0].model, options.maxExecutions, check).run();
  return check;
}

} // namespace bpor::testing
