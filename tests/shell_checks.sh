# The checks of the shell tests that drive mneme's commands; sourced, not run.
fail() {
    echo "FAIL: $*"
    exit 1
}
says() {  # says TEXT WHAT: TEXT contains WHAT
    case $1 in *"$2"*) ;; *) fail "expected '$2' in: $1" ;; esac
}
