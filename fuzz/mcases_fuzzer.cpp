// Case bases (.mcases): a file is refused with the reason, or retrieval over its cases and the
// adaptation of the nearest case's move give a legal move in every position tried.
#include "fuzz_support.h"
#include "mneme/cbr/adaptation.h"
#include "mneme/cbr/case_base.h"
#include "mneme/cbr/case_base_file.h"
#include "mneme/cbr/case_retrieval.h"
#include "mneme/core/movegen.h"

using namespace mneme;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static fuzz::InputFile file("mcases");
    std::optional<CaseBaseFile> opened = fuzz::open_repairing<CaseBaseFile, CaseFileError>(
        file, std::string(fuzz::as_text(data, size)), 40,
        [](const std::string& path) { return CaseBaseFile::open(path); });
    if (!opened) return 0;
    CaseBase base(std::vector<CaseRecord>(opened->cases().begin(), opened->cases().end()));
    for (const char* fen : fuzz::POSITIONS) {
        Position pos = Position::from_fen(fen);
        RetrievalQuery query{CaseBoard::from_position(pos), pos.side_to_move(), 3, true};
        std::vector<RetrievedCase> nearest = base.retrieve(query);
        std::vector<Move> legal;
        for (Move m : MoveList<LEGAL>(pos)) legal.push_back(m);
        for (const RetrievedCase& found : nearest) {
            const CaseRecord& record = base.cases()[found.index];
            Move case_move = case_move_for(record, found.mirrored);
            std::vector<AdaptedMove> adapted = adapt_all(
                pos, legal, case_move, case_board_for(record, found.mirrored), AdaptationWeights{});
            MNEME_FUZZ_CHECK(adapted.size() == legal.size());
        }
    }
    return 0;
}
