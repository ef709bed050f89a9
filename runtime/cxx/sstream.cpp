// String streams of char: std::ostringstream, std::istringstream and std::stringstream, whose
// members libstdc++ instantiates in its shared library. An object keeps libstdc++'s layout, so
// that the program's inline code finds what it reads where it expects it: the vtable pointers
// of the istream and ostream subobjects (leading to the offset of the virtual base basic_ios),
// the basic_stringbuf member, and the basic_ios with the formatting state (set up as
// iostream.cpp sets up std::cout's, and formatted by the same inserters).
//
// The characters are the stringbuf's std::string, always exactly the stream's contents. Its
// streambuf pointers mark positions in that string the way libstdc++ leaves them: for input the
// get area is the whole string with the read position; for output the put area is the whole
// string with the write position (which `ate` and `app` start at the end, and which otherwise
// overwrites from the start), and an output-only stream's get area is empty at the string's
// end. So inline code such as an inlined str() (which reads up to the larger of the put position
// and the get area's end) sees the contents, and rdbuf()->sputc() overwrites in place; the
// stringbuf's virtual members themselves are not provided and are refused when called.
//
// Input is formatted extraction of integers, characters and strings, and std::getline; other
// extractions are refused by name when the program calls them (they are not defined here).
#include "runtime/cxx/bpor_cxx.h"
#include "runtime/cxx/stream.h"
#include <climits>
#include <cstring>
#include <limits>
#include <new>
#include <sstream>
#include <string>

using bpor_cxx::iosOf;

namespace {

using Buf = std::basic_stringbuf<char>;
using Streambuf = std::basic_streambuf<char>;
using Ios = std::basic_ios<char>;
using Openmode = std::ios_base::openmode;
using State = std::ios_base::iostate;
constexpr Openmode In = std::ios_base::in, Out = std::ios_base::out,
                   App = std::ios_base::app, Ate = std::ios_base::ate;

// The stringbuf's string and mode, and the streambuf's get and put pointers.
struct BufAccess : Buf {
  static std::string &text(Buf &buf) { return buf.*(&BufAccess::_M_string); }
  static Openmode &mode(Buf &buf) { return buf.*(&BufAccess::_M_mode); }
  static char *&getBegin(Buf &buf) { return buf.*(&BufAccess::_M_in_beg); }
  static char *&getNext(Buf &buf) { return buf.*(&BufAccess::_M_in_cur); }
  static char *&getEnd(Buf &buf) { return buf.*(&BufAccess::_M_in_end); }
  static char *&putBegin(Buf &buf) { return buf.*(&BufAccess::_M_out_beg); }
  static char *&putNext(Buf &buf) { return buf.*(&BufAccess::_M_out_cur); }
  static char *&putEnd(Buf &buf) { return buf.*(&BufAccess::_M_out_end); }
};

// Where a stream's parts are, from the start of the object; a missing part is -1.
struct Shape {
  ptrdiff_t istream, ostream, buf, ios;
  Openmode implied;  // what each constructor adds to the mode it is given
  Openmode defaults; // the mode of the default constructor
};
constexpr ptrdiff_t BufSize = sizeof(Buf);
// basic_ostream: a vtable pointer; basic_istream: a vtable pointer and gcount.
constexpr Shape OutShape{-1, 0, 8, 8 + BufSize, Out, Out};
constexpr Shape InShape{0, -1, 16, 16 + BufSize, In, In};
constexpr Shape InOutShape{0, 16, 24, 24 + BufSize, Openmode(), In | Out};
static_assert(sizeof(std::ostringstream) == size_t(OutShape.ios) + sizeof(Ios), "layout");
static_assert(sizeof(std::istringstream) == size_t(InShape.ios) + sizeof(Ios), "layout");
static_assert(sizeof(std::stringstream) == size_t(InOutShape.ios) + sizeof(Ios), "layout");

// A stream subobject's vtable in the Itanium C++ ABI: before the address point the offset of
// the virtual base basic_ios, the offset to the complete object, and the type information (not
// provided: typeid and dynamic_cast of a string stream are not supported); then the virtual
// destructors.
struct Vtable {
  ptrdiff_t iosOffset;
  ptrdiff_t toTop;
  const void *typeInfo;
  void (*destroy)(void *);
  void (*destroyAndFree)(void *);
  constexpr const void *addressPoint() const { return &destroy; }
};

// The stringbuf's vtable: the offset to the top, the type information, and basic_streambuf's
// fourteen virtual members, each refused.
[[noreturn]] void refuseBufferCall(void *, ...) {
  __bpor_cxx_unsupported("the virtual members of a string stream's std::stringbuf (its rdbuf()) "
                         "are not provided; use the stream's own members");
}
struct BufVtable {
  ptrdiff_t toTop;
  const void *typeInfo;
  void (*members[14])(void *, ...);
};
constexpr BufVtable bufVtable = {0, nullptr, {refuseBufferCall, refuseBufferCall,
  refuseBufferCall, refuseBufferCall, refuseBufferCall, refuseBufferCall, refuseBufferCall,
  refuseBufferCall, refuseBufferCall, refuseBufferCall, refuseBufferCall, refuseBufferCall,
  refuseBufferCall, refuseBufferCall}};

// The basic_ios subobject's vtable: its virtual destructors, called only through an ios_base
// pointer, are refused (the offsets before the address point are not read).
[[noreturn]] void refuseIosDestroy(void *) {
  __bpor_cxx_unsupported("destroying a string stream through a std::ios_base or std::basic_ios "
                         "pointer is not provided");
}
constexpr Vtable iosVtable = {0, 0, nullptr, refuseIosDestroy, refuseIosDestroy};

Buf &bufAt(void *object, const Shape &shape) {
  return *reinterpret_cast<Buf *>(static_cast<char *>(object) + shape.buf);
}

// Points the streambuf's pointers into the string, with the read position `get` and the write
// position `put` (as libstdc++'s basic_stringbuf::_M_sync does, but with the put area ending at
// the string's end rather than its capacity: the string's size is always the contents').
void sync(Buf &buf, size_t get, size_t put) {
  std::string &text = BufAccess::text(buf);
  Openmode mode = BufAccess::mode(buf);
  char *begin = text.data(), *end = begin + text.size();
  if (mode & In) {
    BufAccess::getBegin(buf) = begin;
    BufAccess::getNext(buf) = begin + get;
    BufAccess::getEnd(buf) = end;
  }
  if (mode & Out) {
    BufAccess::putBegin(buf) = begin;
    BufAccess::putNext(buf) = begin + put;
    BufAccess::putEnd(buf) = end;
    if (!(mode & In))
      BufAccess::getBegin(buf) = BufAccess::getNext(buf) = BufAccess::getEnd(buf) = end;
  }
}

size_t getPosition(Buf &buf) {
  return BufAccess::mode(buf) & In ? size_t(BufAccess::getNext(buf) - BufAccess::getBegin(buf))
                                   : 0;
}
size_t putPosition(Buf &buf) {
  return BufAccess::putNext(buf) ? size_t(BufAccess::putNext(buf) - BufAccess::putBegin(buf))
                                 : 0;
}

void construct(void *object, const Shape &shape, const Vtable &primary,
               const Vtable *secondary, Openmode mode, const char *text, size_t length) {
  char *bytes = static_cast<char *>(object);
  memset(bytes, 0, size_t(shape.ios) + sizeof(Ios));
  if (shape.istream >= 0)
    *reinterpret_cast<const void **>(bytes + shape.istream) = primary.addressPoint();
  if (shape.ostream >= 0)
    *reinterpret_cast<const void **>(bytes + shape.ostream) =
        (shape.ostream == 0 ? primary : *secondary).addressPoint();
  Buf &buf = bufAt(object, shape);
  *reinterpret_cast<const void **>(&buf) = &bufVtable.members[0];
  BufAccess::mode(buf) = mode | shape.implied;
  new (&BufAccess::text(buf)) std::string(text, length);
  sync(buf, 0, mode & (App | Ate) ? length : 0);
  *reinterpret_cast<const void **>(bytes + shape.ios) = iosVtable.addressPoint();
  bpor_cxx::setUpIos(*reinterpret_cast<Ios *>(bytes + shape.ios), &buf);
}

void destroy(void *object, const Shape &shape) {
  using std::string;
  BufAccess::text(bufAt(object, shape)).~string();
}

// str(s): the contents become `text`, read from the start and written from the start (or, with
// `ate` or `app`, from the end).
void replace(Buf &buf, std::string &&text) {
  BufAccess::text(buf) = std::move(text);
  size_t length = BufAccess::text(buf).size();
  sync(buf, 0, BufAccess::mode(buf) & (App | Ate) ? length : 0);
}

// The destructors of each stream, and of the stringstream through its ostream subobject.
void destroyOut(void *object) { destroy(object, OutShape); }
void destroyAndFreeOut(void *object) {
  destroyOut(object);
  ::operator delete(object);
}
void destroyIn(void *object) { destroy(object, InShape); }
void destroyAndFreeIn(void *object) {
  destroyIn(object);
  ::operator delete(object);
}
void destroyInOut(void *object) { destroy(object, InOutShape); }
void destroyAndFreeInOut(void *object) {
  destroyInOut(object);
  ::operator delete(object);
}
void destroyInOutFromOstream(void *ostream) {
  destroyInOut(static_cast<char *>(ostream) - InOutShape.ostream);
}
void destroyAndFreeInOutFromOstream(void *ostream) {
  destroyAndFreeInOut(static_cast<char *>(ostream) - InOutShape.ostream);
}

constexpr Vtable outVtable = {OutShape.ios, 0, nullptr, destroyOut, destroyAndFreeOut};
constexpr Vtable inVtable = {InShape.ios, 0, nullptr, destroyIn, destroyAndFreeIn};
constexpr Vtable inOutVtable = {InOutShape.ios, 0, nullptr, destroyInOut, destroyAndFreeInOut};
constexpr Vtable inOutOstreamVtable = {InOutShape.ios - InOutShape.ostream,
                                       -InOutShape.ostream, nullptr, destroyInOutFromOstream,
                                       destroyAndFreeInOutFromOstream};

const void *vtableOf(void *subobject) { return *static_cast<const void *const *>(subobject); }

// ---- Input ----

// The buffer behind the istream subobject at `stream`, which must be a string stream's: there
// is no other input (std::cin is not provided).
Buf &inputOf(void *stream) {
  const void *vtable = vtableOf(stream);
  if (vtable == inVtable.addressPoint())
    return bufAt(stream, InShape);
  if (vtable != inOutVtable.addressPoint())
    __bpor_cxx_unsupported("reading std::cin (or any input stream but a string stream) is "
                           "not provided: standard input is empty in the model");
  return bufAt(stream, InOutShape);
}

struct IosState : Ios {
  static State &state(Ios &ios) { return ios.*(&IosState::_M_streambuf_state); }
};

// Adds `bits` to the stream's state (a matching exceptions() mask is refused by clear()).
void fail(Ios &ios, State bits) { ios.setstate(bits); }

int peek(Buf &buf) {
  char *next = BufAccess::getNext(buf);
  return next < BufAccess::getEnd(buf) ? static_cast<unsigned char>(*next) : -1;
}
void advance(Buf &buf) { ++BufAccess::getNext(buf); }

bool isSpace(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// The sentry of formatted input: false (with failbit, and eofbit if the end was reached) unless
// the stream is good and, skipping whitespace if skipws is set, a character is left to read.
bool formattedSentry(Buf &buf, Ios &ios) {
  if (!ios.good()) {
    fail(ios, std::ios_base::failbit);
    return false;
  }
  if (ios.flags() & std::ios_base::skipws)
    while (isSpace(peek(buf)))
      advance(buf);
  if (peek(buf) < 0) {
    fail(ios, std::ios_base::eofbit | std::ios_base::failbit);
    return false;
  }
  return true;
}

int digitValue(int c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z')
    return c - 'A' + 10;
  return 99;
}

// Reads an integer as num_get does: an optional sign, then digits in the stream's base (a "0x"
// prefix allowed in hex; with no base set, the prefix chooses as for strtol's base 0). Too few
// digits store 0, a value out of range stores the nearest limit, and both set failbit; reaching
// the end sets eofbit. A minus sign before an unsigned value negates it modulo 2^N, as strtoul.
template <class T> void *extractInteger(void *stream, T &value) {
  Buf &buf = inputOf(stream);
  Ios &ios = iosOf(stream);
  if (!formattedSentry(buf, ios))
    return stream;
  bool negative = false;
  if (peek(buf) == '+' || peek(buf) == '-') {
    negative = peek(buf) == '-';
    advance(buf);
  }
  std::ios_base::fmtflags basefield = ios.flags() & std::ios_base::basefield;
  unsigned base = basefield == std::ios_base::hex ? 16 : basefield == std::ios_base::oct ? 8 : 10;
  bool digits = false;
  if ((basefield == std::ios_base::hex || !basefield) && peek(buf) == '0') {
    advance(buf);
    digits = true;
    if (peek(buf) == 'x' || peek(buf) == 'X') {
      advance(buf);
      digits = false;
      base = 16;
    } else if (!basefield) {
      base = 8;
    }
  }
  unsigned long long magnitude = 0;
  bool overflow = false;
  for (unsigned d; (d = unsigned(digitValue(peek(buf)))) < base; advance(buf)) {
    digits = true;
    if (magnitude > (ULLONG_MAX - d) / base)
      overflow = true;
    else
      magnitude = magnitude * base + d;
  }
  State state = peek(buf) < 0 ? std::ios_base::eofbit : std::ios_base::goodbit;
  constexpr bool isSigned = std::numeric_limits<T>::is_signed;
  constexpr auto max = static_cast<unsigned long long>(std::numeric_limits<T>::max());
  if (!digits) {
    value = 0;
    state |= std::ios_base::failbit;
  } else if (isSigned) {
    unsigned long long limit = negative ? max + 1 : max;
    if (overflow || magnitude > limit) {
      value = negative ? T(-T(max) - 1) : T(max);
      state |= std::ios_base::failbit;
    } else {
      value = negative ? T(0ull - magnitude) : T(magnitude);
    }
  } else {
    if (overflow || magnitude > max) {
      value = T(max);
      state |= std::ios_base::failbit;
    } else {
      value = negative ? T(0ull - magnitude) : T(magnitude);
    }
  }
  if (state)
    fail(ios, state);
  return stream;
}

// >> of a string: a word up to whitespace, at most width() characters if it is set (then reset).
void *extractWord(void *stream, std::string &word) {
  Buf &buf = inputOf(stream);
  Ios &ios = iosOf(stream);
  if (!formattedSentry(buf, ios))
    return stream;
  word.clear();
  size_t limit = ios.width() > 0 ? size_t(ios.width()) : word.max_size();
  ios.width(0);
  while (word.size() < limit && peek(buf) >= 0 && !isSpace(peek(buf))) {
    word.push_back(char(peek(buf)));
    advance(buf);
  }
  if (peek(buf) < 0)
    fail(ios, std::ios_base::eofbit);
  return stream;
}

void *extractChar(void *stream, char &c) {
  Buf &buf = inputOf(stream);
  Ios &ios = iosOf(stream);
  if (!formattedSentry(buf, ios))
    return stream;
  c = char(peek(buf));
  advance(buf);
  return stream;
}

// std::getline: the characters up to `delimiter` (consumed, not stored) or the end (eofbit);
// failbit if it extracted nothing at all. gcount() counts the delimiter too.
void *getLine(void *stream, std::string &line, char delimiter) {
  Buf &buf = inputOf(stream);
  Ios &ios = iosOf(stream);
  long &count = *reinterpret_cast<long *>(static_cast<char *>(stream) + 8);
  count = 0;
  if (!ios.good()) {
    fail(ios, std::ios_base::failbit);
    return stream;
  }
  line.clear();
  State state = std::ios_base::goodbit;
  for (;;) {
    int c = peek(buf);
    if (c < 0) {
      state |= std::ios_base::eofbit;
      break;
    }
    advance(buf);
    ++count;
    if (char(c) == delimiter)
      break;
    line.push_back(char(c));
  }
  if (count == 0)
    state |= std::ios_base::failbit;
  if (state)
    fail(ios, state);
  return stream;
}

} // namespace

namespace bpor_cxx {

bool isStringStream(void *stream) {
  const void *vtable = vtableOf(stream);
  return vtable == outVtable.addressPoint() || vtable == inOutOstreamVtable.addressPoint();
}

// Writes over the characters at the put position and past them, extending the string; with
// `app`, always at the end.
void writeToStringStream(void *stream, const char *text, size_t length) {
  Buf &buf = *reinterpret_cast<Buf *>(static_cast<char *>(stream) + OutShape.buf);
  std::string &contents = BufAccess::text(buf);
  size_t put = BufAccess::mode(buf) & App ? contents.size() : putPosition(buf);
  size_t get = getPosition(buf);
  size_t over = contents.size() - put < length ? contents.size() - put : length;
  contents.replace(put, over, text, length);
  sync(buf, get, put + length);
}

} // namespace bpor_cxx

// The members the program calls, under libstdc++'s names.
#define BPOR_STREAM_MEMBERS(Class, Mangled, Shape, Primary, Secondary)                          \
  void Class##Construct(void *self) __asm__("_ZN" Mangled "C1Ev");                             \
  void Class##Construct(void *self) {                                                          \
    construct(self, Shape, Primary, Secondary, Shape.defaults, "", 0);                          \
  }                                                                                            \
  void Class##ConstructMode(void *self, Openmode mode)                                         \
      __asm__("_ZN" Mangled "C1ESt13_Ios_Openmode");                                           \
  void Class##ConstructMode(void *self, Openmode mode) {                                       \
    construct(self, Shape, Primary, Secondary, mode, "", 0);                                   \
  }                                                                                            \
  void Class##ConstructCopy(void *self, const std::string *text, Openmode mode)                \
      __asm__("_ZN" Mangled "C1ERKNS_12basic_stringIcS2_S3_EESt13_Ios_Openmode");              \
  void Class##ConstructCopy(void *self, const std::string *text, Openmode mode) {              \
    construct(self, Shape, Primary, Secondary, mode, text->data(), text->size());              \
  }                                                                                            \
  void Class##ConstructMove(void *self, std::string *text, Openmode mode)                      \
      __asm__("_ZN" Mangled "C1EONS_12basic_stringIcS2_S3_EESt13_Ios_Openmode");               \
  void Class##ConstructMove(void *self, std::string *text, Openmode mode) {                    \
    construct(self, Shape, Primary, Secondary, mode, text->data(), text->size());              \
    text->clear();                                                                             \
  }                                                                                            \
  void Class##Destroy(void *self) __asm__("_ZN" Mangled "D1Ev");                               \
  void Class##Destroy(void *self) { destroy(self, Shape); }                                    \
  void Class##DestroyAndFree(void *self) __asm__("_ZN" Mangled "D0Ev");                        \
  void Class##DestroyAndFree(void *self) {                                                     \
    destroy(self, Shape);                                                                      \
    ::operator delete(self);                                                                   \
  }                                                                                            \
  void Class##Str(std::string *result, void *self) __asm__("_ZNK" Mangled "3strEv");           \
  void Class##Str(std::string *result, void *self) {                                           \
    new (result) std::string(BufAccess::text(bufAt(self, Shape)));                             \
  }                                                                                            \
  void Class##StrConst(std::string *result, void *self) __asm__("_ZNKR" Mangled "3strEv");     \
  void Class##StrConst(std::string *result, void *self) {                                      \
    new (result) std::string(BufAccess::text(bufAt(self, Shape)));                             \
  }                                                                                            \
  void Class##StrMove(std::string *result, void *self) __asm__("_ZNO" Mangled "3strEv");       \
  void Class##StrMove(std::string *result, void *self) {                                       \
    Buf &buf = bufAt(self, Shape);                                                             \
    new (result) std::string(std::move(BufAccess::text(buf)));                                 \
    BufAccess::text(buf).clear();                                                              \
    sync(buf, 0, 0);                                                                           \
  }                                                                                            \
  void Class##SetStr(void *self, const std::string *text)                                      \
      __asm__("_ZN" Mangled "3strERKNS_12basic_stringIcS2_S3_EE");                             \
  void Class##SetStr(void *self, const std::string *text) {                                    \
    replace(bufAt(self, Shape), std::string(*text));                                           \
  }                                                                                            \
  void Class##SetStrMove(void *self, std::string *text)                                        \
      __asm__("_ZN" Mangled "3strEONS_12basic_stringIcS2_S3_EE");                              \
  void Class##SetStrMove(void *self, std::string *text) {                                      \
    replace(bufAt(self, Shape), std::move(*text));                                             \
  }                                                                                            \
  Buf *Class##Rdbuf(void *self) __asm__("_ZNK" Mangled "5rdbufEv");                            \
  Buf *Class##Rdbuf(void *self) { return &bufAt(self, Shape); }

extern "C" {
BPOR_STREAM_MEMBERS(bporOstringstream,
                    "St7__cxx1119basic_ostringstreamIcSt11char_traitsIcESaIcEE", OutShape,
                    outVtable, nullptr)
BPOR_STREAM_MEMBERS(bporIstringstream,
                    "St7__cxx1119basic_istringstreamIcSt11char_traitsIcESaIcEE", InShape,
                    inVtable, nullptr)
BPOR_STREAM_MEMBERS(bporStringstream,
                    "St7__cxx1118basic_stringstreamIcSt11char_traitsIcESaIcEE", InOutShape,
                    inOutVtable, &inOutOstreamVtable)
#undef BPOR_STREAM_MEMBERS

// The virtual table tables that the program's own copies of the destructors read when it was
// compiled with optimisation (inlining them): in the Itanium C++ ABI's order, the stream's
// vtables and the construction vtables of its bases in it, of which only the offset of the
// virtual base basic_ios is read, so each entry is the vtable of a subobject at the same place.
extern constinit const void *const bporOstringstreamVtt[4] __asm__(
    "_ZTTNSt7__cxx1119basic_ostringstreamIcSt11char_traitsIcESaIcEEE") = {
    outVtable.addressPoint(), outVtable.addressPoint(), iosVtable.addressPoint(),
    iosVtable.addressPoint()};
extern constinit const void *const bporIstringstreamVtt[4] __asm__(
    "_ZTTNSt7__cxx1119basic_istringstreamIcSt11char_traitsIcESaIcEEE") = {
    inVtable.addressPoint(), inVtable.addressPoint(), iosVtable.addressPoint(),
    iosVtable.addressPoint()};
// The stringstream's, its iostream's, istream's (both at 0) and ostream's (at 16).
extern constinit const void *const bporStringstreamVtt[10] __asm__(
    "_ZTTNSt7__cxx1118basic_stringstreamIcSt11char_traitsIcESaIcEEE") = {
    inOutVtable.addressPoint(),        inOutVtable.addressPoint(),
    inOutVtable.addressPoint(),        iosVtable.addressPoint(),
    inOutOstreamVtable.addressPoint(), iosVtable.addressPoint(),
    iosVtable.addressPoint(),          inOutOstreamVtable.addressPoint(),
    iosVtable.addressPoint(),          inOutOstreamVtable.addressPoint()};

// basic_stringbuf::_M_sync, which an inlined str(s) calls after replacing the string.
void bporStringbufSync(Buf *buf, char *, size_t get, size_t put)
    __asm__("_ZNSt7__cxx1115basic_stringbufIcSt11char_traitsIcESaIcEE7_M_syncEPcmm");
void bporStringbufSync(Buf *buf, char *, size_t get, size_t put) { sync(*buf, get, put); }

#define BPOR_EXTRACTOR(Symbol, Type, Body)                                                     \
  void *Symbol##Impl(void *stream, Type &value) __asm__(#Symbol);                             \
  void *Symbol##Impl(void *stream, Type &value) { Body; }
BPOR_EXTRACTOR(_ZNSirsERs, short, return extractInteger(stream, value))
BPOR_EXTRACTOR(_ZNSirsERt, unsigned short, return extractInteger(stream, value))
BPOR_EXTRACTOR(_ZNSirsERi, int, return extractInteger(stream, value))
BPOR_EXTRACTOR(_ZNSirsERj, unsigned, return extractInteger(stream, value))
BPOR_EXTRACTOR(_ZNSirsERl, long, return extractInteger(stream, value))
BPOR_EXTRACTOR(_ZNSirsERm, unsigned long, return extractInteger(stream, value))
BPOR_EXTRACTOR(_ZNSirsERx, long long, return extractInteger(stream, value))
BPOR_EXTRACTOR(_ZNSirsERy, unsigned long long, return extractInteger(stream, value))
// What the inline extractors above call (basic_istream::_M_extract<T>).
BPOR_EXTRACTOR(_ZNSi10_M_extractItEERSiRT_, unsigned short, return extractInteger(stream, value))
BPOR_EXTRACTOR(_ZNSi10_M_extractIjEERSiRT_, unsigned, return extractInteger(stream, value))
BPOR_EXTRACTOR(_ZNSi10_M_extractIlEERSiRT_, long, return extractInteger(stream, value))
BPOR_EXTRACTOR(_ZNSi10_M_extractImEERSiRT_, unsigned long, return extractInteger(stream, value))
BPOR_EXTRACTOR(_ZNSi10_M_extractIxEERSiRT_, long long, return extractInteger(stream, value))
BPOR_EXTRACTOR(_ZNSi10_M_extractIyEERSiRT_, unsigned long long,
               return extractInteger(stream, value))
BPOR_EXTRACTOR(_ZStrsIcSt11char_traitsIcEERSt13basic_istreamIT_T0_ES6_RS3_, char,
               return extractChar(stream, value))
BPOR_EXTRACTOR(
    _ZStrsIcSt11char_traitsIcESaIcEERSt13basic_istreamIT_T0_ES7_RNSt7__cxx1112basic_stringIS4_S5_T1_EE,
    std::string, return extractWord(stream, value))
BPOR_EXTRACTOR(
    _ZSt7getlineIcSt11char_traitsIcESaIcEERSt13basic_istreamIT_T0_ES7_RNSt7__cxx1112basic_stringIS4_S5_T1_EE,
    std::string, return getLine(stream, value, '\n'))
#undef BPOR_EXTRACTOR

// >> of a manipulator (std::hex, std::skipws, ...): applied to the stream.
using Manipulator = void *(*)(void *);
void *bporExtractIosManipulator(void *stream, Manipulator manipulator)
    __asm__("_ZNSirsEPFRSt8ios_baseS0_E");
void *bporExtractIosManipulator(void *stream, Manipulator manipulator) {
  manipulator(&iosOf(stream));
  return stream;
}
void *bporExtractBasicIosManipulator(void *stream, Manipulator manipulator)
    __asm__("_ZNSirsEPFRSt9basic_iosIcSt11char_traitsIcEES3_E");
void *bporExtractBasicIosManipulator(void *stream, Manipulator manipulator) {
  manipulator(&iosOf(stream));
  return stream;
}
void *bporExtractIstreamManipulator(void *stream, Manipulator manipulator)
    __asm__("_ZNSirsEPFRSiS_E");
void *bporExtractIstreamManipulator(void *stream, Manipulator manipulator) {
  return manipulator(stream);
}

void *bporGetlineUntil(void *stream, std::string &line, char delimiter) __asm__(
    "_ZSt7getlineIcSt11char_traitsIcESaIcEERSt13basic_istreamIT_T0_ES7_RNSt7__cxx1112basic_"
    "stringIS4_S5_T1_EES4_");
void *bporGetlineUntil(void *stream, std::string &line, char delimiter) {
  return getLine(stream, line, delimiter);
}
} // extern "C"
