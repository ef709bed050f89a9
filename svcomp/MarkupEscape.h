// Text put into XML or HTML: the GraphML witnesses and the HTML picture of a trace.
#pragma once

#include <string>
#include <string_view>

namespace bpor::svcomp {

/// `text` with &, <, >, " and ' as character references, safe in element content and in quoted
/// attribute values; control characters other than tab, newline and carriage return (which
/// XML 1.0 does not allow, and NUL anywhere) become spaces.
std::string escapeMarkup(std::string_view text);

} // namespace bpor::svcomp
