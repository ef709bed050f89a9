// The Itanium C++ ABI's exception and run-time support (libsupc++'s part) for interpreted
// programs: exception objects, throw and catch, terminate, thread-safe static initialisation,
// pure virtual calls, and the type-info classes' vtables.
//
// An exception object is preceded by a Header. A thrown exception travels as the object's own
// address: the interpreter hands that to the landing pad, which passes it to __cxa_begin_catch.
// Caught exceptions form a per-thread stack (the handler being run is on top): end_catch
// destroys the top one when its last handler ends, unless it is being rethrown.
#include "runtime/cxx/bpor_cxx.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <typeinfo>
#include <pthread.h>
#include <typeinfo>

namespace {

struct Header {
  const std::type_info *type;
  void (*destructor)(void *);
  Header *nextCaught; // the caught-exceptions stack
  int handlers;       // handlers running for it
  int references;     // std::exception_ptr objects naming it
  bool inFlight;      // thrown and not yet caught
  bool rethrown;
};

// Keeps the object at its natural alignment after the header.
constexpr size_t HeaderSize = (sizeof(Header) + 15) / 16 * 16;

Header *headerOf(void *object) {
  return reinterpret_cast<Header *>(static_cast<char *>(object) - HeaderSize);
}
void *objectOf(Header *header) { return reinterpret_cast<char *>(header) + HeaderSize; }

// Destroys an exception nothing uses any more: no handler runs for it, no exception_ptr
// names it, and it is not being thrown.
void releaseIfUnused(Header *header) {
  if (header->handlers > 0 || header->references > 0 || header->inFlight || header->rethrown)
    return;
  if (header->destructor)
    header->destructor(objectOf(header));
  std::free(header);
}

thread_local Header *caught = nullptr;
thread_local unsigned uncaught = 0;

pthread_mutex_t guardLock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

} // namespace

extern "C" {

void *__cxa_allocate_exception(size_t size) noexcept {
  char *memory = static_cast<char *>(std::malloc(HeaderSize + size));
  if (!memory)
    std::terminate();
  Header *header = reinterpret_cast<Header *>(memory);
  *header = Header{};
  return memory + HeaderSize;
}

void __cxa_free_exception(void *object) noexcept { std::free(headerOf(object)); }

[[noreturn]] void __cxa_throw(void *object, std::type_info *type, void (*destructor)(void *)) {
  Header *header = headerOf(object);
  header->type = type;
  header->destructor = destructor;
  header->inFlight = true;
  ++uncaught;
  __bpor_cxx_throw(object, type);
}

// std::make_exception_ptr: an exception object that is never thrown.
__cxxabiv1::__cxa_refcounted_exception *
__cxa_init_primary_exception(void *object, std::type_info *type,
                             void (*destructor)(void *)) noexcept {
  Header *header = headerOf(object);
  header->type = type;
  header->destructor = destructor;
  return reinterpret_cast<__cxxabiv1::__cxa_refcounted_exception *>(header);
}

void *__cxa_get_exception_ptr(void *object) noexcept { return object; }

void *__cxa_begin_catch(void *object) noexcept {
  Header *header = headerOf(object);
  header->rethrown = false;
  header->inFlight = false;
  --uncaught;
  if (header->handlers++ == 0) {
    header->nextCaught = caught;
    caught = header;
  }
  return object;
}

void __cxa_end_catch() {
  Header *header = caught;
  if (!header)
    return;
  if (--header->handlers > 0)
    return;
  caught = header->nextCaught;
  releaseIfUnused(header); // a rethrown one is still in flight: the next handler owns it
}

[[noreturn]] void __cxa_rethrow() {
  Header *header = caught;
  if (!header)
    std::terminate(); // "throw;" with no exception being handled
  header->rethrown = true;
  ++uncaught;
  __bpor_cxx_throw(objectOf(header), header->type);
}

std::type_info *__cxa_current_exception_type() noexcept {
  return caught ? const_cast<std::type_info *>(caught->type) : nullptr;
}

[[noreturn]] void __cxa_pure_virtual() { __bpor_cxx_terminate(); }
[[noreturn]] void __cxa_deleted_virtual() { __bpor_cxx_terminate(); }
[[noreturn]] void __cxa_call_unexpected(void *) { __bpor_cxx_terminate(); }
[[noreturn]] void __cxa_bad_cast() { __bpor_cxx_terminate(); }
[[noreturn]] void __cxa_bad_typeid() { __bpor_cxx_terminate(); }
[[noreturn]] void __cxa_throw_bad_array_new_length() { __bpor_cxx_terminate(); }

// Function-local statics: one recursive lock for every guard (an initialiser may initialise
// another static), the first byte of the guard says "done".
int __cxa_guard_acquire(uint64_t *guard) {
  if (*reinterpret_cast<volatile char *>(guard))
    return 0;
  pthread_mutex_lock(&guardLock);
  if (*reinterpret_cast<char *>(guard)) {
    pthread_mutex_unlock(&guardLock);
    return 0;
  }
  return 1;
}

void __cxa_guard_release(uint64_t *guard) {
  *reinterpret_cast<char *>(guard) = 1;
  pthread_mutex_unlock(&guardLock);
}

void __cxa_guard_abort(uint64_t *) { pthread_mutex_unlock(&guardLock); }

// glibc's flag for "no second thread was ever created": never set, so libstdc++ always takes
// its thread-safe paths.
char __libc_single_threaded = 0;

} // extern "C"

namespace std {
namespace __exception_ptr {
exception_ptr::exception_ptr(void *object) noexcept : _M_exception_object(object) { _M_addref(); }
void exception_ptr::_M_addref() noexcept {
  if (_M_exception_object)
    ++headerOf(_M_exception_object)->references;
}
void exception_ptr::_M_release() noexcept {
  if (!_M_exception_object)
    return;
  Header *header = headerOf(_M_exception_object);
  --header->references;
  releaseIfUnused(header);
}
} // namespace __exception_ptr

exception_ptr current_exception() noexcept {
  return caught ? exception_ptr(objectOf(caught)) : exception_ptr();
}

void rethrow_exception(exception_ptr pointer) {
  void *object = pointer._M_exception_object;
  Header *header = headerOf(object);
  header->inFlight = true;
  ++uncaught;
  __bpor_cxx_throw(object, header->type);
}

void terminate() noexcept { __bpor_cxx_terminate(); }
int uncaught_exceptions() noexcept { return int(uncaught); }
bool uncaught_exception() noexcept { return uncaught != 0; }
} // namespace std
