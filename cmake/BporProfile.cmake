# Profile-guided optimisation (GCC). BPOR_PGO=1 scripts/build.sh builds bporcheck twice: once
# instrumented with BPOR_PROFILE_GENERATE=<dir>, which scripts/pgo-train.sh runs on programs that
# are not the benchmark rows, then the real build with BPOR_PROFILE_USE=<dir>. The profile guides
# the layout of the hot paths (the search, the interpreter, the runtime's steps); how much that
# gains depends on the training (docs/results.md, "Profile-guided build").
#
# Profiles are named after their object files relative to the build folder
# (-fprofile-prefix-path), so the two builds may live in different folders. Code the training
# never ran keeps its normal optimisation (-fprofile-partial-training), and a source changed
# since the profile was taken is compiled without its profile (-Wno-coverage-mismatch) rather
# than failing: a stale profile costs speed, never correctness.
set(BPOR_PROFILE_GENERATE "" CACHE PATH "Instrument the build to write a profile into this folder")
set(BPOR_PROFILE_USE "" CACHE PATH "Optimise the build with the profile in this folder")

if(BPOR_PROFILE_GENERATE OR BPOR_PROFILE_USE)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU" OR CMAKE_CXX_COMPILER_VERSION VERSION_LESS 11)
    message(WARNING "profile-guided optimisation needs GCC 11 or later: building without it")
  elseif(BPOR_PROFILE_GENERATE)
    add_compile_options(-fprofile-generate=${BPOR_PROFILE_GENERATE}
                        -fprofile-prefix-path=${CMAKE_BINARY_DIR} -fprofile-update=single)
    add_link_options(-fprofile-generate=${BPOR_PROFILE_GENERATE})
    message(STATUS "Instrumented for a profile in ${BPOR_PROFILE_GENERATE}")
  else()
    add_compile_options(-fprofile-use=${BPOR_PROFILE_USE}
                        -fprofile-prefix-path=${CMAKE_BINARY_DIR} -fprofile-partial-training
                        -Wno-missing-profile -Wno-coverage-mismatch)
    message(STATUS "Optimised with the profile in ${BPOR_PROFILE_USE}")
  endif()
endif()
