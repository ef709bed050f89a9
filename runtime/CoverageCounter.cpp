// The places whose coverage gaps count (CoverageCounter.h).
#include "runtime/CoverageCounter.h"

namespace bpor::runtime {

void CoverageCounter::countUndefinedRead(const LocationTable &locations, const ThreadState &state,
                                         uint32_t location) {
  SourceLocation place = locations.find(location);
  if (locations.own(state) == 0 || !place.known() || isSystemHeader(place.file))
    return;
  ++gaps_.undefinedReads;
  if (gaps_.firstUndefinedRead == 0)
    gaps_.firstUndefinedRead = location;
}

void CoverageCounter::countWeakOrder(const LocationTable &locations, const ThreadState &state,
                                     uint32_t location, bool callersOrder) {
  SourceLocation place = locations.find(location);
  if (locations.own(state) == 0 || !place.known() || (isSystemHeader(place.file) && !callersOrder))
    return;
  gaps_.addWeakOrder(location);
}

} // namespace bpor::runtime
