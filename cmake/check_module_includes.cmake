# Run by cmake/library_modules.cmake before a module is compiled (cmake -P): every
# #include "mneme/<module>/..." in the module's files must name the module itself or one below
# it. SETTINGS defines MODULE, ALLOWED and FILES; STAMP is touched when all is well.
cmake_minimum_required(VERSION 3.22)
include(${SETTINGS})
set(problems "")
foreach(file IN LISTS FILES)
  file(STRINGS ${file} lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"mneme/")
  foreach(line IN LISTS lines)
    string(REGEX MATCH "mneme/([a-z0-9_]+)/" found "${line}")
    set(used ${CMAKE_MATCH_1})
    if(NOT used IN_LIST ALLOWED)
      string(APPEND problems "  ${file}: ${line}\n")
    endif()
  endforeach()
endforeach()
if(problems)
  message(FATAL_ERROR "module ${MODULE} includes a module above it or beside it:\n${problems}"
                      "module ${MODULE} may include: ${ALLOWED} (cmake/library_modules.cmake)")
endif()
file(TOUCH ${STAMP})
