// The C++ support library's contract with the runtime (runtime/cxx/README.md).
//
// The library is C++ compiled to bitcode when bporcheck is built and linked into every C++
// program it checks, in place of the parts of libstdc++ and libsupc++ that headers leave out of
// line. It runs interpreted like the program, so what it does is explored like what the
// program does; these calls are the only ones it makes to the runtime directly.
#pragma once

extern "C" {
/// Throws `object` of C++ type `type_info` from the calling frame: the interpreter unwinds to
/// the nearest handler (interp/Unwind.cpp), or reports the exception as uncaught.
[[noreturn]] void __bpor_cxx_throw(void *object, const void *type_info);
/// std::terminate: reported as an error.
[[noreturn]] void __bpor_cxx_terminate(void);
/// Refuses a use of the library that the support library does not provide, reported as an
/// unsupported construct described by `what` (inconclusive, not an error of the program).
[[noreturn]] void __bpor_cxx_unsupported(const char *what);
/// A futex wait on the 4-byte word at `address`: without `timed`, blocks until the word differs
/// from `expected` and returns 1; with it, returns at once: 1 if the word differs (woken), 0 if
/// not (timed out). A read of the word, so only writes to it are dependent with the wait.
int __bpor_futex_wait(const void *address, unsigned expected, int timed);
}
