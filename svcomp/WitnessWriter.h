// SV-COMP witnesses, in either format: GraphML (witness format 1.0) or YAML (format 2.x). A
// violation witness is the path of the execution that violates the property, one edge (GraphML)
// or one segment (YAML) per visible event with its thread, source line, thread creation and the
// values of nondet calls; a correctness witness for TRUE is the trivial one each format allows
// (GraphML: the automaton of one entry node; YAML: an invariant set without invariants).
#pragma once

#include "checker/Explorer.h"
#include "runtime/Execution.h"

#include <string>

namespace bpor::svcomp {

/// The task a witness is about: the program, the property file (its text is the witness's
/// specification) and the data model (ILP32 or LP64).
struct WitnessTask {
  std::string programFile;
  std::string propertyFile;
  std::string dataModel;
};

enum class WitnessFormat { GraphMl, Yaml };

/// The format a witness file's name asks for: YAML for `.yml` and `.yaml`, else GraphML.
WitnessFormat witnessFormatOf(const std::string &path);

/// The violation witness of `report` (its trace as `model` describes it, the values of its
/// nondet inputs in `nondetValues`), as GraphML text.
std::string violationWitness(const Model &model, const ErrorReport &report,
                             const std::vector<NondetValue> &nondetValues,
                             const WitnessTask &task);
/// The correctness witness, as GraphML text.
std::string correctnessWitness(const WitnessTask &task);

/// The violation witness of `report` in YAML, format 2.2: one `violation_sequence` entry whose
/// segments are the trace's events in order, each waypoint naming its thread (`thread_id`, the
/// runtime's thread number: 0 is main, the others numbered in the order they were created);
/// a thread creation is a `function_enter` waypoint at the pthread_create call, a nondet input
/// a `function_return` waypoint constraining `\result`, any other event an `assumption`
/// waypoint of the constant `1` at its location; the last segment is the `target`.
std::string violationWitnessYaml(const Model &model, const ErrorReport &report,
                                 const std::vector<NondetValue> &nondetValues,
                                 const WitnessTask &task);
/// The correctness witness in YAML (format 2.0): an `invariant_set` entry with no invariants.
std::string correctnessWitnessYaml(const WitnessTask &task);

/// The violation witness in the format `path` asks for (witnessFormatOf).
std::string violationWitnessFor(const std::string &path, const Model &model,
                                const ErrorReport &report,
                                const std::vector<NondetValue> &nondetValues,
                                const WitnessTask &task);
/// The correctness witness in the format `path` asks for.
std::string correctnessWitnessFor(const std::string &path, const WitnessTask &task);

/// Writes a witness's text to `path`; returns "" or a one-line problem.
std::string writeWitness(const std::string &path, const std::string &text);

} // namespace bpor::svcomp
