// The C++ support library as bitcode, built with the tool (runtime/cxx/README.md).
#pragma once

#include <string_view>

namespace bpor {
/// The support library's module (64-bit data model): link it into a C++ program before the
/// passes run.
std::string_view cxxSupportBitcode();
} // namespace bpor
