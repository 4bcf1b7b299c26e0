// A case base ready to play with: the mapped file, the retrieval index and the exact-position
// table. Opening the same path again (another game of a match, another player of a tournament)
// shares the loaded base.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "mneme/cbr/case_base_file.h"
#include "mneme/cbr/case_index.h"

namespace mneme {

// The case bases built into the binary ("builtin:capablanca.mcases", ...; see
// defaults/MANIFEST.md) in name order, empty when it was built without any. The first is the
// CBR player's case base when it is given none.
std::vector<std::string> builtin_case_base_paths();

class CaseBase {
public:
    // Opens `path` or returns the base already open; throws CaseFileError.
    static std::shared_ptr<const CaseBase> open(const std::string& path);
    // A base over cases in memory (tests, benchmarks).
    explicit CaseBase(std::vector<CaseRecord> cases);

    std::span<const CaseRecord> cases() const;
    const CaseBaseFile* file() const { return file_ ? &*file_ : nullptr; }

    std::vector<RetrievedCase> retrieve(const RetrievalQuery& query) const {
        return index_.retrieve(query);
    }
    std::vector<RetrievedCase> retrieve_linear(const RetrievalQuery& query) const;
    // The cases whose board equals the query's exactly (similarity 256), found by hashing: the
    // same answer as retrieve() with k = 1 whenever it is not empty.
    std::vector<RetrievedCase> retrieve_exact(const RetrievalQuery& query) const;

    std::size_t index_bytes() const;

private:
    explicit CaseBase(CaseBaseFile file);
    void build_tables();
    static std::uint64_t board_hash(const CaseBoard& board, Color mover);

    std::optional<CaseBaseFile> file_;
    std::vector<CaseRecord> own_cases_;
    CaseIndex index_;
    std::vector<std::pair<std::uint64_t, std::uint32_t>> exact_;  // (hash, case), sorted
};

}  // namespace mneme
