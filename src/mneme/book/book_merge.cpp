#include "mneme/book/book_merge.h"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string_view>

#include "mneme/book/book_file.h"
#include "mneme/book/entry_source.h"

namespace mneme {

namespace {

constexpr std::string_view SHARD_OPTION = " --shard ";

// The shards of one build: all with the same build description and count, each once.
void check_shard_set(const std::vector<BookFile>& books) {
    int count = 0;
    std::string build;
    std::vector<std::string> holder;  // per shard number, the file that holds it
    for (const BookFile& book : books) {
        int shard = 0, shards = 0;
        std::string rest;
        bool is_shard = book_shard_of(book.description(), shard, shards, rest);
        if (!is_shard)
            throw BookFileError(book.path() + ": not a shard, but " + books.front().path() +
                                " is one; merge the shards first, then merge their book with it");
        if (count == 0) {
            count = shards;
            build = rest;
            holder.assign(std::size_t(shards), "");
        } else if (shards != count || rest != build) {
            throw BookFileError(book.path() + ": shard of another build ('" + rest + "', " +
                                std::to_string(shards) + " shards) than " + books.front().path() +
                                " ('" + build + "', " + std::to_string(count) + " shards)");
        }
        std::string& first = holder[std::size_t(shard)];
        if (!first.empty())
            throw BookFileError(book.path() + ": shard " + std::to_string(shard) + "/" +
                                std::to_string(shards) + " is also given as " + first);
        first = book.path();
    }
    for (std::size_t i = 0; i < holder.size(); ++i)
        if (holder[i].empty())
            throw BookFileError(books.front().path() + ": shard " + std::to_string(i) + "/" +
                                std::to_string(count) + " of its build is missing");
}

}  // namespace

bool book_shard_of(const std::string& description, int& shard, int& shards, std::string& rest) {
    std::size_t at = description.rfind(SHARD_OPTION);
    if (at == std::string::npos) return false;
    unsigned s = 0, n = 0;
    int used = 0;
    std::string tail = description.substr(at + SHARD_OPTION.size());
    if (std::sscanf(tail.c_str(), "%u/%u%n", &s, &n, &used) != 2 || n == 0 || s >= n) return false;
    shard = int(s);
    shards = int(n);
    rest = description.substr(0, at) + tail.substr(std::size_t(used));
    return true;
}

BookMergeStats merge_books(const std::vector<std::string>& inputs, const std::string& output,
                           std::uint64_t min_games) {
    std::vector<BookFile> books;
    for (const std::string& path : inputs) books.push_back(BookFile::open(path));

    BookMergeStats stats;
    int shard = 0, shards = 0;
    std::string rest;
    if (!books.empty() && book_shard_of(books.front().description(), shard, shards, rest)) {
        check_shard_set(books);
        stats.shards = shards;
    }

    std::string description;
    if (stats.shards) {
        // The merged shards describe themselves as the build they split, so the merged book is
        // byte for byte the one the single build writes.
        description = rest;
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
