// The bytes that describe a program state (Model::stateKey): each part of the runtime appends its
// own state field by field, so that two states with equal bytes behave identically from then on.
//
// Fields are written explicitly (never a struct's raw bytes, whose padding is unspecified) and
// every variable-length part is preceded by its length, so that the encoding is unambiguous: a
// different state never produces the same bytes.
//
// A key is a sequence of parts (the process, memory, each thread), each a 4-byte length and its
// bytes (beginPart/endPart). Parts change independently (a step changes one thread's part and
// perhaps memory), so exact storage keeps each distinct part once and a state as the numbers of
// its parts (checker/stateful/StateStore.h, "collapse").
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

namespace bpor {

class StateWriter {
public:
  explicit StateWriter(std::string &out) : out_(out) {}

  void u8(uint8_t value) { out_.push_back(char(value)); }
  void u32(uint32_t value) { raw(&value, sizeof value); }
  void u64(uint64_t value) { raw(&value, sizeof value); }
  /// A length-prefixed byte range.
  void bytes(const void *data, size_t size) {
    u64(size);
    raw(data, size);
  }
  /// A tag that separates the parts of the state (and keeps their encodings apart).
  void tag(char name) { out_.push_back(name); }

  /// Starts a part: returns where its length goes (pass it to endPart).
  size_t beginPart() {
    size_t at = out_.size();
    out_.resize(at + sizeof(uint32_t));
    return at;
  }
  void endPart(size_t at) {
    uint32_t length = uint32_t(out_.size() - at - sizeof(uint32_t));
    std::memcpy(out_.data() + at, &length, sizeof length);
  }

private:
  void raw(const void *data, size_t size) { out_.append(static_cast<const char *>(data), size); }

  std::string &out_;
};

} // namespace bpor
