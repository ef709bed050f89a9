// Object-based memory (docs/design.md, "Memory").
//
// A program's memory is a set of objects (globals, functions, stack slots, heap
// blocks) and a pointer is an encoded Address: object id in the high 32 bits,
// byte offset in the low 32 bits. Because every access names its object,
// bounds, use after free, double free and invalid pointers are caught exactly,
// and the initial state is restored cheaply by dropping the dynamic objects and
// copying back the initial images of the writable globals.
//
// Object ids do not depend on the schedule. A static object (null, globals,
// functions) is numbered in creation order. A dynamic object (heap, stack) is
// named by the thread that allocated it and that thread's allocation count:
// a thread's own history decides both, so equivalent interleavings give every
// object the same address, and an explorer that runs one interleaving of a
// trace sees the addresses every other interleaving would. (A single global
// counter would make addresses, and so comparisons of pointers, depend on the
// order of independent allocations, which no reduction explores.)
//
// A 32-bit program (ILP32, "narrow" memory) stores a pointer in 4 bytes, so
// its addresses are 32-bit virtual addresses instead: group g's objects lie in
// g's own arena of the address space, one after another in allocation order
// with a gap between neighbours, and an address is resolved to its object by a
// search in that arena. Names stay (group, index) and stay schedule-independent
// because each arena's layout depends only on its own thread's allocations.
//
// Memory is a copyable value type (no pointers into itself survive a copy) so
// that an execution's state can be checkpointed at a branching point and
// restored later.
#pragma once

#include "core/CopyVector.h"
#include "core/StateWriter.h"

#include <cstdint>
#include <cstring>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace bpor {

/// An encoded pointer: object id << 32 | byte offset. 0 is null (object 0 is
/// the null object). Pointer arithmetic works on the integer; ptrtoint/inttoptr
/// are the identity.
using Address = uint64_t;

inline constexpr uint32_t objectIdOf(Address address) {
  return uint32_t(address >> 32);
}
inline constexpr uint32_t offsetOf(Address address) {
  return uint32_t(address);
}
inline constexpr Address makeAddress(uint32_t object, uint32_t offset) {
  return (Address(object) << 32) | offset;
}

/// Object id layout: the top bits are the id's group (0: static objects; g > 0:
/// the objects allocated by thread g - 1), the low DynamicCountBits the index
/// within the group.
inline constexpr unsigned DynamicCountBits = 22;
inline constexpr uint32_t MaxObjectsPerGroup = uint32_t(1) << DynamicCountBits;
/// Threads 0 .. MaxAllocatingThreads-1 may allocate; the last group is kept for
/// the runtime's pseudo objects (footprints that are not program memory).
inline constexpr uint32_t MaxAllocatingThreads =
    (uint32_t(1) << (32 - DynamicCountBits)) - 2;
inline constexpr uint32_t dynamicObjectId(uint32_t thread, uint32_t count) {
  return ((thread + 1) << DynamicCountBits) | count;
}
inline constexpr uint32_t objectGroupOf(uint32_t id) {
  return id >> DynamicCountBits;
}
inline constexpr uint32_t indexInGroup(uint32_t id) {
  return id & (MaxObjectsPerGroup - 1);
}

/// The narrow (32-bit) address space: static objects from NarrowFirstAddress
/// in the first NarrowStaticArenas arenas, then one arena per allocating
/// thread. Addresses below NarrowFirstAddress are null plus an offset.
inline constexpr unsigned NarrowArenaBits = 24; // 16 MiB
inline constexpr uint32_t NarrowStaticArenas = 64; // 1 GiB
inline constexpr uint32_t NarrowFirstAddress = 0x1000;
inline constexpr uint32_t NarrowMaxAllocatingThreads =
    (uint32_t(1) << (32 - NarrowArenaBits)) - NarrowStaticArenas;
/// Unused bytes after each object, so that one past its end is no other
/// object's address.
inline constexpr uint32_t NarrowGap = 16;

enum class ObjectKind : uint8_t { Null, Global, Function, Stack, Heap };

const char *objectKindName(ObjectKind kind);

enum class MemoryFault : uint8_t {
  None,
  NullPointer,     // access through null (or an offset from null)
  InvalidPointer,  // no such object, or a data access to a function
  OutOfBounds,     // the access does not lie within its object
  UseAfterFree,    // the object was freed (heap) or its frame returned (stack)
  WriteToReadOnly, // a constant global
  DoubleFree,      // release of an object already released
  InvalidFree,     // release of a non-heap object, an interior pointer, or an
                   // invalid pointer
};

const char *memoryFaultName(MemoryFault fault);

/// One object. Its data lives in a host buffer allocated 16-byte aligned, so
/// alignment tests on the low bits of an encoded pointer and on the host
/// pointer agree.
struct MemoryObject {
  /// 16-byte aligned chunks: std::vector of an over-aligned type allocates
  /// aligned storage and copies by value, which keeps Memory a value type.
  struct alignas(16) Chunk {
    uint8_t bytes[16];
  };

  ObjectKind kind = ObjectKind::Null;
  bool alive = false;
  bool readOnly = false;
  /// Stack objects: the owning thread stored the object's address where other threads may read
  /// it (noteStoredPointer, publish). Its frame's end is then a visible operation (runtime
  /// FrameEnd).
  bool published = false;
  uint32_t ownerThread = 0; // Dynamic objects: the thread that allocated it
  uint32_t base = 0;        // Narrow memory: the object's first address
  uint32_t site =
      0; // Heap objects: allocation site (a source-location id), 0 if unknown
  uint32_t nameIndex =
      0; // Global/Function objects: index into Memory's name table
  uint64_t size = 0;
  std::vector<Chunk> data;
  /// Symbolic bytes (interp/Symbolic.h): per byte the id of an 8-bit expression the byte stands
  /// for, 0 for a concrete byte; empty while the object holds no symbolic byte.
  CopyVector<uint32_t> shadow;
  /// Bytes never written (Memory::markUndefined, for malloc's memory): bit i is set while byte
  /// i holds no value the program gave it; empty once every byte has one, and for every object
  /// whose bytes all start with one (globals, calloc's memory, stack objects).
  std::vector<uint64_t> undefined;

  uint8_t *bytes() { return reinterpret_cast<uint8_t *>(data.data()); }
  const uint8_t *bytes() const {
    return reinterpret_cast<const uint8_t *>(data.data());
  }
};

class Memory {
public:
  /// `narrow`: 32-bit addresses (see the file comment).
  explicit Memory(bool narrow = false);
  bool narrow() const { return narrow_; }
  /// Threads 0 .. maxAllocatingThreads()-1 may allocate.
  uint32_t maxAllocatingThreads() const {
    return narrow_ ? NarrowMaxAllocatingThreads : MaxAllocatingThreads;
  }

  // ---- The static part: globals and functions, created once before
  // sealStatic(). ----

  /// A global of `size` bytes (zero-initialised). Its initial image is written
  /// through host() before sealStatic(). Objects are numbered in creation
  /// order, so addresses are known as soon as the object is added (relocations
  /// between globals are then plain stores). Returns 0 if narrow memory has no
  /// room left for it.
  Address addGlobal(std::string name, uint64_t size, bool readOnly);
  /// A function object (size 0: any data access to it is an InvalidPointer).
  Address addFunction(std::string name);
  /// Snapshots the initial images of the writable globals; later allocations
  /// are dynamic and reset() returns to this point.
  void sealStatic();

  // ---- Dynamic objects. ----

  /// A new Stack or Heap object of `size` bytes, zero-filled. `align` is
  /// honoured trivially (offset 0 of any object is aligned to anything up to
  /// 2^32). Its id is (ownerThread, ownerThread's count of objects so far).
  /// Returns 0 if `size` does not fit in an object (>= 2^32), the memory limit
  /// would be exceeded, or the thread cannot name another object (see
  /// MaxObjectsPerGroup and MaxAllocatingThreads).
  Address allocate(ObjectKind kind, uint64_t size, uint32_t align,
                   uint32_t ownerThread, uint32_t site = 0);

  /// Frees a heap object (free) or a stack object (frame pop). release(0, Heap)
  /// is a no-op (free(NULL)). Faults: DoubleFree, InvalidFree (not an object of
  /// kind `expected`, an interior pointer, or not an object at all).
  MemoryFault release(Address address, ObjectKind expected);
  /// Publication of stack objects (docs/design.md, "Frame ends"). Only the owner's own
  /// operations publish its objects, so whether one is published depends on its thread's history
  /// alone. `thread` stored the pointer-sized `value` at `destination`: unless the destination
  /// is a stack object of that thread nobody else can see yet, a live stack object of `thread`
  /// that `value` points into becomes published.
  void noteStoredPointer(Address destination, uint64_t value, uint32_t thread);
  /// The same for each aligned pointer-sized word of `size` bytes written at `destination`.
  void noteStoredWords(Address destination, uint64_t size, uint32_t thread);
  /// `value` was handed to another thread (a thread's argument): publishes what it points to.
  /// Publishing an object also publishes the thread's stack objects its words point to, and so
  /// on: they became reachable with it.
  void publish(uint64_t value, uint32_t thread);

  /// Whether `size` bytes at `address` may be read (or written). Size 0 checks
  /// only that the pointer is valid and within [0, size] of a live object.
  MemoryFault check(Address address, uint64_t size, bool write) const {
    const MemoryObject *found = nullptr;
    uint64_t offset = 0;
    return checkObject(address, size, write, found, offset);
  }
  /// check() that also gives the object and the offset into it.
  MemoryFault checkObject(Address address, uint64_t size, bool write,
                          const MemoryObject *&found, uint64_t &offset) const {
    if (MemoryFault fault = resolve(address, found, offset);
        fault != MemoryFault::None)
      return fault;
    const MemoryObject &object = *found;
    if (!object.alive)
      return object.kind == ObjectKind::Function ? MemoryFault::InvalidPointer
                                                 : MemoryFault::UseAfterFree;
    if (object.kind == ObjectKind::Function)
      return MemoryFault::InvalidPointer;
    if (offset + size > object.size)
      return MemoryFault::OutOfBounds;
    if (write && object.readOnly)
      return MemoryFault::WriteToReadOnly;
    return MemoryFault::None;
  }

  /// check() of a plain load by the interpreter (a thread's private memory), which also says
  /// whether every byte it reads was never written (`unwritten`).
  MemoryFault checkLoad(Address address, uint64_t size, bool &unwritten) const {
    const MemoryObject *found = nullptr;
    uint64_t offset = 0;
    MemoryFault fault = checkObject(address, size, false, found, offset);
    unwritten = fault == MemoryFault::None && undefinedBits(*found, offset, size, true);
    return fault;
  }
  /// check() of a plain store by the interpreter; the bytes are then written.
  MemoryFault checkStore(Address address, uint64_t size) {
    const MemoryObject *found = nullptr;
    uint64_t offset = 0;
    MemoryFault fault = checkObject(address, size, true, found, offset);
    if (fault == MemoryFault::None && !found->undefined.empty())
      clearUndefined(const_cast<MemoryObject &>(*found), offset, size);
    return fault;
  }

  /// The live data object `address` points into (at any offset, in bounds or not, as check()
  /// attributes it): its first address and size. False for null, invalid, freed and function
  /// pointers.
  bool objectRange(Address address, Address &first, uint64_t &size) const {
    const MemoryObject *found = nullptr;
    uint64_t offset = 0;
    if (resolve(address, found, offset) != MemoryFault::None || !found->alive ||
        found->kind == ObjectKind::Function)
      return false;
    first = address - offset;
    size = found->size;
    return true;
  }

  /// Host pointer for an address that passed check().
  const uint8_t *host(Address address) const {
    const MemoryObject *found = nullptr;
    uint64_t offset = 0;
    resolve(address, found, offset);
    return found->bytes() + offset;
  }
  uint8_t *host(Address address) {
    return const_cast<uint8_t *>(std::as_const(*this).host(address));
  }

  /// Convenience for the runtime and tests: checked reads and writes of up to 8
  /// bytes (little-endian, zero-extended).
  MemoryFault read(Address address, uint64_t size, uint64_t &value) const;
  MemoryFault write(Address address, uint64_t size, uint64_t value);
  /// Reads a NUL-terminated string (faults if it runs off its object).
  MemoryFault readString(Address address, std::string &out) const;

  // ---- Bytes never written: memory from malloc holds no value until the program writes one
  // (C: its value is indeterminate). The runtime marks such bytes and reads them as 0; a read
  // of one is something the program may see differently on a real machine. Every address
  // below must have passed check(). ----

  /// Marks `size` bytes at `address` as never written.
  void markUndefined(Address address, uint64_t size);
  /// The program wrote `size` bytes at `address`.
  void markDefined(Address address, uint64_t size) {
    const MemoryObject *found = nullptr;
    uint64_t offset = 0;
    if (size != 0 && resolve(address, found, offset) == MemoryFault::None &&
        !found->undefined.empty())
      clearUndefined(const_cast<MemoryObject &>(*found), offset, size);
  }
  /// Whether any of `size` bytes at `address` was never written.
  bool anyUndefined(Address address, uint64_t size) const;
  /// `size` bytes were copied from `src` to `dst` (they may overlap): each destination byte is
  /// never written iff its source byte was.
  void copyDefinedness(Address dst, Address src, uint64_t size);

  // ---- Symbolic bytes (interp/Symbolic.h): an 8-bit expression id per byte, 0: concrete. ----
  // Every write of concrete bytes through host() must clear the written range's shadow first
  // (setShadow with nullptr), or the stale expression would stand for the new byte.

  /// Whether any object may hold a symbolic byte (a fast test before the calls below).
  bool hasShadows() const { return shadowed_; }
  /// Sets the shadow of `size` bytes at `address` (already checked) to `bytes`, or clears it
  /// if `bytes` is null.
  void setShadow(Address address, uint64_t size, const uint32_t *bytes);
  /// The shadow of `size` bytes at `address` (already checked) into `out`; false if every byte
  /// is concrete (out is then untouched).
  bool readShadow(Address address, uint64_t size, uint32_t *out) const;
  /// Copies the shadow of `size` bytes from `src` to `dst` (both checked; they may overlap).
  void copyShadow(Address dst, Address src, uint64_t size);
  /// Calls `visit(host byte, expression)` for every symbolic byte.
  void forEachShadow(const std::function<void(uint8_t &, uint32_t)> &visit);
  /// Makes every symbolic byte whose expression `fixed` accepts concrete (its host byte is
  /// already the expression's only value).
  void clearShadowsWhere(const std::function<bool(uint32_t)> &fixed);
  /// The expressions of the symbolic bytes of the object `address` points into, in address
  /// order (none if it points into no object); at most `limit` + 1 of them, so that a caller
  /// that only wants objects with few can tell one with more without collecting them all.
  std::vector<uint32_t> shadowsOfObject(Address address, size_t limit) const;
  /// Calls `visit(object address, expression)` for every symbolic byte of the object `address`
  /// points into, then makes them all concrete.
  void takeShadows(Address address, const std::function<void(Address, uint32_t)> &visit);

  /// The object an address points into, or nullptr for null/an invalid id.
  const MemoryObject *object(Address address) const {
    const MemoryObject *found = nullptr;
    uint64_t offset = 0;
    return resolve(address, found, offset) == MemoryFault::None ? found
                                                                : nullptr;
  }
  /// The object an address points into and the offset into it, as check() attributes them in
  /// either encoding (a narrow address is no object id and offset), or nullptr.
  const MemoryObject *object(Address address, uint64_t &offset) const {
    const MemoryObject *found = nullptr;
    return resolve(address, found, offset) == MemoryFault::None ? found : nullptr;
  }
  /// The id of the object an address points into and the offset within it;
  /// false for null or an address in no object.
  bool locate(Address address, uint32_t &id, uint64_t &offset) const;
  /// The address of byte `offset` of object `id` (an id locate() gave).
  Address addressOf(uint32_t id, uint64_t offset) const;
  /// The name of a Global or Function object ("" otherwise).
  const std::string &name(const MemoryObject &object) const {
    return names_[object.nameIndex];
  }

  /// "global counter+4", "heap object #1.3+8" (the fourth object thread 1
  /// allocated), "stack of thread 1 (freed)",
  /// "function main", "null", "invalid pointer 0x...".
  std::string describe(Address address) const;

  /// Back to the state at sealStatic(): dynamic objects dropped, writable
  /// globals restored. Keeps the dropped objects' buffers for reuse, so that a
  /// restarted execution allocates nothing the previous one had.
  void reset();

  /// The mutable part of a Memory (writable globals and every dynamic object),
  /// saved by save() and put back by restore() on the Memory that saved it.
  struct Snapshot {
    std::vector<std::vector<MemoryObject::Chunk>> globals; // by initialImages_
    std::vector<CopyVector<uint32_t>> globalShadows;     // by initialImages_ (if shadowed)
    bool shadowed = false;
    std::vector<std::vector<MemoryObject>> dynamic;        // by thread
    uint64_t dynamicBytes = 0;
    /// Heap bytes the snapshot holds.
    size_t bytes() const;
  };
  /// Overwrites `snapshot` with the current state (reusing its buffers).
  void save(Snapshot &snapshot) const;
  /// Returns to the state `snapshot` was saved in.
  void restore(const Snapshot &snapshot);

  /// Static objects, and dynamic objects allocated since the last reset (freed
  /// ones included).
  uint32_t numObjects() const;
  /// Buffers kept for reuse (pool_): never more than the most objects alive at once.
  size_t pooledBuffers() const { return pool_.size(); }
  uint32_t numStaticObjects() const { return uint32_t(static_.size()); }
  /// Calls `visit(id, object)` for every object but the null object: static
  /// ones in id order, then each thread's in allocation order.
  void forEachObject(
      const std::function<void(uint32_t, const MemoryObject &)> &visit) const;
  /// Appends the mutable part of the memory to a state key (Model::stateKey): the contents of
  /// the writable globals and, per thread, every object it allocated (freed ones as such, since
  /// their number decides the names of the thread's later objects). Symbolic bytes are not
  /// described: a caller in symbolic mode must not use the key.
  void writeState(StateWriter &out) const;
  // ---- Renaming a thread's objects (symmetry reduction, runtime/Symmetry.cpp). ----
  // A thread's objects form its group; an address of one of them names the group. Giving the
  // objects to another thread means giving them that thread's names, and every address that
  // pointed into them must follow: relocated() maps one value, relocateGroup() the objects'
  // names and the addresses stored in their bytes (every pointer-aligned word that points
  // into the group: state matching already treats addresses as names, docs/design.md).

  /// Thread `thread`'s objects, in allocation order (empty if it allocated none).
  const std::vector<MemoryObject> &groupObjects(uint32_t thread) const;
  /// Whether `value` points into one of thread `thread`'s objects (at any offset within the
  /// object, or just past it).
  bool pointsIntoGroup(uint64_t value, uint32_t thread) const;
  /// The thread whose objects `value` points into (as pointsIntoGroup), or ~0u.
  uint32_t groupPointedInto(uint64_t value) const;
  /// `value` renamed from thread `from`'s objects to thread `to`'s (unchanged if it does not
  /// point into `from`'s).
  uint64_t relocated(uint64_t value, uint32_t from, uint32_t to) const;
  /// Renames `objects` (a copy of thread `from`'s group) to thread `to`'s names, and the
  /// addresses of `from`'s objects stored in their bytes.
  void relocateGroup(std::vector<MemoryObject> &objects, uint32_t from, uint32_t to) const;
  /// Calls `visit(word)` for every pointer-aligned word of the objects' bytes.
  void forEachWord(const std::vector<MemoryObject> &objects,
                   const std::function<void(uint64_t)> &visit) const;
  /// Calls `visit(word)` for every pointer-aligned word of the writable globals.
  void forEachGlobalWord(const std::function<void(uint64_t)> &visit) const;
  /// Makes `groups[i]` the group of thread first + i and drops the groups of later threads.
  void replaceGroups(uint32_t first, std::vector<std::vector<MemoryObject>> &&groups);
  /// Appends a group to a state key the way writeState() writes each group.
  static void writeGroup(StateWriter &out, const std::vector<MemoryObject> &objects);

  /// Bytes currently held by live dynamic objects.
  uint64_t dynamicBytes() const { return dynamicBytes_; }
  /// Limit on dynamicBytes(); allocate() fails beyond it. Default 1 GiB.
  void setLimit(uint64_t bytes) { limit_ = bytes; }

private:
  /// The object an address points into (null and invalid addresses: fault).
  /// An address between two narrow objects belongs to the lower one, where it
  /// is out of bounds.
  MemoryFault resolve(Address address, const MemoryObject *&object,
                      uint64_t &offset) const {
    if (!narrow_) {
      uint32_t id = objectIdOf(address);
      if (id == 0)
        return MemoryFault::NullPointer;
      object = find(id);
      offset = offsetOf(address);
      return object ? MemoryFault::None : MemoryFault::InvalidPointer;
    }
    uint32_t id = 0;
    if (!locateNarrow(address, id, offset))
      return address < NarrowFirstAddress ? MemoryFault::NullPointer
                                          : MemoryFault::InvalidPointer;
    object = find(id);
    return MemoryFault::None;
  }
  bool locateNarrow(Address address, uint32_t &id, uint64_t &offset) const;
  /// Appends a global or function object; 0 if there is no room for it.
  Address addStatic(MemoryObject object, std::string name);
  /// Where the next object of a group goes in narrow memory, or 0 if `size`
  /// bytes aligned to `align` no longer fit in the group's arena.
  uint32_t nextNarrowBase(const std::vector<MemoryObject> &objects,
                          uint32_t arenaStart, uint32_t arenaEnd,
                          uint64_t size, uint32_t align) const;
  const MemoryObject *find(uint32_t id) const {
    uint32_t group = objectGroupOf(id);
    if (group == 0)
      return id < static_.size() ? &static_[id] : nullptr;
    if (group - 1 >= dynamic_.size())
      return nullptr;
    const std::vector<MemoryObject> &objects = dynamic_[group - 1];
    uint32_t index = indexInGroup(id);
    return index < objects.size() ? &objects[index] : nullptr;
  }
  MemoryObject *find(uint32_t id) {
    return const_cast<MemoryObject *>(std::as_const(*this).find(id));
  }
  void clearUndefined(MemoryObject &object, uint64_t offset, uint64_t size);
  /// Whether all (or any, with `all` false) of `size` bytes at `offset` in `object` were never
  /// written; false for none.
  static bool undefinedBits(const MemoryObject &object, uint64_t offset, uint64_t size, bool all);
  /// Drops thread `thread`'s objects from `keep` on, keeping their buffers in
  /// pool_.
  void truncate(uint32_t thread, size_t keep);
  /// A zero-filled buffer of `chunks` chunks, from pool_ if it has one.
  std::vector<MemoryObject::Chunk> takeBuffer(size_t chunks);

  /// Objects by id: static_[id] for group 0, dynamic_[thread][index] else.
  std::vector<MemoryObject> static_;
  std::vector<std::vector<MemoryObject>> dynamic_;
  /// Buffers of released and dropped objects, reused by allocate(): there are
  /// never more buffers than the most objects alive at once, and a steady
  /// state of restarts allocates no host memory.
  std::vector<std::vector<MemoryObject::Chunk>> pool_;
  std::vector<std::string> names_;
  /// Initial images of the writable globals: (object id, image).
  std::vector<std::pair<uint32_t, std::vector<MemoryObject::Chunk>>>
      initialImages_;
  uint64_t dynamicBytes_ = 0;
  uint64_t limit_ = uint64_t(1) << 30;
  bool sealed_ = false;
  bool narrow_ = false;
  bool shadowed_ = false;
};

} // namespace bpor
