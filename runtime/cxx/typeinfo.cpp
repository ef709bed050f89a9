// Run-time type information that libsupc++ provides: the vtables of the type-info classes
// (the interpreter tells a class type info's kind by them, interp/Unwind.cpp), std::type_info's
// own members, and the type infos of the fundamental types and pointers to them, which every
// `throw 42` or `catch (const char *)` names.
#include <cstring>
#include <typeinfo>

namespace std {
type_info::~type_info() {}
bool type_info::__do_catch(const type_info *thrown, void **, unsigned) const {
  return *this == *thrown;
}
bool type_info::__do_upcast(const __cxxabiv1::__class_type_info *, void **) const {
  return false;
}
bool type_info::__is_pointer_p() const { return false; }
bool type_info::__is_function_p() const { return false; }
} // namespace std

// Only their addresses matter: a type info's first word points two words into its kind's
// vtable. Room for the virtual functions is left, never filled (no type info is used
// polymorphically by interpreted code apart from through these addresses).
#define BPOR_VTABLE(Name, Symbol) extern "C" void *Name[12] __asm__(Symbol) = {};
BPOR_VTABLE(bporClassTypeInfoVtable, "_ZTVN10__cxxabiv117__class_type_infoE")
BPOR_VTABLE(bporSingleBaseVtable, "_ZTVN10__cxxabiv120__si_class_type_infoE")
BPOR_VTABLE(bporMultipleBasesVtable, "_ZTVN10__cxxabiv121__vmi_class_type_infoE")
BPOR_VTABLE(bporFundamentalVtable, "_ZTVN10__cxxabiv123__fundamental_type_infoE")
BPOR_VTABLE(bporPointerVtable, "_ZTVN10__cxxabiv119__pointer_type_infoE")
BPOR_VTABLE(bporEnumVtable, "_ZTVN10__cxxabiv116__enum_type_infoE")
BPOR_VTABLE(bporFunctionVtable, "_ZTVN10__cxxabiv120__function_type_infoE")
BPOR_VTABLE(bporArrayVtable, "_ZTVN10__cxxabiv117__array_type_infoE")
#undef BPOR_VTABLE

namespace {
struct FundamentalTypeInfo {
  void **vtable;
  const char *name;
};
struct PointerTypeInfo {
  void **vtable;
  const char *name;
  unsigned flags; // 1: const, 2: volatile
  const void *pointee;
};
} // namespace

// T, T* and const T* for each fundamental type (as libsupc++ provides them).
#define BPOR_FUNDAMENTAL(Code)                                                                 \
  extern "C" const FundamentalTypeInfo bporTypeInfo_##Code __asm__("_ZTI" #Code) = {         \
      bporFundamentalVtable + 2, #Code};                                                       \
  extern "C" const PointerTypeInfo bporPointerTypeInfo_##Code __asm__("_ZTIP" #Code) = {     \
      bporPointerVtable + 2, "P" #Code, 0, &bporTypeInfo_##Code};                              \
  extern "C" const PointerTypeInfo bporConstPointerTypeInfo_##Code __asm__("_ZTIPK" #Code) = { \
      bporPointerVtable + 2, "PK" #Code, 1, &bporTypeInfo_##Code};
BPOR_FUNDAMENTAL(v)
BPOR_FUNDAMENTAL(b)
BPOR_FUNDAMENTAL(c)
BPOR_FUNDAMENTAL(a)
BPOR_FUNDAMENTAL(h)
BPOR_FUNDAMENTAL(s)
BPOR_FUNDAMENTAL(t)
BPOR_FUNDAMENTAL(i)
BPOR_FUNDAMENTAL(j)
BPOR_FUNDAMENTAL(l)
BPOR_FUNDAMENTAL(m)
BPOR_FUNDAMENTAL(x)
BPOR_FUNDAMENTAL(y)
BPOR_FUNDAMENTAL(f)
BPOR_FUNDAMENTAL(d)
BPOR_FUNDAMENTAL(e)
BPOR_FUNDAMENTAL(w)
#undef BPOR_FUNDAMENTAL

// The type thread cancellation unwinds with (libstdc++ catches it by reference to rethrow it).
extern "C" const FundamentalTypeInfo bporForcedUnwindTypeInfo __asm__(
    "_ZTIN10__cxxabiv115__forced_unwindE") = {bporClassTypeInfoVtable + 2,
                                              "N10__cxxabiv115__forced_unwindE"};
