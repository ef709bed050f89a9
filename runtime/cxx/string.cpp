// The string classes that libstdc++ instantiates once in the library rather than in each
// program (the headers declare them `extern template` before C++20): instantiated here.
#include <string>

namespace std {
template class basic_string<char>;
template class basic_string<wchar_t>;
template class allocator<char>;
template class allocator<wchar_t>;
} // namespace std
