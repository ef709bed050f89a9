// Order violation: main starts the logger thread before it has initialised the shared
// configuration the logger reads; the logger assumes it is already set.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

typedef struct {
  int level;
} config;

config *shared_config;
int logged;

void *logger(void *arg) {
  int level = shared_config->level; // BUG: may run before main has set shared_config
  logged = level;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, logger, 0);
  config *c = malloc(sizeof *c);
  c->level = 3;
  shared_config = c;
  pthread_join(t, 0);
  assert(logged == 3);
  free(c);
  return 0;
}
