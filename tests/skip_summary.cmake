# Ends a ctest run (CTEST_CUSTOM_POST_TEST, see tests/CMakeLists.txt) with one line per reason
# for which tests skipped: "N tests skipped: REASON".
# MARKERS is the folder where every skipped test left a file holding its reason.
file(GLOB markers "${MARKERS}/*")
set(keys "")
foreach(marker IN LISTS markers)
  # READ, not STRINGS, which would escape the semicolons of a reason as list separators.
  file(READ "${marker}" reason)
  string(REGEX REPLACE "\n.*" "" reason "${reason}")
  string(MD5 key "${reason}")
  if(NOT DEFINED count_${key})
    list(APPEND keys ${key})
    set(reason_${key} "${reason}")
    set(count_${key} 0)
  endif()
  math(EXPR count_${key} "${count_${key}} + 1")
endforeach()

foreach(key IN LISTS keys)
  if(count_${key} EQUAL 1)
    set(tests "1 test")
  else()
    set(tests "${count_${key}} tests")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E echo "${tests} skipped: ${reason_${key}}")
endforeach()
