// Memory for large tables that are read at random (the transposition table): aligned to 2 MB
// and, on Linux, marked for transparent huge pages. With 4 KB pages nearly every probe of a
// table of many megabytes also misses the address translation cache; with 2 MB pages the
// translations of a 16 MB table fit in it. Where the kernel grants no huge pages (or the
// system is not Linux) the memory is ordinary memory and works the same.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>

namespace mneme {

struct LargePagesFree {
    void operator()(void* memory) const { std::free(memory); }
};
using LargePagesMemory = std::unique_ptr<void, LargePagesFree>;

// At least `bytes` bytes (not zeroed), or an empty pointer when the memory cannot be had.
LargePagesMemory allocate_large_pages(std::size_t bytes);

}  // namespace mneme
