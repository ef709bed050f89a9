// Output streams for printing: std::cout, std::cerr and std::clog, and the inserters that
// libstdc++ instantiates in the library, written on the runtime's stdio or, for a string
// stream (sstream.cpp), into its string. The standard stream objects are not real
// basic_ostreams: each is the storage of one, whose vtable pointer leads only to the offset of
// its ios_base (which inline code such as `cout.width(4)` or `std::hex` reads), and whose
// ios_base fields hold the formatting state those inline members set. Honoured: width, fill,
// left/right, dec/hex/oct, showbase, uppercase, boolalpha, fixed/scientific and precision. No
// locale, no input (std::cin is not provided), and writes are unbuffered.
#include "runtime/cxx/bpor_cxx.h"
#include "runtime/cxx/stream.h"
#include <cstdio>
#include <cstring>
#include <ios>
#include <locale>
#include <string>

using bpor_cxx::iosOf;

namespace {

// A basic_ostream<char>'s storage: its vtable pointer, then the virtual base basic_ios.
struct StreamStorage {
  void *const *vtable;
  alignas(8) unsigned char ios[sizeof(std::basic_ios<char>)];
};
static_assert(sizeof(StreamStorage) == 8 + sizeof(std::basic_ios<char>), "ostream layout");

// The vtable's offset-to-virtual-base entry (three words before the address point).
void *const streamVtable[4] = {reinterpret_cast<void *>(offsetof(StreamStorage, ios)), nullptr,
                               nullptr, nullptr};

} // namespace

extern "C" {
StreamStorage bporCout __asm__("_ZSt4cout") = {streamVtable + 3, {}};
StreamStorage bporCerr __asm__("_ZSt4cerr") = {streamVtable + 3, {}};
StreamStorage bporClog __asm__("_ZSt4clog") = {streamVtable + 3, {}};
}

namespace {

// basic_ios's fill character and whether it is set, reached through a derived class.
struct FillAccess : std::basic_ios<char> {
  static char &fill(std::basic_ios<char> &ios) { return ios.*(&FillAccess::_M_fill); }
  static bool &fillSet(std::basic_ios<char> &ios) { return ios.*(&FillAccess::_M_fill_init); }
};

struct IosAccess : std::basic_ios<char> {
  static const std::ctype<char> *&ctype(std::basic_ios<char> &ios) {
    return ios.*(&IosAccess::_M_ctype);
  }
  static std::basic_streambuf<char> *&buffer(std::basic_ios<char> &ios) {
    return ios.*(&IosAccess::_M_streambuf);
  }
};

// The character classification facet that inline code reaches for std::endl's
// `widen('\n')`: a ctype<char>'s image whose widening table is the identity and marked ready,
// so the inline widen() reads the table and never calls into the facet. It is constant, so
// streams set up in different threads share it without writing it.
struct CtypeImage {
  const void *vtable = nullptr;
  int references = 0;
  const void *cLocale = nullptr;
  bool del = false;
  const void *toUpper = nullptr, *toLower = nullptr, *table = nullptr;
  char widenReady = 1;
  char widen[256] = {};
  char narrow[256] = {};
  char narrowReady = 0;
  constexpr CtypeImage() {
    for (int c = 0; c < 256; ++c)
      widen[c] = char(c);
  }
};
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Winvalid-offsetof"
struct CtypeLayout : std::ctype<char> {
  static void check() { // in a member function, where the class is complete
    static_assert(sizeof(CtypeImage) == sizeof(std::ctype<char>), "ctype<char> layout");
    static_assert(offsetof(CtypeLayout, _M_widen_ok) == offsetof(CtypeImage, widenReady),
                  "ctype<char> layout");
    static_assert(offsetof(CtypeLayout, _M_widen) == offsetof(CtypeImage, widen),
                  "ctype<char> layout");
  }
};
#pragma clang diagnostic pop
constinit const CtypeImage ctypeImage;

FILE *fileOf(void *stream) { return stream == &bporCout ? stdout : stderr; }

// Writes `length` characters to the stream's destination: the string of a string stream, or
// standard output for std::cout and standard error for the others.
void out(void *stream, const char *text, size_t length) {
  if (bpor_cxx::isStringStream(stream))
    return bpor_cxx::writeToStringStream(stream, text, length);
  FILE *file = fileOf(stream);
  for (size_t i = 0; i < length; ++i)
    fputc(text[i], file);
}

// Writes `text` padded to the stream's width (which then resets to 0, as inserters do).
void *emit(void *stream, const char *text, size_t length) {
  std::basic_ios<char> &ios = iosOf(stream);
  size_t width = ios.width() > 0 ? size_t(ios.width()) : 0;
  ios.width(0);
  bool left = (ios.flags() & std::ios_base::adjustfield) == std::ios_base::left;
  char fill = FillAccess::fill(ios);
  if (!left)
    for (size_t i = length; i < width; ++i)
      out(stream, &fill, 1);
  out(stream, text, length);
  if (left)
    for (size_t i = length; i < width; ++i)
      out(stream, &fill, 1);
  return stream;
}

void *emitInteger(void *stream, unsigned long long magnitude, bool negative) {
  std::ios_base::fmtflags flags = iosOf(stream).flags();
  std::ios_base::fmtflags base = flags & std::ios_base::basefield;
  bool upper = flags & std::ios_base::uppercase;
  char text[80];
  int n = 0;
  if (base == std::ios_base::hex)
    n = snprintf(text, sizeof text, upper ? "%s%llX" : "%s%llx",
                 flags & std::ios_base::showbase ? (upper ? "0X" : "0x") : "", magnitude);
  else if (base == std::ios_base::oct)
    n = snprintf(text, sizeof text, "%s%llo", flags & std::ios_base::showbase ? "0" : "",
                 magnitude);
  else
    n = snprintf(text, sizeof text, "%s%llu", negative ? "-" : "", magnitude);
  return emit(stream, text, size_t(n));
}

void *emitSigned(void *stream, long long value) {
  std::ios_base::fmtflags base = iosOf(stream).flags() & std::ios_base::basefield;
  if (base == std::ios_base::hex || base == std::ios_base::oct)
    return emitInteger(stream, static_cast<unsigned long long>(value), false);
  unsigned long long magnitude =
      value < 0 ? 0ull - static_cast<unsigned long long>(value) : (unsigned long long)value;
  return emitInteger(stream, magnitude, value < 0);
}

void *emitDouble(void *stream, double value) {
  std::basic_ios<char> &ios = iosOf(stream);
  std::ios_base::fmtflags floatfield = ios.flags() & std::ios_base::floatfield;
  int precision = int(ios.precision());
  char text[400];
  int n;
  if (floatfield == std::ios_base::fixed)
    n = snprintf(text, sizeof text, "%.*f", precision, value);
  else if (floatfield == std::ios_base::scientific)
    n = snprintf(text, sizeof text, "%.*e", precision, value);
  else
    n = snprintf(text, sizeof text, "%.*g", precision == 0 ? 1 : precision, value);
  return emit(stream, text, size_t(n));
}

} // namespace

namespace bpor_cxx {

std::basic_ios<char> &iosOf(void *stream) {
  auto offset = static_cast<const ptrdiff_t *>(*static_cast<void *const *>(stream))[-3];
  return *reinterpret_cast<std::basic_ios<char> *>(static_cast<char *>(stream) + offset);
}

void setUpIos(std::basic_ios<char> &ios, std::basic_streambuf<char> *buffer) {
  ios.flags(std::ios_base::dec | std::ios_base::skipws);
  ios.precision(6);
  ios.width(0);
  FillAccess::fill(ios) = ' ';
  FillAccess::fillSet(ios) = true;
  IosAccess::ctype(ios) = reinterpret_cast<const std::ctype<char> *>(&ctypeImage);
  IosAccess::buffer(ios) = buffer;
}

} // namespace bpor_cxx

using Manipulator = void *(*)(void *);

extern "C" {
// std::ios_base::Init (every unit that includes <iostream> constructs one).
void bporIosInit(void *) __asm__("_ZNSt8ios_base4InitC1Ev");
void bporIosInit(void *) {
  for (StreamStorage *stream : {&bporCout, &bporCerr, &bporClog})
    bpor_cxx::setUpIos(iosOf(stream), nullptr);
}
void bporIosInitEnd(void *) __asm__("_ZNSt8ios_base4InitD1Ev");
void bporIosInitEnd(void *) { fflush(stdout); }

#define BPOR_INSERTER(Symbol, Type, Body)                                                      \
  void *Symbol##Impl(void *stream, Type value) __asm__(#Symbol);                              \
  void *Symbol##Impl(void *stream, Type value) { Body; }
BPOR_INSERTER(_ZNSolsEi, int, return emitSigned(stream, value))
BPOR_INSERTER(_ZNSolsEj, unsigned, return emitInteger(stream, value, false))
BPOR_INSERTER(_ZNSolsEl, long, return emitSigned(stream, value))
BPOR_INSERTER(_ZNSolsEm, unsigned long, return emitInteger(stream, value, false))
BPOR_INSERTER(_ZNSolsEx, long long, return emitSigned(stream, value))
BPOR_INSERTER(_ZNSolsEy, unsigned long long, return emitInteger(stream, value, false))
BPOR_INSERTER(_ZNSolsEs, short, return emitSigned(stream, value))
BPOR_INSERTER(_ZNSolsEt, unsigned short, return emitInteger(stream, value, false))
BPOR_INSERTER(_ZNSolsEd, double, return emitDouble(stream, value))
BPOR_INSERTER(_ZNSolsEf, float, return emitDouble(stream, value))
BPOR_INSERTER(_ZNSolsEe, long double, return emitDouble(stream, double(value)))
BPOR_INSERTER(_ZNSolsEb, bool, {
  if (iosOf(stream).flags() & std::ios_base::boolalpha)
    return value ? emit(stream, "true", 4) : emit(stream, "false", 5);
  return emitInteger(stream, value, false);
})
BPOR_INSERTER(_ZNSolsEPKv, const void *, {
  char text[40];
  int n = snprintf(text, sizeof text, "%p", value);
  return emit(stream, text, size_t(n));
})
BPOR_INSERTER(_ZNSolsEPFRSoS_E, Manipulator, return value(stream))
BPOR_INSERTER(_ZNSolsEPFRSt8ios_baseS0_E, Manipulator, {
  value(&iosOf(stream));
  return stream;
})
BPOR_INSERTER(_ZNSolsEPFRSt9basic_iosIcSt11char_traitsIcEES3_E, Manipulator, {
  value(&iosOf(stream));
  return stream;
})
BPOR_INSERTER(_ZStlsISt11char_traitsIcEERSt13basic_ostreamIcT_ES5_PKc, const char *,
              return emit(stream, value, strlen(value)))
BPOR_INSERTER(_ZStlsISt11char_traitsIcEERSt13basic_ostreamIcT_ES5_c, char,
              return emit(stream, &value, 1))
BPOR_INSERTER(_ZStlsISt11char_traitsIcEERSt13basic_ostreamIcT_ES5_a, signed char,
              return emit(stream, reinterpret_cast<const char *>(&value), 1))
BPOR_INSERTER(_ZStlsISt11char_traitsIcEERSt13basic_ostreamIcT_ES5_h, unsigned char,
              return emit(stream, reinterpret_cast<const char *>(&value), 1))
BPOR_INSERTER(
    _ZStlsIcSt11char_traitsIcESaIcEERSt13basic_ostreamIT_T0_ES7_RKNSt7__cxx1112basic_stringIS4_S5_T1_EE,
    const std::string *, return emit(stream, value->data(), value->size()))
BPOR_INSERTER(_ZStlsIcSt11char_traitsIcEERSt13basic_ostreamIT_T0_ES6_St5_Setw, int, {
  iosOf(stream).width(value);
  return stream;
})
BPOR_INSERTER(_ZStlsIcSt11char_traitsIcEERSt13basic_ostreamIT_T0_ES6_St8_SetfillIS3_E, char, {
  FillAccess::fill(iosOf(stream)) = value;
  return stream;
})
BPOR_INSERTER(_ZStlsIcSt11char_traitsIcEERSt13basic_ostreamIT_T0_ES6_St13_Setprecision, int, {
  iosOf(stream).precision(value);
  return stream;
})
BPOR_INSERTER(_ZNSo3putEc, char, {
  out(stream, &value, 1);
  return stream;
})
// What the inserters above call once inlined (basic_ostream::_M_insert<T>).
BPOR_INSERTER(_ZNSo9_M_insertIlEERSoT_, long, return emitSigned(stream, value))
BPOR_INSERTER(_ZNSo9_M_insertImEERSoT_, unsigned long, return emitInteger(stream, value, false))
BPOR_INSERTER(_ZNSo9_M_insertIxEERSoT_, long long, return emitSigned(stream, value))
BPOR_INSERTER(_ZNSo9_M_insertIyEERSoT_, unsigned long long,
              return emitInteger(stream, value, false))
BPOR_INSERTER(_ZNSo9_M_insertIdEERSoT_, double, return emitDouble(stream, value))
BPOR_INSERTER(_ZNSo9_M_insertIeEERSoT_, long double, return emitDouble(stream, double(value)))
BPOR_INSERTER(_ZNSo9_M_insertIbEERSoT_, bool, {
  if (iosOf(stream).flags() & std::ios_base::boolalpha)
    return value ? emit(stream, "true", 4) : emit(stream, "false", 5);
  return emitInteger(stream, value, false);
})
BPOR_INSERTER(_ZNSo9_M_insertIPKvEERSoT_, const void *, {
  char text[40];
  int n = snprintf(text, sizeof text, "%p", value);
  return emit(stream, text, size_t(n));
})
#undef BPOR_INSERTER

void *bporOstreamWrite(void *stream, const char *text, long length) __asm__("_ZNSo5writeEPKcl");
void *bporOstreamWrite(void *stream, const char *text, long length) {
  out(stream, text, size_t(length));
  return stream;
}
void *bporOstreamInsert(void *stream, const char *text, long length)
    __asm__("_ZSt16__ostream_insertIcSt11char_traitsIcEERSt13basic_ostreamIT_T0_ES6_PKS3_l");
void *bporOstreamInsert(void *stream, const char *text, long length) {
  return emit(stream, text, size_t(length));
}
void *bporOstreamFlush(void *stream) __asm__("_ZNSo5flushEv");
void *bporOstreamFlush(void *stream) {
  if (!bpor_cxx::isStringStream(stream))
    fflush(fileOf(stream));
  return stream;
}
void *bporEndl(void *stream) __asm__("_ZSt4endlIcSt11char_traitsIcEERSt13basic_ostreamIT_T0_ES6_");
void *bporEndl(void *stream) {
  out(stream, "\n", 1);
  return bporOstreamFlush(stream);
}
void *bporFlush(void *stream)
    __asm__("_ZSt5flushIcSt11char_traitsIcEERSt13basic_ostreamIT_T0_ES6_");
void *bporFlush(void *stream) { return bporOstreamFlush(stream); }
} // extern "C"
