#include "checker/ThreadNames.h"

namespace bpor {

ThreadId ThreadNameTable::nameOf(ThreadId creator, uint32_t eventIndex, uint32_t ordinal) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto [it, added] =
      names_.try_emplace(std::make_tuple(creator, eventIndex, ordinal), ThreadId(names_.size()));
  if (added && source_)
    it->second = source_(creator, eventIndex, ordinal);
  return it->second;
}

void ThreadNames::start(ThreadId n) {
  truncate(0);
  for (ThreadId t = 0; t < n; ++t)
    created(NoThread, 0, t + 1);
}

void ThreadNames::created(ThreadId creator, uint32_t eventIndex, ThreadId n) {
  for (uint32_t ordinal = 0; names_.size() < n; ++ordinal) {
    ThreadId name =
        table_.nameOf(creator, eventIndex, creator == NoThread ? numberNamed() : ordinal);
    if (name >= threads_.size())
      threads_.resize(name + 1, NoThread);
    threads_[name] = numberNamed();
    names_.push_back(name);
  }
}

void ThreadNames::truncate(ThreadId n) {
  while (names_.size() > n) {
    threads_[names_.back()] = NoThread;
    names_.pop_back();
  }
}

} // namespace bpor
