# Sourced by the match scripts against other engines: the project's standard match, run by mneme's
# own runner at 10+0.1, each opening of 8moves_v3 (random order, seed 1) with both colours, two
# games at once, adjudicated as fishtest does (a draw after move 34 when both scores stay within
# 20 cp for 8 moves each; a loss when both engines agree on 600 cp for 3 moves), PGN and JSON
# kept; an existing PGN is resumed.
#   standard_match RUNNER GAMES PGN JSON MNEME_ENGINE_ARRAY OPPONENT_ENGINE_ARRAY
# The two arrays hold each engine's `-engine` arguments (cmd=... proto=... name=... option.X=Y).
# A script calls standard_openings_present first, so a missing data set stops it before it builds,
# installs or copies anything.
standard_openings="$root/../shared/data/openings/8moves_v3.pgn.zst"
standard_openings_present() {
    [[ -r "$standard_openings" ]] && return 0
    echo "$(basename "$0" .sh): $standard_openings not found (the shared data set)" >&2
    return 2
}
standard_match() {
    local runner="$1" games="$2" pgn="$3" json="$4"
    local -n first_engine="$5" second_engine="$6"
    local resume=()
    [[ -s "$pgn" ]] && resume=(-resume)
    "$runner" match \
        -engine "${first_engine[@]}" \
        -engine "${second_engine[@]}" \
        -each tc=10+0.1 -games 2 -rounds $((games / 2)) -concurrency 2 \
        -draw movenumber=34 movecount=8 score=20 -resign movecount=3 score=600 twosided=true \
        -openings file="$standard_openings" order=random -seed 1 \
        -pgnout "$pgn" "${resume[@]}" -json "$json"
}
