// Double-checked initialisation done wrong: the shared pointer is published before the object
// is filled in, so a second thread that sees the pointer skips the lock and reads a field not
// yet written (a classic of Java and C++ singletons; the fix publishes after the stores).
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

struct config {
  int ready;
  int limit;
};

struct config *_Atomic shared;
pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
int log_count;

static struct config *get_config(void) {
  struct config *c = shared;
  if (c)
    return c;
  pthread_mutex_lock(&init_lock);
  c = shared;
  if (!c) {
    c = malloc(sizeof *c);
    shared = c; // published too early
    c->limit = 10;
    c->ready = 1;
  }
  pthread_mutex_unlock(&init_lock);
  return c;
}

static void *user(void *arg) {
  struct config *c = get_config();
  assert(c->ready == 1 && c->limit == 10);
  pthread_mutex_lock(&init_lock);
  ++log_count;
  pthread_mutex_unlock(&init_lock);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, user, 0);
  pthread_create(&b, 0, user, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  free(shared);
  return 0;
}
