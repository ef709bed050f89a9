// What both witness formats (GraphML and YAML) take from the task and the trace: the program's
// hash and lines, the property's text, the time of writing, and a nondet input's value as the
// C function that returned it shows it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bpor::svcomp {

/// The SHA-256 of a file's bytes in lower-case hex, "" if it cannot be read.
std::string sha256Of(const std::string &path);
/// A file's text without leading and trailing white space, "" if it cannot be read.
std::string readText(const std::string &path);
/// The current time in UTC, ISO 8601 (2026-11-30T01:02:03Z).
std::string utcNow();
/// The file's lines, without their line ends.
std::vector<std::string> sourceLines(const std::string &path);

/// The __VERIFIER_nondet_* function called on source line `line` (1-based), if exactly one is
/// named there: a witness's statement about \result must say which function's result it is.
std::string nondetFunctionOn(const std::vector<std::string> &lines, unsigned line);
/// The value `function` returned, as a C constant: the runtime hands over the bits of the
/// result, zero-extended; a signed type's value is their sign extension, a float's or double's
/// the number they encode (a float's with the suffix f). Empty for an infinity or a NaN, which
/// no constant names.
std::string nondetResultText(const std::string &function, uint64_t bits,
                             const std::string &dataModel);

} // namespace bpor::svcomp
