# bpor_bitcode_library(TARGET <lib> FUNCTION <c++ name> SOURCES <files> FLAGS <clang flags>):
# compiles the sources to bitcode with the project's clang, links them into one module and
# embeds its bytes in a static library as `std::string_view <name>()` (namespace bpor).
function(bpor_bitcode_library)
  cmake_parse_arguments(ARG "" "TARGET;FUNCTION" "SOURCES;FLAGS" ${ARGN})
  set(bitcodes)
  foreach(source ${ARG_SOURCES})
    get_filename_component(name ${source} NAME_WE)
    get_filename_component(extension ${source} EXT)
    set(compiler ${BPOR_CLANG})
    if(extension STREQUAL ".cpp")
      set(compiler ${BPOR_CLANG}++)
    endif()
    set(output ${CMAKE_CURRENT_BINARY_DIR}/${ARG_TARGET}/${name}.bc)
    add_custom_command(OUTPUT ${output}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/${ARG_TARGET}
      COMMAND ${compiler} ${ARG_FLAGS} -emit-llvm -c ${CMAKE_CURRENT_SOURCE_DIR}/${source}
        -o ${output}
      DEPENDS ${source}
      IMPLICIT_DEPENDS CXX ${CMAKE_CURRENT_SOURCE_DIR}/${source}
      COMMENT "Bitcode library ${ARG_TARGET}: ${source}")
    list(APPEND bitcodes ${output})
  endforeach()
  set(linked ${CMAKE_CURRENT_BINARY_DIR}/${ARG_TARGET}.bc)
  add_custom_command(OUTPUT ${linked}
    COMMAND ${LLVM_TOOLS_BINARY_DIR}/llvm-link ${bitcodes} -o ${linked}
    DEPENDS ${bitcodes}
    COMMENT "Bitcode library ${ARG_TARGET}: linking")
  set(embedded ${CMAKE_CURRENT_BINARY_DIR}/${ARG_TARGET}.cpp)
  add_custom_command(OUTPUT ${embedded}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${linked} -DOUTPUT=${embedded} -DFUNCTION=${ARG_FUNCTION}
      -P ${PROJECT_SOURCE_DIR}/runtime/EmbedBitcode.cmake
    DEPENDS ${linked} ${PROJECT_SOURCE_DIR}/runtime/EmbedBitcode.cmake)
  add_library(${ARG_TARGET} STATIC ${embedded})
endfunction()
