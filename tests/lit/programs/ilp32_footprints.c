// In a 32-bit program an address is a virtual address, not an object id and offset: the
// footprints of free (the whole object), of the string functions (from the pointer to the end
// of its object) and of pthread objects must find the object and the offset the same way the
// accesses do. Each case below was answered "ok" when they read the offset from the low 32 bits.
// RUN: not %bporcheck -m32 -DFREE %s | %FileCheck --check-prefix=FREE %s
// FREE: error: memory error: use after free: load of 4 bytes at heap object #0.2+4 (freed)
// RUN: not %bporcheck -m32 -DSTRING %s | %FileCheck --check-prefix=STRING %s
// STRING: error: assertion failure: assertion 'strcmp(text + 1, "ello") != 0' failed
// RUN: %bporcheck -m32 %s | %FileCheck --check-prefix=OK %s
// OK: verdict: ok: no error in any schedule (optimal DPOR, 1 execution)
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

int *volatile head;
char text[16];

void *reader(void *arg) {
#ifdef FREE
  int *node = head;
  if (node)
    (void)node[1];
#endif
#ifdef STRING
  assert(strcmp(text + 1, "ello") != 0); // true once the writer has run
#endif
  return 0;
}

void *writer(void *arg) {
#ifdef FREE
  int *node = head;
  head = 0;
  free(node);
#endif
#ifdef STRING
  strcpy(text, "hello");
#endif
  return 0;
}

int main(void) {
  head = calloc(4, sizeof(int));
  pthread_t r, w;
  pthread_create(&r, 0, reader, 0);
  pthread_create(&w, 0, writer, 0);
  pthread_join(r, 0);
  pthread_join(w, 0);
  return 0;
}
