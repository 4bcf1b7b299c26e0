// "--option NAME=VALUE" of the searching commands (bench, epd-test): a search margin or
// refinement switch, as the UCI options of the same names set them.
#pragma once

#include <string>
#include <string_view>

#include "commands.h"
#include "mneme/search/search_options.h"

namespace mneme::app {

// "--option FutilityBase=80" or "--option SingularExtensions=false": a search margin or
// refinement switch, as the UCI options of the same names set them.
inline void set_search_option(const std::string& text, SearchOptions* search) {
    std::size_t equals = text.find('=');
    std::string name = equals == std::string::npos ? text : text.substr(0, equals);
    std::string_view value =
        equals == std::string::npos ? "" : std::string_view(text).substr(equals + 1);
    if (const SearchRefinementOption* refinement = find_search_refinement(name)) {
        if (value != "true" && value != "false")
            throw UsageError("--option " + text + ": " + refinement->name + " needs true or false");
        search->*(refinement->field) = value == "true";
        return;
    }
    const SearchMarginOption* margin =
        equals == std::string::npos ? nullptr : find_search_margin(name);
    if (!margin)
        throw UsageError("--option " + text +
                         ": not NAME=VALUE with NAME a search margin or refinement");
    std::string error;
    if (!set_search_margin(*margin, value, &search->margins, &error))
        throw UsageError("--option " + text + ": " + error);
}

}  // namespace mneme::app
