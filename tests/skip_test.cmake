# A test that can only skip: prints REASON and leaves the note the skip summary counts.
execute_process(COMMAND ${CMAKE_COMMAND} -E echo "skipped: ${REASON}")
if(DEFINED ENV{MNEME_SKIP_MARKERS} AND NOT "$ENV{MNEME_SKIP_MARKERS}" STREQUAL "")
  file(WRITE "$ENV{MNEME_SKIP_MARKERS}/${NAME}" "${REASON}\n")
endif()
