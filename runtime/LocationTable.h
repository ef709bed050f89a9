// The location ids of one Execution (Operation::location, ErrorInfo::location).
//
// Ids are the program's wherever the program knows the place, so that every model over one
// Program gives a place the same id: 1 .. numLocations() - 1 are the entries of
// @__bpor_source_locations, then one id per debug location (numLocations() + its index), and
// after those the places this execution met that the program does not list (file names read
// from the program's memory), in the order it met them. Those are kept across restarts, so ids
// are stable for the Execution's life: the table is not part of a run's state.
#pragma once

#include "core/SourceLocation.h"
#include "interp/Interpreter.h"
#include "interp/Program.h"

#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

namespace bpor::runtime {

class LocationTable {
public:
  explicit LocationTable(const Program &program) : program_(program) {}

  /// The id of the program's debug location `index` (0: none).
  uint32_t ofDebugIndex(uint32_t index) const {
    return index == 0 ? 0 : program_.numLocations() + index;
  }
  /// The id of the instruction the thread stands at, without looking at its callers: 0 in
  /// code without a source line (a support library), which is trusted like library code.
  uint32_t own(const ThreadState &state) const;
  /// The id of a place the program may not list (0 for an unknown place).
  uint32_t intern(const SourceLocation &location);
  /// The place an id names ({} for 0 or an id never given).
  SourceLocation find(uint32_t id) const;

private:
  uint32_t firstExtra() const { return program_.numLocations() + program_.numDebugLocations(); }

  const Program &program_;
  /// The places beyond the program's tables, in order of id; their files in a deque, which
  /// never moves an element, so the file views stay valid.
  std::vector<SourceLocation> extra_;
  std::deque<std::string> extraFiles_;
  std::unordered_map<std::string, uint32_t> extraIds_;
};

} // namespace bpor::runtime
