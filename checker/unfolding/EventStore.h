// The events the exploration knows (seeds/004, Algorithm 1): U, the events that may still be
// needed to find alternatives, and the cache G of events moved out of U.
//
// Every event object has one canonical name (Event.h), so an event found again, by another
// configuration or after it left U, is the same object. An object lives while it is in U or
// is the predecessor or a cause of a live event (its effects name it) or among the events
// last moved out of U, as many as hold `cacheCapacity` entries of local configurations
// between them: G is that cache (section 5.1), cleaned oldest first, so an event found again
// soon is neither rebuilt nor replayed, and its memory stays bounded.
#pragma once

#include "checker/unfolding/Event.h"

#include <deque>
#include <unordered_map>
#include <vector>

namespace bpor::unfolding {

class EventStore {
public:
  explicit EventStore(size_t cacheCapacity = size_t(1) << 20) : cacheCapacity_(cacheCapacity) {}
  EventStore(const EventStore &) = delete;
  EventStore &operator=(const EventStore &) = delete;
  ~EventStore();

  /// The live event with this canonical name, or null.
  Event *find(const std::string &key) const;

  /// A new event named `key` (which must be new): its predecessor, causes and label set, its
  /// local configuration computed.
  Event *create(std::string key, CanonicalThread thread, uint32_t index, uint32_t choice,
                Event *pred, std::vector<Event *> causes, const Operation &label);

  /// Drops an event that is in no set and named by nothing (one just created and rejected).
  void discard(Event *event);

  /// Adds the event to U, recording its immediate conflicts with the events of U.
  void addToU(Event *event);
  /// Moves the event from U to G (deleting it if nothing names it).
  void removeFromU(Event *event);

  /// A reference that keeps an event alive out of U (the explorer's lists of extensions).
  void hold(Event *event) { ++event->references; }
  void drop(Event *event) { release(event); }

  const std::vector<Event *> &u() const { return u_; }
  uint64_t created() const { return nextId_; }
  size_t live() const { return byKey_.size(); }

private:
  void release(Event *event);
  void destroy(Event *event);

  std::unordered_map<std::string, Event *> byKey_;
  std::vector<Event *> u_;
  std::deque<Event *> cache_;
  size_t cacheCapacity_;
  size_t cached_ = 0; // local-configuration entries of the events in cache_
  uint64_t nextId_ = 0;
};

} // namespace bpor::unfolding
