# Writes ${CMAKE_BINARY_DIR}/generated/build_info.cpp (cmake/build_info.cpp.in), the facts
# 'mneme --version' prints: version, commit, compiler and the options of this build. The commit
# is read from git when CMake configures ("unknown" outside a git checkout); a new commit or
# checkout makes the next build configure again, so it stays current.
set(MNEME_GIT_COMMIT unknown)
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --short=12 HEAD
                  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                  OUTPUT_VARIABLE commit RESULT_VARIABLE status
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --absolute-git-dir
                  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                  OUTPUT_VARIABLE git_directory RESULT_VARIABLE git_directory_status
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(status EQUAL 0 AND commit)
    set(MNEME_GIT_COMMIT ${commit})
  endif()
  # The reflog of HEAD changes on every commit and checkout.
  if(git_directory_status EQUAL 0 AND EXISTS "${git_directory}/logs/HEAD")
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${git_directory}/logs/HEAD")
  endif()
endif()

string(TOUPPER "${CMAKE_BUILD_TYPE}" build_type)
get_directory_property(compile_options COMPILE_OPTIONS)
list(JOIN compile_options " " compile_options)
string(STRIP "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${build_type}} ${compile_options}"
       MNEME_BUILD_FLAGS)
string(REGEX REPLACE " +" " " MNEME_BUILD_FLAGS "${MNEME_BUILD_FLAGS}")
if(MNEME_NATIVE)
  set(MNEME_NATIVE_TEXT "yes (-march=native: this machine's CPU only)")
else()
  set(MNEME_NATIVE_TEXT "no (portable)")
endif()
if(MNEME_SANITIZE)
  set(MNEME_SANITIZE_TEXT "AddressSanitizer and UBSan")
else()
  set(MNEME_SANITIZE_TEXT "none")
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/build_info.cpp.in
               ${CMAKE_BINARY_DIR}/generated/build_info.cpp @ONLY)
