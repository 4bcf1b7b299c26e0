#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#include "mneme/util/large_pages.h"

namespace mneme {
namespace {

// The memory must be aligned to a huge page (or the kernel cannot back it with one) and hold
// every byte asked for, sizes that are not a multiple of 2 MB included.
TEST(LargePages, MemoryIsAlignedToTwoMegabytesAndHoldsEveryByteAskedFor) {
    for (std::size_t bytes : {std::size_t(1), std::size_t(32) << 10, (std::size_t(3) << 20) + 7,
                              std::size_t(16) << 20}) {
        LargePagesMemory memory = allocate_large_pages(bytes);
        ASSERT_TRUE(memory) << bytes;
        EXPECT_EQ(reinterpret_cast<std::uintptr_t>(memory.get()) % (std::size_t(2) << 20), 0u)
            << bytes;
        auto* data = static_cast<unsigned char*>(memory.get());
        std::memset(data, 0xa5, bytes);
        EXPECT_EQ(data[0], 0xa5) << bytes;
        EXPECT_EQ(data[bytes - 1], 0xa5) << bytes;
    }
}

}  // namespace
}  // namespace mneme
