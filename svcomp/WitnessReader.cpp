#include "svcomp/WitnessReader.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cmath>
#include <cstdlib>
#include <fmt/format.h>
#include <map>
#include <regex>
#include <set>

namespace bpor::svcomp {
namespace {

std::string unescape(llvm::StringRef text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '&') {
      out.push_back(text[i]);
      continue;
    }
    static const std::pair<const char *, char> Entities[] = {
        {"&lt;", '<'}, {"&gt;", '>'}, {"&amp;", '&'}, {"&quot;", '"'}, {"&apos;", '\''}};
    bool known = false;
    for (const auto &[name, c] : Entities)
      if (text.substr(i).starts_with(name)) {
        out.push_back(c);
        i += strlen(name) - 1;
        known = true;
        break;
      }
    if (!known)
      out.push_back('&');
  }
  return out;
}

std::map<std::string, std::string> attributes(llvm::StringRef tag) {
  std::map<std::string, std::string> found;
  static const std::regex Attribute(R"re(([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*"([^"]*)")re");
  std::string text = tag.str();
  for (auto it = std::sregex_iterator(text.begin(), text.end(), Attribute);
       it != std::sregex_iterator(); ++it)
    found[(*it)[1]] = unescape((*it)[2].str());
  return found;
}

struct Graph {
  std::map<std::string, std::string> data; // graph data
  std::map<std::string, std::map<std::string, std::string>> nodes;
  std::vector<std::map<std::string, std::string>> edges; // source, target and data keys
  std::vector<std::string> nodeOrder;
};

std::optional<Graph> parseGraph(llvm::StringRef text, std::string &problem) {
  Graph graph;
  enum class In { Nothing, Node, Edge } in = In::Nothing;
  std::string node;
  std::map<std::string, std::string> edge;
  bool inGraph = false;
  size_t at = 0;
  while ((at = text.find('<', at)) != llvm::StringRef::npos) {
    size_t end = text.find('>', at);
    if (end == llvm::StringRef::npos) {
      problem = "a tag is not closed";
      return std::nullopt;
    }
    llvm::StringRef tag = text.slice(at + 1, end);
    at = end + 1;
    if (tag.starts_with("?") || tag.starts_with("!"))
      continue;
    bool closing = tag.consume_front("/");
    bool selfClosing = tag.consume_back("/");
    llvm::StringRef name =
        tag.take_until([](char c) { return c == ' ' || c == '\t' || c == '\n'; });
    if (name == "graph") {
      inGraph = !closing;
    } else if (name == "node") {
      if (closing) {
        in = In::Nothing;
        continue;
      }
      auto attrs = attributes(tag);
      node = attrs["id"];
      if (node.empty()) {
        problem = "a node has no id";
        return std::nullopt;
      }
      if (!graph.nodes.count(node))
        graph.nodeOrder.push_back(node);
      graph.nodes[node];
      in = selfClosing ? In::Nothing : In::Node;
    } else if (name == "edge") {
      if (closing) {
        graph.edges.push_back(edge);
        in = In::Nothing;
        continue;
      }
      auto attrs = attributes(tag);
      edge = {{"source", attrs["source"]}, {"target", attrs["target"]}};
      if (edge["source"].empty() || edge["target"].empty()) {
        problem = "an edge lacks its source or target";
        return std::nullopt;
      }
      if (selfClosing)
        graph.edges.push_back(edge);
      else
        in = In::Edge;
    } else if (name == "data" && !closing) {
      std::string key = attributes(tag)["key"];
      std::string value;
      if (!selfClosing) {
        size_t close = text.find("</data>", at);
        if (close == llvm::StringRef::npos) {
          problem = "a data element is not closed";
          return std::nullopt;
        }
        value = unescape(text.slice(at, close).trim());
        at = close + strlen("</data>");
      }
      if (in == In::Node)
        graph.nodes[node][key] = value;
      else if (in == In::Edge)
        edge[key] = value;
      else if (inGraph)
        graph.data[key] = value;
    }
  }
  if (graph.nodes.empty()) {
    problem = "no nodes: not a GraphML witness";
    return std::nullopt;
  }
  return graph;
}

} // namespace

std::optional<WitnessValue> resultValue(const std::string &text, bool whole) {
  // A C floating constant (decimal with a point or an exponent, or hexadecimal with a binary
  // exponent) or a decimal integer, whole: not the 0 of 0.5, nor of 0x10.
  static const std::string Number =
      R"re((-?(?:0[xX][0-9a-fA-F]*\.?[0-9a-fA-F]*[pP][-+]?[0-9]+|[0-9]*\.[0-9]*(?:[eE][-+]?[0-9]+)?|)re"
      R"re([0-9]+(?:[eE][-+]?[0-9]+)?))[uUlLfF]*(?![0-9A-Za-z_.]))re";
  static const std::regex Anywhere(R"re(\\result\s*==\s*\(?\s*)re" + Number +
                                   R"re(\s*\)?\s*;?)re");
  static const std::regex Whole(R"re(^\s*\\result\s*==\s*\(?\s*)re" + Number +
                                R"re(\s*\)?\s*;?\s*$)re");
  std::smatch match;
  if (whole ? !std::regex_match(text, match, Whole) : !std::regex_search(text, match, Anywhere))
    return std::nullopt;
  std::string literal = match[1];
  if (literal == "-" || literal.find_first_of("0123456789") == std::string::npos)
    return std::nullopt; // a lone point or sign
  bool isInteger = literal.find_first_of(".eEpPxX") == std::string::npos;
  try {
    if (isInteger) {
      if (literal[0] == '-')
        return WitnessValue{int64_t(std::stoll(literal)), std::nullopt};
      // An unsigned value above INT64_MAX keeps its bits.
      return WitnessValue{int64_t(std::stoull(literal)), std::nullopt};
    }
  } catch (...) {
    return std::nullopt;
  }
  double number = std::strtod(literal.c_str(), nullptr);
  // An integral constant such as -1.0f is that integer, for integer and floating results alike.
  if (std::trunc(number) == number && std::fabs(number) < 0x1p63)
    return WitnessValue{int64_t(number), std::nullopt};
  return WitnessValue{0, number};
}

std::optional<WitnessPath> parseWitnessPath(const std::string &text, WitnessProblem &problem) {
  if (!llvm::StringRef(text).ltrim().starts_with("<"))
    return parseYamlWitnessPath(text, problem);
  std::optional<Graph> graph = parseGraph(text, problem.text);
  if (!graph)
    return std::nullopt;
  WitnessPath path;
  path.type = graph->data["witness-type"];
  auto flag = [&](const std::string &node, const char *key) {
    auto it = graph->nodes.find(node);
    return it != graph->nodes.end() && it->second.count(key) && it->second.at(key) == "true";
  };
  std::string current;
  for (const std::string &node : graph->nodeOrder)
    if (flag(node, "entry")) {
      current = node;
      break;
    }
  if (current.empty())
    current = graph->nodeOrder.front(); // the format's default entry: the first node
  std::set<std::string> visited;
  while (!flag(current, "violation")) {
    if (!visited.insert(current).second) {
      problem.text = fmt::format("the path returns to node {}: only acyclic path witnesses "
                                 "are followed",
                                 current);
      problem.unsupported = true;
      return std::nullopt;
    }
    const std::map<std::string, std::string> *next = nullptr;
    for (const auto &edge : graph->edges) {
      if (edge.at("source") != current || flag(edge.at("target"), "sink"))
        continue;
      if (next) {
        problem.text = fmt::format("the witness branches at node {}: only path witnesses "
                                   "(one edge out of each node) are followed",
                                   current);
        problem.unsupported = true;
        return std::nullopt;
      }
      next = &edge;
    }
    if (!next)
      return path; // the path ends without a violation node
    WitnessEdge edge;
    edge.source = next->at("source");
    edge.target = next->at("target");
    auto get = [&](const char *key) {
      auto it = next->find(key);
      return it == next->end() ? std::string() : it->second;
    };
    if (std::string line = get("startline"); !line.empty()) {
      unsigned value = 0;
      if (llvm::StringRef(line).trim().getAsInteger(10, value)) {
        problem.text = fmt::format("edge {} -> {}: startline '{}' is not a number", edge.source,
                                   edge.target, line);
        return std::nullopt;
      }
      edge.line = value;
    }
    edge.thread = get("threadId");
    edge.createdThread = get("createThread");
    edge.resultFunction = get("assumption.resultfunction");
    if (std::string assumption = get("assumption"); !assumption.empty())
      edge.result = resultValue(assumption, /*whole=*/false);
    path.edges.push_back(edge);
    current = edge.target;
  }
  path.reachesViolation = true;
  return path;
}

std::optional<WitnessPath> readWitnessPath(const std::string &path, WitnessProblem &problem) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    problem.text = fmt::format("cannot read {}: {}", path, buffer.getError().message());
    return std::nullopt;
  }
  std::optional<WitnessPath> read = parseWitnessPath((*buffer)->getBuffer().str(), problem);
  if (!read)
    problem.text = path + ": " + problem.text;
  return read;
}

} // namespace bpor::svcomp
