// The lock-order deadlock, corrected: both threads take the locks in the same order.
#include <pthread.h>

pthread_mutex_t first = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t second = PTHREAD_MUTEX_INITIALIZER;
int shared;

void *forward(void *arg) {
  pthread_mutex_lock(&first);
  pthread_mutex_lock(&second);
  shared++;
  pthread_mutex_unlock(&second);
  pthread_mutex_unlock(&first);
  return 0;
}

void *also_forward(void *arg) {
  pthread_mutex_lock(&first);
  pthread_mutex_lock(&second);
  shared--;
  pthread_mutex_unlock(&second);
  pthread_mutex_unlock(&first);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, forward, 0);
  pthread_create(&b, 0, also_forward, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
