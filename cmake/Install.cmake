# The package for policies built outside the tree (docs/policies.md, "A policy outside the tree"). `cmake --install`
# puts under <prefix>:
#   include/coalsim/sim/...        the headers a policy includes: sim/api/ and what they include of sim/config/, none
#                                  of the engine (a header of the policy API that includes one stops the configuration)
#   lib/cmake/coalsim/             the CMake package, find_package(coalsim):
#     coalsim::policy_api          what a policy's shared library compiles and links with: those headers, C++20,
#                                  SimGrid's headers (Capabilities.hpp's xbt_assert), and coalsim::simulate
#     coalsim::simulate            the installed simulate, built with ENABLE_EXPORTS: a plugin is linked against none
#                                  of coalsim's code; its undefined symbols (the registry, the API's functions) resolve
#                                  against the simulate that loads it (--plugin), so that it registers into that
#                                  process's one registry. It must be built with that simulate's headers.

# The headers of the policy API: sim/api/*.hpp and every header of the tree they include, transitively.
file(GLOB policy_api_headers RELATIVE ${PROJECT_SOURCE_DIR} CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/sim/api/*.hpp)
set(policy_api_unread ${policy_api_headers})
while(policy_api_unread)
  list(POP_FRONT policy_api_unread header)
  file(STRINGS ${PROJECT_SOURCE_DIR}/${header} included REGEX "^#include \"[^\"]+\"")
  foreach(line ${included})
    string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" path "${line}")
    if(NOT path MATCHES "^sim/(api|config)/")
      message(FATAL_ERROR "${header} includes ${path}: the policy API (sim/api) may include only sim/api and "
                          "sim/config headers, which cmake/Install.cmake installs for policies built outside the tree")
    endif()
    if(NOT path IN_LIST policy_api_headers)
      list(APPEND policy_api_headers ${path})
      list(APPEND policy_api_unread ${path})
    endif()
  endforeach()
endwhile()
foreach(header ${policy_api_headers})
  get_filename_component(folder ${header} DIRECTORY)
  install(FILES ${PROJECT_SOURCE_DIR}/${header} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/coalsim/${folder})
endforeach()

add_library(coalsim_policy_api INTERFACE)
set_target_properties(coalsim_policy_api PROPERTIES EXPORT_NAME policy_api)
target_compile_features(coalsim_policy_api INTERFACE cxx_std_20)
target_include_directories(coalsim_policy_api INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/coalsim>)
foreach(directory ${SIMGRID_INCLUDE_DIRS})
  target_include_directories(coalsim_policy_api INTERFACE $<INSTALL_INTERFACE:${directory}>)
endforeach()
target_link_libraries(coalsim_policy_api INTERFACE simulate)
install(TARGETS coalsim_policy_api EXPORT coalsimTargets)

set(COALSIM_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/coalsim)
install(EXPORT coalsimTargets NAMESPACE coalsim:: DESTINATION ${COALSIM_PACKAGE_DIR})
include(CMakePackageConfigHelpers)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/coalsimConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/generated/coalsimConfig.cmake INSTALL_DESTINATION ${COALSIM_PACKAGE_DIR})
# Exactly this version: the plugin and simulate share the API's types, so nothing of them may differ.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/generated/coalsimConfigVersion.cmake
                                 COMPATIBILITY ExactVersion)
install(FILES ${PROJECT_BINARY_DIR}/generated/coalsimConfig.cmake
              ${PROJECT_BINARY_DIR}/generated/coalsimConfigVersion.cmake DESTINATION ${COALSIM_PACKAGE_DIR})

# The `coalsim` Python module (docs/python-policies.md), where Debian's python3 looks for the modules of a prefix:
# <prefix>/lib/python3/dist-packages (on sys.path for /usr and /usr/local; elsewhere PYTHONPATH names it). The module
# is self-contained: coalsim's code is compiled into it, and the libraries it links are the system's.
if(COALSIM_PYTHON)
  set(COALSIM_PYTHON_INSTALL_DIR lib/python3/dist-packages
      CACHE STRING "Where `cmake --install` puts the coalsim Python module, relative to the prefix")
  install(TARGETS coalsim_python_module LIBRARY DESTINATION ${COALSIM_PYTHON_INSTALL_DIR})
endif()
