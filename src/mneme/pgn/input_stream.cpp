#include "mneme/pgn/input_stream.h"

#include <sys/stat.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

namespace mneme {

namespace {

constexpr std::size_t RAW_BUFFER_SIZE = 1 << 20;
constexpr std::size_t ZSTD_OUTPUT_CHUNK = 16 << 10;

// The undecoded bytes: an open file (or stdin) or an in-memory string.
class RawSource {
public:
    explicit RawSource(std::FILE* file, bool owned) : file_(file), owned_(owned) {}
    explicit RawSource(std::string bytes) : bytes_(std::move(bytes)) {}
    RawSource(const RawSource&) = delete;
    RawSource& operator=(const RawSource&) = delete;
    ~RawSource() {
        if (file_ && owned_) std::fclose(file_);
    }

    std::size_t read(char* buffer, std::size_t size) {
        std::size_t got = 0;
        if (file_) {
            got = std::fread(buffer, 1, size, file_);
            if (got < size && std::ferror(file_)) failed_ = true;
        } else {
            got = std::min(size, bytes_.size() - offset_);
            std::memcpy(buffer, bytes_.data() + offset_, got);
            offset_ += got;
        }
        consumed_ += got;
        return got;
    }
    bool failed() const { return failed_; }
    std::uint64_t consumed() const { return consumed_; }

private:
    std::FILE* file_ = nullptr;
    bool owned_ = false;
    std::string bytes_;
    std::size_t offset_ = 0;
    std::uint64_t consumed_ = 0;
    bool failed_ = false;
};

Compression detect_compression(const char* bytes, std::size_t size) {
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(bytes[i]); };
    if (size >= 2 && byte(0) == 0x1f && byte(1) == 0x8b) return Compression::GZIP;
    if (size >= 4 && byte(0) == 0x28 && byte(1) == 0xb5 && byte(2) == 0x2f && byte(3) == 0xfd)
        return Compression::ZSTD;
    return Compression::NONE;
}

// Reads the raw source, decoding it when the first bytes name a compressed format.
class DecodingStream final : public InputStream {
public:
    // A small input of known size gets a buffer to match (a pasted game, a test string).
    explicit DecodingStream(std::unique_ptr<RawSource> raw, std::uint64_t total_bytes)
        : raw_(std::move(raw)),
          input_(total_bytes == 0
                     ? RAW_BUFFER_SIZE
                     : std::size_t(std::clamp<std::uint64_t>(total_bytes, 16, RAW_BUFFER_SIZE))) {
        total_bytes_ = total_bytes;
        fill_input();
        compression_ = detect_compression(input_.data(), input_end_);
        if (compression_ == Compression::ZSTD) {
            zstd_ = ZSTD_createDStream();
            if (!zstd_) fail("out of memory for the zstd decoder");
        } else if (compression_ == Compression::GZIP) {
            std::memset(&zlib_, 0, sizeof zlib_);
            // 15 + 32: the largest window, with automatic gzip/zlib header detection.
            if (inflateInit2(&zlib_, 15 + 32) != Z_OK)
                fail("cannot start the gzip decoder");
            else
                zlib_started_ = true;
        }
    }
    DecodingStream(const DecodingStream&) = delete;
    DecodingStream& operator=(const DecodingStream&) = delete;

    ~DecodingStream() override {
        if (zstd_) ZSTD_freeDStream(zstd_);
        if (zlib_started_) inflateEnd(&zlib_);
    }

    std::size_t read(char* buffer, std::size_t size) override {
        if (!error_.empty() || size == 0) return 0;
        switch (compression_) {
            case Compression::NONE:
                return read_plain(buffer, size);
            case Compression::ZSTD:
                return read_zstd(buffer, size);
            case Compression::GZIP:
                return read_gzip(buffer, size);
        }
        return 0;
    }

    std::uint64_t bytes_consumed() const override { return raw_->consumed(); }

private:
    void fail(const std::string& why) {
        if (error_.empty()) error_ = why;
    }

    // Refills the input buffer when it is used up; false at the end of the raw bytes.
    bool fill_input() {
        if (input_position_ < input_end_) return true;
        input_position_ = 0;
        input_end_ = raw_->read(input_.data(), input_.size());
        if (raw_->failed()) fail(std::string("read error: ") + std::strerror(errno));
        return input_end_ > 0;
    }

    std::size_t read_plain(char* buffer, std::size_t size) {
        std::size_t from_input = std::min(size, input_end_ - input_position_);
        std::memcpy(buffer, input_.data() + input_position_, from_input);
        input_position_ += from_input;
        std::size_t got = from_input;
        // Large reads go straight from the file into the caller's buffer.
        if (got < size) got += raw_->read(buffer + got, size - got);
        if (raw_->failed()) fail(std::string("read error: ") + std::strerror(errno));
        return got;
    }

    std::size_t read_zstd(char* buffer, std::size_t size) {
        std::size_t produced = 0;
        while (produced < size) {
            if (!fill_input()) {
                if (frame_unfinished_) fail("truncated zstd data");
                break;
            }
            // A call that fails does not report what it wrote before failing: small output
            // chunks lose only the text next to the damage.
            ZSTD_outBuffer out{buffer + produced, std::min(size - produced, ZSTD_OUTPUT_CHUNK), 0};
            ZSTD_inBuffer in{input_.data(), input_end_, input_position_};
            std::size_t status = ZSTD_decompressStream(zstd_, &out, &in);
            input_position_ = in.pos;
            if (ZSTD_isError(status)) {
                fail(std::string("corrupt zstd data: ") + ZSTD_getErrorName(status));
                break;
            }
            produced += out.pos;
            frame_unfinished_ = status != 0;
        }
        return produced;
    }

    std::size_t read_gzip(char* buffer, std::size_t size) {
        zlib_.next_out = reinterpret_cast<Bytef*>(buffer);
        zlib_.avail_out = static_cast<uInt>(std::min<std::size_t>(size, 1u << 30));
        std::size_t wanted = zlib_.avail_out;
        while (zlib_.avail_out > 0) {
            if (zlib_.avail_in == 0) {
                if (!fill_input()) {
                    if (member_unfinished_) fail("truncated gzip data");
                    break;
                }
                zlib_.next_in = reinterpret_cast<Bytef*>(input_.data() + input_position_);
                zlib_.avail_in = static_cast<uInt>(input_end_ - input_position_);
            }
            member_unfinished_ = true;
            int status = inflate(&zlib_, Z_NO_FLUSH);
            input_position_ = input_end_ - zlib_.avail_in;
            if (status == Z_STREAM_END) {
                // Concatenated gzip members (as from `cat a.gz b.gz`) continue the same text.
                member_unfinished_ = false;
                inflateReset(&zlib_);
            } else if (status != Z_OK && !(status == Z_BUF_ERROR && zlib_.avail_in == 0)) {
                fail(std::string("corrupt gzip data: ") +
                     (zlib_.msg ? zlib_.msg : "inflate failed"));
                break;
            }
        }
        return wanted - zlib_.avail_out;
    }

    std::unique_ptr<RawSource> raw_;
    std::vector<char> input_;
    std::size_t input_position_ = 0;
    std::size_t input_end_ = 0;
    ZSTD_DStream* zstd_ = nullptr;
    bool frame_unfinished_ = false;
    z_stream zlib_{};
    bool zlib_started_ = false;
    bool member_unfinished_ = false;
};

}  // namespace

std::unique_ptr<InputStream> InputStream::open(const std::string& path, std::string* error) {
    if (path == "-")
        return std::make_unique<DecodingStream>(std::make_unique<RawSource>(stdin, false), 0);
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file) {
        if (error) *error = "cannot open " + path + ": " + std::strerror(errno);
        return nullptr;
    }
    struct stat info {};
    std::uint64_t size = 0;
    if (fstat(fileno(file), &info) == 0 && S_ISREG(info.st_mode))
        size = std::uint64_t(info.st_size);
    else if (S_ISDIR(info.st_mode)) {
        std::fclose(file);
        if (error) *error = "cannot read " + path + ": it is a directory";
        return nullptr;
    }
    return std::make_unique<DecodingStream>(std::make_unique<RawSource>(file, true), size);
}

std::unique_ptr<InputStream> InputStream::from_string(std::string bytes) {
    std::uint64_t size = bytes.size();
    return std::make_unique<DecodingStream>(std::make_unique<RawSource>(std::move(bytes)), size);
}

}  // namespace mneme
