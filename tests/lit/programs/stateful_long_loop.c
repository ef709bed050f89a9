// A long loop is no livelock: 100,003 visible steps, one thread, no state repeats. The stateful
// search follows it to the end (its depth limit is 10,000,000 steps); cut by a smaller
// --max-depth the verdict is inconclusive (exit 3), never an error and never "no error".
// RUN: %expect-exit 0 %bporcheck --search=stateful --no-progress %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (stateful search, 100003 states
// RUN: %expect-exit 3 %bporcheck --search=stateful --max-depth=1000 --no-progress %s | %FileCheck --check-prefix=CUT %s
// CUT: verdict: inconclusive: no error in the 1000 states explored, search incomplete (stopped by the depth limit (1000 steps); stateful search)
int g;

int main(void) {
  for (int i = 0; i < 50001; i++)
    g++;
  return 0;
}
