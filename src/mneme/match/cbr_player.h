// The case-based reasoning agent as a match player: "proto=cbr cases=FILE seed=S" plus CBR
// settings as options ("option.weights=0.8,0.2,0.5 option.mirror=true").
#pragma once

#include <memory>

#include "mneme/cbr/cbr_agent.h"
#include "mneme/match/player.h"
#include "mneme/match/player_spec.h"

namespace mneme {

class CbrPlayer : public Player {
public:
    explicit CbrPlayer(PlayerSpec spec) : spec_(std::move(spec)) {}
    const std::string& name() const override { return spec_.name; }
    // Opens the case base (shared with other players of the same file) and reads the options.
    bool start(std::string& error) override;
    void new_game(const Position&, bool) override {}
    // The thesis reseeds both behaviours for every game (seed = round - 1).
    void set_game_seed(std::uint64_t seed) override;
    MoveReply play(const MoveRequest& request) override;
    bool healthy() const override { return true; }
    bool restart(std::string& error) override { return start(error); }

    // The last decision's trace lines (with option.trace=true).
    const std::vector<std::string>& last_trace() const { return last_trace_; }

private:
    PlayerSpec spec_;
    std::unique_ptr<CbrAgent> agent_;
    std::uint64_t game_seed_ = 0;
    bool trace_ = false;
    std::vector<std::string> last_trace_;
};

}  // namespace mneme
