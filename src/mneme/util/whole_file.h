// Reading a whole binary file into memory, for the formats that check a checksum over all of it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mneme {

// Fills `bytes` with the file's content and returns ""; or returns why it could not ("cannot
// open: No such file or directory", "cannot read"), for the caller to prefix with the file.
std::string read_whole_file(const std::string& path, std::vector<std::uint8_t>& bytes);

}  // namespace mneme
