// Writing a native book as a Polyglot .bin: per position the moves the policy accepts, with
// weights proportional to the policy's values (the best move of each position gets 65535, no
// accepted move less than 1), sorted by key and then by falling weight as Polyglot expects.
// OPTA 3 is exported without its noise: that is drawn at play time.
#pragma once

#include <cstdint>
#include <string>

#include "mneme/book/book_file.h"
#include "mneme/book/book_policy.h"

namespace mneme {

// Returns the number of Polyglot entries written. Throws std::runtime_error naming `path`
// when it cannot be written or when no move passes the policy (then nothing is written).
std::uint64_t export_polyglot(const BookFile& book, const std::string& path,
                              const BookPolicy& policy);

}  // namespace mneme
