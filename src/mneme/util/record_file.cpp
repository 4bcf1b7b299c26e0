#include "mneme/util/record_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <utility>

#include "mneme/util/builtin_files.h"

namespace mneme {

namespace {

void check_size(std::size_t size, std::size_t minimum_bytes) {
    if (size < minimum_bytes)
        throw RecordFileError("too short for a header (" + std::to_string(size) + " bytes, need " +
                              std::to_string(minimum_bytes) + ")");
}

}  // namespace

MappedFile::~MappedFile() {
    if (owned_) munmap(const_cast<void*>(mapping_), size_);
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : mapping_(std::exchange(other.mapping_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      owned_(std::exchange(other.owned_, false)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
    if (this != &other) {
        if (owned_) munmap(const_cast<void*>(mapping_), size_);
        mapping_ = std::exchange(other.mapping_, nullptr);
        size_ = std::exchange(other.size_, 0);
        owned_ = std::exchange(other.owned_, false);
    }
    return *this;
}

MappedFile MappedFile::open(const std::string& path, std::size_t minimum_bytes) {
    if (is_builtin_path(path)) {
        const BuiltinFile* builtin = find_builtin_file(path);
        if (!builtin)
            throw RecordFileError("cannot open: no such built-in file (this mneme has: " +
                                  builtin_file_names() + ")");
        check_size(builtin->bytes.size(), minimum_bytes);
        MappedFile file;
        file.mapping_ = builtin->bytes.data();
        file.size_ = builtin->bytes.size();
        return file;
    }
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw RecordFileError(std::string("cannot open: ") + std::strerror(errno));
    struct stat status {};
    if (fstat(fd, &status) != 0) {
        int error = errno;
        ::close(fd);
        throw RecordFileError(std::string("cannot read its size: ") + std::strerror(error));
    }
    if (S_ISDIR(status.st_mode)) {
        ::close(fd);
        throw RecordFileError("it is a directory, not a file");
    }
    std::size_t size = std::size_t(status.st_size);
    try {
        check_size(size, minimum_bytes);
    } catch (const RecordFileError&) {
        ::close(fd);
        throw;
    }
    void* mapping = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    int map_error = errno;
    ::close(fd);  // the mapping stays valid without the descriptor
    if (mapping == MAP_FAILED)
        throw RecordFileError(std::string("cannot map: ") + std::strerror(map_error));
    MappedFile file;
    file.mapping_ = mapping;
    file.size_ = size;
    file.owned_ = true;
    return file;
}

std::string hex64(std::uint64_t value) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(value));
    return text;
}

void check_record_header(const MappedFile& file, const RecordFormat& format) {
    const unsigned char* bytes = file.bytes();
    if (std::memcmp(bytes, format.magic, 8) != 0) throw RecordFileError(format.bad_magic_reason);
    auto version = read_field<std::uint32_t>(bytes, 8);
    if (version != format.version)
        throw RecordFileError("format version " + std::to_string(version) +
                              ", this program reads version " + std::to_string(format.version));
    auto record_bytes = read_field<std::uint32_t>(bytes, 12);
    if (record_bytes != format.record_bytes)
        throw RecordFileError(std::string(format.noun) + " of " + std::to_string(record_bytes) +
                              " bytes, expected " + std::to_string(format.record_bytes));
}

std::size_t record_section_offset(const MappedFile& file, const RecordFormat& format,
                                  std::uint32_t description_bytes, std::uint64_t count) {
    const std::string noun = format.noun;
    const std::size_t size = file.size(), record_bytes = format.record_bytes;
    std::size_t offset = format.header_bytes + padded_to_8(description_bytes);
    if (offset > size)
        throw RecordFileError("truncated in the description (" + std::to_string(size) + " bytes)");
    if (count > (size - offset) / record_bytes)
        throw RecordFileError("truncated: the header promises " + std::to_string(count) + " " +
                              noun + " (" + std::to_string(offset + count * record_bytes) +
                              " bytes) but the file has " + std::to_string(size) + " bytes");
    if (offset + count * record_bytes != size)
        throw RecordFileError(std::to_string(size - offset - count * record_bytes) +
                              " bytes after the last of " + std::to_string(count) + " " + noun);
    return offset;
}

std::vector<unsigned char> new_record_header(const RecordFormat& format,
                                             const std::string& description,
                                             std::size_t description_length_offset) {
    std::vector<unsigned char> bytes(format.header_bytes + padded_to_8(description.size()), 0);
    std::memcpy(bytes.data(), format.magic, 8);
    write_field<std::uint32_t>(bytes.data(), 8, format.version);
    write_field<std::uint32_t>(bytes.data(), 12, format.record_bytes);
    write_field<std::uint32_t>(bytes.data(), description_length_offset,
                               std::uint32_t(description.size()));
    std::memcpy(bytes.data() + format.header_bytes, description.data(), description.size());
    return bytes;
}

}  // namespace mneme
