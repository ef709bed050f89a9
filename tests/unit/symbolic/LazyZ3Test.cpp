// Z3 loaded on its first call (symbolic/LazyZ3.cpp): not loaded before, loaded and working after.
#include <z3++.h>

#include <gtest/gtest.h>

#include <link.h>
#include <string>

namespace {

bool z3Loaded() {
  bool found = false;
  dl_iterate_phdr(
      [](dl_phdr_info *info, size_t, void *data) {
        if (info->dlpi_name && std::string(info->dlpi_name).find("libz3") != std::string::npos)
          *static_cast<bool *>(data) = true;
        return 0;
      },
      &found);
  return found;
}

} // namespace

TEST(LazyZ3, LoadedOnTheFirstCallOnly) {
  EXPECT_FALSE(z3Loaded());
  z3::context context;
  EXPECT_TRUE(z3Loaded());
  z3::solver solver(context);
  z3::expr x = context.bv_const("x", 32);
  solver.add(x * 3 + 7 == 28);
  ASSERT_EQ(solver.check(), z3::sat);
  EXPECT_EQ(solver.get_model().eval(x).get_numeral_uint(), 7u);
  // Floating-point arguments and results pass through the stubs as well (xmm registers).
  z3::sort dbl(context, Z3_mk_fpa_sort_double(context));
  z3::expr half(context, Z3_mk_fpa_numeral_double(context, 0.5, dbl));
  z3::expr two(context, Z3_mk_fpa_numeral_int(context, 2, dbl));
  z3::expr one(context, Z3_mk_fpa_numeral_int(context, 1, dbl));
  z3::expr nearestEven(context, Z3_mk_fpa_rne(context));
  z3::expr twice(context, Z3_mk_fpa_mul(context, nearestEven, half, two));
  z3::expr isOne(context, Z3_mk_fpa_eq(context, twice, one));
  EXPECT_TRUE(isOne.simplify().is_true());
  z3::expr quarter = context.real_val(1, 4);
  EXPECT_EQ(Z3_get_numeral_double(context, quarter), 0.25);
}
