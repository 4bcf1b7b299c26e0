// What this binary was built from and how, for 'mneme --version'.
#pragma once

#include <string>

namespace mneme::app {

// Several lines: version, commit, compiler and build options (native code, sanitizers).
std::string build_info_text();
// The commit the binary was built from ("unknown" outside a git checkout), for provenance.
std::string build_commit();

}  // namespace mneme::app
