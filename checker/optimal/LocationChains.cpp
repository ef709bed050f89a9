#include "checker/optimal/LocationChains.h"

#include <algorithm>

namespace bpor::optimal {

namespace {

void add(uint32_t *slots, uint8_t &n, uint32_t slot) {
  for (uint8_t i = 0; i < n; ++i)
    if (slots[i] == slot)
      return;
  slots[n++] = slot;
}

} // namespace

LocationChains::LocationChains(size_t maxChains) : maxChains_(maxChains) {
  keys_.assign(64, 0);
  slots_.assign(64, 0);
  chains_.emplace_back(); // AlwaysSlot
  blockOfWord_.push_back(AlwaysSlot);
}

void LocationChains::chainsOfAnyEvent(const Event &event, EventChains &out) {
  out.scanAll = false;
  out.numEntered = out.numAsked = 0;
  const Operation &op = event.op;
  auto everywhere = [&] {
    out.scanAll = true;
    out.numEntered = 1;
    out.entered[0] = AlwaysSlot;
    out.numAsked = 0;
  };
  if (op.global || event.endsExecution)
    return everywhere();
  for (unsigned a = 0; a < op.numAccesses; ++a) {
    const Access &access = op.accesses[a];
    if (access.size == 0) // touches nothing (checker/Dependence.cpp)
      continue;
    uint64_t first = access.address, last = access.address + (access.size - 1);
    if (last < first) // wraps around the address space
      return everywhere();
    if ((last >> WordBits) - (first >> WordBits) <= 1) { // small
      for (uint64_t w = first >> WordBits; w <= last >> WordBits; ++w) {
        uint32_t word = wordSlot(w);
        if (word == AlwaysSlot)
          return everywhere();
        add(out.entered, out.numEntered, word);
        add(out.asked, out.numAsked, word);
        add(out.asked, out.numAsked, blockOfWord_[word]);
      }
    } else if ((last >> BlockBits) - (first >> BlockBits) <= 1) { // wide
      out.scanAll = true;
      for (uint64_t b = first >> BlockBits; b <= last >> BlockBits; ++b) {
        uint32_t block = slotFor(blockKey(b));
        if (block == AlwaysSlot)
          return everywhere();
        add(out.entered, out.numEntered, block);
      }
    } else {
      return everywhere();
    }
  }
  if (out.scanAll)
    out.numAsked = 0;
}

uint32_t LocationChains::findWordSlot(uint64_t word) {
  uint32_t slot = slotFor(wordKey(word));
  if (slot != AlwaysSlot && blockOfWord_[slot] == AlwaysSlot) { // a new word: find its block's
    // chain once (AlwaysSlot if there is no room: then the always-chain holds its wide events)
    uint32_t block = slotFor(blockKey(word >> (BlockBits - WordBits)));
    blockOfWord_[slot] = block;
  }
  return slot;
}

uint32_t LocationChains::slotFor(uint64_t k) {
  size_t mask = keys_.size() - 1;
  for (size_t i = hashOf(k) & mask;; i = (i + 1) & mask) {
    if (keys_[i] == k)
      return slots_[i];
    if (keys_[i] != 0)
      continue;
    if (chains_.size() >= maxChains_)
      return AlwaysSlot;
    uint32_t slot = uint32_t(chains_.size());
    keys_[i] = k;
    slots_[i] = slot;
    chains_.emplace_back();
    blockOfWord_.push_back(AlwaysSlot);
    if (++used_ * 2 > keys_.size())
      grow();
    return slot;
  }
}

void LocationChains::grow() {
  std::vector<uint64_t> oldKeys = std::move(keys_);
  std::vector<uint32_t> oldSlots = std::move(slots_);
  keys_.assign(oldKeys.size() * 2, 0);
  slots_.assign(oldKeys.size() * 2, 0);
  size_t mask = keys_.size() - 1;
  for (size_t j = 0; j < oldKeys.size(); ++j) {
    if (oldKeys[j] == 0)
      continue;
    size_t i = hashOf(oldKeys[j]) & mask;
    while (keys_[i] != 0)
      i = (i + 1) & mask;
    keys_[i] = oldKeys[j];
    slots_[i] = oldSlots[j];
  }
}

void LocationChains::clear() {
  for (std::vector<int64_t> &c : chains_)
    std::fill(c.begin(), c.end(), -1);
}

} // namespace bpor::optimal
