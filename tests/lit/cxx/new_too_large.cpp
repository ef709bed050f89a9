// new of more than any object the model holds (4 GiB or more) throws std::bad_alloc, since malloc
// returns NULL for such a size (tests/lit/programs/malloc_too_large.c); nothrow new returns null.
// RUN: %bporcheck %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 1 execution)
#include <cassert>
#include <cstddef>
#include <new>

int main() {
  std::size_t huge = std::size_t(1) << 40;
  bool thrown = false;
  try {
    char *p = new char[huge];
    delete[] p;
  } catch (const std::bad_alloc &) {
    thrown = true;
  }
  assert(thrown);
  assert(new (std::nothrow) char[huge] == nullptr);
  return 0;
}
