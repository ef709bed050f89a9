#include "checker/stateful/StateStore.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <stdexcept>

namespace bpor {

const char *stateStorageName(StateStorage storage) {
  switch (storage) {
  case StateStorage::Exact: return "exact";
  case StateStorage::HashCompact: return "hash compaction";
  case StateStorage::Bitstate: return "bitstate";
  }
  return "?";
}

uint64_t stateKeyHash(std::string_view key) {
  // Eight bytes at a time, each mixed in by a multiplication, then splitmix64's finaliser.
  uint64_t hash = 0x243f6a8885a308d3ull ^ key.size();
  size_t at = 0;
  for (; at + 8 <= key.size(); at += 8) {
    uint64_t word;
    std::memcpy(&word, key.data() + at, 8);
    hash = (hash ^ word) * 0x9e3779b97f4a7c15ull;
    hash ^= hash >> 29;
  }
  for (; at < key.size(); ++at)
    hash = (hash ^ uint8_t(key[at])) * 0x100000001b3ull;
  hash ^= hash >> 30;
  hash *= 0xbf58476d1ce4e5b9ull;
  hash ^= hash >> 27;
  hash *= 0x94d049bb133111ebull;
  hash ^= hash >> 31;
  return hash;
}

namespace {

uint64_t hashKey(std::string_view key) { return std::hash<std::string_view>()(key); }

// A second hash, independent enough of the first for double hashing: the key's hash mixed with a
// different seed (splitmix64's finaliser over the first hash and the length-salted second).
uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

} // namespace

StateStore::StateStore(StateStorage storage, unsigned bitstateLog2, unsigned hashFunctions)
    : storage_(storage), hashFunctions_(hashFunctions) {
  if (storage_ == StateStorage::Bitstate) {
    bitstateLog2 = std::clamp(bitstateLog2, 10u, 40u);
    bits_.assign((uint64_t(1) << bitstateLog2) / 64, 0);
    bitMask_ = (uint64_t(1) << bitstateLog2) - 1;
  }
}

StateStore::Visit StateStore::record(Info &info, bool isNew, ThreadId thread,
                                     uint64_t preemptions) {
  if (isNew) {
    info.id = uint32_t(states_++);
    info.preemptions = preemptions;
    info.threads.assign(1, thread);
    return {true, true, info.id};
  }
  if (preemptions < info.preemptions) {
    info.preemptions = preemptions;
    info.threads.assign(1, thread);
    return {true, false, info.id};
  }
  if (preemptions == info.preemptions &&
      std::find(info.threads.begin(), info.threads.end(), thread) == info.threads.end()) {
    info.threads.push_back(thread);
    return {true, false, info.id};
  }
  return {false, false, info.id};
}

bool StateStore::testAndSetBits(uint64_t hash1, uint64_t hash2) {
  bool allSet = true;
  for (unsigned i = 0; i < hashFunctions_; ++i) {
    uint64_t bit = (hash1 + i * hash2) & bitMask_;
    uint64_t &word = bits_[bit / 64];
    uint64_t mask = uint64_t(1) << (bit % 64);
    if (!(word & mask)) {
      word |= mask;
      ++bitsSet_;
      allSet = false;
    }
  }
  return allSet;
}

void StateStore::collapse(std::string_view key, std::string &out) {
  // A first byte keeps the two forms apart: 0 before part numbers, 0xff before a whole key.
  out.assign(1, char(0));
  size_t at = 0;
  for (size_t index = 0; at + sizeof(uint32_t) <= key.size(); ++index) {
    uint32_t length;
    std::memcpy(&length, key.data() + at, sizeof length);
    if (key.size() - at - sizeof length < length)
      break;
    std::string_view part = key.substr(at + sizeof length, length);
    if (parts_.size() <= index)
      parts_.resize(index + 1);
    PartTable &table = parts_[index];
    auto found = table.find(part);
    if (found == table.end()) {
      found = table.emplace(std::string(part), uint32_t(table.size())).first;
      keyBytes_ += part.size() + sizeof(std::string) + 4 * sizeof(void *);
    }
    out.append(reinterpret_cast<const char *>(&found->second), sizeof(uint32_t));
    at += sizeof length + length;
  }
  if (at != key.size()) { // not parts: the whole key, after a byte no part list has
    out.assign(1, char(0xff));
    out.append(key);
  }
}

StateStore::Visit StateStore::visit(std::string_view key, ThreadId thread, uint64_t preemptions,
                                    uint64_t bound) {
  switch (storage_) {
  case StateStorage::Exact: {
    collapse(key, collapsed_);
    auto [it, inserted] = exact_.try_emplace(collapsed_);
    if (inserted)
      keyBytes_ += collapsed_.size() > 15 ? collapsed_.size() : 0; // beyond the inline buffer
    Visit visit = record(it->second, inserted, thread, preemptions);
    visit.hash = hashKey(collapsed_);
    return visit;
  }
  case StateStorage::HashCompact: {
    uint64_t hash = stateKeyHash(key);
    auto [it, inserted] = compact_.try_emplace(hash);
    Visit visit = record(it->second, inserted, thread, preemptions);
    visit.hash = hash;
    return visit;
  }
  case StateStorage::Bitstate: {
    uint64_t hash1 = stateKeyHash(key);
    uint64_t hash2 = mix(hash1 ^ key.size()) | 1;
    // Replicated storage: reaching the state with p preemptions also marks p + 1 .. bound, so
    // that a later visit with more preemptions finds its entry set.
    bool seen = testAndSetBits(mix(hash1 + preemptions), hash2);
    if (seen)
      return {false, false, NoId, hash1};
    for (uint64_t more = preemptions + 1; more <= bound; ++more)
      testAndSetBits(mix(hash1 + more), hash2);
    ++states_;
    return {true, true, NoId, hash1};
  }
  }
  return {};
}

std::string StateStore::fingerprint(std::string_view key) {
  uint64_t words[2] = {stateKeyHash(key), key.size()};
  return std::string(reinterpret_cast<const char *>(words), sizeof words);
}

uint64_t StateStore::fingerprintHash(std::string_view fingerprint) {
  uint64_t hash;
  std::memcpy(&hash, fingerprint.data(), sizeof hash);
  return hash;
}

void StateStore::forEachPart(
    const std::function<void(size_t position, std::string_view part)> &each) const {
  for (size_t position = 0; position < parts_.size(); ++position) {
    std::vector<const std::string *> byNumber(parts_[position].size());
    for (const auto &[part, number] : parts_[position])
      byNumber[number] = &part;
    for (const std::string *part : byNumber)
      each(position, *part);
  }
}

void StateStore::forEachState(const std::function<void(std::string_view state)> &each) const {
  for (const auto &entry : exact_)
    each(entry.first);
  for (const auto &entry : compact_) {
    uint64_t words[2] = {entry.first, 0}; // the length only feeds bitstate's second hash
    each(std::string_view(reinterpret_cast<const char *>(words), sizeof words));
  }
}

void KeyParts::add(size_t position, std::string part) {
  if (parts_.size() <= position)
    parts_.resize(position + 1);
  parts_[position].push_back(std::move(part));
}

std::string_view KeyParts::expand(std::string_view state) {
  // StateStore::collapse backwards: a marker byte, then the parts' numbers or the whole key.
  if (state.empty())
    throw std::runtime_error("an empty stored state");
  if (uint8_t(state[0]) == 0xff)
    return state.substr(1);
  key_.clear();
  for (size_t at = 1, position = 0; at + sizeof(uint32_t) <= state.size();
       at += sizeof(uint32_t), ++position) {
    uint32_t number;
    std::memcpy(&number, state.data() + at, sizeof number);
    if (position >= parts_.size() || number >= parts_[position].size())
      throw std::runtime_error("a stored state names a part that is not there");
    const std::string &part = parts_[position][number];
    uint32_t length = uint32_t(part.size());
    key_.append(reinterpret_cast<const char *>(&length), sizeof length);
    key_.append(part);
  }
  return key_;
}

StateStore::Visit StateStore::visitFingerprint(std::string_view fingerprint) {
  uint64_t words[2];
  std::memcpy(words, fingerprint.data(), sizeof words);
  uint64_t hash1 = words[0];
  switch (storage_) {
  case StateStorage::Exact:
    break; // exact storage needs the key
  case StateStorage::HashCompact: {
    auto [it, inserted] = compact_.try_emplace(hash1);
    Visit visit = record(it->second, inserted, NoThread, 0);
    visit.hash = hash1;
    return visit;
  }
  case StateStorage::Bitstate: {
    uint64_t hash2 = mix(hash1 ^ words[1]) | 1;
    if (testAndSetBits(mix(hash1), hash2))
      return {false, false, NoId, hash1};
    ++states_;
    return {true, true, NoId, hash1};
  }
  }
  return {};
}

uint64_t StateStore::bytes() const {
  // Node-based maps: about two pointers and the node header per entry, plus the keys.
  uint64_t perEntry = sizeof(Info) + 4 * sizeof(void *);
  return exact_.size() * (perEntry + sizeof(std::string)) + keyBytes_ +
         compact_.size() * (perEntry + sizeof(uint64_t)) + bits_.size() * sizeof(uint64_t);
}

double StateStore::omissionProbability() const {
  switch (storage_) {
  case StateStorage::Exact:
    return 0;
  case StateStorage::HashCompact:
    return std::min(1.0, double(states_) * double(states_) / std::ldexp(1.0, 65));
  case StateStorage::Bitstate:
    return std::pow(double(bitsSet_) / double(bitMask_ + 1), double(hashFunctions_));
  }
  return 1;
}

} // namespace bpor
