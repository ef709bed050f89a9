// operator new and delete in every form, on the runtime's malloc and free (weak: a program may
// replace them). malloc returns NULL only for a size larger than any object (runtime/Dispatch.cpp,
// Ext::Malloc): the throwing forms then throw std::bad_alloc, as the standard says.
#include <cstdlib>
#include <new>

#define BPOR_WEAK __attribute__((weak))

BPOR_WEAK void *operator new(std::size_t size) {
  if (void *p = std::malloc(size ? size : 1))
    return p;
  throw std::bad_alloc();
}
BPOR_WEAK void *operator new[](std::size_t size) { return operator new(size); }
BPOR_WEAK void *operator new(std::size_t size, const std::nothrow_t &) noexcept {
  return std::malloc(size ? size : 1);
}
BPOR_WEAK void *operator new[](std::size_t size, const std::nothrow_t &) noexcept {
  return std::malloc(size ? size : 1);
}
BPOR_WEAK void *operator new(std::size_t size, std::align_val_t align) {
  if (void *p = std::aligned_alloc(std::size_t(align), (size + std::size_t(align) - 1) /
                                                           std::size_t(align) *
                                                           std::size_t(align)))
    return p;
  throw std::bad_alloc();
}
BPOR_WEAK void *operator new[](std::size_t size, std::align_val_t align) {
  return operator new(size, align);
}
BPOR_WEAK void operator delete(void *p) noexcept { std::free(p); }
BPOR_WEAK void operator delete[](void *p) noexcept { std::free(p); }
BPOR_WEAK void operator delete(void *p, std::size_t) noexcept { std::free(p); }
BPOR_WEAK void operator delete[](void *p, std::size_t) noexcept { std::free(p); }
BPOR_WEAK void operator delete(void *p, const std::nothrow_t &) noexcept { std::free(p); }
BPOR_WEAK void operator delete[](void *p, const std::nothrow_t &) noexcept { std::free(p); }
BPOR_WEAK void operator delete(void *p, std::align_val_t) noexcept { std::free(p); }
BPOR_WEAK void operator delete[](void *p, std::align_val_t) noexcept { std::free(p); }
BPOR_WEAK void operator delete(void *p, std::size_t, std::align_val_t) noexcept { std::free(p); }
BPOR_WEAK void operator delete[](void *p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}
