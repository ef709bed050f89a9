// The support libraries as bitcode, built with the tool: parts of the C and C++ libraries
// written in C/C++ and interpreted with the program (runtime/cxx/, runtime/libc-support/).
#pragma once

#include <string_view>

namespace bpor {
/// The C++ support library's module (64-bit data model only).
std::string_view cxxSupportBitcode();
/// The C support library's module for each data model.
std::string_view libcSupportBitcode64();
std::string_view libcSupportBitcode32();
} // namespace bpor
