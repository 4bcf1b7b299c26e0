// Decompression on a second thread: the reader parses one block while the next is decoded.
#pragma once

#include <memory>

#include "mneme/pgn/input_stream.h"

namespace mneme {

// Wraps `source` so that its read() calls run ahead on a background thread, a few blocks in
// advance. Worth it for compressed files, where decoding costs about a third of a replay.
std::unique_ptr<InputStream> read_ahead(std::unique_ptr<InputStream> source);

}  // namespace mneme
