#include "mneme/match/cbr_player.h"

#include <chrono>

#include "mneme/search/reported_score.h"
#include "mneme/util/text.h"

namespace mneme {

bool CbrPlayer::start(std::string& error) {
    if (spec_.cases_path.empty()) {
        error = "the cbr player needs cases=FILE";
        return false;
    }
    CbrSettings settings;
    trace_ = false;
    for (const auto& [name, value] : spec_.options) {
        if (lower_case(name) == "trace") {
            std::string v = lower_case(value);
            trace_ = v == "true" || v == "on" || v == "1";
            continue;
        }
        if (!parse_cbr_setting(name, value, settings, error)) return false;
    }
    try {
        std::shared_ptr<const CaseBase> cases = CaseBase::open(spec_.cases_path);
        // Every move would be a random fallback: that is not the player that was asked for.
        if (cases->cases().empty()) {
            error = spec_.cases_path + ": the case base holds no cases";
            return false;
        }
        agent_ = std::make_unique<CbrAgent>(std::move(cases), settings);
    } catch (const std::exception& e) {
        error = e.what();
        return false;
    }
    agent_->seed(spec_.seed ^ game_seed_);
    return true;
}

void CbrPlayer::set_game_seed(std::uint64_t seed) {
    game_seed_ = seed;
    if (agent_) agent_->seed(spec_.seed ^ seed);
}

MoveReply CbrPlayer::play(const MoveRequest& request) {
    auto started = std::chrono::steady_clock::now();
    CbrDecision decision = agent_->choose(request.position, trace_);
    last_trace_ = std::move(decision.trace);
    MoveReply reply;
    reply.move = decision.move;
    if (decision.verified) {
        reply.has_score = true;
        reply.score = reported_score(decision.score, agent_->win_rate_model().at(request.position));
        reply.depth = agent_->settings().verify_depth;
    }
    reply.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                           std::chrono::steady_clock::now() - started)
                           .count();
    return reply;
}

}  // namespace mneme
