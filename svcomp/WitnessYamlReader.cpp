// Reads a YAML violation witness (format 2.x) as the path --validate-witness follows: the
// follow waypoint of each segment, in order, is an edge. What a waypoint says that bporcheck
// can check: its thread (`thread_id`, the runtime's thread number: threads are numbered in the
// order they are created, main 0), its source line, and for a function_return waypoint the
// value `\result == V` a nondet call returns. The last segment's target is the violation.
// What it cannot check is refused, never ignored: avoid waypoints, and witnesses of several
// violation sequences.
#include "svcomp/WitnessReader.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <fmt/format.h>
#include <map>
#include <memory>
#include <regex>

namespace bpor::svcomp {
namespace {

/// A YAML node read whole: a scalar, a mapping or a sequence (LLVM's parser reads lazily and
/// once; the witness is small).
struct Tree {
  enum class Kind { Scalar, Mapping, Sequence, Other } kind = Kind::Other;
  std::string scalar;
  std::vector<std::pair<std::string, Tree>> mapping;
  std::vector<Tree> sequence;

  const Tree *get(const std::string &key) const {
    for (const auto &[name, value] : mapping)
      if (name == key)
        return &value;
    return nullptr;
  }
  std::string text(const std::string &key) const {
    const Tree *value = get(key);
    return value && value->kind == Kind::Scalar ? value->scalar : "";
  }
};

std::string scalarOf(llvm::yaml::Node *node) {
  llvm::SmallString<64> storage;
  if (auto *scalar = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(node))
    return scalar->getValue(storage).str();
  return "";
}

Tree read(llvm::yaml::Node *node) {
  Tree tree;
  if (auto *scalar = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(node)) {
    tree.kind = Tree::Kind::Scalar;
    tree.scalar = scalarOf(scalar);
  } else if (auto *mapping = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(node)) {
    tree.kind = Tree::Kind::Mapping;
    for (llvm::yaml::KeyValueNode &pair : *mapping) {
      std::string key = scalarOf(pair.getKey());
      tree.mapping.emplace_back(key, read(pair.getValue()));
    }
  } else if (auto *sequence = llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(node)) {
    tree.kind = Tree::Kind::Sequence;
    for (llvm::yaml::Node &item : *sequence)
      tree.sequence.push_back(read(&item));
  }
  return tree;
}

} // namespace

std::optional<WitnessPath> parseYamlWitnessPath(const std::string &text,
                                                WitnessProblem &problem) {
  llvm::SourceMgr sources;
  std::string parseError;
  sources.setDiagHandler(
      [](const llvm::SMDiagnostic &diagnostic, void *context) {
        auto *out = static_cast<std::string *>(context);
        if (out->empty())
          *out = fmt::format("line {}: {}", diagnostic.getLineNo(),
                             diagnostic.getMessage().str());
      },
      &parseError);
  llvm::yaml::Stream stream(text, sources);
  llvm::yaml::document_iterator document = stream.begin();
  Tree root = document != stream.end() ? read(document->getRoot()) : Tree{};
  if (!parseError.empty() || stream.failed()) {
    problem.text = "not a YAML witness: " + (parseError.empty() ? "it does not parse" : parseError);
    return std::nullopt;
  }
  if (root.kind != Tree::Kind::Sequence) {
    problem.text = "not a YAML witness: its top level is not a sequence of entries";
    return std::nullopt;
  }
  WitnessPath path;
  path.threadsNumberedByCreation = true;
  const Tree *violation = nullptr;
  for (const Tree &entry : root.sequence) {
    std::string type = entry.text("entry_type");
    if (type == "violation_sequence") {
      if (violation) {
        problem.text = "the witness has several violation sequences: only one is followed";
        problem.unsupported = true;
        return std::nullopt;
      }
      violation = &entry;
    } else if (path.type.empty() && (type == "invariant_set" || type == "ghost_instrumentation")) {
      path.type = "correctness_witness";
    }
  }
  if (!violation)
    return path;
  path.type = "violation_witness";
  const Tree *content = violation->get("content");
  if (!content || content->kind != Tree::Kind::Sequence) {
    problem.text = "the violation sequence has no content (a sequence of segments)";
    return std::nullopt;
  }
  for (size_t index = 0; index < content->sequence.size(); ++index) {
    const Tree *segment = content->sequence[index].get("segment");
    if (!segment || segment->kind != Tree::Kind::Sequence || segment->sequence.empty()) {
      problem.text = fmt::format("segment {}: not a sequence of waypoints", index + 1);
      return std::nullopt;
    }
    for (const Tree &item : segment->sequence) {
      const Tree *waypoint = item.get("waypoint");
      if (!waypoint || waypoint->kind != Tree::Kind::Mapping) {
        problem.text = fmt::format("segment {}: an item is not a waypoint", index + 1);
        return std::nullopt;
      }
      std::string action = waypoint->text("action");
      if (action == "avoid") {
        problem.text = fmt::format("segment {}: avoid waypoints are not followed", index + 1);
        problem.unsupported = true;
        return std::nullopt;
      }
      if (action != "follow") {
        problem.text = fmt::format("segment {}: a waypoint's action is '{}', not follow or "
                                   "avoid",
                                   index + 1, action);
        return std::nullopt;
      }
      WitnessEdge edge;
      edge.source = fmt::format("segment {}", index + 1);
      edge.target = fmt::format("segment {}", index + 2);
      std::string type = waypoint->text("type");
      const Tree *location = waypoint->get("location");
      unsigned line = 0;
      if (!location || llvm::StringRef(location->text("line")).getAsInteger(10, line)) {
        problem.text = fmt::format("segment {}: a waypoint has no location with a line",
                                   index + 1);
        return std::nullopt;
      }
      edge.line = line;
      edge.thread = waypoint->text("thread_id");
      if (type == "function_return")
        if (const Tree *constraint = waypoint->get("constraint"))
          edge.result = resultValue(constraint->text("value"), /*whole=*/true);
      path.edges.push_back(edge);
      if (type == "target") {
        if (index + 1 != content->sequence.size()) {
          problem.text = fmt::format("segment {}: a target before the last segment", index + 1);
          return std::nullopt;
        }
        path.reachesViolation = true;
      }
    }
  }
  return path;
}

} // namespace bpor::svcomp
