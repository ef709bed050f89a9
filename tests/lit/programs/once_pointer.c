// Only direct calls of pthread_once are lowered to the two visible steps; a call through a
// function pointer is refused by name (exit code 3), never run with a guessed semantics.
// RUN: %expect-exit 3 %bporcheck %s | %FileCheck %s
// CHECK: error: unsupported construct: pthread_once called through a function pointer
#include <pthread.h>

pthread_once_t once = PTHREAD_ONCE_INIT;
void init(void) {}
int (*call_once)(pthread_once_t *, void (*)(void)) = pthread_once;

int main(void) { return call_once(&once, init); }
