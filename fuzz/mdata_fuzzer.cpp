// Network training data (.mdata): refused with the reason (size, header, checksums, records),
// or every record reads as a position with its score and result.
#include "fuzz_support.h"
#include "mneme/learn/training_data_file.h"

using namespace mneme;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static fuzz::InputFile file("mdata");
    const std::string& path = file.write(fuzz::as_text(data, size));
    for (bool committed_only : {false, true}) {
        try {
            TrainingDataReader reader(path, true, committed_only);
            for (std::uint64_t i = 0; i < reader.size() && i < 4096; ++i) (void)reader.at(i);
        } catch (const std::exception&) {}
    }
    return 0;
}
