// Reads an SV-COMP violation witness (GraphML, witness format 1.0, or YAML, format 2.x:
// WitnessYamlReader.cpp) as the path a validator
// follows: the edges from the entry node to the violation node. What each edge says that
// bporcheck can check: the thread that moves (threadId), the source line of its step
// (startline), the thread it creates (createThread) and the value a nondet function returns
// (an assumption `\result == V;` with assumption.resultfunction). Edges into sink nodes are
// not on the path. A witness whose path branches is refused, never guessed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bpor::svcomp {

/// A nondet function's result as a witness states it (`\result == V`): an integer, or a
/// floating-point number whose value is not one (0.13125f, 1e-3, 0x1.8p-3).
struct WitnessValue {
  int64_t integer = 0;        // an integer's value (a floating constant's if it is integral)
  std::optional<double> real; // a floating constant that is not an integer
  bool operator==(const WitnessValue &) const = default;
};

/// `\result == V` as both formats write it: V a decimal integer or a C floating constant (decimal
/// or hexadecimal), perhaps with a C suffix, perhaps in parentheses, perhaps followed by `;`.
/// Anywhere in `text` (GraphML's assumption), or the whole of it (YAML's constraint).
std::optional<WitnessValue> resultValue(const std::string &text, bool whole);

struct WitnessEdge {
  std::string source, target;
  std::optional<unsigned> line;  // startline
  std::string thread;            // threadId ("" if absent)
  std::string createdThread;     // createThread ("" if absent)
  std::optional<WitnessValue> result; // from `\result == V;`
  std::string resultFunction;    // assumption.resultfunction
};

struct WitnessPath {
  std::string type;                // witness-type: violation_witness, correctness_witness
  std::vector<WitnessEdge> edges;  // entry to violation node, in order
  bool reachesViolation = false;   // the path ends at a node marked violation
  /// Thread names are the runtime's thread numbers (YAML's thread_id: threads numbered in the
  /// order they are created, main 0), not names bound by createThread (GraphML).
  bool threadsNumberedByCreation = false;
};

/// Why a witness was not read.
struct WitnessProblem {
  std::string text;         // one line
  bool unsupported = false; // a well-formed witness that is not a path (it branches or cycles)
};

/// Parses the witness file; on failure returns nullopt and sets `problem`.
std::optional<WitnessPath> readWitnessPath(const std::string &path, WitnessProblem &problem);

/// The same from a YAML witness's text.
std::optional<WitnessPath> parseYamlWitnessPath(const std::string &text, WitnessProblem &problem);

/// The same from the file's text, in either format.
std::optional<WitnessPath> parseWitnessPath(const std::string &text, WitnessProblem &problem);

} // namespace bpor::svcomp
