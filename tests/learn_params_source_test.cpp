// The generated C++ table of tuned weights: complete, and read back into the same table.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "mneme/learn/params_source.h"

namespace mneme {
namespace {

// The {"name", mg, eg} entries of a generated source, as the compiler would see them.
std::vector<std::tuple<std::string, int, int>> entries_of(const std::string& source) {
    std::vector<std::tuple<std::string, int, int>> entries;
    std::regex entry(R"re(\{"([a-z0-9_]+)", (-?\d+), (-?\d+)\},)re");
    for (std::sregex_iterator it(source.begin(), source.end(), entry), end; it != end; ++it)
        entries.emplace_back((*it)[1], std::stoi((*it)[2]), std::stoi((*it)[3]));
    return entries;
}

TEST(LearnParamsSource, ListsEveryParameterAndReadsBackTheSameTable) {
    EvalParams tuned = EvalParams::defaults();
    for (std::size_t i = 0; i < EvalParams::size(); ++i)
        tuned.set(i, tuned.get(i) + int(i % 7) - 3);
    std::string source = eval_params_source(tuned, "a test\nsecond line");
    EXPECT_NE(source.find("// a test\n// second line\n"), std::string::npos);
    EXPECT_NE(source.find("std::span<const NamedEvalValue> tuned_eval_values()"),
              std::string::npos);

    auto entries = entries_of(source);
    std::vector<std::string> names;
    std::vector<NamedEvalValue> values;
    for (const auto& [name, mg, eg] : entries) names.push_back(name);
    for (std::size_t i = 0; i < entries.size(); ++i)
        values.push_back({names[i].c_str(), std::get<1>(entries[i]), std::get<2>(entries[i])});
    EvalParams read_back = EvalParams::defaults();
    apply_named_values(read_back, values);
    EXPECT_EQ(read_back.to_vector(), tuned.to_vector());
}

TEST(LearnParamsSource, UnknownNameIsAnError) {
    EvalParams params = EvalParams::defaults();
    NamedEvalValue bad[] = {{"no_such_parameter", 1, 2}};
    EXPECT_THROW(apply_named_values(params, bad), std::invalid_argument);
}

}  // namespace
}  // namespace mneme
