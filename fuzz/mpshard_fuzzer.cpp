// Shards of a sharded `learn positions` run (.mpshard): refused with the reason, or read; a
// shard that is a whole run (1 of 1) then merges without fault.
#include "fuzz_support.h"
#include "mneme/eval/evaluate.h"
#include "mneme/learn/position_file.h"
#include "mneme/learn/position_shard_file.h"

using namespace mneme;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static fuzz::InputFile file("mpshard");
    try {
        PositionShard shard = load_position_shard(file.write(fuzz::as_text(data, size)));
        if (shard.shards == 1) {
            SamplerStats stats;
            std::vector<TrainingPosition> positions =
                merge_position_shards({shard}, {}, active_eval_params(), stats);
            if (positions.size() != stats.positions) __builtin_trap();
        }
    } catch (const std::exception&) {}
    return 0;
}
