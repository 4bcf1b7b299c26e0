// write_file_atomically: a regular file is replaced only once complete; an output that is a
// device or a FIFO is written in place (renaming over it would put a plain file where the device
// was), and a symbolic link stays a link while the file it points to is replaced.
#include "mneme/util/atomic_file.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

namespace mneme {
namespace {

namespace fs = std::filesystem;

// A scratch folder, removed at the end of the test.
struct Scratch {
    Scratch() : folder(fs::temp_directory_path() / ("mneme-atomic-" + std::to_string(::getpid()))) {
        fs::remove_all(folder);
        fs::create_directories(folder);
    }
    ~Scratch() { fs::remove_all(folder); }
    std::string file(const std::string& name) const { return (folder / name).string(); }
    std::size_t files() const {
        return std::size_t(std::distance(fs::directory_iterator(folder), fs::directory_iterator()));
    }
    const fs::path folder;
};

std::string contents(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write_text(const std::string& path, const std::string& text) {
    write_file_atomically(path, [&](std::ostream& out) { out << text; });
}

// The kind of file at `path` itself (a link is not followed).
fs::file_type kind(const std::string& path) { return fs::symlink_status(path).type(); }

TEST(AtomicFile, ReplacesARegularFileAndLeavesNoTemporary) {
    Scratch scratch;
    const std::string path = scratch.file("out.txt");
    write_text(path, "old");
    write_text(path, "new");
    EXPECT_EQ(contents(path), "new");
    EXPECT_EQ(scratch.files(), 1u);
}

TEST(AtomicFile, AFailedWriteKeepsTheOldFile) {
    Scratch scratch;
    const std::string path = scratch.file("out.txt");
    write_text(path, "old");
    EXPECT_THROW(write_file_atomically(path,
                                       [](std::ostream& out) {
                                           out << "half";
                                           throw std::runtime_error("stopped");
                                       }),
                 std::runtime_error);
    EXPECT_EQ(contents(path), "old");
    EXPECT_EQ(scratch.files(), 1u);
}

// The link stays a link; the file it points to (named relative to the link's folder) is
// replaced, and one that does not exist yet is made.
TEST(AtomicFile, WritesThroughASymbolicLink) {
    Scratch scratch;
    fs::create_directories(scratch.folder / "real");
    const std::string target = scratch.file("real/out.txt");
    write_text(target, "old");
    const std::string link = scratch.file("link.txt");
    fs::create_symlink("real/out.txt", link);
    write_text(link, "new");
    EXPECT_EQ(kind(link), fs::file_type::symlink);
    EXPECT_EQ(fs::read_symlink(link), "real/out.txt");
    EXPECT_EQ(contents(target), "new");
    EXPECT_EQ(scratch.files(), 2u);  // the link and the folder: no temporary beside the link
    EXPECT_EQ(
        std::distance(fs::directory_iterator(scratch.folder / "real"), fs::directory_iterator()),
        1);

    const std::string dangling = scratch.file("dangling.txt");
    fs::create_symlink("real/made.txt", dangling);
    write_text(dangling, "made");
    EXPECT_EQ(kind(dangling), fs::file_type::symlink);
    EXPECT_EQ(contents(scratch.file("real/made.txt")), "made");
}

// The FIFO is held open for reading and writing by the test, so that opening it to write does
// not block and what arrives can be read with a time limit (nothing arrives when the FIFO was
// replaced).
TEST(AtomicFile, WritesIntoAFifoInPlace) {
    Scratch scratch;
    const std::string fifo = scratch.file("pipe");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const int reader = ::open(fifo.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
    ASSERT_GE(reader, 0);
    write_text(fifo, "through the pipe\n");
    std::string received;
    pollfd wait_for{reader, POLLIN, 0};
    while (received.size() < 17 && ::poll(&wait_for, 1, 5000) > 0) {
        char buffer[64];
        ssize_t got = ::read(reader, buffer, sizeof buffer);
        if (got <= 0) break;
        received.append(buffer, std::size_t(got));
    }
    ::close(reader);
    EXPECT_EQ(received, "through the pipe\n");
    EXPECT_EQ(kind(fifo), fs::file_type::fifo);
    EXPECT_EQ(scratch.files(), 1u);
}

// Devices made in the scratch folder (the numbers of /dev/null and /dev/full), so that code
// which wrongly renames over its output replaces only them, never the machine's /dev entries.
TEST(AtomicFile, WritesIntoADeviceInPlaceAndReportsItsErrors) {
    Scratch scratch;
    const std::string null_device = scratch.file("null"), full_device = scratch.file("full");
    if (::mknod(null_device.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0 ||
        ::mknod(full_device.c_str(), S_IFCHR | 0666, makedev(1, 7)) != 0)
        GTEST_SKIP() << "cannot make device files here (mknod needs CAP_MKNOD)";
    const std::string link = scratch.file("full-link");
    fs::create_symlink(full_device, link);

    write_text(null_device, "discarded");
    EXPECT_EQ(kind(null_device), fs::file_type::character);

    for (const std::string& path : {full_device, link}) {
        try {
            write_text(path, std::string(100000, 'x'));
            ADD_FAILURE() << "writing to a full device succeeded: " << path;
        } catch (const std::runtime_error& e) {
            EXPECT_NE(std::string(e.what()).find("cannot write " + path), std::string::npos)
                << e.what();
            EXPECT_NE(std::string(e.what()).find("No space left on device"), std::string::npos)
                << e.what();
        }
    }
    EXPECT_EQ(kind(full_device), fs::file_type::character);
    EXPECT_EQ(kind(link), fs::file_type::symlink);
    EXPECT_EQ(scratch.files(), 3u);
}

TEST(AtomicFile, RefusesAFolder) {
    Scratch scratch;
    fs::create_directories(scratch.folder / "sub");
    EXPECT_THROW(write_text(scratch.file("sub"), "text"), std::runtime_error);
    EXPECT_EQ(kind(scratch.file("sub")), fs::file_type::directory);
    EXPECT_EQ(scratch.files(), 1u);
}

}  // namespace
}  // namespace mneme
