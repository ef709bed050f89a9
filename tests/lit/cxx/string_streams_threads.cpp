// Two threads each format a message in their own std::ostringstream and publish it: under a
// mutex, the only dependent steps are the lock's, so two schedules (which thread locks first),
// and the log holds both messages either way. Each stream's state and string are its own
// thread's, so formatting alone is independent. Counted without the lock, the two updates of
// the shared total race, and a schedule that loses one fails the final assertion.
// RUN: %bporcheck %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 2 executions)
// RUN: %expect-exit 1 %bporcheck -DRACE %s | %FileCheck --check-prefix=RACE %s
// RACE: error: assertion failure: assertion 'total == 44' failed
// RACE: verdict: error (assertion failure)
#include <cassert>
#include <iomanip>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

std::mutex m;
std::string logText;
int total = 0;

void worker(int id) {
  std::ostringstream message;
  message << "worker " << id << " value 0x" << std::hex << std::setw(4) << std::setfill('0')
          << id * 255 << std::endl;
  std::string text = message.str();
  assert(text == (id == 1 ? "worker 1 value 0x00ff\n" : "worker 2 value 0x01fe\n"));
#ifdef RACE
  total += int(text.size());
#else
  std::lock_guard<std::mutex> lock(m);
  logText += text;
  total += int(text.size());
#endif
}

int main() {
  std::thread a(worker, 1), b(worker, 2);
  a.join();
  b.join();
  assert(total == 44);
#ifndef RACE
  assert(logText == "worker 1 value 0x00ff\nworker 2 value 0x01fe\n" ||
         logText == "worker 2 value 0x01fe\nworker 1 value 0x00ff\n");
#endif
  return 0;
}
