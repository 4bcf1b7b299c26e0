#include "mneme/learn/spsa_trajectory.h"

#include <charconv>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "mneme/util/text.h"

namespace mneme {

namespace {

constexpr const char* FIXED_COLUMNS[] = {"iteration", "wins", "draws", "losses"};
constexpr std::size_t FIXED_COUNT = 4;

}  // namespace

std::string spsa_trajectory_csv(const SpsaTrajectory& trajectory) {
    std::ostringstream text;
    text << "# " << trajectory.settings << '\n';
    for (std::size_t i = 0; i < FIXED_COUNT; ++i) text << (i ? "," : "") << FIXED_COLUMNS[i];
    for (const std::string& name : trajectory.names) text << ',' << name;
    text << '\n';
    for (const SpsaTrajectoryRow& row : trajectory.rows) {
        text << row.iteration << ',' << exact_decimal(row.wins) << ',' << exact_decimal(row.draws)
             << ',' << exact_decimal(row.losses);
        for (double value : row.theta) text << ',' << exact_decimal(value);
        text << '\n';
    }
    return text.str();
}

SpsaTrajectory read_spsa_trajectory(std::istream& in, const std::string& source) {
    SpsaTrajectory trajectory;
    int line_number = 0;
    auto fail = [&](const std::string& why) {
        throw std::runtime_error(source + ":" + std::to_string(line_number) + ": " + why);
    };
    std::string line;
    ++line_number;
    if (!std::getline(in, line) || line.rfind("# ", 0) != 0)
        fail("not an SPSA trajectory (its first line is not the run's settings, '# ...')");
    trajectory.settings = line.substr(2);
    ++line_number;
    if (!std::getline(in, line)) fail("the header line is missing");
    std::vector<std::string> header = split_commas(line);
    for (std::size_t i = 0; i < FIXED_COUNT; ++i)
        if (i >= header.size() || header[i] != FIXED_COLUMNS[i])
            fail("the header does not start iteration,wins,draws,losses");
    if (header.size() == FIXED_COUNT) fail("the header names no parameter");
    trajectory.names.assign(header.begin() + FIXED_COUNT, header.end());
    for (const std::string& name : trajectory.names)
        if (name.empty()) fail("the header has an empty parameter name");

    while (std::getline(in, line)) {
        ++line_number;
        if (line.empty()) continue;
        std::vector<std::string> fields = split_commas(line);
        if (fields.size() != header.size())
            fail("expected " + std::to_string(header.size()) + " fields, found " +
                 std::to_string(fields.size()));
        std::vector<double> numbers;
        for (const std::string& field : fields) {
            double value = 0;
            auto [end, failure] = std::from_chars(field.data(), field.data() + field.size(), value);
            if (field.empty() || failure != std::errc() || end != field.data() + field.size() ||
                !std::isfinite(value))
                fail("'" + field + "' is not a number");
            numbers.push_back(value);
        }
        SpsaTrajectoryRow row;
        row.iteration = int(numbers[0]);
        int expected = int(trajectory.rows.size());
        if (numbers[0] != double(expected))
            fail("iteration " + fields[0] + " where " + std::to_string(expected) + " was due");
        row.wins = numbers[1];
        row.draws = numbers[2];
        row.losses = numbers[3];
        if (row.wins < 0 || row.draws < 0 || row.losses < 0) fail("a negative game count");
        row.theta.assign(numbers.begin() + FIXED_COUNT, numbers.end());
        trajectory.rows.push_back(std::move(row));
    }
    if (trajectory.rows.empty()) fail("no row, not even the start (iteration 0)");
    return trajectory;
}

}  // namespace mneme
