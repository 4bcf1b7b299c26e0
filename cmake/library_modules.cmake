# The library as modules, each a static library linked only to the modules below it:
#
#   util < core < notation < pgn          eval < nnue       search (core, eval)
#   book (pgn, search) < cbr (book) < match (cbr, nnue) < learn (match, nnue), protocol (match, nnue)
#   gui (cbr, nnue)
#
# A module's sources may include only its own headers and those of the modules below it (the
# closure of DEPENDS). The check runs before a module's objects are compiled, so an upward
# include fails the build, naming the file, the line and the modules it may use.
set(MNEME_MODULE_CHECK ${PROJECT_SOURCE_DIR}/cmake/check_module_includes.cmake)

function(mneme_module name)
  cmake_parse_arguments(MODULE "" "" "DEPENDS" ${ARGN})
  set(directory ${PROJECT_SOURCE_DIR}/src/mneme/${name})
  file(GLOB sources CONFIGURE_DEPENDS ${directory}/*.cpp)
  file(GLOB headers CONFIGURE_DEPENDS ${directory}/*.h)
  set(target mneme_${name})
  add_library(${target} STATIC ${sources})
  target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR}/src)

  set(allowed ${name})
  foreach(dependency IN LISTS MODULE_DEPENDS)
    if(NOT TARGET mneme_${dependency})
      message(FATAL_ERROR "module ${name}: ${dependency} must be declared before it")
    endif()
    target_link_libraries(${target} PUBLIC mneme_${dependency})
    get_property(below GLOBAL PROPERTY MNEME_MODULE_ALLOWED_${dependency})
    list(APPEND allowed ${below})
  endforeach()
  list(REMOVE_DUPLICATES allowed)
  list(SORT allowed)
  set_property(GLOBAL PROPERTY MNEME_MODULE_ALLOWED_${name} ${allowed})

  set(stamp ${CMAKE_BINARY_DIR}/module_includes/${name}.checked)
  set(settings ${CMAKE_BINARY_DIR}/module_includes/${name}.cmake)
  file(WRITE ${settings}.new "set(MODULE ${name})\nset(ALLOWED \"${allowed}\")\nset(FILES \"${sources};${headers}\")\n")
  file(COPY_FILE ${settings}.new ${settings} ONLY_IF_DIFFERENT)
  add_custom_command(
    OUTPUT ${stamp}
    COMMAND ${CMAKE_COMMAND} -DSETTINGS=${settings} -DSTAMP=${stamp} -P ${MNEME_MODULE_CHECK}
    DEPENDS ${sources} ${headers} ${settings} ${MNEME_MODULE_CHECK}
    COMMENT "Checking the includes of module ${name}"
    VERBATIM)
  add_custom_target(${target}_includes DEPENDS ${stamp})
  add_dependencies(${target} ${target}_includes)
endfunction()

mneme_module(util)
target_link_libraries(mneme_util PUBLIC ZLIB::ZLIB PkgConfig::ZSTD Threads::Threads)
mneme_module(core DEPENDS util)
mneme_module(notation DEPENDS core)
mneme_module(pgn DEPENDS notation)
mneme_module(eval DEPENDS core)
mneme_module(nnue DEPENDS eval)
mneme_module(search DEPENDS eval)
mneme_module(book DEPENDS pgn search)
mneme_module(cbr DEPENDS book)
mneme_module(match DEPENDS cbr nnue)
mneme_module(learn DEPENDS match nnue)
mneme_module(protocol DEPENDS match nnue)

# Everything but the GUI, for the command line, the tests and the fuzz targets.
add_library(mneme_lib INTERFACE)
target_link_libraries(mneme_lib INTERFACE mneme_learn mneme_protocol)
