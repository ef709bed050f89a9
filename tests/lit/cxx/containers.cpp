// The standard containers and strings real programs share between threads: std::map and
// std::set (whose balancing the support library implements) under insertions and erasures
// checked against a sorted array, std::string, std::unique_ptr/std::shared_ptr, and printing
// with std::cout.
// RUN: %bporcheck --print-output %s | %FileCheck %s
// RUN: %clangxx -O2 -g -emit-llvm -c %s -o %t.bc
// RUN: %bporcheck --print-output %t.bc | %FileCheck %s
// CHECK: map of 34 after 100 operations, hex ff, [   7], [x____], 3.5, true
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 2 executions)
#include <cassert>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

std::mutex m;
std::map<std::string, int> names;

// Pseudo-random insertions and erasures, each checked against a membership array.
void treeOperations() {
  std::set<int> set;
  bool member[64] = {};
  unsigned seed = 12345;
  for (int step = 0; step < 100; ++step) {
    seed = seed * 1103515245u + 12345u;
    int key = int((seed >> 8) % 64);
    if ((seed >> 20) % 3 == 0) {
      assert(set.erase(key) == (member[key] ? 1u : 0u));
      member[key] = false;
    } else {
      set.insert(key);
      member[key] = true;
    }
  }
  int previous = -1;
  size_t count = 0;
  for (int key : set) { // in order, and exactly the members
    assert(key > previous && member[key]);
    previous = key;
    ++count;
  }
  for (auto it = set.rbegin(); it != set.rend(); ++it) // backwards too
    --count;
  assert(count == 0);
  std::cout << "map of " << set.size() << " after 100 operations, hex " << std::hex << 255
            << std::dec << ", [" << std::setw(4) << 7 << "], [" << std::left << std::setw(5)
            << std::setfill('_') << "x" << "], " << 3.5 << ", " << std::boolalpha << true
            << std::endl;
}

void addName(std::string name) {
  auto owned = std::make_unique<std::string>(name + "!");
  std::lock_guard<std::mutex> guard(m);
  names[*owned] = int(owned->size());
}

int main() {
  treeOperations();
  auto shared = std::make_shared<int>(7);
  std::thread t([shared] { addName("worker"); });
  addName("main");
  t.join();
  assert(names.size() == 2 && names["worker!"] == 7 && names["main!"] == 5);
  assert(shared.use_count() == 1);
  return 0;
}
