# lexc_add_library(<target> EXPORT_NAME <name> INCLUDE_DIR <dir>
#                  SOURCES <src>... [PUBLIC_LINKS <lib>...] [PRIVATE_LINKS <lib>...])
#
# One lexc library the way they all are: the alias lexc::<name>, C++20,
# position-independent, the project's warnings, the public headers under
# <dir>/lexc installed, the target exported in lexcTargets. Each library has an
# include root of its own, so a layer sees exactly the headers of the targets
# it links (docs/architecture.md): including a header of a layer above fails
# to compile.
include_guard(GLOBAL)
include(GNUInstallDirs)

function(lexc_add_library target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "EXPORT_NAME;INCLUDE_DIR" "SOURCES;PUBLIC_LINKS;PRIVATE_LINKS")
  if(NOT ARG_EXPORT_NAME OR NOT ARG_INCLUDE_DIR OR NOT ARG_SOURCES)
    message(FATAL_ERROR "lexc_add_library(${target}): EXPORT_NAME, INCLUDE_DIR and SOURCES are required")
  endif()
  add_library(${target} ${ARG_SOURCES})
  add_library(lexc::${ARG_EXPORT_NAME} ALIAS ${target})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${ARG_EXPORT_NAME} OUTPUT_NAME ${target}
    POSITION_INDEPENDENT_CODE ON)
  target_compile_features(${target} PUBLIC cxx_std_20)
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${ARG_INCLUDE_DIR}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_link_libraries(${target} PUBLIC ${ARG_PUBLIC_LINKS}
    PRIVATE ${ARG_PRIVATE_LINKS} $<BUILD_INTERFACE:lexc_warnings>)
  # Extra flags for the libraries only (scripts/dev asan: -Og, so that the
  # sanitizer suite runs its heavy library code optimized while the tests,
  # many and light, compile fast at -O0).
  if(LEXC_LIBRARY_COMPILE_OPTIONS)
    target_compile_options(${target} PRIVATE ${LEXC_LIBRARY_COMPILE_OPTIONS})
  endif()
  install(TARGETS ${target} EXPORT lexcTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(DIRECTORY ${ARG_INCLUDE_DIR}/lexc DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endfunction()
