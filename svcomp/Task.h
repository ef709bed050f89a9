// SV-COMP's inputs: task definitions (format 2.0, a YAML file) and property files.
//
// The YAML reader covers the subset that task definitions use: block mappings and block
// sequences by indentation, flow sequences of scalars ([a, b]), plain, single- and
// double-quoted scalars, and # comments. Anything else is an error, never a guess.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bpor::svcomp {

/// A YAML node: a scalar, a sequence or a mapping (keys in file order).
struct YamlNode {
  enum class Kind { Scalar, Sequence, Mapping } kind = Kind::Scalar;
  std::string scalar;
  std::vector<YamlNode> items;
  /// A mapping's keys and their values, in file order (two vectors: a pair of a string and
  /// this still incomplete type is not allowed in a member's element type).
  std::vector<std::string> keys;
  std::vector<YamlNode> values;

  const YamlNode *find(const std::string &key) const;
};

/// Parses `text`; on failure returns nullopt and sets `error` ("line N: ...").
std::optional<YamlNode> parseYaml(const std::string &text, std::string &error);

struct TaskProperty {
  std::string propertyFile;    // resolved against the task file's folder
  std::string expectedVerdict; // "true", "false" or "" (none given)
  std::string subproperty;     // e.g. "valid-deref" for a false valid-memsafety verdict
};

struct TaskDefinition {
  std::vector<std::string> inputFiles; // resolved against the task file's folder
  std::vector<TaskProperty> properties;
  std::string language;  // options.language ("" if absent)
  std::string dataModel; // options.data_model ("" if absent)
};

/// Reads a task definition file; on failure returns nullopt and sets `error`.
std::optional<TaskDefinition> loadTaskDefinition(const std::string &path, std::string &error);

/// What a property file asks. SV-COMP names each property by its file's formula.
struct Property {
  /// "unreach-call", "no-data-race", "valid-memsafety", "valid-memcleanup", "no-overflow",
  /// "termination", or "" when the formula is none of them.
  std::string name;
  /// unreach-call: the function whose call is the violation (reach_error, __VERIFIER_error).
  std::string errorFunction;
  /// valid-memsafety: its parts (valid-free, valid-deref, valid-memtrack).
  std::vector<std::string> parts;
  /// The entry function of init(...) (main).
  std::string entry;
};

/// Parses the text of a property file: one or more
/// `CHECK( init(F()), LTL(FORMULA) )` lines. On failure returns nullopt and sets `error`.
std::optional<Property> parseProperty(const std::string &text, std::string &error);

/// Reads and parses a property file.
std::optional<Property> loadProperty(const std::string &path, std::string &error);

} // namespace bpor::svcomp
