# Embeds the defaults/ folder's opening books (*.mbook) and case bases (*.mcases) into the
# library with the assembler's .incbin, so that a binary alone has them; mneme reads them under
# the names "builtin:FILE" (src/mneme/util/builtin_files.h). Writes
# ${CMAKE_BINARY_DIR}/generated/builtin_files.cpp from cmake/builtin_files.cpp.in.
#
# The generated source carries each file's SHA-256: .incbin is invisible to the preprocessor, so
# without it a compiler cache would hand back an object holding an older file of the same name.
# A changed or new file makes CMake configure again, which writes the new checksums.
set(MNEME_DEFAULTS_DIR ${PROJECT_SOURCE_DIR}/defaults)
file(GLOB MNEME_DEFAULT_FILES CONFIGURE_DEPENDS
     ${MNEME_DEFAULTS_DIR}/*.mbook ${MNEME_DEFAULTS_DIR}/*.mcases
     ${MNEME_DEFAULTS_DIR}/lichess_openings_?.tsv)
list(SORT MNEME_DEFAULT_FILES)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${MNEME_DEFAULT_FILES})

set(MNEME_BUILTIN_ASSEMBLY "")
set(MNEME_BUILTIN_TABLE "")
set(MNEME_BUILTIN_DECLARATIONS "")
set(index 0)
foreach(path IN LISTS MNEME_DEFAULT_FILES)
  get_filename_component(name ${path} NAME)
  if(NOT name MATCHES "^[A-Za-z0-9._-]+$" OR path MATCHES "[\"\\\\]")
    message(FATAL_ERROR "${path}: a built-in file's name may hold only letters, digits, '.', '_' "
                        "and '-', and its path no quote or backslash")
  endif()
  file(SHA256 ${path} sha256)
  file(SIZE ${path} size)
  string(APPEND MNEME_BUILTIN_ASSEMBLY
         "    \".balign 64\\n\"\n"
         "    \".global mneme_builtin_${index}\\n\"\n"
         "    \".hidden mneme_builtin_${index}\\n\"\n"
         "    \"mneme_builtin_${index}:\\n\"\n"
         "    \".incbin \\\"${path}\\\"\\n\"\n")
  string(APPEND MNEME_BUILTIN_TABLE
         "    {\"${name}\", {mneme_builtin_${index}, ${size}}, \"${sha256}\"},\n")
  string(APPEND MNEME_BUILTIN_DECLARATIONS
         "extern \"C\" const unsigned char mneme_builtin_${index}[];\n")
  message(STATUS "built-in file: ${name} (${size} bytes, sha256 ${sha256})")
  math(EXPR index "${index} + 1")
endforeach()
if(index EQUAL 0)
  message(STATUS "no built-in book or case base (${MNEME_DEFAULTS_DIR} holds none)")
endif()
set(MNEME_BUILTIN_COUNT ${index})
configure_file(${PROJECT_SOURCE_DIR}/cmake/builtin_files.cpp.in
               ${CMAKE_BINARY_DIR}/generated/builtin_files.cpp @ONLY)
target_sources(mneme_util PRIVATE ${CMAKE_BINARY_DIR}/generated/builtin_files.cpp)
set_source_files_properties(${CMAKE_BINARY_DIR}/generated/builtin_files.cpp PROPERTIES
  OBJECT_DEPENDS "${MNEME_DEFAULT_FILES}")
