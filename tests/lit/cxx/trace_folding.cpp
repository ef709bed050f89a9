// The trace of a C++ program at the user's level (issue 43): the steps libstdc++'s headers and
// the support library take for std::thread's construction, start-up, exit and join are shown
// at the program's call that made them, one line per call, which quotes the call and says what
// in it matters (the thread it created, the join); threads are named by their callable.
// --trace=full shows every step where it ran, as before.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: assertion failure: assertion 'counter == 2' failed in int main()
// CHECK-NEXT: in thread 0 (main) at trace_folding.cpp:53
// CHECK-NEXT: trace (51 steps; library steps folded into the calls that made them, --trace=full shows each):
// CHECK-NEXT: {{^}}   1-14  thread 0 (main)    std::thread t1(worker): create thread 1 (worker)  trace_folding.cpp:49:15
// CHECK-NEXT: {{^}}  15-28  thread 0 (main)    std::thread t2(worker): create thread 2 (worker)  trace_folding.cpp:50:15
// CHECK-NEXT: {{^}}     29  thread 0 (main)    t1.join(): load stack of thread 0 = 2
// CHECK-NEXT: {{^}}  30-32  thread 1 (worker)  starting (in std::runState)
// CHECK-NEXT: {{^}}     33  thread 1 (worker)  load global counter = 0      {{ *}}trace_folding.cpp:46:27
// CHECK-NOT: std_thread.h
// CHECK-NOT: _Z
// CHECK: {{^}}  43-45  thread 1 (worker)  returning (in std::runState), thread 1 (worker) ends
// CHECK-NEXT: {{^}}  46-47  thread 0 (main)    t1.join(): join thread 1 (worker)
// CHECK-NEXT: {{^}}  48-50  thread 0 (main)    t2.join(): join thread 2 (worker)
// CHECK-NEXT: {{^}}     51  thread 0 (main)    load global counter = 1
// CHECK-NEXT: verdict: error (assertion failure)
//
// RUN: %expect-exit 1 %bporcheck --trace=full %s | %FileCheck --check-prefix=FULL %s
// FULL: trace (51 steps):
// FULL-NEXT: {{^}}   1  thread 0 (main)    store stack of thread 0 := 0 {{.*}}/bits/std_thread.h:
// FULL: {{^}}  10  thread 0 (main)    create thread 1 (worker)
// FULL: {{^}}  31  thread 1 (worker)  load global _ZTVNSt6thread11_State_impl{{.*}}_M_runEv
// FULL: {{^}}  51  thread 0 (main)    load global counter = 1
//
// JSON keeps every step and names the threads.
// RUN: %expect-exit 1 %bporcheck --json %s | %FileCheck --check-prefix=JSON %s
// JSON: "threads": [
// JSON-NEXT: {
// JSON-NEXT: "number": 0,
// JSON-NEXT: "start_function": "main"
// JSON: "number": 1,
// JSON-NEXT: "start_function": "worker"
//
// RUN: not %bporcheck --trace=some %s 2>&1 | %FileCheck --check-prefix=BAD %s
// BAD: --trace=some: expected user or full
#include <cassert>
#include <thread>

int counter = 0;

void worker() { counter = counter + 1; } // WORKER

int main() { // MAIN
  std::thread t1(worker);
  std::thread t2(worker);
  t1.join();
  t2.join();
  assert(counter == 2);
  return 0;
}
