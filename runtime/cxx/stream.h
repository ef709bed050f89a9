// What the stream files of the C++ support library share: iostream.cpp formats and inserts,
// sstream.cpp keeps string streams, ios.cpp answers basic_ios's state queries.
#pragma once
#include <cstddef>
#include <ios>

namespace bpor_cxx {

/// The basic_ios of the istream or ostream subobject at `stream`: its vtable's first entry
/// before the address point is the offset of the virtual base, as in the Itanium C++ ABI.
std::basic_ios<char> &iosOf(void *stream);

/// Sets up a new stream's basic_ios (all of whose bytes must already be zero): the default
/// formatting (decimal, skip whitespace, precision 6, fill ' '), no error, reading and writing
/// `buffer`, and a character classification facet for the inline widen() of std::endl.
void setUpIos(std::basic_ios<char> &ios, std::basic_streambuf<char> *buffer);

/// Whether the ostream subobject at `stream` is a string stream's.
bool isStringStream(void *stream);

/// Writes `length` characters at the string stream's put position.
void writeToStringStream(void *stream, const char *text, size_t length);

} // namespace bpor_cxx
