#include "svcomp/WitnessText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"

#include <bit>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <fmt/format.h>

namespace bpor::svcomp {

std::string sha256Of(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return "";
  auto digest = llvm::SHA256::hash(llvm::arrayRefFromStringRef((*buffer)->getBuffer()));
  return llvm::toHex(digest, /*LowerCase=*/true);
}

std::string readText(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  return buffer ? llvm::StringRef((*buffer)->getBuffer()).trim().str() : "";
}

std::string utcNow() {
  std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

std::string nondetFunctionOn(const std::vector<std::string> &lines, unsigned line) {
  if (line == 0 || line > lines.size())
    return "";
  llvm::StringRef text(lines[line - 1]);
  size_t at = text.find("__VERIFIER_nondet_");
  if (at == llvm::StringRef::npos)
    return "";
  size_t end = at;
  while (end < text.size() &&
         (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
    ++end;
  std::string name = text.slice(at, end).str();
  if (text.find("__VERIFIER_nondet_", end) != llvm::StringRef::npos)
    return ""; // two calls on one line: which one is not known
  return name;
}

std::string nondetResultText(const std::string &function, uint64_t bits,
                             const std::string &dataModel) {
  llvm::StringRef type = llvm::StringRef(function).drop_front(strlen("__VERIFIER_nondet_"));
  if (type == "float" || type == "double") {
    bool isFloat = type == "float";
    double value =
        isFloat ? double(std::bit_cast<float>(uint32_t(bits))) : std::bit_cast<double>(bits);
    if (!std::isfinite(value))
      return "";
    // The shortest decimal that reads back as the same value, in the type's own precision.
    std::string text = isFloat ? fmt::format("{}", float(value)) : fmt::format("{}", value);
    if (text.find_first_of(".e") == std::string::npos)
      text += ".0";
    return isFloat ? text + "f" : text;
  }
  unsigned width = llvm::StringSwitch<unsigned>(type)
                       .Case("char", 8)
                       .Case("short", 16)
                       .Case("int", 32)
                       .Case("long", dataModel == "ILP32" ? 32 : 64)
                       .Case("longlong", 64)
                       .Default(0);
  if (width == 0 || width == 64)
    return std::to_string(static_cast<int64_t>(bits));
  uint64_t sign = uint64_t(1) << (width - 1);
  uint64_t value = bits & ((sign << 1) - 1);
  return std::to_string(static_cast<int64_t>(value ^ sign) - static_cast<int64_t>(sign));
}

std::vector<std::string> sourceLines(const std::string &path) {
  std::vector<std::string> lines;
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return lines;
  llvm::SmallVector<llvm::StringRef> parts;
  (*buffer)->getBuffer().split(parts, '\n');
  for (llvm::StringRef part : parts)
    lines.push_back(part.str());
  return lines;
}

} // namespace bpor::svcomp
