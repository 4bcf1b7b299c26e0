// Writing an output file so that it appears only once complete: a temporary file, then rename.
#pragma once

#include <functional>
#include <ostream>
#include <string>

namespace mneme {

// Calls `write` on a temporary file beside `path` and renames it over `path` when the writing
// succeeded. On any failure (including an exception from `write`) the temporary is removed,
// `path` is left as it was, and std::runtime_error names the file and the reason.
void write_file_atomically(const std::string& path,
                           const std::function<void(std::ostream&)>& write);

}  // namespace mneme
