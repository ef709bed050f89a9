#include "runtime/ThreadObjects.h"

#include <algorithm>
#include <cstring>

namespace bpor::runtime {

Address threadLocalAddress(Memory &memory, const Memory &initial, ProgramThread &thread,
                           Address global) {
  if (thread.state.threadId == 0)
    return global;
  for (const auto &[original, copy] : thread.threadLocals)
    if (original == global)
      return copy;
  const MemoryObject *object = initial.object(global);
  uint32_t id = 0;
  uint64_t offset = 0;
  uint64_t size = object && initial.locate(global, id, offset) && offset == 0 ? object->size : 0;
  Address copy =
      memory.allocate(ObjectKind::Stack, std::max<uint64_t>(size, 1), 16, thread.state.threadId);
  if (copy != 0 && size != 0)
    std::memcpy(memory.host(copy), initial.host(global), size);
  thread.threadLocals.emplace_back(global, copy);
  return copy;
}

Address errnoAddress(Memory &memory, ProgramThread &thread) {
  if (thread.errnoObject == 0)
    thread.errnoObject = memory.allocate(ObjectKind::Stack, 4, 4, thread.state.threadId);
  return thread.errnoObject;
}

void setErrno(Memory &memory, ProgramThread &thread, int value) {
  if (Address address = errnoAddress(memory, thread))
    memory.write(address, 4, uint32_t(value));
}

void releaseThreadObjects(Memory &memory, ProgramThread &thread) {
  for (const auto &[original, copy] : thread.threadLocals)
    if (copy != 0)
      memory.release(copy, ObjectKind::Stack);
  thread.threadLocals.clear();
  if (thread.errnoObject != 0)
    memory.release(thread.errnoObject, ObjectKind::Stack);
  thread.errnoObject = 0;
}

} // namespace bpor::runtime
