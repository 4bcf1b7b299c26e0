// What this binary was built from and how, for 'mneme --version'.
#pragma once

#include <string>

namespace mneme::app {

// Several lines: version, commit, compiler and build options (native code, sanitizers).
std::string build_info_text();

}  // namespace mneme::app
