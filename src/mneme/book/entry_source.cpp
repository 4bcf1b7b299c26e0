#include "mneme/book/entry_source.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace mneme {

namespace {

constexpr std::size_t RUN_BLOCK_ENTRIES = 1 << 14;  // 512 KB per run being merged

std::string system_error(const std::string& what, const std::string& path) {
    return what + " " + path + ": " + std::strerror(errno);
}

// std heap functions build a max-heap; "greater" puts the smallest (key, move) on top.
constexpr auto heap_after = [](const auto& a, const auto& b) {
    return entry_order(b.entry, a.entry);
};

}  // namespace

void write_run(const std::string& path, std::span<const BookEntry> entries) {
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file) throw std::runtime_error(system_error("cannot create", path));
    std::size_t written = std::fwrite(entries.data(), sizeof(BookEntry), entries.size(), file);
    bool closed = std::fclose(file) == 0;
    if (written != entries.size() || !closed) {
        std::string message = system_error("cannot write", path);
        std::remove(path.c_str());
        throw std::runtime_error(message);
    }
}

RunFileSource::RunFileSource(const std::string& path)
    : path_(path), file_(std::fopen(path.c_str(), "rb")), block_(RUN_BLOCK_ENTRIES) {
    if (!file_) throw std::runtime_error(system_error("cannot open", path));
}

RunFileSource::~RunFileSource() {
    if (file_) std::fclose(file_);
}

bool RunFileSource::next(BookEntry& entry) {
    if (position_ == filled_) {
        filled_ = std::fread(block_.data(), sizeof(BookEntry), block_.size(), file_);
        position_ = 0;
        if (filled_ == 0) {
            if (std::ferror(file_)) throw std::runtime_error(system_error("cannot read", path_));
            return false;
        }
    }
    entry = block_[position_++];
    return true;
}

MergedSource::MergedSource(std::vector<std::unique_ptr<EntrySource>> sources)
    : sources_(std::move(sources)) {
    for (std::size_t i = 0; i < sources_.size(); ++i) advance(i);
}

void MergedSource::advance(std::size_t source) {
    BookEntry entry;
    if (!sources_[source]->next(entry)) return;
    heap_.push_back({entry, source});
    std::push_heap(heap_.begin(), heap_.end(), heap_after);
}

bool MergedSource::next(BookEntry& entry) {
    if (heap_.empty()) return false;
    std::pop_heap(heap_.begin(), heap_.end(), heap_after);
    Head head = heap_.back();
    heap_.pop_back();
    entry = head.entry;
    advance(head.source);
    // Every source is sorted, so equal pairs from any source are now at the top.
    while (!heap_.empty() && heap_.front().entry.same_key_and_move(entry)) {
        std::pop_heap(heap_.begin(), heap_.end(), heap_after);
        head = heap_.back();
        heap_.pop_back();
        entry.add_counts(head.entry);
        advance(head.source);
    }
    return true;
}

}  // namespace mneme
