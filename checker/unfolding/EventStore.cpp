#include "checker/unfolding/EventStore.h"

#include <algorithm>

namespace bpor::unfolding {

EventStore::~EventStore() {
  for (auto &[key, event] : byKey_)
    delete event;
}

Event *EventStore::find(const std::string &key) const {
  auto it = byKey_.find(key);
  return it == byKey_.end() ? nullptr : it->second;
}

Event *EventStore::create(std::string key, CanonicalThread thread, uint32_t index,
                          uint32_t choice, Event *pred, std::vector<Event *> causes,
                          const Operation &label) {
  auto *event = new Event;
  event->id = nextId_++;
  event->thread = thread;
  event->index = index;
  event->choice = choice;
  event->pred = pred;
  event->causes = std::move(causes);
  event->label = label;
  event->key = key;
  event->signature = dependenceSignature(label);
  // [e] = [pred] u [c] for each cause c, plus e: a union of sorted lists.
  std::vector<Event *> local;
  auto merge = [&](const std::vector<Event *> &more) {
    std::vector<Event *> out;
    out.reserve(local.size() + more.size());
    std::set_union(local.begin(), local.end(), more.begin(), more.end(), std::back_inserter(out),
                   [](const Event *a, const Event *b) { return a->id < b->id; });
    local.swap(out);
  };
  if (pred) {
    local = pred->local;
    ++pred->references;
    event->level = pred->level + 1;
  }
  for (Event *c : event->causes) {
    merge(c->local);
    ++c->references;
    event->level = std::max(event->level, c->level + 1);
  }
  local.push_back(event);
  event->local = std::move(local);
  byKey_.emplace(std::move(key), event);
  return event;
}

void EventStore::discard(Event *event) {
  if (!event->inU && event->references == 0)
    destroy(event);
}

void EventStore::addToU(Event *event) {
  if (event->inU)
    return;
  for (Event *other : u_)
    if (immediateConflict(*event, *other)) {
      event->immediateConflicts.push_back(other);
      other->immediateConflicts.push_back(event);
    }
  event->inU = true;
  event->uSlot = u_.size();
  u_.push_back(event);
  ++event->references;
}

void EventStore::removeFromU(Event *event) {
  if (!event->inU)
    return;
  for (Event *other : event->immediateConflicts) {
    auto &list = other->immediateConflicts;
    list.erase(std::find(list.begin(), list.end(), event));
  }
  event->immediateConflicts.clear();
  Event *last = u_.back();
  u_[event->uSlot] = last;
  last->uSlot = event->uSlot;
  u_.pop_back();
  event->inU = false;
  // Into G: the reference U held passes to the cache.
  cache_.push_back(event);
  cached_ += event->local.size();
  while (cached_ > cacheCapacity_ && cache_.size() > 1) {
    Event *oldest = cache_.front();
    cache_.pop_front();
    cached_ -= oldest->local.size();
    release(oldest);
  }
}

void EventStore::release(Event *event) {
  if (--event->references == 0 && !event->inU)
    destroy(event);
}

void EventStore::destroy(Event *event) {
  // Iteratively, so a long chain of events does not recurse deeply.
  std::vector<Event *> work{event};
  while (!work.empty()) {
    Event *e = work.back();
    work.pop_back();
    byKey_.erase(e->key);
    auto drop = [&](Event *named) {
      if (named && --named->references == 0 && !named->inU)
        work.push_back(named);
    };
    drop(e->pred);
    for (Event *c : e->causes)
      drop(c);
    delete e;
  }
}

} // namespace bpor::unfolding
