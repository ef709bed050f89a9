// --trace-dot: a trace as a Graphviz digraph (dot -Tsvg trace.dot > trace.svg): a cluster per
// thread, a node per step, program-order, synchronisation and reads-from edges, the failing
// step in red.
#pragma once

#include "tools/bporcheck/TracePicture.h"

#include <string>
#include <string_view>

namespace bpor::tool {

std::string formatTraceDot(const TracePicture &picture);

/// `text` as the inside of a double-quoted DOT string that shows it literally: backslashes and
/// quotes escaped (so that no \N, \G or \l of the text is read as an escape), control
/// characters as spaces.
std::string escapeDot(std::string_view text);

} // namespace bpor::tool
