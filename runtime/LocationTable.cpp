#include "runtime/LocationTable.h"

namespace bpor::runtime {

uint32_t LocationTable::own(const ThreadState &state) const {
  const std::vector<Frame> &frames = state.frames;
  if (frames.empty())
    return 0;
  const Frame &frame = frames.back();
  const interp::Function &function = program_.function(frame.function);
  if (frame.pc >= function.debugLocs.size() || function.debugLocs[frame.pc] == 0)
    return 0;
  return program_.numLocations() + function.debugLocs[frame.pc];
}

uint32_t LocationTable::intern(const SourceLocation &location) {
  if (!location.known())
    return 0;
  auto [it, inserted] =
      extraIds_.try_emplace(location.str(), firstExtra() + uint32_t(extra_.size()));
  if (inserted) {
    extraFiles_.emplace_back(location.file);
    extra_.push_back(SourceLocation{extraFiles_.back(), location.line, location.column});
  }
  return it->second;
}

SourceLocation LocationTable::find(uint32_t id) const {
  if (id == 0)
    return {};
  if (id < program_.numLocations())
    return program_.location(id);
  if (id < firstExtra())
    return program_.debugLocation(id - program_.numLocations());
  uint32_t extra = id - firstExtra();
  return extra < extra_.size() ? extra_[extra] : SourceLocation{};
}

} // namespace bpor::runtime
