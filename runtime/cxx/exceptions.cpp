// The standard exception classes whose members libstdc++ defines out of line (their vtables
// and type infos are emitted here, with their key functions), the std::__throw_* helpers the
// headers call, and the error categories behind std::system_error.
#include <cerrno>
#include <cstdarg>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <system_error>
#include <typeinfo>

namespace std {

// ---- A message string, as the exception classes keep it. ----
static const char *copyOf(const char *text, size_t length) {
  char *copy = static_cast<char *>(malloc(length + 1));
  memcpy(copy, text, length);
  copy[length] = 0;
  return copy;
}
__cow_string::__cow_string() : _M_p(copyOf("", 0)) {}
__cow_string::__cow_string(const string &s) : _M_p(copyOf(s.data(), s.size())) {}
__cow_string::__cow_string(const char *s, size_t n) : _M_p(copyOf(s, n)) {}
__cow_string::__cow_string(const __cow_string &o) noexcept : _M_p(copyOf(o._M_p, strlen(o._M_p))) {}
__cow_string &__cow_string::operator=(const __cow_string &o) noexcept {
  if (this != &o) {
    const char *copy = copyOf(o._M_p, strlen(o._M_p));
    free(const_cast<char *>(_M_p));
    _M_p = copy;
  }
  return *this;
}
__cow_string::__cow_string(__cow_string &&o) noexcept : _M_p(o._M_p) { o._M_p = copyOf("", 0); }
__cow_string &__cow_string::operator=(__cow_string &&o) noexcept {
  const char *mine = _M_p;
  _M_p = o._M_p;
  o._M_p = mine;
  return *this;
}
__cow_string::~__cow_string() { free(const_cast<char *>(_M_p)); }

// ---- The hierarchy. ----
exception::~exception() noexcept {}
const char *exception::what() const noexcept { return "std::exception"; }
bad_exception::~bad_exception() noexcept {}
const char *bad_exception::what() const noexcept { return "std::bad_exception"; }
bad_alloc::~bad_alloc() noexcept {}
const char *bad_alloc::what() const noexcept { return "std::bad_alloc"; }
bad_array_new_length::~bad_array_new_length() noexcept {}
const char *bad_array_new_length::what() const noexcept { return "std::bad_array_new_length"; }
bad_cast::~bad_cast() noexcept {}
const char *bad_cast::what() const noexcept { return "std::bad_cast"; }
bad_typeid::~bad_typeid() noexcept {}
const char *bad_typeid::what() const noexcept { return "std::bad_typeid"; }
bad_function_call::~bad_function_call() noexcept {}
const char *bad_function_call::what() const noexcept { return "bad_function_call"; }
bad_weak_ptr::~bad_weak_ptr() noexcept {}
const char *bad_weak_ptr::what() const noexcept { return "bad_weak_ptr"; }

logic_error::logic_error(const string &what) : _M_msg(what) {}
logic_error::logic_error(const char *what) : _M_msg(what, strlen(what)) {}
logic_error::logic_error(const logic_error &) noexcept = default;
logic_error &logic_error::operator=(const logic_error &) noexcept = default;
logic_error::logic_error(logic_error &&) noexcept = default;
logic_error &logic_error::operator=(logic_error &&) noexcept = default;
logic_error::~logic_error() noexcept {}
const char *logic_error::what() const noexcept { return _M_msg._M_p; }

runtime_error::runtime_error(const string &what) : _M_msg(what) {}
runtime_error::runtime_error(const char *what) : _M_msg(what, strlen(what)) {}
runtime_error::runtime_error(const runtime_error &) noexcept = default;
runtime_error &runtime_error::operator=(const runtime_error &) noexcept = default;
runtime_error::runtime_error(runtime_error &&) noexcept = default;
runtime_error &runtime_error::operator=(runtime_error &&) noexcept = default;
runtime_error::~runtime_error() noexcept {}
const char *runtime_error::what() const noexcept { return _M_msg._M_p; }

#define BPOR_DERIVED_ERROR(Name, Base)                                                         \
  Name::Name(const string &what) : Base(what) {}                                              \
  Name::Name(const char *what) : Base(what) {}                                                \
  Name::~Name() noexcept {}
BPOR_DERIVED_ERROR(domain_error, logic_error)
BPOR_DERIVED_ERROR(invalid_argument, logic_error)
BPOR_DERIVED_ERROR(length_error, logic_error)
BPOR_DERIVED_ERROR(out_of_range, logic_error)
BPOR_DERIVED_ERROR(range_error, runtime_error)
BPOR_DERIVED_ERROR(overflow_error, runtime_error)
BPOR_DERIVED_ERROR(underflow_error, runtime_error)
#undef BPOR_DERIVED_ERROR

// ---- Error categories and std::system_error. ----
inline namespace _V2 {
error_category::~error_category() {}
error_condition error_category::default_error_condition(int value) const noexcept {
  return error_condition(value, *this);
}
bool error_category::equivalent(int value, const error_condition &condition) const noexcept {
  return default_error_condition(value) == condition;
}
bool error_category::equivalent(const error_code &code, int value) const noexcept {
  return *this == code.category() && code.value() == value;
}
__cow_string error_category::_M_message(int value) const {
  string text = message(value);
  return __cow_string(text.data(), text.size());
}
} // namespace _V2
system_error::~system_error() noexcept {}

namespace {
// The errno values the modelled library returns, by name (strerror's texts are locale-bound).
const char *errnoText(int value) {
  switch (value) {
  case EPERM: return "Operation not permitted";
  case EINVAL: return "Invalid argument";
  case EDEADLK: return "Resource deadlock avoided";
  case EAGAIN: return "Resource temporarily unavailable";
  case EBUSY: return "Device or resource busy";
  case ESRCH: return "No such process";
  case ENOMEM: return "Cannot allocate memory";
  case ETIMEDOUT: return "Connection timed out";
  default: return "Unknown error";
  }
}
struct ErrnoCategory : error_category {
  const char *label;
  explicit ErrnoCategory(const char *label) : label(label) {}
  const char *name() const noexcept override { return label; }
  string message(int value) const override { return errnoText(value); }
};
} // namespace

inline namespace _V2 {
const error_category &generic_category() noexcept {
  static const ErrnoCategory category("generic");
  return category;
}
const error_category &system_category() noexcept {
  static const ErrnoCategory category("system");
  return category;
}
} // namespace _V2

// ---- What the headers call to throw. ----
void __throw_bad_exception() { throw bad_exception(); }
void __throw_bad_alloc() { throw bad_alloc(); }
void __throw_bad_array_new_length() { throw bad_array_new_length(); }
void __throw_bad_cast() { throw bad_cast(); }
void __throw_bad_typeid() { throw bad_typeid(); }
void __throw_bad_function_call() { throw bad_function_call(); }
void __throw_logic_error(const char *what) { throw logic_error(what); }
void __throw_domain_error(const char *what) { throw domain_error(what); }
void __throw_invalid_argument(const char *what) { throw invalid_argument(what); }
void __throw_length_error(const char *what) { throw length_error(what); }
void __throw_out_of_range(const char *what) { throw out_of_range(what); }
void __throw_runtime_error(const char *what) { throw runtime_error(what); }
void __throw_range_error(const char *what) { throw range_error(what); }
void __throw_overflow_error(const char *what) { throw overflow_error(what); }
void __throw_underflow_error(const char *what) { throw underflow_error(what); }
void __throw_system_error(int value) {
  throw system_error(error_code(value, generic_category()));
}

// The headers' messages carry %zu / %lu / %s / %d conversions (vector::at, string::at).
void __throw_out_of_range_fmt(const char *format, ...) {
  string text;
  va_list args;
  va_start(args, format);
  for (const char *p = format; *p; ++p) {
    if (*p != '%') {
      text += *p;
      continue;
    }
    ++p;
    while (*p == 'z' || *p == 'l')
      ++p;
    switch (*p) {
    case 'u':
      text += to_string(va_arg(args, unsigned long));
      break;
    case 'd':
      text += to_string(va_arg(args, int));
      break;
    case 's':
      text += va_arg(args, const char *);
      break;
    case '%':
      text += '%';
      break;
    default:
      text += '?';
    }
    if (!*p)
      break;
  }
  va_end(args);
  throw out_of_range(text);
}

} // namespace std
