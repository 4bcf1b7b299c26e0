// Writing an output file so that it appears only once complete: a temporary file, then rename.
#pragma once

#include <functional>
#include <ostream>
#include <string>

namespace mneme {

// Calls `write` on a temporary file beside `path` and renames it over `path` when the writing
// succeeded. On any failure (including an exception from `write`) the temporary is removed,
// `path` is left as it was, and std::runtime_error names the file and the reason.
//
// A symbolic link stays a link: the file it points to is the one replaced. An existing output
// that is no regular file (a device such as /dev/null, a FIFO) is written in place, without a
// temporary, since a rename would put a plain file where it was; its write errors are reported
// as well, though what was written before the error stays written.
void write_file_atomically(const std::string& path,
                           const std::function<void(std::ostream&)>& write);

}  // namespace mneme
