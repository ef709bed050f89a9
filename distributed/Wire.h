// The bytes of the messages between ranks: integers in little-endian order, strings with
// their length. All ranks run the same bporcheck on the same kind of machine (mpirun's rule
// for one program), so no versioning beyond the program's fingerprint (DistributedSearch.cpp).
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace bpor::distributed {

class WireWriter {
public:
  void u8(uint8_t value) { bytes_.push_back(value); }
  void u64(uint64_t value) {
    for (int i = 0; i < 8; ++i)
      bytes_.push_back(uint8_t(value >> (8 * i)));
  }
  /// An unsigned number in 7-bit groups, low first (LEB128): one byte below 128.
  void varint(uint64_t value) {
    for (; value >= 0x80; value >>= 7)
      bytes_.push_back(uint8_t(value | 0x80));
    bytes_.push_back(uint8_t(value));
  }
  void f64(double value) {
    uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    u64(bits);
  }
  void text(const std::string &value) {
    u64(value.size());
    bytes_.insert(bytes_.end(), value.begin(), value.end());
  }
  size_t size() const { return bytes_.size(); }
  std::vector<uint8_t> take() { return std::move(bytes_); }

private:
  std::vector<uint8_t> bytes_;
};

/// Reads what a WireWriter wrote; a message shorter than its reader expects throws
/// std::runtime_error (a rank of another bporcheck).
class WireReader {
public:
  explicit WireReader(const std::vector<uint8_t> &bytes) : bytes_(bytes) {}
  uint8_t u8() {
    need(1);
    return bytes_[at_++];
  }
  uint64_t u64() {
    need(8);
    uint64_t value = 0;
    for (int i = 0; i < 8; ++i)
      value |= uint64_t(bytes_[at_++]) << (8 * i);
    return value;
  }
  uint64_t varint() {
    uint64_t value = 0;
    for (unsigned shift = 0;; shift += 7) {
      need(1);
      uint8_t byte = bytes_[at_++];
      if (shift < 64)
        value |= uint64_t(byte & 0x7f) << shift;
      if (!(byte & 0x80))
        return value;
    }
  }
  double f64() {
    uint64_t bits = u64();
    double value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
  }
  std::string text() {
    uint64_t size = u64();
    need(size);
    std::string value(bytes_.begin() + at_, bytes_.begin() + at_ + size);
    at_ += size;
    return value;
  }
  /// Whether every byte was read.
  bool done() const { return at_ == bytes_.size(); }

private:
  void need(uint64_t size) const {
    if (bytes_.size() - at_ < size)
      throw std::runtime_error("a message between ranks ended early");
  }
  const std::vector<uint8_t> &bytes_;
  size_t at_ = 0;
};

} // namespace bpor::distributed
