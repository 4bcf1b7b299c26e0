// The training position file (.mpos): a header with a format version, the number of positions,
// a checksum and a description of how the file was made, then 32-byte packed positions.
// Written atomically; a truncated, corrupt or foreign file is rejected with the reason.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "mneme/learn/training_position.h"

namespace mneme {

// The message names the file and what is wrong with it.
class PositionFileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct PositionFile {
    std::string description;  // e.g. the command line that made it
    std::vector<TrainingPosition> positions;
};

constexpr std::uint32_t POSITION_FILE_VERSION = 1;

// The checksum a file of these positions records (over the packed records alone, so files with
// the same positions have the same checksum whatever their descriptions say).
std::uint64_t position_records_checksum(const std::vector<TrainingPosition>& positions);

// Throws std::runtime_error when the file cannot be written; `path` is then left as it was.
void save_position_file(const std::string& path, const PositionFile& file);
// Throws PositionFileError for a file that cannot be read or is not a valid position file.
PositionFile load_position_file(const std::string& path);

}  // namespace mneme
