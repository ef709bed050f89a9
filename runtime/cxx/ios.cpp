// basic_ios<char>'s members that libstdc++ instantiates in the library and the headers call out
// of line: the error state and exceptions() mask, the fill character, the tied stream and the
// buffer, and widen/narrow (the identity: there is no locale). A stream's exceptions() mask is honoured
// only as far as refusing the throw it would ask for (std::ios_base::failure is not provided).
#include "runtime/cxx/bpor_cxx.h"
#include <ios>
#include <ostream>

namespace {

using Ios = std::basic_ios<char>;
using State = std::ios_base::iostate;

struct StateAccess : Ios {
  static State &state(Ios &ios) { return ios.*(&StateAccess::_M_streambuf_state); }
  static char &fill(Ios &ios) { return ios.*(&StateAccess::_M_fill); }
  static State &mask(Ios &ios) { return ios.*(&StateAccess::_M_exception); }
  static std::basic_streambuf<char> *buffer(Ios &ios) { return ios.*(&StateAccess::_M_streambuf); }
  static std::ostream *&tie(Ios &ios) { return ios.*(&StateAccess::_M_tie); }
};

// basic_ios::clear. libstdc++ adds badbit for a stream without a buffer; std::cout, std::cerr
// and std::clog have none here but are written directly, so the state is exactly the one given.
void setState(Ios &ios, State state) {
  StateAccess::state(ios) = state;
  if (StateAccess::mask(ios) & state)
    __bpor_cxx_unsupported("a stream's exceptions() mask matched its state: throwing "
                           "std::ios_base::failure is not provided");
}

} // namespace

extern "C" {
#define BPOR_IOS(Symbol, Result, Body)                                                         \
  Result Symbol##Impl(Ios *ios) __asm__(#Symbol);                                             \
  Result Symbol##Impl(Ios *ios) { Body; }
BPOR_IOS(_ZNKSt9basic_iosIcSt11char_traitsIcEE7rdstateEv, State,
         return StateAccess::state(*ios))
BPOR_IOS(_ZNKSt9basic_iosIcSt11char_traitsIcEE10exceptionsEv, State,
         return StateAccess::mask(*ios))
BPOR_IOS(_ZNKSt9basic_iosIcSt11char_traitsIcEE3tieEv, std::ostream *,
         return StateAccess::tie(*ios))
BPOR_IOS(_ZNKSt9basic_iosIcSt11char_traitsIcEE4goodEv, bool, return StateAccess::state(*ios) == 0)
BPOR_IOS(_ZNKSt9basic_iosIcSt11char_traitsIcEE3eofEv, bool,
         return (StateAccess::state(*ios) & std::ios_base::eofbit) != 0)
BPOR_IOS(_ZNKSt9basic_iosIcSt11char_traitsIcEE4failEv, bool,
         return (StateAccess::state(*ios) & (std::ios_base::failbit | std::ios_base::badbit)) != 0)
BPOR_IOS(_ZNKSt9basic_iosIcSt11char_traitsIcEE3badEv, bool,
         return (StateAccess::state(*ios) & std::ios_base::badbit) != 0)
BPOR_IOS(_ZNKSt9basic_iosIcSt11char_traitsIcEEntEv, bool,
         return (StateAccess::state(*ios) & (std::ios_base::failbit | std::ios_base::badbit)) != 0)
BPOR_IOS(_ZNKSt9basic_iosIcSt11char_traitsIcEEcvbEv, bool,
         return (StateAccess::state(*ios) & (std::ios_base::failbit | std::ios_base::badbit)) == 0)
BPOR_IOS(_ZNKSt9basic_iosIcSt11char_traitsIcEE4fillEv, char, return StateAccess::fill(*ios))
BPOR_IOS(_ZNKSt9basic_iosIcSt11char_traitsIcEE5rdbufEv, std::basic_streambuf<char> *,
         return StateAccess::buffer(*ios))
#undef BPOR_IOS

char bporIosSetFill(Ios *ios, char fill) __asm__("_ZNSt9basic_iosIcSt11char_traitsIcEE4fillEc");
char bporIosSetFill(Ios *ios, char fill) {
  char old = StateAccess::fill(*ios);
  StateAccess::fill(*ios) = fill;
  return old;
}
void bporIosSetExceptions(Ios *ios, State mask)
    __asm__("_ZNSt9basic_iosIcSt11char_traitsIcEE10exceptionsESt12_Ios_Iostate");
void bporIosSetExceptions(Ios *ios, State mask) {
  StateAccess::mask(*ios) = mask;
  setState(*ios, StateAccess::state(*ios));
}
std::ostream *bporIosSetTie(Ios *ios, std::ostream *tie)
    __asm__("_ZNSt9basic_iosIcSt11char_traitsIcEE3tieEPSo");
std::ostream *bporIosSetTie(Ios *ios, std::ostream *tie) {
  std::ostream *old = StateAccess::tie(*ios);
  StateAccess::tie(*ios) = tie;
  return old;
}
char bporIosWiden(Ios *, char c) __asm__("_ZNKSt9basic_iosIcSt11char_traitsIcEE5widenEc");
char bporIosWiden(Ios *, char c) { return c; }
char bporIosNarrow(Ios *, char c, char)
    __asm__("_ZNKSt9basic_iosIcSt11char_traitsIcEE6narrowEcc");
char bporIosNarrow(Ios *, char c, char) { return c; }
void bporIosClear(Ios *ios, State state)
    __asm__("_ZNSt9basic_iosIcSt11char_traitsIcEE5clearESt12_Ios_Iostate");
void bporIosClear(Ios *ios, State state) { setState(*ios, state); }
void bporIosSetState(Ios *ios, State state)
    __asm__("_ZNSt9basic_iosIcSt11char_traitsIcEE8setstateESt12_Ios_Iostate");
void bporIosSetState(Ios *ios, State state) { setState(*ios, StateAccess::state(*ios) | state); }

// What the program's own copies of a stream's destructor call when it was compiled with
// optimisation. The support library's streams register no callbacks and allocate no words in
// their ios_base, and no locale is ever constructed (locales are not provided), so a locale
// member is empty: neither destructor has anything to do.
void bporIosBaseDestroy(void *) __asm__("_ZNSt8ios_baseD2Ev");
void bporIosBaseDestroy(void *) {}
void bporLocaleDestroy(void *) __asm__("_ZNSt6localeD1Ev");
void bporLocaleDestroy(void *) {}
} // extern "C"
