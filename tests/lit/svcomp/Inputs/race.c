#include <pthread.h>
void reach_error() {}
int x;
void *writer(void *arg) {
  x = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  if (x == 1)
    reach_error();
  pthread_join(t, 0);
  return 0;
}
