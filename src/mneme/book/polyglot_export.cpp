#include "mneme/book/polyglot_export.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "mneme/util/atomic_file.h"

namespace mneme {

namespace {

struct WeightedMove {
    std::uint16_t move;
    std::uint16_t weight;
};

void put_big_endian(std::string& out, std::uint64_t value, int bytes) {
    for (int i = bytes - 1; i >= 0; --i) out += char((value >> (8 * i)) & 0xff);
}

// The accepted moves of one position with their Polyglot weights, heaviest first.
std::vector<WeightedMove> weigh(std::span<const BookEntry> entries, const BookPolicy& policy) {
    std::vector<BookCandidate> candidates;
    for (const BookEntry& e : entries) candidates.push_back(BookCandidate::from_entry(e));
    std::vector<PolicyRating> ratings = rate_candidates(candidates, policy);
    double top = 0;
    for (const PolicyRating& r : ratings)
        if (r.eligible) top = std::max(top, r.value);

    std::vector<WeightedMove> moves;
    for (std::size_t i = 0; i < ratings.size(); ++i) {
        if (!ratings[i].eligible) continue;
        double scaled = top > 0 ? std::round(ratings[i].value / top * 65535) : 1;
        moves.push_back({candidates[i].move, std::uint16_t(std::clamp(scaled, 1.0, 65535.0))});
    }
    std::stable_sort(moves.begin(), moves.end(), [](const WeightedMove& a, const WeightedMove& b) {
        return a.weight > b.weight;
    });
    return moves;
}

}  // namespace

std::uint64_t export_polyglot(const BookFile& book, const std::string& path,
                              const BookPolicy& policy) {
    std::uint64_t written = 0;
    write_file_atomically(path, [&](std::ostream& out) {
        std::span<const BookEntry> all = book.entries();
        std::string bytes;
        for (std::size_t first = 0; first < all.size();) {
            std::size_t last = first;
            while (last < all.size() && all[last].key == all[first].key) ++last;
            for (const WeightedMove& m : weigh(all.subspan(first, last - first), policy)) {
                put_big_endian(bytes, all[first].key, 8);
                put_big_endian(bytes, m.move, 2);
                put_big_endian(bytes, m.weight, 2);
                put_big_endian(bytes, 0, 4);  // learn
                ++written;
            }
            first = last;
            if (bytes.size() >= (1 << 20)) {
                out.write(bytes.data(), std::streamsize(bytes.size()));
                bytes.clear();
            }
        }
        out.write(bytes.data(), std::streamsize(bytes.size()));
        // An empty .bin is a valid Polyglot book that never answers: refuse to make one.
        if (written == 0)
            throw std::runtime_error(path + " was not written: no move of " + book.path() +
                                     " passes policy " +
                                     std::string(book_policy_name(policy.kind)) + " (at least " +
                                     std::to_string(policy.effective_min_games()) + " games)");
    });
    return written;
}

}  // namespace mneme
