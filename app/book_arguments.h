// Reading the options of a subcommand with messages that name the option; every mistake is a
// UsageError, so the command line follows it with the command's usage.
#pragma once

#include <charconv>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands.h"
#include "mneme/book/book_policy.h"
#include "mneme/book/game_filter.h"
#include "required_inputs.h"

namespace mneme::app {

class ArgumentReader {
public:
    explicit ArgumentReader(const Arguments& args) : args_(args) {}

    bool more() const { return position_ < args_.size(); }
    const std::string& next() { return args_[position_++]; }
    const std::string& peek() const { return args_[position_]; }

    // The value after `option`.
    const std::string& value(const std::string& option) {
        if (!more()) throw UsageError(option + " needs a value");
        return next();
    }
    long long integer(const std::string& option, long long low, long long high) {
        const std::string& text = value(option);
        long long number = 0;
        auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
        if (error != std::errc() || end != text.data() + text.size() || number < low ||
            number > high)
            throw UsageError(option + ": '" + text + "' is not a whole number from " +
                             std::to_string(low) + " to " + std::to_string(high));
        return number;
    }
    double real(const std::string& option, double low, double high) {
        const std::string& text = value(option);
        std::size_t used = 0;
        double number = 0;
        try {
            number = std::stod(text, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != text.size() || text.empty() || !(number >= low && number <= high))
            throw UsageError(option + ": '" + text + "' is not a number from " +
                             std::to_string(low) + " to " + std::to_string(high));
        return number;
    }
    // A share above 0 and at most 1 (a sampling rate: 0 would keep nothing).
    double share(const std::string& option) {
        double number = real(option, 0, 1);
        const std::string& text = args_[position_ - 1];  // the value real() just read
        if (number <= 0)
            throw UsageError(option + ": '" + text +
                             "' keeps nothing; give a number above 0, up to 1");
        return number;
    }
    std::string date(const std::string& option) {
        const std::string& text = value(option);
        if (!is_filter_date(text))
            throw UsageError(option + ": '" + text + "' is not a date YYYY.MM.DD");
        return text;
    }
    // Reads a policy option into `policy`; false when `option` is not one.
    bool policy_option(const std::string& option, BookPolicy& policy) {
        if (option == "--policy") {
            const std::string& name = value(option);
            if (!parse_book_policy(name, policy.kind))
                throw UsageError("--policy: '" + name + "' is not one of " + book_policy_names());
        } else if (option == "--min-games")
            policy.min_games = integer(option, 0, 1LL << 40);
        else if (option == "--root-fraction")
            policy.root_fraction = real(option, 0, 1);
        else if (option == "--noise")
            policy.noise = real(option, 0, 1);
        else if (option == "--z")
            policy.z = real(option, 0, 10);
        else if (option == "--elo-reference")
            policy.elo_reference = real(option, 0, 5000);
        else
            return false;
        return true;
    }
    [[noreturn]] void unexpected(const std::string& argument) const {
        throw UsageError("unexpected argument '" + argument + "'");
    }

private:
    const Arguments& args_;
    std::size_t position_ = 0;
};

// The arguments of a merge command: its input files and -o OUT, nothing else; a UsageError
// names what is missing (`inputs_name`, `output_name` as the usage writes them).
struct MergeArguments {
    std::vector<std::string> inputs;
    std::string output;
};

inline MergeArguments read_merge_arguments(const Arguments& args, const char* inputs_name,
                                           const char* output_name) {
    MergeArguments merge;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            merge.output = reader.value(a);
        else if (a.rfind("-", 0) != 0)
            merge.inputs.push_back(a);
        else
            reader.unexpected(a);
    }
    require_arguments({{!merge.inputs.empty(), inputs_name}, {!merge.output.empty(), output_name}});
    require_distinct_inputs(merge.inputs);
    require_output_apart(merge.inputs, merge.output);
    require_writable_outputs({merge.output});
    return merge;
}

}  // namespace mneme::app
