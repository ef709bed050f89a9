// The standard containers and strings real programs share between threads: std::map and
// std::set (whose balancing the support library implements) under insertions and erasures
// checked against a sorted array, std::list, std::unordered_map, std::string,
// std::unique_ptr/std::shared_ptr, and printing with std::cout.
// RUN: %bporcheck --print-output %s | %FileCheck %s
// RUN: %clangxx -O2 -g -emit-llvm -c %s -o %t.bc
// RUN: %bporcheck --print-output %t.bc | %FileCheck %s
// CHECK: map of 34 after 100 operations, hex ff, [   7], [x____], 3.5, true
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 2 executions)
#include <cassert>
#include <iomanip>
#include <iostream>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

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

// std::list's relinking (splice, reverse, sort, swap) and an unordered map that rehashes.
void nodeContainers() {
  std::list<int> a{5, 1, 4}, b{3, 2};
  a.splice(a.begin(), b); // 3 2 5 1 4
  assert(b.empty() && a.size() == 5 && a.front() == 3);
  a.reverse(); // 4 1 5 2 3
  assert(a.front() == 4 && a.back() == 3);
  a.sort();
  std::vector<int> sorted(a.begin(), a.end());
  assert((sorted == std::vector<int>{1, 2, 3, 4, 5}));
  b.push_back(9);
  a.swap(b);
  assert(a.size() == 1 && a.front() == 9 && b.size() == 5 && b.back() == 5);
  std::unordered_map<std::string, int> squares;
  for (int i = 0; i < 50; ++i)
    squares[std::to_string(i)] = i * i;
  assert(squares.size() == 50 && squares.bucket_count() >= 50 && squares["7"] == 49);
  squares.erase("7");
  assert(squares.count("7") == 0 && squares.size() == 49);
}

void addName(std::string name) {
  auto owned = std::make_unique<std::string>(name + "!");
  std::lock_guard<std::mutex> guard(m);
  names[*owned] = int(owned->size());
}

int main() {
  treeOperations();
  nodeContainers();
  auto shared = std::make_shared<int>(7);
  std::thread t([shared] { addName("worker"); });
  addName("main");
  t.join();
  assert(names.size() == 2 && names["worker!"] == 7 && names["main!"] == 5);
  assert(shared.use_count() == 1);
  return 0;
}
