// One execution that never ends, slowly: each shared store comes after a long local loop (about
// a second), and a stateless search checks its limits and an interrupt at an execution's end or
// every 1024 steps, so with --max-depth beyond reach it takes many minutes to stop after an
// interrupt (interrupt.test: a second signal ends it at once).
int counter;

int main(void) {
  for (;;) {
    for (int k = 0; k < 100000000; k++)
      ;
    counter++;
  }
}
