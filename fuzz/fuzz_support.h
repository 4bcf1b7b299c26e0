// What the libFuzzer targets share: the input as text or as a file (the readers of mneme's
// binary formats map files), a check that stops the run like a crash, and a few positions to
// parse moves in.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "mneme/core/position.h"

// libFuzzer's entry point, which every target defines.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace mneme::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// An invariant broken by an input that the reader accepted: report it as a crash.
#define MNEME_FUZZ_CHECK(condition)                                                       \
    do {                                                                                  \
        if (!(condition)) {                                                               \
            std::fprintf(stderr, "fuzz check failed: %s (%s:%d)\n", #condition, __FILE__, \
                         __LINE__);                                                       \
            std::abort();                                                                 \
        }                                                                                 \
    } while (false)

// The input written to a file of this process in /dev/shm (memory, not the disk), rewritten for
// every input. `tag` keeps the files of several targets in one process apart.
class InputFile {
public:
    explicit InputFile(const char* tag)
        : path_((access("/dev/shm", W_OK) == 0 ? std::string("/dev/shm") : std::string("/tmp")) +
                "/mneme-fuzz-" + tag + "-" + std::to_string(getpid())) {}
    ~InputFile() { std::remove(path_.c_str()); }
    const std::string& write(std::string_view bytes) {
        std::ofstream out(path_, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), std::streamsize(bytes.size()));
        return path_;
    }
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

// Positions to read moves in, chosen by the input's first byte: the start, "Kiwipete" (castling,
// en passant, pins), promotions both ways, an en passant capture, a Chess960 start.
inline constexpr const char* POSITIONS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
};
inline constexpr const char* CHESS960_POSITION =
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";

// The position an input's first byte chooses: one of POSITIONS, or the Chess960 one.
inline Position position_chosen_by(std::uint8_t byte) {
    constexpr std::size_t COUNT = std::size(POSITIONS);
    std::size_t choice = byte % (COUNT + 1);
    return choice == COUNT ? Position::from_fen(CHESS960_POSITION, true)
                           : Position::from_fen(POSITIONS[choice]);
}

}  // namespace mneme::fuzz

namespace mneme::fuzz {

// A mutated file fails its checksum before anything after it is read. The readers name the
// checksum they computed ("... entries 0x0123456789abcdef): the file is corrupt"), so the
// fuzzer writes that value into the header at `offset` and tries again: then the records
// themselves, with every value the mutation gave them, reach the code that uses them.
inline bool repair_checksum(std::string& bytes, const std::string& message, std::size_t offset) {
    if (message.find("checksum mismatch") == std::string::npos) return false;
    std::size_t last = message.rfind("0x");
    if (last == std::string::npos || bytes.size() < offset + 8) return false;
    std::uint64_t value = std::strtoull(message.c_str() + last + 2, nullptr, 16);
    for (int i = 0; i < 8; ++i) bytes[offset + i] = char(value >> (8 * i));
    return true;
}

// Opens `bytes` with `open` (which reads the file at a path), repairing a checksum mismatch once
// (repair_checksum) so that mutated records are read too; nullopt when the file is refused.
template <typename File, typename Error, typename Open>
std::optional<File> open_repairing(InputFile& file, std::string bytes, std::size_t checksum_offset,
                                   Open open) {
    for (int attempt = 0; attempt < 2; ++attempt) {
        try {
            return open(file.write(bytes));
        } catch (const Error& error) {
            if (!repair_checksum(bytes, error.what(), checksum_offset)) return std::nullopt;
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }
    return std::nullopt;
}

}  // namespace mneme::fuzz
