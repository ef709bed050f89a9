#include "memory/Memory.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <fmt/format.h>

namespace bpor {

const char *objectKindName(ObjectKind kind) {
  switch (kind) {
  case ObjectKind::Null:
    return "null";
  case ObjectKind::Global:
    return "global";
  case ObjectKind::Function:
    return "function";
  case ObjectKind::Stack:
    return "stack";
  case ObjectKind::Heap:
    return "heap";
  }
  return "?";
}

const char *memoryFaultName(MemoryFault fault) {
  switch (fault) {
  case MemoryFault::None:
    return "none";
  case MemoryFault::NullPointer:
    return "null pointer dereference";
  case MemoryFault::InvalidPointer:
    return "invalid pointer";
  case MemoryFault::OutOfBounds:
    return "out-of-bounds access";
  case MemoryFault::UseAfterFree:
    return "use after free";
  case MemoryFault::WriteToReadOnly:
    return "write to read-only memory";
  case MemoryFault::DoubleFree:
    return "double free";
  case MemoryFault::InvalidFree:
    return "invalid free";
  }
  return "?";
}

static size_t chunksFor(uint64_t size) { return size_t((size + 15) / 16); }

/// memcpy of up to 8 bytes with the common sizes inlined (the runtime's loads and stores go
/// through read/write, and a library call per access showed in profiles).
static void copySmall(void *to, const void *from, uint64_t size) {
  switch (size) {
  case 1:
    std::memcpy(to, from, 1);
    return;
  case 2:
    std::memcpy(to, from, 2);
    return;
  case 4:
    std::memcpy(to, from, 4);
    return;
  case 8:
    std::memcpy(to, from, 8);
    return;
  default:
    std::memcpy(to, from, size);
  }
}

Memory::Memory(bool narrow) : narrow_(narrow) {
  // Object 0 is the null object; name 0 is "".
  static_.emplace_back();
  names_.emplace_back();
}

Address Memory::addGlobal(std::string name, uint64_t size, bool readOnly) {
  assert(!sealed_ && "globals are created before sealStatic()");
  MemoryObject object;
  object.kind = ObjectKind::Global;
  object.alive = true;
  object.readOnly = readOnly;
  object.size = size;
  object.data.resize(chunksFor(size));
  return addStatic(std::move(object), std::move(name));
}

Address Memory::addStatic(MemoryObject object, std::string name) {
  if (static_.size() + 1 >= MaxObjectsPerGroup)
    return 0;
  if (narrow_) {
    object.base = nextNarrowBase(static_, NarrowFirstAddress,
                                 NarrowStaticArenas << NarrowArenaBits,
                                 object.size, 16);
    if (object.base == 0)
      return 0;
  }
  object.nameIndex = uint32_t(names_.size());
  names_.push_back(std::move(name));
  static_.push_back(std::move(object));
  return addressOf(uint32_t(static_.size() - 1), 0);
}

Address Memory::addFunction(std::string name) {
  assert(!sealed_ && "functions are created before sealStatic()");
  MemoryObject object;
  object.kind = ObjectKind::Function;
  object.alive = true;
  object.readOnly = true;
  return addStatic(std::move(object), std::move(name));
}

void Memory::sealStatic() {
  initialImages_.clear();
  for (uint32_t id = 1; id < static_.size(); ++id) {
    const MemoryObject &object = static_[id];
    if (object.kind == ObjectKind::Global && !object.readOnly &&
        object.size != 0)
      initialImages_.emplace_back(id, object.data);
  }
  sealed_ = true;
}

Address Memory::allocate(ObjectKind kind, uint64_t size, uint32_t align,
                         uint32_t ownerThread, uint32_t site) {
  assert((kind == ObjectKind::Stack || kind == ObjectKind::Heap) &&
         "dynamic objects only");
  if (size >= (uint64_t(1) << 32) || dynamicBytes_ + size > limit_ ||
      ownerThread >= maxAllocatingThreads())
    return 0;
  if (dynamic_.size() <= ownerThread)
    dynamic_.resize(ownerThread + 1);
  std::vector<MemoryObject> &objects = dynamic_[ownerThread];
  if (objects.size() >= MaxObjectsPerGroup)
    return 0;
  uint32_t base = 0;
  if (narrow_) {
    uint32_t arena = NarrowStaticArenas + ownerThread;
    base = nextNarrowBase(objects, arena << NarrowArenaBits,
                          uint32_t((uint64_t(arena) + 1) << NarrowArenaBits),
                          size, align);
    if (base == 0)
      return 0;
  }
  MemoryObject &object = objects.emplace_back();
  object.base = base;
  object.kind = kind;
  object.alive = true;
  object.ownerThread = ownerThread;
  object.site = site;
  object.size = size;
  object.data = takeBuffer(chunksFor(size));
  dynamicBytes_ += size;
  return addressOf(dynamicObjectId(ownerThread, uint32_t(objects.size() - 1)),
                   0);
}

uint32_t Memory::nextNarrowBase(const std::vector<MemoryObject> &objects,
                                uint32_t arenaStart, uint32_t arenaEnd,
                                uint64_t size, uint32_t align) const {
  uint64_t start = arenaStart;
  // The static group starts with the null object, which takes no room.
  if (!objects.empty() && objects.back().base != 0)
    start = uint64_t(objects.back().base) + objects.back().size + NarrowGap;
  uint64_t alignment = std::clamp<uint64_t>(align, 16, 4096);
  start = (start + alignment - 1) / alignment * alignment;
  if (start + size + NarrowGap > arenaEnd)
    return 0;
  return uint32_t(start);
}

bool Memory::locateNarrow(Address address, uint32_t &id,
                          uint64_t &offset) const {
  if (address < NarrowFirstAddress || address > 0xffffffffu)
    return false;
  uint32_t arena = uint32_t(address) >> NarrowArenaBits;
  const std::vector<MemoryObject> *objects = &static_;
  uint32_t group = 0;
  if (arena >= NarrowStaticArenas) {
    group = arena - NarrowStaticArenas + 1;
    if (group - 1 >= dynamic_.size())
      return false;
    objects = &dynamic_[group - 1];
  }
  // The last object that starts at or below the address.
  auto above = std::upper_bound(
      objects->begin(), objects->end(), address,
      [](Address a, const MemoryObject &object) { return a < object.base; });
  if (above == objects->begin())
    return false;
  uint32_t index = uint32_t(above - objects->begin() - 1);
  if (group == 0 && index == 0)
    return false; // the null object
  id = group == 0 ? index : dynamicObjectId(group - 1, index);
  offset = address - (above - 1)->base;
  return true;
}

bool Memory::locate(Address address, uint32_t &id, uint64_t &offset) const {
  if (narrow_)
    return locateNarrow(address, id, offset);
  id = objectIdOf(address);
  offset = offsetOf(address);
  return id != 0 && find(id) != nullptr;
}

Address Memory::addressOf(uint32_t id, uint64_t offset) const {
  if (!narrow_)
    return makeAddress(id, uint32_t(offset));
  return (find(id)->base + offset) & 0xffffffffu;
}

MemoryFault Memory::release(Address address, ObjectKind expected) {
  if (address == 0 && expected == ObjectKind::Heap)
    return MemoryFault::None; // free(NULL)
  uint32_t id = 0;
  uint64_t offset = 0;
  if (!locate(address, id, offset))
    return MemoryFault::InvalidFree;
  MemoryObject &object = *find(id);
  if (object.kind != expected || offset != 0)
    return MemoryFault::InvalidFree;
  if (!object.alive)
    return MemoryFault::DoubleFree;
  object.alive = false;
  dynamicBytes_ -= object.size;
  // The entry stays (dead) so that dangling pointers are recognised; its
  // buffer goes back to the pool.
  pool_.push_back(std::move(object.data));
  object.data.clear();
  object.shadow.clear();
  object.undefined.clear();
  return MemoryFault::None;
}

namespace {

// Calls visit(word) for each aligned `wordBytes`-sized word of `size` bytes at `bytes`, which
// lie at `offset` in their object.
template <class Visit>
void visitWords(const uint8_t *bytes, uint64_t offset, uint64_t size, unsigned wordBytes,
                 Visit visit) {
  for (uint64_t at = (wordBytes - offset % wordBytes) % wordBytes; at + wordBytes <= size;
       at += wordBytes) {
    uint64_t word = 0;
    std::memcpy(&word, bytes + at, wordBytes);
    visit(word);
  }
}

} // namespace

void Memory::noteStoredPointer(Address destination, uint64_t value, uint32_t thread) {
  if (value == 0)
    return; // most stores: no lookup of the destination
  const MemoryObject *holder = object(destination);
  bool privateHolder = holder && holder->kind == ObjectKind::Stack &&
                       holder->ownerThread == thread && !holder->published;
  if (!privateHolder)
    publish(value, thread);
}

void Memory::noteStoredWords(Address destination, uint64_t size, uint32_t thread) {
  const MemoryObject *holder = nullptr;
  uint64_t offset = 0;
  if (resolve(destination, holder, offset) != MemoryFault::None || offset + size > holder->size)
    return;
  if (holder->kind == ObjectKind::Stack && holder->ownerThread == thread && !holder->published)
    return;
  visitWords(holder->bytes() + offset, offset, size, narrow_ ? 4 : 8,
              [&](uint64_t word) { publish(word, thread); });
}

void Memory::publish(uint64_t value, uint32_t thread) {
  // Marks the object `word` points into if it is an unpublished live stack object of `thread`.
  auto mark = [&](uint64_t word, uint32_t &id) {
    uint64_t offset = 0;
    if (word == 0 || !locate(word, id, offset))
      return false;
    MemoryObject &object = *find(id);
    if (object.kind != ObjectKind::Stack || !object.alive || object.ownerThread != thread ||
        object.published)
      return false;
    object.published = true;
    return true;
  };
  uint32_t id = 0;
  if (!mark(value, id))
    return; // the common case: nothing newly published, nothing allocated
  std::vector<uint32_t> reached{id};
  while (!reached.empty()) {
    const MemoryObject &object = *find(reached.back());
    reached.pop_back();
    visitWords(object.bytes(), 0, object.size, narrow_ ? 4 : 8, [&](uint64_t word) {
      uint32_t next = 0;
      if (mark(word, next))
        reached.push_back(next);
    });
  }
}

namespace {

// Calls visit(word, mask) for each word of `bits` that holds some of bits [from, from + count),
// with the mask of those bits; stops early when visit returns true, and returns whether it did.
template <class Visit>
bool forBitRange(uint64_t *bits, uint64_t from, uint64_t count, Visit visit) {
  uint64_t end = from + count;
  while (from < end) {
    uint64_t bit = from % 64, n = std::min<uint64_t>(64 - bit, end - from);
    uint64_t mask = (n == 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1) << bit;
    if (visit(bits[from / 64], mask))
      return true;
    from += n;
  }
  return false;
}

} // namespace

void Memory::markUndefined(Address address, uint64_t size) {
  const MemoryObject *found = nullptr;
  uint64_t offset = 0;
  if (size == 0 || resolve(address, found, offset) != MemoryFault::None || offset >= found->size)
    return;
  MemoryObject &object = const_cast<MemoryObject &>(*found);
  if (object.undefined.empty())
    object.undefined.assign((object.size + 63) / 64, 0);
  forBitRange(object.undefined.data(), offset, std::min(size, object.size - offset),
              [](uint64_t &word, uint64_t mask) { return word |= mask, false; });
}

void Memory::clearUndefined(MemoryObject &object, uint64_t offset, uint64_t size) {
  if (offset >= object.size)
    return;
  forBitRange(object.undefined.data(), offset, std::min(size, object.size - offset),
              [](uint64_t &word, uint64_t mask) { return word &= ~mask, false; });
  for (uint64_t word : object.undefined)
    if (word)
      return;
  object.undefined.clear(); // every byte written: the usual case costs nothing from now on
}

bool Memory::undefinedBits(const MemoryObject &object, uint64_t offset, uint64_t size,
                           bool all) {
  if (object.undefined.empty() || offset >= object.size || size == 0)
    return false;
  auto *bits = const_cast<uint64_t *>(object.undefined.data());
  size = std::min(size, object.size - offset);
  if (all)
    return !forBitRange(bits, offset, size,
                        [](uint64_t &word, uint64_t mask) { return (word & mask) != mask; });
  return forBitRange(bits, offset, size,
                     [](uint64_t &word, uint64_t mask) { return (word & mask) != 0; });
}

bool Memory::anyUndefined(Address address, uint64_t size) const {
  const MemoryObject *found = nullptr;
  uint64_t offset = 0;
  return resolve(address, found, offset) == MemoryFault::None &&
         undefinedBits(*found, offset, size, false);
}

void Memory::copyDefinedness(Address dst, Address src, uint64_t size) {
  const MemoryObject *from = nullptr, *to = nullptr;
  uint64_t fromOffset = 0, toOffset = 0;
  if (size == 0 || resolve(src, from, fromOffset) != MemoryFault::None ||
      resolve(dst, to, toOffset) != MemoryFault::None)
    return;
  if (from->undefined.empty() || !anyUndefined(src, size)) {
    markDefined(dst, size);
    return;
  }
  std::vector<bool> bits(size);
  for (uint64_t i = 0; i < size; ++i)
    bits[i] = from->undefined[(fromOffset + i) / 64] >> ((fromOffset + i) % 64) & 1;
  for (uint64_t i = 0; i < size; ++i) {
    if (bits[i])
      markUndefined(dst + i, 1);
    else
      markDefined(dst + i, 1);
  }
}

MemoryFault Memory::read(Address address, uint64_t size, uint64_t &value) const {
  assert(size <= 8);
  const MemoryObject *found = nullptr;
  uint64_t offset = 0;
  MemoryFault fault = checkObject(address, size, false, found, offset);
  if (fault != MemoryFault::None)
    return fault;
  value = 0;
  copySmall(&value, found->bytes() + offset, size);
  return MemoryFault::None;
}

MemoryFault Memory::write(Address address, uint64_t size, uint64_t value) {
  assert(size <= 8);
  const MemoryObject *found = nullptr;
  uint64_t offset = 0;
  MemoryFault fault = checkObject(address, size, true, found, offset);
  if (fault != MemoryFault::None)
    return fault;
  MemoryObject &object = const_cast<MemoryObject &>(*found);
  copySmall(object.bytes() + offset, &value, size);
  if (!object.shadow.empty()) // concrete bytes now (setShadow with nullptr)
    std::fill_n(object.shadow.begin() + offset, size, 0);
  if (!object.undefined.empty())
    clearUndefined(object, offset, size);
  return MemoryFault::None;
}

MemoryFault Memory::readString(Address address, std::string &out) const {
  out.clear();
  MemoryFault fault = check(address, 0, false);
  if (fault != MemoryFault::None)
    return fault;
  const MemoryObject &object = *this->object(address);
  const uint8_t *bytes = object.bytes();
  uint32_t id = 0;
  uint64_t start = 0;
  locate(address, id, start);
  for (uint64_t offset = start;; ++offset) {
    if (offset >= object.size)
      return MemoryFault::OutOfBounds;
    if (bytes[offset] == 0)
      return MemoryFault::None;
    out.push_back(char(bytes[offset]));
  }
}

std::string Memory::describe(Address address) const {
  if (address == 0)
    return "null";
  uint32_t id = 0;
  int64_t signedOffset = 0;
  const MemoryObject *found = nullptr;
  if (narrow_) {
    uint64_t offset = 0;
    if (address < NarrowFirstAddress)
      return fmt::format("null+{}", address);
    if (locateNarrow(address, id, offset)) {
      found = find(id);
      signedOffset = int64_t(offset);
      // In the gap below the next object (p[-1]): relative to that object.
      const MemoryObject *next = find(id + 1);
      if (offset > found->size && next && next->base > address &&
          next->base - address <= NarrowGap) {
        found = next;
        ++id;
        signedOffset = int64_t(address) - int64_t(next->base);
      }
    }
  } else {
    id = objectIdOf(address);
    uint32_t offset = offsetOf(address);
    if (id == 0)
      return fmt::format("null+{}", offset);
    found = find(id);
    // A pointer a little below an object (p[-1]) borrows from the object id
    // and lands at a huge offset of the previous id: describe it relative to
    // the object it came from.
    signedOffset = offset;
    if (offset >= 0x80000000u && (!found || offset > found->size)) {
      if (const MemoryObject *next = find(id + 1)) {
        found = next;
        ++id;
        signedOffset = int64_t(offset) - (int64_t(1) << 32);
      }
    }
  }
  if (!found)
    return fmt::format("invalid pointer {:#x}", address);
  const MemoryObject &object = *found;
  std::string text;
  switch (object.kind) {
  case ObjectKind::Null:
    text = "null";
    break;
  case ObjectKind::Global:
    text = fmt::format("global {}", names_[object.nameIndex]);
    break;
  case ObjectKind::Function:
    text = fmt::format("function {}", names_[object.nameIndex]);
    break;
  case ObjectKind::Stack:
    text = fmt::format("stack of thread {}", object.ownerThread);
    break;
  case ObjectKind::Heap:
    text = fmt::format("heap object #{}.{}", object.ownerThread,
                       indexInGroup(id));
    break;
  }
  if (signedOffset > 0)
    text += fmt::format("+{}", signedOffset);
  else if (signedOffset < 0)
    text += fmt::format("{}", signedOffset);
  if (!object.alive && object.kind != ObjectKind::Function)
    text += " (freed)";
  return text;
}

uint32_t Memory::numObjects() const {
  size_t count = static_.size();
  for (const std::vector<MemoryObject> &objects : dynamic_)
    count += objects.size();
  return uint32_t(count);
}

void Memory::forEachObject(
    const std::function<void(uint32_t, const MemoryObject &)> &visit) const {
  for (uint32_t id = 1; id < static_.size(); ++id)
    visit(id, static_[id]);
  for (uint32_t thread = 0; thread < dynamic_.size(); ++thread)
    for (uint32_t index = 0; index < dynamic_[thread].size(); ++index)
      visit(dynamicObjectId(thread, index), dynamic_[thread][index]);
}

void Memory::writeState(StateWriter &out) const {
  out.tag('G');
  for (const auto &[id, image] : initialImages_)
    out.bytes(static_[id].bytes(), static_[id].size);
  out.tag('D');
  // Groups of threads that allocated nothing are left out (dynamic_ keeps the groups of earlier
  // runs after reset()), so equal states give equal bytes whatever came before. So is each
  // thread's trailing run of released objects: a loop whose body calls a function with stack
  // objects (or allocates and frees) then comes back to its state. The two states differ only
  // in the numbers the thread's next allocations get; their order, and so every comparison of
  // live addresses, is the same, and a stale pointer to a released object is as invalid in
  // either. A program that prints or hashes address values could tell them apart: state
  // matching treats addresses as names, not numbers.
  for (uint32_t thread = 0; thread < dynamic_.size(); ++thread) {
    const std::vector<MemoryObject> &objects = dynamic_[thread];
    size_t kept = objects.size();
    while (kept > 0 && !objects[kept - 1].alive)
      --kept;
    if (kept == 0)
      continue;
    out.u32(thread);
    writeGroup(out, objects);
  }
}

void Memory::reset() {
  for (uint32_t thread = 0; thread < dynamic_.size(); ++thread)
    truncate(thread, 0);
  for (auto &[id, image] : initialImages_) {
    static_[id].data = image; // same size: copies without allocating
    static_[id].shadow.clear();
  }
  dynamicBytes_ = 0;
  shadowed_ = false;
}

void Memory::setShadow(Address address, uint64_t size, const uint32_t *bytes) {
  if (!bytes && !shadowed_)
    return;
  const MemoryObject *found = nullptr;
  uint64_t offset = 0;
  if (size == 0 || resolve(address, found, offset) != MemoryFault::None)
    return;
  MemoryObject &object = const_cast<MemoryObject &>(*found);
  if (!bytes) {
    if (!object.shadow.empty())
      std::fill_n(object.shadow.begin() + offset, size, 0);
    return;
  }
  if (object.shadow.empty())
    object.shadow.assign(object.size, 0);
  std::copy_n(bytes, size, object.shadow.begin() + offset);
  shadowed_ = true;
}

bool Memory::readShadow(Address address, uint64_t size, uint32_t *out) const {
  if (!shadowed_)
    return false;
  const MemoryObject *found = nullptr;
  uint64_t offset = 0;
  if (size == 0 || resolve(address, found, offset) != MemoryFault::None || found->shadow.empty())
    return false;
  auto begin = found->shadow.begin() + offset;
  if (std::all_of(begin, begin + size, [](uint32_t e) { return e == 0; }))
    return false;
  std::copy_n(begin, size, out);
  return true;
}

void Memory::copyShadow(Address dst, Address src, uint64_t size) {
  if (!shadowed_ || size == 0)
    return;
  std::vector<uint32_t> bytes(size);
  if (readShadow(src, size, bytes.data()))
    setShadow(dst, size, bytes.data());
  else
    setShadow(dst, size, nullptr);
}

void Memory::forEachShadow(const std::function<void(uint8_t &, uint32_t)> &visit) {
  if (!shadowed_)
    return;
  auto visitObject = [&](MemoryObject &object) {
    for (size_t i = 0; i < object.shadow.size(); ++i)
      if (object.shadow[i] != 0)
        visit(object.bytes()[i], object.shadow[i]);
  };
  for (MemoryObject &object : static_)
    visitObject(object);
  for (std::vector<MemoryObject> &objects : dynamic_)
    for (MemoryObject &object : objects)
      visitObject(object);
}

void Memory::clearShadowsWhere(const std::function<bool(uint32_t)> &fixed) {
  if (!shadowed_)
    return;
  auto clearObject = [&](MemoryObject &object) {
    for (uint32_t &expr : object.shadow)
      if (expr != 0 && fixed(expr))
        expr = 0;
  };
  for (MemoryObject &object : static_)
    clearObject(object);
  for (std::vector<MemoryObject> &objects : dynamic_)
    for (MemoryObject &object : objects)
      clearObject(object);
}

std::vector<uint32_t> Memory::shadowsOfObject(Address address, size_t limit) const {
  std::vector<uint32_t> expressions;
  const MemoryObject *found = nullptr;
  uint64_t offset = 0;
  if (!shadowed_ || resolve(address, found, offset) != MemoryFault::None)
    return expressions;
  for (uint32_t expression : found->shadow)
    if (expression != 0) {
      expressions.push_back(expression);
      if (expressions.size() > limit)
        break;
    }
  return expressions;
}

void Memory::takeShadows(Address address, const std::function<void(Address, uint32_t)> &visit) {
  if (!shadowed_)
    return;
  const MemoryObject *found = nullptr;
  uint64_t offset = 0;
  if (resolve(address, found, offset) != MemoryFault::None || found->shadow.empty())
    return;
  MemoryObject &object = const_cast<MemoryObject &>(*found);
  Address base = address - offset;
  for (size_t i = 0; i < object.shadow.size(); ++i)
    if (object.shadow[i] != 0) {
      visit(base + i, object.shadow[i]);
      object.shadow[i] = 0;
    }
}

void Memory::truncate(uint32_t thread, size_t keep) {
  std::vector<MemoryObject> &objects = dynamic_[thread];
  for (size_t index = keep; index < objects.size(); ++index)
    if (objects[index].data.capacity() != 0)
      pool_.push_back(std::move(objects[index].data));
  objects.resize(std::min(keep, objects.size()));
}

std::vector<MemoryObject::Chunk> Memory::takeBuffer(size_t chunks) {
  if (pool_.empty())
    return std::vector<MemoryObject::Chunk>(chunks); // value-initialised: zeroes
  std::vector<MemoryObject::Chunk> buffer = std::move(pool_.back());
  pool_.pop_back();
  buffer.assign(chunks, MemoryObject::Chunk{});
  return buffer;
}

size_t Memory::Snapshot::bytes() const {
  size_t total = sizeof(Snapshot) + globals.capacity() * sizeof(globals[0]) +
                 dynamic.capacity() * sizeof(dynamic[0]);
  for (const auto &image : globals)
    total += image.capacity() * sizeof(MemoryObject::Chunk);
  for (const std::vector<MemoryObject> &objects : dynamic) {
    total += objects.capacity() * sizeof(MemoryObject);
    for (const MemoryObject &object : objects)
      total += object.data.capacity() * sizeof(MemoryObject::Chunk);
  }
  return total;
}

void Memory::save(Snapshot &snapshot) const {
  snapshot.globals.resize(initialImages_.size());
  for (size_t i = 0; i < initialImages_.size(); ++i)
    snapshot.globals[i] = static_[initialImages_[i].first].data;
  snapshot.shadowed = shadowed_;
  snapshot.globalShadows.resize(shadowed_ ? initialImages_.size() : 0);
  for (size_t i = 0; i < snapshot.globalShadows.size(); ++i)
    snapshot.globalShadows[i] = static_[initialImages_[i].first].shadow;
  snapshot.dynamic.resize(dynamic_.size());
  for (size_t thread = 0; thread < dynamic_.size(); ++thread)
    snapshot.dynamic[thread] = dynamic_[thread];
  snapshot.dynamicBytes = dynamicBytes_;
}

void Memory::restore(const Snapshot &snapshot) {
  assert(snapshot.globals.size() == initialImages_.size() &&
         "a snapshot of another Memory");
  for (size_t i = 0; i < initialImages_.size(); ++i) {
    MemoryObject &global = static_[initialImages_[i].first];
    global.data = snapshot.globals[i];
    if (i < snapshot.globalShadows.size())
      global.shadow = snapshot.globalShadows[i];
    else
      global.shadow.clear();
  }
  shadowed_ = snapshot.shadowed;
  if (dynamic_.size() < snapshot.dynamic.size())
    dynamic_.resize(snapshot.dynamic.size());
  for (uint32_t thread = 0; thread < dynamic_.size(); ++thread) {
    static const std::vector<MemoryObject> none;
    const std::vector<MemoryObject> &saved =
        thread < snapshot.dynamic.size() ? snapshot.dynamic[thread] : none;
    std::vector<MemoryObject> &objects = dynamic_[thread];
    truncate(thread, saved.size());
    // Objects that exist in both keep their buffers (copy-assignment reuses
    // capacity); the others, and released ones whose buffer went to the pool, take
    // one from the pool before the copy: a buffer copied into from nothing would be
    // new host memory, and the pool, which gets it back when the object is released
    // again, would grow with every such restore.
    for (size_t index = 0; index < saved.size(); ++index) {
      if (index == objects.size())
        objects.emplace_back();
      MemoryObject &object = objects[index];
      if (object.data.capacity() == 0 && !saved[index].data.empty())
        object.data = takeBuffer(0);
      object = saved[index];
    }
  }
  dynamicBytes_ = snapshot.dynamicBytes;
}

} // namespace bpor
