// Floating-point operations as expressions over their operands' bits, in Z3's theory of IEEE
// floats: each value stays a bit-vector (what a slot or a memory byte holds), read as a float
// with fp.to_fp and written back with fp.to_ieee_bv. The results are exactly the interpreter's
// (interp/FloatBits.h): rounding to nearest, ties to even, and where a result is a NaN, the NaN
// that rule names, since Z3 leaves the bits of a NaN unspecified.
#include "interp/FloatBits.h"
#include "symbolic/ExprStore.h"

#include <stdexcept>

namespace bpor::symbolic {

using interp::Op;

namespace {

z3::sort formatOf(z3::context &c, bool isDouble) {
  return isDouble ? c.fpa_sort(11, 53) : c.fpa_sort(8, 24);
}

z3::expr wrap(z3::context &c, Z3_ast ast) {
  z3::expr e(c, ast);
  c.check_error();
  return e;
}

z3::expr isNaN(const z3::expr &value) {
  return wrap(value.ctx(), Z3_mk_fpa_is_nan(value.ctx(), value));
}

/// An fcmp predicate over two floats: ordered ones are false, unordered ones true, when either
/// operand is a NaN (interp/RunArithmetic.h, fcmp).
z3::expr compare(uint8_t predicate, const z3::expr &a, const z3::expr &b) {
  z3::context &c = a.ctx();
  z3::expr unordered = isNaN(a) || isNaN(b);
  z3::expr equal = wrap(c, Z3_mk_fpa_eq(c, a, b));
  z3::expr less = wrap(c, Z3_mk_fpa_lt(c, a, b));
  z3::expr greater = wrap(c, Z3_mk_fpa_gt(c, a, b));
  switch (predicate) { // llvm::CmpInst::Predicate's values
  case 0:              // false
    return c.bool_val(false);
  case 1: // oeq
    return equal;
  case 2: // ogt
    return greater;
  case 3: // oge
    return greater || equal;
  case 4: // olt
    return less;
  case 5: // ole
    return less || equal;
  case 6: // one
    return less || greater;
  case 7: // ord
    return !unordered;
  case 8: // uno
    return unordered;
  case 9: // ueq
    return unordered || equal;
  case 10: // ugt
    return unordered || greater;
  case 11: // uge
    return unordered || greater || equal;
  case 12: // ult
    return unordered || less;
  case 13: // ule
    return unordered || less || equal;
  case 14: // une
    return unordered || less || greater;
  case 15: // true
    return c.bool_val(true);
  default:
    throw std::logic_error("ExprStore::floating: not a floating-point predicate");
  }
}

} // namespace

z3::expr ExprStore::floatOf(const z3::expr &bits, bool isDouble) const {
  return wrap(context_, Z3_mk_fpa_to_fp_bv(context_, bits, formatOf(context_, isDouble)));
}

/// The bits of `value`, or `nanBits` where it is a NaN.
z3::expr ExprStore::bitsOf(const z3::expr &value, const z3::expr &nanBits) const {
  return z3::ite(isNaN(value), nanBits, wrap(context_, Z3_mk_fpa_to_ieee_bv(context_, value)));
}

ExprId ExprStore::floating(const FloatOperation &operation, ExprId ea, ExprId eb, ExprId ec) {
  floatsBuilt_ = true;
  z3::context &c = context_;
  const bool isDouble = operation.isDouble;
  const unsigned bits = isDouble ? 64 : 32;
  z3::expr nearestEven = wrap(c, Z3_mk_fpa_rne(c));
  z3::expr towardZero = wrap(c, Z3_mk_fpa_rtz(c));
  auto constant = [&](uint64_t value, unsigned width) { return c.bv_val(value, width); };
  // The NaN of an arithmetic result (floatbits::arithmeticNaN): the first NaN operand, quiet,
  // else the default NaN.
  auto arithmeticNaN = [&](const z3::expr &a, const z3::expr &b) {
    z3::expr quiet = constant(floatbits::quietBit(isDouble), bits);
    return z3::ite(isNaN(floatOf(a, isDouble)), a | quiet,
                   z3::ite(isNaN(floatOf(b, isDouble)), b | quiet,
                           constant(floatbits::defaultNaN(isDouble), bits)));
  };

  SymbolSetId symbols = symbolsOf(ea);
  if (eb != ConcreteValue)
    symbols = unite(symbols, symbolsOf(eb));
  if (ec != ConcreteValue)
    symbols = unite(symbols, symbolsOf(ec));
  z3::expr result = c.bv_val(0, 1);
  unsigned resultBits = bits;
  switch (operation.op) {
  case Op::FAdd:
  case Op::FSub:
  case Op::FMul:
  case Op::FDiv: {
    z3::expr a = expr(resize(ea, bits)), b = expr(resize(eb, bits));
    z3::expr x = floatOf(a, isDouble), y = floatOf(b, isDouble);
    // Wrapped at once: Z3 may reclaim a term no reference holds at its next call.
    z3::expr value = wrap(c, operation.op == Op::FAdd   ? Z3_mk_fpa_add(c, nearestEven, x, y)
                             : operation.op == Op::FSub ? Z3_mk_fpa_sub(c, nearestEven, x, y)
                             : operation.op == Op::FMul ? Z3_mk_fpa_mul(c, nearestEven, x, y)
                                                        : Z3_mk_fpa_div(c, nearestEven, x, y));
    result = bitsOf(value, arithmeticNaN(a, b));
    break;
  }
  case Op::Fma: { // a * b + c, rounded once; a NaN: a's or b's, else c's, else the default
    z3::expr a = expr(resize(ea, bits)), b = expr(resize(eb, bits)), d = expr(resize(ec, bits));
    z3::expr value = wrap(c, Z3_mk_fpa_fma(c, nearestEven, floatOf(a, isDouble),
                                           floatOf(b, isDouble), floatOf(d, isDouble)));
    z3::expr eitherFactor = isNaN(floatOf(a, isDouble)) || isNaN(floatOf(b, isDouble));
    result = bitsOf(value, z3::ite(eitherFactor, arithmeticNaN(a, b), arithmeticNaN(d, d)));
    break;
  }
  case Op::Sqrt: {
    z3::expr a = expr(resize(ea, bits));
    z3::expr value = wrap(c, Z3_mk_fpa_sqrt(c, nearestEven, floatOf(a, isDouble)));
    result = bitsOf(value, arithmeticNaN(a, a));
    break;
  }
  case Op::Floor:
  case Op::Ceil:
  case Op::FTrunc:
  case Op::Round:
  case Op::RoundEven: { // IEEE roundToIntegral in the function's direction; C's round() takes
                        // ties away from zero, nearbyint() and rint() the default mode
    z3::expr a = expr(resize(ea, bits));
    Z3_ast mode = operation.op == Op::Floor    ? Z3_mk_fpa_rtn(c)
                  : operation.op == Op::Ceil   ? Z3_mk_fpa_rtp(c)
                  : operation.op == Op::FTrunc ? Z3_mk_fpa_rtz(c)
                  : operation.op == Op::Round  ? Z3_mk_fpa_rna(c)
                                               : Z3_mk_fpa_rne(c);
    z3::expr direction = wrap(c, mode);
    z3::expr value = wrap(c, Z3_mk_fpa_round_to_integral(c, direction, floatOf(a, isDouble)));
    result = bitsOf(value, arithmeticNaN(a, a));
    break;
  }
  case Op::FNeg: // the sign bit flipped, NaNs included
    result = expr(resize(ea, bits)) ^ constant(floatbits::signBit(isDouble), bits);
    break;
  case Op::FAbs:
    result =
        expr(resize(ea, bits)) &
        constant(~floatbits::signBit(isDouble) & (isDouble ? ~uint64_t(0) : 0xffffffffu), bits);
    break;
  case Op::FCmp:
    result = bitOf(compare(operation.predicate, floatOf(expr(resize(ea, bits)), isDouble),
                         floatOf(expr(resize(eb, bits)), isDouble)));
    resultBits = 1;
    break;
  case Op::FPToSI:
  case Op::FPToUI: {
    // As the interpreter: through a double (exact for a float), to a 64-bit integer where the
    // value lies in its range (NaN does not), else 0 (LLVM makes it poison); then truncated.
    z3::expr value = floatOf(expr(resize(ea, bits)), isDouble);
    if (!isDouble)
      value = wrap(c, Z3_mk_fpa_to_fp_float(c, nearestEven, value, formatOf(c, true)));
    auto doubleConstant = [&](double d) {
      return wrap(c, Z3_mk_fpa_numeral_double(c, d, formatOf(c, true)));
    };
    bool isSigned = operation.op == Op::FPToSI;
    z3::expr low = doubleConstant(isSigned ? -9223372036854775808.0 : -1.0);
    z3::expr high = doubleConstant(isSigned ? 9223372036854775808.0 : 18446744073709551616.0);
    z3::expr inRange =
        wrap(c, Z3_mk_fpa_gt(c, value, low)) && wrap(c, Z3_mk_fpa_lt(c, value, high));
    z3::expr converted = wrap(c, isSigned ? Z3_mk_fpa_to_sbv(c, towardZero, value, 64)
                                          : Z3_mk_fpa_to_ubv(c, towardZero, value, 64));
    result = z3::ite(inRange, converted, constant(0, 64));
    resultBits = operation.intBits;
    if (resultBits < 64)
      result = result.extract(resultBits - 1, 0);
    break;
  }
  case Op::SIToFP:
  case Op::UIToFP: {
    z3::expr a = expr(resize(ea, operation.intBits));
    z3::sort format = formatOf(c, isDouble);
    z3::expr value =
        wrap(c, operation.op == Op::SIToFP ? Z3_mk_fpa_to_fp_signed(c, nearestEven, a, format)
                                           : Z3_mk_fpa_to_fp_unsigned(c, nearestEven, a, format));
    result = wrap(c, Z3_mk_fpa_to_ieee_bv(c, value)); // never a NaN
    break;
  }
  case Op::FPTrunc: { // double to float: a NaN keeps its sign and high payload bits, quiet
    z3::expr a = expr(resize(ea, 64));
    z3::expr value =
        wrap(c, Z3_mk_fpa_to_fp_float(c, nearestEven, floatOf(a, true), formatOf(c, false)));
    z3::expr nanBits = z3::concat(a.extract(63, 63), constant(0xff, 8));
    nanBits = z3::concat(nanBits, a.extract(51, 29)) | constant(floatbits::quietBit(false), 32);
    result = bitsOf(value, nanBits);
    resultBits = 32;
    break;
  }
  case Op::FPExt: { // float to double, exact
    z3::expr a = expr(resize(ea, 32));
    z3::expr value =
        wrap(c, Z3_mk_fpa_to_fp_float(c, nearestEven, floatOf(a, false), formatOf(c, true)));
    z3::expr nanBits = z3::concat(z3::concat(a.extract(31, 31), constant(0x7ff, 11)),
                                  z3::concat(a.extract(22, 0), constant(0, 29))) |
                       constant(floatbits::quietBit(true), 64);
    result = bitsOf(value, nanBits);
    resultBits = 64;
    break;
  }
  default:
    throw std::logic_error("ExprStore::floating: not a floating-point operation");
  }
  return intern(result.simplify(), resultBits, symbols);
}

} // namespace bpor::symbolic
