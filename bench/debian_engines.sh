# Sourced by the match scripts: the Debian engines mneme is measured against, installed on
# demand and described as players of mneme's match runner.
#   need COMMAND PACKAGE        installs PACKAGE with apt-get when COMMAND is missing
#   debian_engine OPPONENT      installs OPPONENT's package and sets the array `engine` to its
#                               player options; OPPONENT is gnuchess | stockfish | stockfish-ELO
#                               (UCI_LimitStrength at that UCI_Elo) | fairymax | phalanx
#                               (XBoard) | glaurung | toga2 | ethereal. Returns 1 for another name.
export PATH="$PATH:/usr/games"

need() {
    command -v "$1" >/dev/null && return
    echo "$(basename "$0" .sh): installing $2 (apt-get)" >&2
    apt-get install -y "$2" >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y "$2" >/dev/null; }
}

debian_engine() {
    case "$1" in
        gnuchess)    need gnuchess gnuchess; engine=(cmd="gnuchess -u" proto=uci name=gnuchess) ;;
        stockfish-*) need stockfish stockfish
                     engine=(cmd=stockfish proto=uci name="$1" option.UCI_LimitStrength=true
                             option.UCI_Elo="${1#stockfish-}") ;;
        stockfish)   need stockfish stockfish; engine=(cmd=stockfish proto=uci name=stockfish) ;;
        fairymax)    need fairymax fairymax; engine=(cmd=fairymax proto=xboard name=fairymax) ;;
        phalanx)     need phalanx phalanx; engine=(cmd=phalanx proto=xboard name=phalanx) ;;
        glaurung)    need glaurung glaurung; engine=(cmd=glaurung proto=uci name=glaurung) ;;
        toga2)       need toga2 toga2; engine=(cmd=toga2 proto=uci name=toga2) ;;
        ethereal)    need ethereal-chess ethereal-chess
                     engine=(cmd=ethereal-chess proto=uci name=ethereal) ;;
        *) return 1 ;;
    esac
}
