// A racy program for the pictures of a trace (trace_dot.test, trace_html*.test): both workers
// take the mutex, but one increments the counter after releasing it, so an increment can be
// lost. The assertion's text has the characters HTML and DOT must escape.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int counter = 0;

void *locked(void *arg) {
  pthread_mutex_lock(&lock);
  counter = counter + 1;
  pthread_mutex_unlock(&lock);
  return 0;
}

void *unlocked(void *arg) {
  pthread_mutex_lock(&lock);
  pthread_mutex_unlock(&lock);
  int seen = counter;
  counter = seen + 1;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, locked, 0);
  pthread_create(&b, 0, unlocked, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter < 3 && counter > 1 && "both <increments> count");
  return 0;
}
