#include "mneme/book/book_merge.h"

#include <filesystem>
#include <memory>
#include <utility>

#include "mneme/book/book_file.h"
#include "mneme/book/entry_source.h"
#include "mneme/util/shard_set.h"

namespace mneme {

BookMergeStats merge_books(const std::vector<std::string>& inputs, const std::string& output,
                           std::uint64_t min_games, bool partial) {
    std::vector<BookFile> books;
    std::vector<std::pair<std::string, std::string>> described;
    for (const std::string& path : inputs) {
        books.push_back(BookFile::open(path));
        described.emplace_back(path, books.back().description());
    }
    ShardSet set;
    try {
        set = check_shard_set(described, partial);
    } catch (const ShardSetError& e) {
        throw BookFileError(e.what());
    }

    BookMergeStats stats;
    stats.shards = set.shards;
    std::string description;
    if (set.shards) {
        // The merged shards describe themselves as the build they split, so the merged book is
        // byte for byte the one the single build writes; a part, as the shards it holds.
        description = set.merged_description();
        if (!set.complete()) {
            stats.partial = shard_list(set.held);
            if (min_games > 1)
                throw BookFileError("--min-count " + std::to_string(min_games) +
                                    " counts the games of the whole build: give it to the last "
                                    "merge, not to one of shards " +
                                    stats.partial);
        }
        if (min_games > 1) description += " --min-count " + std::to_string(min_games);
    } else {
        description = "mneme book merge";
        for (const BookFile& book : books)
            description += " [" + std::filesystem::path(book.path()).filename().string() + ": " +
                           book.description() + "]";
    }
    std::vector<std::unique_ptr<EntrySource>> sources;
    for (const BookFile& book : books)
        sources.push_back(std::make_unique<SpanSource>(book.entries()));
    MergedSource merged(std::move(sources));
    stats.entries = write_book(output, description, merged, min_games);
    return stats;
}

}  // namespace mneme
