#include "mneme/book/book_policy.h"

#include <cmath>

namespace mneme {

namespace {

constexpr BookPolicyKind ALL_POLICIES[] = {BookPolicyKind::OPTA1, BookPolicyKind::OPTA2,
                                           BookPolicyKind::OPTA3, BookPolicyKind::WILSON,
                                           BookPolicyKind::BEST,  BookPolicyKind::WEIGHTED};

// A uniform number in [0, 1) from the top 53 bits of one draw.
double unit_interval(std::mt19937_64& rng) { return double(rng() >> 11) * 0x1.0p-53; }

}  // namespace

bool parse_book_policy(std::string_view text, BookPolicyKind& kind) {
    for (BookPolicyKind k : ALL_POLICIES)
        if (text == book_policy_name(k)) {
            kind = k;
            return true;
        }
    return false;
}

std::string_view book_policy_name(BookPolicyKind kind) {
    switch (kind) {
        case BookPolicyKind::OPTA1:
            return "opta1";
        case BookPolicyKind::OPTA2:
            return "opta2";
        case BookPolicyKind::OPTA3:
            return "opta3";
        case BookPolicyKind::WILSON:
            return "wilson";
        case BookPolicyKind::BEST:
            return "best";
        case BookPolicyKind::WEIGHTED:
            return "weighted";
    }
    return "?";
}

std::string book_policy_names(char separator) {
    std::string names;
    for (BookPolicyKind k : ALL_POLICIES) {
        if (!names.empty()) names += separator;
        names += book_policy_name(k);
    }
    return names;
}

std::int64_t BookPolicy::effective_min_games() const {
    if (min_games >= 0) return min_games;
    return kind == BookPolicyKind::WILSON || kind == BookPolicyKind::WEIGHTED ? 1 : 20;
}

BookCandidate BookCandidate::from_entry(const BookEntry& entry) {
    BookCandidate c;
    c.move = entry.move;
    bool white = entry.mover_color() == WHITE;
    c.wins = white ? entry.white_wins : entry.black_wins;
    c.losses = white ? entry.black_wins : entry.white_wins;
    c.draws = entry.draws;
    c.average_elo = entry.average_elo();
    return c;
}

double wilson_lower_bound(double score, std::uint64_t games, double z) {
    if (games == 0) return 0;
    double n = double(games), z2 = z * z;
    double centre = score + z2 / (2 * n);
    double spread = z * std::sqrt(score * (1 - score) / n + z2 / (4 * n * n));
    return (centre - spread) / (1 + z2 / n);
}

std::vector<PolicyRating> rate_candidates(const std::vector<BookCandidate>& candidates,
                                          const BookPolicy& policy) {
    std::uint64_t root_games = 0;
    for (const BookCandidate& c : candidates) root_games += c.games();
    std::uint64_t min_games =
        std::uint64_t(std::max<std::int64_t>(policy.effective_min_games(), 0));

    std::vector<PolicyRating> ratings;
    for (const BookCandidate& c : candidates) {
        PolicyRating r;
        r.eligible = c.games() >= min_games && c.games() > 0;
        switch (policy.kind) {
            case BookPolicyKind::OPTA1:
                r.value = 1;
                break;
            case BookPolicyKind::OPTA2:
                r.value = c.points();
                break;
            case BookPolicyKind::OPTA3:
                r.eligible =
                    r.eligible && double(c.games()) >= double(root_games) * policy.root_fraction;
                r.value = c.score();
                break;
            case BookPolicyKind::WILSON: {
                double elo = c.average_elo > 0 ? c.average_elo : policy.elo_reference;
                double weight = 1 / (1 + std::pow(10.0, (policy.elo_reference - elo) / 400));
                r.value = wilson_lower_bound(c.score(), c.games(), policy.z) * weight;
                break;
            }
            case BookPolicyKind::BEST:
                r.value = c.score();
                break;
            case BookPolicyKind::WEIGHTED:
                r.value = double(c.games());
                break;
        }
        ratings.push_back(r);
    }
    return ratings;
}

int choose_candidate(const std::vector<BookCandidate>& candidates, const BookPolicy& policy,
                     std::mt19937_64& rng, std::vector<double>* noise) {
    std::vector<PolicyRating> ratings = rate_candidates(candidates, policy);
    if (noise) noise->assign(candidates.size(), 0.0);
    std::vector<int> eligible;
    for (std::size_t i = 0; i < ratings.size(); ++i)
        if (ratings[i].eligible) eligible.push_back(int(i));
    if (eligible.empty()) return -1;

    switch (policy.kind) {
        case BookPolicyKind::OPTA1:
            return eligible[rng() % eligible.size()];
        case BookPolicyKind::WEIGHTED: {
            std::uint64_t total = 0;
            for (int i : eligible) total += candidates[std::size_t(i)].games();
            std::uint64_t ticket = rng() % total;
            for (int i : eligible) {
                std::uint64_t games = candidates[std::size_t(i)].games();
                if (ticket < games) return i;
                ticket -= games;
            }
            return eligible.back();  // not reached: the tickets cover exactly `total`
        }
        case BookPolicyKind::OPTA3:
            for (int i : eligible) {
                double jitter = unit_interval(rng) * policy.noise;
                ratings[std::size_t(i)].value += jitter;
                if (noise) (*noise)[std::size_t(i)] = jitter;
            }
            break;
        default:
            break;
    }
    int best = eligible.front();
    for (int i : eligible)
        if (ratings[std::size_t(i)].value > ratings[std::size_t(best)].value) best = i;
    return best;
}

}  // namespace mneme
