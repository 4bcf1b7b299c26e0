// A byte source over a file, stdin or memory that decompresses gzip and zstd transparently.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace mneme {

enum class Compression { NONE, GZIP, ZSTD };

class InputStream {
public:
    // Opens `path` ("-" is stdin). The format is found from the first bytes, not the name.
    // Returns nullptr and fills `error` when the file cannot be opened.
    static std::unique_ptr<InputStream> open(const std::string& path, std::string* error);
    // Reads from a copy of `bytes` (which may itself be gzip or zstd data).
    static std::unique_ptr<InputStream> from_string(std::string bytes);

    virtual ~InputStream() = default;

    // Reads up to `size` decompressed bytes into `buffer`, fewer only at the end of the input.
    // Returns 0 at the end, or when the data turned out corrupt or truncated (see error()).
    virtual std::size_t read(char* buffer, std::size_t size) = 0;

    // Non-empty after a failure: "corrupt zstd data: ...", "truncated gzip data", ...
    const std::string& error() const { return error_; }
    Compression compression() const { return compression_; }
    // Bytes taken from the file so far (compressed bytes for compressed input) and the file's
    // size (0 when unknown, e.g. a pipe): the two give progress for long reads.
    virtual std::uint64_t bytes_consumed() const = 0;
    std::uint64_t total_bytes() const { return total_bytes_; }

protected:
    std::string error_;
    Compression compression_ = Compression::NONE;
    std::uint64_t total_bytes_ = 0;
};

}  // namespace mneme
