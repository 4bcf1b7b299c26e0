#include "mneme/match/player.h"

namespace mneme {

const char* fault_text(PlayerFault fault) {
    switch (fault) {
        case PlayerFault::NONE:
            return "none";
        case PlayerFault::ILLEGAL_MOVE:
            return "illegal move";
        case PlayerFault::CRASHED:
            return "crash";
        case PlayerFault::STALLED:
            return "stalled connection";
        case PlayerFault::TIME_FORFEIT:
            return "time forfeit";
        case PlayerFault::PROTOCOL_ERROR:
            return "protocol error";
    }
    return "?";
}

}  // namespace mneme
