// The Itanium C++ ABI's exception and run-time support (libsupc++'s part) for interpreted
// programs: exception objects, throw and catch, terminate, thread-safe static initialisation,
// pure virtual calls, and the type-info classes' vtables.
//
// An exception object is preceded by a Header. Its state has two parts, as in libsupc++:
// - The object's lifetime, shared by every thread: an atomic count of references. A throw holds
//   one until its last handler ends (unless rethrown), and each std::exception_ptr one. Whoever
//   drops the last destroys the object.
// - A throw's handling, which belongs to the thread the exception travels in: its handlers, its
//   place on that thread's stack of caught exceptions, whether it is being rethrown. The
//   original throw keeps it in the object's own header. std::rethrow_exception makes a
//   *dependent* record instead (a Header with no object, naming the primary one and holding a
//   reference to it), so two threads can rethrow one exception_ptr at once without sharing
//   handler state.
// A thrown exception travels as its record's token (the address just past the record's header:
// the object itself for a primary one); the interpreter hands the token to the landing pad,
// which passes it to __cxa_begin_catch, which answers with the primary object.
#include "runtime/cxx/bpor_cxx.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <typeinfo>
#include <pthread.h>

namespace {

struct Header {
  const std::type_info *type;
  void (*destructor)(void *);
  Header *primary;    // a dependent record: the exception it rethrows; else null
  int references;     // a primary exception: the throw's and the exception_ptrs' (atomic)
  Header *nextCaught; // the caught-exceptions stack of the record's thread
  int handlers;       // handlers running for the record
  bool rethrown;      // "throw;" is taking the record to the next handler
};

// Keeps the object at its natural alignment after the header.
constexpr size_t HeaderSize = (sizeof(Header) + 15) / 16 * 16;

Header *headerOf(void *token) {
  return reinterpret_cast<Header *>(static_cast<char *>(token) - HeaderSize);
}
void *tokenOf(Header *header) { return reinterpret_cast<char *>(header) + HeaderSize; }
Header *primaryOf(Header *record) { return record->primary ? record->primary : record; }
void *objectOf(Header *record) { return tokenOf(primaryOf(record)); }

void addReference(Header *primary) {
  __atomic_fetch_add(&primary->references, 1, __ATOMIC_RELAXED);
}

// Drops one reference; the last one destroys the exception.
void dropReference(Header *primary) {
  if (__atomic_fetch_sub(&primary->references, 1, __ATOMIC_ACQ_REL) != 1)
    return;
  if (primary->destructor)
    primary->destructor(tokenOf(primary));
  std::free(primary);
}

// The end of a throw's handling: a dependent record goes, and the throw's reference with it.
void endHandling(Header *record) {
  Header *primary = record->primary;
  if (primary)
    std::free(record);
  dropReference(primary ? primary : record);
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
  header->references = 1; // the throw's
  ++uncaught;
  __bpor_cxx_throw(object, type);
}

// std::make_exception_ptr: an exception object that is never thrown (the exception_ptr made
// from it takes the first reference).
__cxxabiv1::__cxa_refcounted_exception *
__cxa_init_primary_exception(void *object, std::type_info *type,
                             void (*destructor)(void *)) noexcept {
  Header *header = headerOf(object);
  header->type = type;
  header->destructor = destructor;
  return reinterpret_cast<__cxxabiv1::__cxa_refcounted_exception *>(header);
}

void *__cxa_get_exception_ptr(void *token) noexcept { return objectOf(headerOf(token)); }

void *__cxa_begin_catch(void *token) noexcept {
  Header *record = headerOf(token);
  record->rethrown = false;
  --uncaught;
  if (record->handlers++ == 0) {
    record->nextCaught = caught;
    caught = record;
  }
  return objectOf(record);
}

void __cxa_end_catch() {
  Header *record = caught;
  if (!record)
    return;
  if (--record->handlers > 0)
    return;
  caught = record->nextCaught;
  if (!record->rethrown) // a rethrown one is still in flight: the next handler owns it
    endHandling(record);
}

[[noreturn]] void __cxa_rethrow() {
  Header *record = caught;
  if (!record)
    std::terminate(); // "throw;" with no exception being handled
  record->rethrown = true;
  ++uncaught;
  __bpor_cxx_throw(tokenOf(record), record->type);
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
    addReference(headerOf(_M_exception_object));
}
void exception_ptr::_M_release() noexcept {
  if (_M_exception_object)
    dropReference(headerOf(_M_exception_object));
}
} // namespace __exception_ptr

exception_ptr current_exception() noexcept {
  return caught ? exception_ptr(objectOf(caught)) : exception_ptr();
}

void rethrow_exception(exception_ptr pointer) {
  Header *primary = headerOf(pointer._M_exception_object);
  Header *record = static_cast<Header *>(std::malloc(HeaderSize));
  if (!record)
    std::terminate();
  *record = Header{};
  record->type = primary->type;
  record->primary = primary;
  addReference(primary); // the throw's
  ++uncaught;
  __bpor_cxx_throw(tokenOf(record), record->type);
}

void terminate() noexcept { __bpor_cxx_terminate(); }
int uncaught_exceptions() noexcept { return int(uncaught); }
bool uncaught_exception() noexcept { return uncaught != 0; }
} // namespace std
