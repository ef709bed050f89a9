#include "tests/support/Program.h"

#include <fmt/format.h>

namespace bpor::testing {

static std::string instrToString(const Instr &i) {
  switch (i.kind) {
  case InstrKind::Read:
    return fmt::format("read x{}", i.var);
  case InstrKind::Write:
    return fmt::format("write x{}={}{}", i.var, i.value, i.addRegister ? "+r" : "");
  case InstrKind::Lock:
    return fmt::format("lock m{}", i.var);
  case InstrKind::Unlock:
    return fmt::format("unlock m{}", i.var);
  case InstrKind::Fork:
    return fmt::format("fork {}", i.target);
  case InstrKind::Join:
    return fmt::format("join child{}", i.target);
  case InstrKind::Yield:
    return "yield";
  case InstrKind::Nondet:
    return fmt::format("nondet {}", i.value);
  case InstrKind::Spin:
    return fmt::format("spin until x{}=={}", i.var, i.value);
  case InstrKind::AssertEq:
    return fmt::format("assert x{}=={}", i.var, i.value);
  case InstrKind::AssertNe:
    return fmt::format("assert x{}!={}", i.var, i.value);
  case InstrKind::AssumeEq:
    return fmt::format("assume x{}=={}", i.var, i.value);
  }
  return "?";
}

std::string Program::toString() const {
  std::string out;
  for (size_t b = 0; b < bodies.size(); ++b) {
    out += fmt::format("T{}:", b);
    for (size_t k = 0; k < bodies[b].size(); ++k)
      out += fmt::format("{} {}", k ? ";" : "", instrToString(bodies[b][k]));
    out += "\n";
  }
  return out;
}

} // namespace bpor::testing
