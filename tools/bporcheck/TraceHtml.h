// --trace-html: a trace as one self-contained HTML page (no external resources: the style and
// the script are in the page, so it opens from a file, offline, and can be sent as one file).
#pragma once

#include "tools/bporcheck/TracePicture.h"

#include <string>
#include <string_view>

namespace bpor::tool {

/// The page: a table with a column per thread and a row per step, the failing step marked, and
/// a script that draws the picture's edges as SVG arrows under the table (and marks <body
/// data-rendered="ok"> when it has drawn them; without scripts the table still reads).
std::string formatTraceHtml(const TracePicture &picture);

} // namespace bpor::tool
