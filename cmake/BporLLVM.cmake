# How bporcheck links LLVM and clang.
#
# Libraries, tests and benchmarks link `bpor_llvm`. An executable gets the shared libLLVM
# through it, unless its property BPOR_STATIC_LLVM is on (bpor_link_llvm_statically): then it
# links LLVM's static component libraries and is a position-dependent executable. A run of
# bporcheck is often shorter than the dynamic loader's work on libLLVM (about 340,000
# relocations, most of them copy-on-write faults on its pages): statically linked, an empty
# program takes about a third of the CPU time (docs/results.md, "LLVM linked statically").
#
# The in-process clang (tools/bporcheck/clang/) needs clang's static libraries as well; it is
# built only where they and LLVM's static libraries are installed (libclang-19-dev).

# LLVM's components that bporcheck and the in-process clang use (dependencies follow from
# LLVM's own exported targets).
set(BPOR_LLVM_COMPONENTS core irreader bitreader bitwriter linker transformutils analysis
  passes scalaropts ipo instcombine asmparser object support targetparser demangle)
# And those clang's code generator needs besides. No target's back end: clang emits bitcode
# without a target machine (its own TargetInfo gives the data layout), and each back end's
# static initialisers would run in every bporcheck process.
set(BPOR_CLANG_LLVM_COMPONENTS ${BPOR_LLVM_COMPONENTS} option frontendopenmp frontendhlsl
  frontenddriver frontendoffloading coverage profiledata lto mc mcparser object
  windowsdriver extensions target codegen instrumentation vectorize objcarcopts coroutines
  cfguard hipstdpar irprinter)

option(BPOR_STATIC_LLVM "Link bporcheck against LLVM's static libraries" ON)
if(BPOR_STATIC_LLVM AND NOT TARGET LLVMCore)
  message(STATUS "LLVM's static libraries not found: bporcheck links the shared libLLVM")
  set(BPOR_STATIC_LLVM OFF)
endif()

# Debian's LLVMExtensions names Polly, whose static library is not installed (Polly is in the
# shared libLLVM only); the in-process clang links an empty stand-in (clang/NoPolly.cpp).
if(BPOR_STATIC_LLVM AND TARGET LLVMExtensions AND NOT EXISTS "${LLVM_LIBRARY_DIR}/libPolly.a")
  set_target_properties(LLVMExtensions PROPERTIES INTERFACE_LINK_LIBRARIES LLVMSupport)
endif()

llvm_map_components_to_libnames(BPOR_LLVM_STATIC_LIBS ${BPOR_LLVM_COMPONENTS})
add_library(bpor_llvm INTERFACE)
target_include_directories(bpor_llvm SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS})
if(BPOR_STATIC_LLVM)
  # Evaluated for the executable being linked (the consuming target's property).
  target_link_libraries(bpor_llvm INTERFACE
    "$<IF:$<BOOL:$<TARGET_PROPERTY:BPOR_STATIC_LLVM>>,${BPOR_LLVM_STATIC_LIBS},LLVM>")
else()
  target_link_libraries(bpor_llvm INTERFACE LLVM)
endif()

include(CheckPIESupported)
check_pie_supported()

# Links `target` (an executable) against LLVM's static libraries, without position
# independence (no relocations left for the loader). A no-op without static libraries.
# libstdc++ and libgcc are linked statically too: against the shared libstdc++, every
# class's type information in LLVM and clang needs a relocation at load time (about 7,600),
# writing to some 250 pages of read-only data, each a copy-on-write page fault. (Not under
# the sanitizers, whose runtimes are shared libraries built against the shared libstdc++.)
function(bpor_link_llvm_statically target)
  if(BPOR_STATIC_LLVM)
    set_target_properties(${target} PROPERTIES BPOR_STATIC_LLVM ON
      POSITION_INDEPENDENT_CODE OFF)
    # LLVM's and clang's libraries are built with a section per function: --gc-sections drops
    # the functions nothing calls, a tenth of the binary, and the code a run touches lies
    # closer together (fewer pages faulted in at start-up). Neither under the sanitizers,
    # whose builds are for finding faults, not for speed.
    if(NOT BPOR_SANITIZE AND CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
      target_link_options(${target} PRIVATE -static-libstdc++ -static-libgcc -Wl,--gc-sections)
      bpor_place_hot_code_together(${target})
    endif()
  endif()
endfunction()

# Links `target` with lld, placing the functions a typical run executes next to each other
# (tools/bporcheck/layout/generate.py says how the list is made and why). A run touches some
# 5 MB of the 57 MB of code; spread over all of it, each first touch of a 64 KiB window is a
# page fault. Without lld (Debian's lld-19) the default linker's layout is kept.
find_program(BPOR_LLD ld.lld PATHS "${LLVM_TOOLS_BINARY_DIR}" NO_DEFAULT_PATH)
set(BPOR_HOT_FUNCTIONS "${CMAKE_BINARY_DIR}/layout/hot-functions.txt")
set(BPOR_HOT_FUNCTIONS_ARCHIVE
  "${PROJECT_SOURCE_DIR}/tools/bporcheck/layout/hot-functions.tar.xz")
function(bpor_place_hot_code_together target)
  if(NOT BPOR_LLD)
    return()
  endif()
  if(NOT EXISTS "${BPOR_HOT_FUNCTIONS}" OR
     "${BPOR_HOT_FUNCTIONS_ARCHIVE}" IS_NEWER_THAN "${BPOR_HOT_FUNCTIONS}")
    file(ARCHIVE_EXTRACT INPUT "${BPOR_HOT_FUNCTIONS_ARCHIVE}"
      DESTINATION "${CMAKE_BINARY_DIR}/layout")
    file(TOUCH "${BPOR_HOT_FUNCTIONS}")
  endif()
  set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
    "${BPOR_HOT_FUNCTIONS_ARCHIVE}")
  # -fuse-ld=lld runs the first ld.lld on the compiler's program path: this one (-B), not
  # another LLVM version's.
  set(linker_dir "${CMAKE_BINARY_DIR}/layout/linker")
  file(MAKE_DIRECTORY "${linker_dir}")
  file(CREATE_LINK "${BPOR_LLD}" "${linker_dir}/ld.lld" SYMBOLIC)
  target_link_options(${target} PRIVATE "-B${linker_dir}/" -fuse-ld=lld
    "LINKER:--symbol-ordering-file,${BPOR_HOT_FUNCTIONS}" "LINKER:--no-warn-symbol-ordering")
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${BPOR_HOT_FUNCTIONS}")
endfunction()
