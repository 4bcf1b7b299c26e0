#include "mneme/book/polyglot_book.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "mneme/core/movegen.h"

namespace mneme {

namespace {

std::uint64_t read_big_endian(const unsigned char* bytes, int count) {
    std::uint64_t value = 0;
    for (int i = 0; i < count; ++i) value = (value << 8) | bytes[i];
    return value;
}

[[noreturn]] void fail(const std::string& path, const std::string& reason) {
    throw PolyglotBookError(path + ": not a usable Polyglot book: " + reason);
}

std::string hex(std::uint64_t value) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(value));
    return text;
}

}  // namespace

PolyglotBook PolyglotBook::open(const std::string& path) {
    // A directory opens as a stream whose "size" is the largest offset there is.
    std::error_code error;
    // A file that cannot be opened says nothing of its format: the reason alone.
    if (std::filesystem::is_directory(path, error))
        throw PolyglotBookError(path + ": cannot open: it is a directory");
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) throw PolyglotBookError(path + ": cannot open: " + std::strerror(errno));
    std::streamoff size = in.tellg();
    if (size < 0) fail(path, "cannot read its size");
    if (size == 0) fail(path, "the file is empty");
    if (size % ENTRY_BYTES != 0)
        fail(path, "size " + std::to_string(size) + " bytes is not a multiple of 16");

    std::vector<unsigned char> bytes(static_cast<std::size_t>(size));
    in.seekg(0);
    if (!in.read(reinterpret_cast<char*>(bytes.data()), size))
        fail(path, "read error after " + std::to_string(in.gcount()) + " bytes");

    PolyglotBook book;
    book.path_ = path;
    book.records_.resize(bytes.size() / ENTRY_BYTES);
    for (std::size_t i = 0; i < book.records_.size(); ++i) {
        const unsigned char* entry = bytes.data() + i * ENTRY_BYTES;
        PolyglotRecord& r = book.records_[i];
        r.key = read_big_endian(entry, 8);
        r.move = std::uint16_t(read_big_endian(entry + 8, 2));
        r.weight = std::uint16_t(read_big_endian(entry + 10, 2));
        r.learn = std::uint32_t(read_big_endian(entry + 12, 4));
        // Binary search would silently miss entries in an unsorted file: refuse it instead.
        if (i > 0 && r.key < book.records_[i - 1].key)
            fail(path, "keys are not sorted: entry " + std::to_string(i) + " (byte offset " +
                           std::to_string(i * ENTRY_BYTES) + ") has key " + hex(r.key) +
                           " below the previous " + hex(book.records_[i - 1].key));
    }
    return book;
}

std::vector<PolyglotEntry> PolyglotBook::probe(const Position& pos) const {
    std::vector<PolyglotEntry> entries;
    auto first = std::lower_bound(records_.begin(), records_.end(), pos.key(),
                                  [](const PolyglotRecord& r, Key key) { return r.key < key; });
    for (auto it = first; it != records_.end() && it->key == pos.key(); ++it)
        if (Move move = decode_move(it->move, pos))
            entries.push_back({move, it->weight, it->learn});
    return entries;
}

Move PolyglotBook::pick(const Position& pos, std::mt19937_64& rng, bool weighted) const {
    std::vector<PolyglotEntry> entries = probe(pos);
    if (entries.empty()) return Move::none();
    if (!weighted) {
        auto best = std::max_element(
            entries.begin(), entries.end(),
            [](const PolyglotEntry& a, const PolyglotEntry& b) { return a.weight < b.weight; });
        return best->move;
    }
    std::uint64_t total = 0;
    for (const PolyglotEntry& e : entries) total += e.weight;
    if (total == 0) return entries[rng() % entries.size()].move;
    std::uint64_t ticket = rng() % total;
    for (const PolyglotEntry& e : entries) {
        if (ticket < e.weight) return e.move;
        ticket -= e.weight;
    }
    return entries.back().move;  // not reached: the tickets cover exactly `total`
}

std::uint16_t PolyglotBook::encode_move(Move move, const Position& pos) {
    // Move keeps castling as king-takes-rook already, so the position is not needed to
    // translate it; it stays in the signature so callers need not know that.
    (void)pos;
    std::uint16_t bits = std::uint16_t((move.from() << 6) | move.to());
    if (move.kind() == PROMOTION) bits |= std::uint16_t((move.promotion_type() - KNIGHT + 1) << 12);
    return bits;
}

Move PolyglotBook::decode_move(std::uint16_t bits, const Position& pos) {
    Square to = Square(bits & 63), from = Square((bits >> 6) & 63);
    int promotion_code = (bits >> 12) & 7;
    if (promotion_code > 4) return Move::none();
    PieceType promotion = promotion_code ? PieceType(KNIGHT + promotion_code - 1) : NO_PIECE_TYPE;
    for (Move m : MoveList<LEGAL>(pos)) {
        if (m.from() != from || m.to() != to) continue;
        bool promotes = m.kind() == PROMOTION;
        if (promotes ? m.promotion_type() == promotion : promotion == NO_PIECE_TYPE) return m;
    }
    return Move::none();
}

}  // namespace mneme
