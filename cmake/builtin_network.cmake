# Embeds networks/default.mnet (when the file exists) into the library by the assembler's
# .incbin, so that the engine plays with it on a machine that has nothing but the binary.
set(MNEME_DEFAULT_NETWORK ${PROJECT_SOURCE_DIR}/networks/default.mnet)
set(MNEME_BUILTIN_NETWORK_SOURCE ${PROJECT_SOURCE_DIR}/src/mneme/nnue/builtin_network.cpp)
# The file's SHA-256 is part of the compile line: .incbin is invisible to the preprocessor, so a
# compiler cache would otherwise hand back an object holding an older network of the same name.
# A changed file (or one added to networks/) makes CMake configure again, which computes the
# new checksum.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/networks)
if(EXISTS ${MNEME_DEFAULT_NETWORK})
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${MNEME_DEFAULT_NETWORK})
  file(SHA256 ${MNEME_DEFAULT_NETWORK} MNEME_DEFAULT_NETWORK_SHA256)
  set_source_files_properties(${MNEME_BUILTIN_NETWORK_SOURCE} PROPERTIES
    COMPILE_DEFINITIONS "MNEME_NETWORK_PATH=\"${MNEME_DEFAULT_NETWORK}\";MNEME_NETWORK_SHA256=\"${MNEME_DEFAULT_NETWORK_SHA256}\""
    OBJECT_DEPENDS ${MNEME_DEFAULT_NETWORK})
  message(STATUS "built-in network: ${MNEME_DEFAULT_NETWORK}")
else()
  message(STATUS "no built-in network (${MNEME_DEFAULT_NETWORK} is absent): the classic evaluation is the default")
endif()
