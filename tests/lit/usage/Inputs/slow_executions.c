// Executions that each take about a second: seven threads race to store to x (an execution for
// each order of the stores), and then main counts locally for a while (give
// --max-local-branches=10000000000) before it returns. An interrupted search stops at the end of
// the execution it runs: about a second after the signal (interrupt.test).
#include <pthread.h>

int x;

static void *store(void *arg) {
  x = (int)(long)arg;
  return 0;
}

int main(void) {
  pthread_t t[7];
  for (long i = 0; i < 7; i++)
    pthread_create(&t[i], 0, store, (void *)i);
  for (int i = 0; i < 7; i++)
    pthread_join(t[i], 0);
  for (int k = 0; k < 100000000; k++)
    ;
  return x;
}
