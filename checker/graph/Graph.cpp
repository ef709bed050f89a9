#include "checker/graph/Graph.h"

#include <fmt/format.h>

#include <algorithm>
#include <queue>

namespace bpor::graph {

size_t Graph::size() const {
  size_t n = 0;
  for (const std::vector<Event> &t : threads)
    n += t.size();
  return n;
}

int64_t Graph::findLocation(uint64_t address) const {
  for (size_t k = 0; k < locations.size(); ++k)
    if (locations[k].address == address)
      return int64_t(k);
  return -1;
}

int64_t Graph::locationOf(uint64_t address, uint32_t size, uint64_t init) {
  for (size_t k = 0; k < locations.size(); ++k) {
    const Location &l = locations[k];
    if (l.address == address && l.size == size)
      return int64_t(k);
    if (address < l.address + l.size && l.address < address + size)
      return -1;
  }
  locations.push_back(Location{address, size, init, {}});
  return int64_t(locations.size() - 1);
}

EventId Graph::add(ThreadId thread, Event event) {
  if (thread >= threads.size()) {
    threads.resize(thread + 1);
    creators.resize(thread + 1, EventId{});
  }
  event.stamp = nextStamp++;
  threads[thread].push_back(event);
  EventId id{thread, uint32_t(threads[thread].size() - 1)};
  if (event.kind == Kind::Fork && event.other != NoThread) {
    if (event.other >= threads.size()) {
      threads.resize(event.other + 1);
      creators.resize(event.other + 1, EventId{});
    }
    creators[event.other] = id;
  }
  return id;
}

void Graph::placeCo(EventId w, EventId after) {
  std::vector<EventId> &co = locations[at(w).location].co;
  co.erase(std::remove(co.begin(), co.end(), w), co.end());
  auto it = after.isInit() ? co.begin() : std::find(co.begin(), co.end(), after) + 1;
  co.insert(it, w);
}

int64_t Graph::coPosition(EventId w) const {
  if (w.isInit())
    return -1;
  const std::vector<EventId> &co = locations[at(w).location].co;
  return std::find(co.begin(), co.end(), w) - co.begin();
}

std::vector<EventId> Graph::writesOf(uint32_t location) const {
  std::vector<EventId> writes{initWrite(location)};
  writes.insert(writes.end(), locations[location].co.begin(), locations[location].co.end());
  return writes;
}

EventId Graph::coMax(uint32_t location) const {
  const std::vector<EventId> &co = locations[location].co;
  return co.empty() ? initWrite(location) : co.back();
}

std::vector<EventId> Graph::events() const {
  std::vector<EventId> all;
  for (ThreadId t = 0; t < threads.size(); ++t)
    for (uint32_t i = 0; i < threads[t].size(); ++i)
      all.push_back(EventId{t, i});
  return all;
}

std::vector<EventId> Graph::byStamp() const {
  // Stamps are distinct and below nextStamp: a bucket per stamp, no comparisons.
  std::vector<EventId> slots(nextStamp, EventId{NoThread, UINT32_MAX});
  for (ThreadId t = 0; t < threads.size(); ++t)
    for (uint32_t i = 0; i < threads[t].size(); ++i)
      slots[threads[t][i].stamp] = EventId{t, i};
  std::erase_if(slots, [](EventId e) { return e.index == UINT32_MAX; });
  return slots;
}

std::vector<EventId> Graph::replayOrder() const {
  // Stamp order, where it already extends po, rf, creation and join (what Kahn's algorithm
  // below gives then too: the smallest stamp is always ready); it does unless a revisited read
  // reads a later write.
  std::vector<EventId> byStamps = byStamp();
  auto before = [&](EventId p, EventId e) { return p.isInit() || at(p).stamp < at(e).stamp; };
  bool ordered = true;
  for (EventId e : byStamps) {
    const Event &ev = at(e);
    if ((reads(ev.kind) && !before(ev.rf, e)) ||
        (e.index == 0 && e.thread < creators.size() && contains(creators[e.thread]) &&
         !before(creators[e.thread], e)) ||
        (ev.kind == Kind::Join && ev.other < threads.size() && !threads[ev.other].empty() &&
         !before(EventId{ev.other, uint32_t(threads[ev.other].size() - 1)}, e))) {
      ordered = false;
      break;
    }
  }
  if (ordered)
    return byStamps;
  // Kahn's algorithm over po, rf, creation and join, the smallest stamp first among the events
  // whose predecessors are placed.
  auto predecessors = [&](EventId e, auto &&visit) {
    if (e.index > 0)
      visit(EventId{e.thread, e.index - 1});
    else if (e.thread < creators.size() && !creators[e.thread].isInit())
      visit(creators[e.thread]);
    const Event &ev = at(e);
    if (reads(ev.kind) && !ev.rf.isInit())
      visit(ev.rf);
    if (ev.kind == Kind::Join && ev.other < threads.size() && !threads[ev.other].empty())
      visit(EventId{ev.other, uint32_t(threads[ev.other].size() - 1)});
  };
  std::vector<EventId> all = events();
  std::vector<std::vector<uint32_t>> waiting(threads.size());
  std::vector<std::vector<std::vector<EventId>>> successors(threads.size());
  for (ThreadId t = 0; t < threads.size(); ++t) {
    waiting[t].assign(threads[t].size(), 0);
    successors[t].resize(threads[t].size());
  }
  for (EventId e : all)
    predecessors(e, [&](EventId p) {
      if (contains(p)) {
        ++waiting[e.thread][e.index];
        successors[p.thread][p.index].push_back(e);
      }
    });
  auto later = [&](EventId a, EventId b) { return at(a).stamp > at(b).stamp; };
  std::priority_queue<EventId, std::vector<EventId>, decltype(later)> ready(later);
  for (EventId e : all)
    if (waiting[e.thread][e.index] == 0)
      ready.push(e);
  std::vector<EventId> order;
  while (!ready.empty()) {
    EventId e = ready.top();
    ready.pop();
    order.push_back(e);
    for (EventId s : successors[e.thread][e.index])
      if (--waiting[s.thread][s.index] == 0)
        ready.push(s);
  }
  return order;
}

std::string Graph::canonical() const {
  // Threads by creation path (the initial threads by number, a created thread by its creator's
  // path and the index of the creating event), so that the text does not depend on the order
  // in which a search met the threads.
  std::vector<std::string> path(threads.size());
  std::vector<bool> named(threads.size(), false);
  auto pathOf = [&](auto &self, ThreadId t) -> const std::string & {
    if (!named[t]) {
      named[t] = true;
      EventId creator = t < creators.size() ? creators[t] : EventId{};
      path[t] = creator.isInit() ? fmt::format("{}", t)
                                 : fmt::format("{}/{}", self(self, creator.thread), creator.index);
    }
    return path[t];
  };
  auto id = [&](EventId e) {
    return e.isInit() ? fmt::format("i{}", locations[e.index].address)
                      : fmt::format("{}:{}", pathOf(pathOf, e.thread), e.index);
  };
  std::vector<std::string> rows;
  for (ThreadId t = 0; t < threads.size(); ++t) {
    if (threads[t].empty())
      continue;
    std::string row = "T" + pathOf(pathOf, t) + ":";
    for (const Event &e : threads[t]) {
      row += fmt::format(" {}/{}", int(e.kind), int(e.order));
      // A data choice (a nondet value, a decision on a symbolic one) is part of the graph: the
      // threads' states after it depend on it.
      if (e.choice)
        row += fmt::format("#{}", e.choice);
      if (reads(e.kind) || writes(e.kind))
        row += fmt::format("@{}={}", locations[e.location].address, e.value);
      if (reads(e.kind))
        row += "<" + id(e.rf);
      if (e.blocked)
        row += "!";
    }
    rows.push_back(row);
  }
  std::sort(rows.begin(), rows.end());
  std::string text;
  for (const std::string &row : rows)
    text += row + "\n";
  std::vector<std::string> orders;
  for (const Location &l : locations) {
    if (l.co.empty())
      continue;
    std::string order = fmt::format("co {}:", l.address);
    for (EventId w : l.co)
      order += " " + id(w);
    orders.push_back(order);
  }
  std::sort(orders.begin(), orders.end());
  for (const std::string &order : orders)
    text += order + "\n";
  return text;
}

View porfPrefix(const Graph &g, EventId e) {
  View view;
  view.upTo.assign(g.threads.size(), 0);
  std::vector<EventId> work{e};
  while (!work.empty()) {
    EventId x = work.back();
    work.pop_back();
    if (x.isInit() || view.contains(x))
      continue;
    uint32_t from = view.upTo[x.thread];
    view.upTo[x.thread] = x.index + 1;
    for (uint32_t i = from; i <= x.index; ++i) {
      const Event &ev = g.threads[x.thread][i];
      if (reads(ev.kind))
        work.push_back(ev.rf);
      if (i == 0 && !g.creators[x.thread].isInit())
        work.push_back(g.creators[x.thread]);
      if (ev.kind == Kind::Join && ev.other < g.threads.size() && !g.threads[ev.other].empty())
        work.push_back(EventId{ev.other, uint32_t(g.threads[ev.other].size() - 1)});
    }
  }
  return view;
}

} // namespace bpor::graph
