#include "checker/graph/CondWords.h"

#include <algorithm>

namespace bpor::graph {

// The word, from bit 0: the threads woken by a broadcast (16 bits); the number of waiting
// threads (3 bits); their names, 4 bits each in order (28 bits); the tokens as counts of tokens
// per prefix length 1..n, each a run of ones ended by a zero (at most n + tokens <= 14 bits).
// The empty state is 0, the word of a statically initialised condition variable.
namespace {
constexpr unsigned CountShift = 16, NamesShift = 19, TokensShift = 47, TokenBits = 64 - 47;
} // namespace

CondWord CondWord::decode(uint64_t word) {
  CondWord state;
  state.broadcastWoken_ = uint32_t(word & 0xffff);
  size_t n = (word >> CountShift) & 7;
  for (size_t k = 0; k < n; ++k)
    state.waiting_.push_back(ThreadId((word >> (NamesShift + 4 * k)) & 15));
  uint64_t tokens = word >> TokensShift;
  for (size_t length = 1; length <= n; ++length) {
    while (tokens & 1) {
      state.tokens_.push_back(uint8_t(length));
      tokens >>= 1;
    }
    tokens >>= 1;
  }
  return state;
}

std::optional<uint64_t> CondWord::encode() const {
  if (waiting_.size() > MaxWaiting)
    return std::nullopt;
  uint64_t word = broadcastWoken_;
  word |= uint64_t(waiting_.size()) << CountShift;
  for (size_t k = 0; k < waiting_.size(); ++k) {
    if (waiting_[k] >= MaxThreads)
      return std::nullopt;
    word |= uint64_t(waiting_[k]) << (NamesShift + 4 * k);
  }
  // tokens_ is sorted by prefix length (a later signal's takers include an earlier one's).
  uint64_t tokens = 0;
  unsigned bit = 0;
  size_t next = 0;
  for (size_t length = 1; length <= waiting_.size(); ++length) {
    for (; next < tokens_.size() && tokens_[next] == length; ++next)
      tokens |= uint64_t(1) << bit++;
    ++bit; // the run's end
  }
  if (bit > TokenBits)
    return std::nullopt;
  return word | tokens << TokensShift;
}

int CondWord::positionOf(ThreadId self) const {
  auto it = std::find(waiting_.begin(), waiting_.end(), self);
  return it == waiting_.end() ? -1 : int(it - waiting_.begin());
}

void CondWord::signal() {
  // One more token can be honoured iff the waiters it may wake outnumber the tokens (the
  // tokens' takers are nested: Hall's condition, runtime/sync/CondVar.cpp).
  if (waiting_.size() > tokens_.size())
    tokens_.push_back(uint8_t(waiting_.size()));
}

void CondWord::broadcast() {
  for (ThreadId t : waiting_)
    if (t < MaxThreads)
      broadcastWoken_ |= uint32_t(1) << t;
  waiting_.clear();
  tokens_.clear();
}

bool CondWord::canWake(ThreadId self) const {
  if (self < MaxThreads && (broadcastWoken_ >> self & 1))
    return true;
  int position = positionOf(self);
  // A token whose prefix reaches past `self`'s position; the last one has the longest.
  return position >= 0 && !tokens_.empty() && tokens_.back() > position;
}

void CondWord::wake(ThreadId self) {
  if (self < MaxThreads && (broadcastWoken_ >> self & 1)) {
    broadcastWoken_ &= ~(uint32_t(1) << self);
    return;
  }
  int position = positionOf(self);
  if (position < 0)
    return;
  auto oldest = std::find_if(tokens_.begin(), tokens_.end(),
                             [&](uint8_t length) { return length > position; });
  if (oldest != tokens_.end())
    tokens_.erase(oldest);
  // The tokens `self` could take lose it from their takers.
  for (uint8_t &length : tokens_)
    if (length > position)
      --length;
  waiting_.erase(waiting_.begin() + position);
}

std::optional<uint64_t> condWordAfter(SyncWord op, ThreadId self, uint64_t value, bool &fits) {
  fits = true;
  CondWord state = CondWord::decode(value);
  switch (op) {
  case SyncWord::CondWait: state.wait(self); break;
  case SyncWord::CondSignal: state.signal(); break;
  case SyncWord::CondBroadcast: state.broadcast(); break;
  case SyncWord::CondWake:
    if (!state.canWake(self))
      return std::nullopt;
    state.wake(self);
    break;
  default: break;
  }
  std::optional<uint64_t> word = state.encode();
  fits = word.has_value();
  return word;
}

} // namespace bpor::graph
