#include "mneme/cbr/case_base.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "mneme/util/builtin_files.h"

namespace mneme {

std::vector<std::string> builtin_case_base_paths() { return builtin_paths(".mcases"); }

std::shared_ptr<const CaseBase> CaseBase::open(const std::string& path) {
    // Weak references: a base stays loaded while some player uses it, not for ever.
    static std::mutex mutex;
    static std::map<std::string, std::weak_ptr<const CaseBase>> open_bases;
    std::lock_guard lock(mutex);
    if (auto base = open_bases[path].lock()) return base;
    std::shared_ptr<const CaseBase> base(new CaseBase(CaseBaseFile::open(path)));
    open_bases[path] = base;
    return base;
}

CaseBase::CaseBase(std::vector<CaseRecord> cases) : own_cases_(std::move(cases)) { build_tables(); }

CaseBase::CaseBase(CaseBaseFile file) : file_(std::move(file)) { build_tables(); }

std::span<const CaseRecord> CaseBase::cases() const {
    return file_ ? file_->cases() : std::span<const CaseRecord>(own_cases_);
}

void CaseBase::build_tables() {
    index_ = CaseIndex(cases());
    exact_.reserve(cases().size());
    for (std::size_t i = 0; i < cases().size(); ++i)
        exact_.emplace_back(board_hash(cases()[i].board, cases()[i].mover_color()),
                            std::uint32_t(i));
    std::sort(exact_.begin(), exact_.end());
}

std::uint64_t CaseBase::board_hash(const CaseBoard& board, Color mover) {
    std::uint64_t hash = 0x9e3779b97f4a7c15ULL * (mover + 1);
    for (Bitboard word : {board.occupied, board.white, board.type_bits[0], board.type_bits[1],
                          board.type_bits[2]}) {
        hash ^= word + 0x9e3779b97f4a7c15ULL + (hash << 6) + (hash >> 2);
        hash *= 0xff51afd7ed558ccdULL;
    }
    return hash ^ (hash >> 29);
}

std::vector<RetrievedCase> CaseBase::retrieve_linear(const RetrievalQuery& query) const {
    return mneme::retrieve_linear(cases(), query);
}

std::vector<RetrievedCase> CaseBase::retrieve_exact(const RetrievalQuery& query) const {
    std::vector<RetrievedCase> found;
    auto look_up = [&](const CaseBoard& board, Color mover, bool mirrored) {
        std::uint64_t hash = board_hash(board, mover);
        auto range =
            std::equal_range(exact_.begin(), exact_.end(), std::pair(hash, 0u),
                             [](const auto& a, const auto& b) { return a.first < b.first; });
        for (auto it = range.first; it != range.second; ++it)
            if (cases()[it->second].board == board && cases()[it->second].mover == mover)
                found.push_back({4 * SQUARE_COUNT, it->second, mirrored});
    };
    look_up(query.board, query.mover, false);
    if (query.mirror) look_up(query.board.mirrored(), ~query.mover, true);
    return found;  // already in (mirrored, index) order: the table is sorted by hash, then case
}

std::size_t CaseBase::index_bytes() const {
    return index_.bytes() + exact_.size() * sizeof(exact_[0]);
}

}  // namespace mneme
