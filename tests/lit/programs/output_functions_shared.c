// The output functions read memory (printf's %s arguments, puts' and fputs' strings) and the
// sprintf family writes it. When that memory may be shared, the call is a visible operation
// with that footprint, so the search orders it against other threads' accesses: a snprintf
// into a buffer another thread reads, a printf of a string another thread frees, a snprintf
// whose %s another thread rewrites. With a mutex around both sides each is ok.
// RUN: not %bporcheck --no-progress -DWRITE %s | %FileCheck --check-prefix=WRITE %s
// RUN: not %bporcheck --no-progress -DFREE %s | %FileCheck --check-prefix=FREE %s
// RUN: not %bporcheck --no-progress -DREAD %s | %FileCheck --check-prefix=READ %s
// RUN: %bporcheck --no-progress -DWRITE -DLOCKED %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --no-progress -DREAD -DLOCKED %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --svcomp --property=%S/../svcomp/Inputs/valid-memsafety.prp -DFREE %s | %FileCheck --check-prefix=MEMSAFETY %s
// WRITE: error: assertion failure
// WRITE: to global buf
// FREE: error: memory error: use after free: %s argument of printf
// READ: error: assertion failure
// OK: verdict: ok: no error in any schedule
// MEMSAFETY: SV-COMP result: false(valid-deref)
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char buf[8];
static char name[8] = "<old>";
static char *message;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

#ifdef LOCKED
#define LOCK() pthread_mutex_lock(&m)
#define UNLOCK() pthread_mutex_unlock(&m)
#else
#define LOCK()
#define UNLOCK()
#endif

static void *other(void *arg) {
#if defined(WRITE)
  LOCK();
  snprintf(buf, sizeof buf, "ab");
  UNLOCK();
#elif defined(FREE)
  free(message);
#elif defined(READ)
  LOCK();
  strcpy(name, "<new>");
  UNLOCK();
#endif
  return 0;
}

int main(void) {
  message = malloc(8);
  if (!message)
    return 0;
  strcpy(message, "hello");
  pthread_t t;
  pthread_create(&t, 0, other, 0);
#if defined(WRITE)
  LOCK();
  char c = buf[0];
  UNLOCK();
  pthread_join(t, 0);
#ifdef LOCKED
  assert(c == 0 || c == 'a');
#else
  assert(c == 0);
#endif
#elif defined(FREE)
  printf("%s\n", message);
  pthread_join(t, 0);
#elif defined(READ)
  char copy[16];
  LOCK();
  snprintf(copy, sizeof copy, "%s", name);
  UNLOCK();
  pthread_join(t, 0);
#ifdef LOCKED
  assert(strcmp(copy, "<old>") == 0 || strcmp(copy, "<new>") == 0);
#else
  assert(strcmp(copy, "<old>") == 0);
#endif
  free(message);
#endif
  return 0;
}
