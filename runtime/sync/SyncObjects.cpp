#include "runtime/sync/SyncObjects.h"

namespace bpor::runtime {

void SyncObjects::clear() {
  mutexes.clear();
  conds.clear();
  rwlocks.clear();
  barriers.clear();
  semaphores.clear();
  onces.clear();
  nextKey = 1;
  keyDestructors.clear();
}

bool SyncObjects::none() const {
  return mutexes.empty() && conds.empty() && rwlocks.empty() && barriers.empty() &&
         semaphores.empty() && onces.empty();
}

Mutex &SyncObjects::spinAt(uint64_t address) {
  return mutexes.emplace(address, Mutex(MutexType::Normal)).first->second;
}

ThreadId SyncObjects::lockHolder(uint64_t address) const {
  if (auto mutex = mutexes.find(address); mutex != mutexes.end())
    return mutex->second.owner();
  if (auto rwlock = rwlocks.find(address); rwlock != rwlocks.end())
    return rwlock->second.writer();
  return NoThread;
}

bool SyncObjects::runsOnceRoutine(ThreadId thread) const {
  for (const auto &[address, once] : onces)
    if (once.runner == thread)
      return true;
  return false;
}

size_t SyncObjects::bytes() const {
  auto tableBytes = [](const auto &table) {
    using Entry = typename std::decay_t<decltype(table)>::Entry;
    return table.capacity() * sizeof(Entry);
  };
  return tableBytes(mutexes) + tableBytes(conds) + tableBytes(rwlocks) + tableBytes(barriers) +
         tableBytes(semaphores) + tableBytes(onces) + keyDestructors.capacity() * sizeof(uint64_t);
}

} // namespace bpor::runtime
