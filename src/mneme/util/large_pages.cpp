#include "mneme/util/large_pages.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace mneme {

LargePagesMemory allocate_large_pages(std::size_t bytes) {
    constexpr std::size_t HUGE_PAGE = std::size_t(2) << 20;
    // aligned_alloc wants a size that is a multiple of the alignment.
    std::size_t rounded = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    LargePagesMemory memory(std::aligned_alloc(HUGE_PAGE, rounded));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // Advice only: refused (no transparent huge pages configured), the pages stay small.
    if (memory) madvise(memory.get(), rounded, MADV_HUGEPAGE);
#endif
    return memory;
}

}  // namespace mneme
