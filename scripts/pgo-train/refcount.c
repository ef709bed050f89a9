// Training program for the profile-guided build (scripts/pgo-train.sh): five threads share a
// heap object through an atomic reference count; the last to drop its reference frees it.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct object {
  atomic_int refs;
  int value;
};
static struct object *shared;

static void *user(void *arg) {
  struct object *o = shared;
  int v = o->value;
  assert(v == 42);
  if (atomic_fetch_sub(&o->refs, 1) == 1)
    free(o);
  return 0;
}

int main(void) {
  shared = malloc(sizeof *shared);
  atomic_init(&shared->refs, 6);
  shared->value = 42;
  pthread_t t[5];
  for (int k = 0; k < 5; k++)
    pthread_create(&t[k], 0, user, 0);
  if (atomic_fetch_sub(&shared->refs, 1) == 1)
    free(shared);
  for (int k = 0; k < 5; k++)
    pthread_join(t[k], 0);
  return 0;
}
