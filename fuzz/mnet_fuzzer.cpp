// Network files (.mnet): refused with the reason (truncated, corrupt, another architecture), or
// a network that evaluates positions, incrementally as the search does, the same as from scratch.
#include "fuzz_support.h"
#include "mneme/core/movegen.h"
#include "mneme/nnue/network.h"
#include "mneme/nnue/nnue_evaluator.h"

using namespace mneme;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::shared_ptr<const nnue::QuantisedNetwork> net;
    std::string bytes(fuzz::as_text(data, size));
    for (int attempt = 0; attempt < 2 && !net; ++attempt) {
        try {
            net = std::make_shared<const nnue::QuantisedNetwork>(nnue::decode_network(
                reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(), "fuzz input"));
        } catch (const nnue::NetworkFileError& error) {
            if (!fuzz::repair_checksum(bytes, error.what(), 40)) return 0;
        } catch (const std::exception&) {
            return 0;
        }
    }
    if (!net) return 0;
    nnue::NnueEvaluator evaluator(net);
    Position pos = Position::from_fen(fuzz::POSITIONS[1]);
    evaluator.reset(pos);
    (void)evaluator.evaluate(pos);
    for (Move m : MoveList<LEGAL>(pos)) {
        evaluator.push(pos, m);
        pos.do_move(m);
        int incremental = evaluator.evaluate(pos);
        nnue::NnueEvaluator fresh(net);
        fresh.reset(pos);
        MNEME_FUZZ_CHECK(fresh.evaluate(pos) == incremental);
        pos.undo_move();
        evaluator.pop();
    }
    return 0;
}
