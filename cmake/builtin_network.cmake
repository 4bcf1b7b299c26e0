# Embeds networks/default.mnet (when the file exists) into the library by the assembler's
# .incbin, so that the engine plays with it on a machine that has nothing but the binary.
set(MNEME_DEFAULT_NETWORK ${PROJECT_SOURCE_DIR}/networks/default.mnet)
set(MNEME_BUILTIN_NETWORK_SOURCE ${PROJECT_SOURCE_DIR}/src/mneme/nnue/builtin_network.cpp)
if(EXISTS ${MNEME_DEFAULT_NETWORK})
  set_source_files_properties(${MNEME_BUILTIN_NETWORK_SOURCE} PROPERTIES
    COMPILE_DEFINITIONS "MNEME_NETWORK_PATH=\"${MNEME_DEFAULT_NETWORK}\""
    OBJECT_DEPENDS ${MNEME_DEFAULT_NETWORK})
  message(STATUS "built-in network: ${MNEME_DEFAULT_NETWORK}")
else()
  message(STATUS "no built-in network (${MNEME_DEFAULT_NETWORK} is absent): the classic evaluation is the default")
endif()
