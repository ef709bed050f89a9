// A program that never ends and never repeats a state: one thread counting for ever. Its
// search can only be stopped by a limit (memory_limit_stateful.test).
int main(void) {
  volatile unsigned long i = 0;
  for (;;) {
    i++;
  }
}
