#include "mneme/learn/linear_evaluation.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>

#include "mneme/eval/endgame_knowledge.h"
#include "mneme/eval/evaluate.h"

namespace mneme {

namespace {

bool starts_with(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

bool ends_with(const std::string& text, const std::string& suffix) {
    return text.size() >= suffix.size() &&
           text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

ParamRole role_by_name(const std::string& name) {
    if (ends_with(name, ".mg")) return ParamRole::MIDDLEGAME;
    if (ends_with(name, ".eg")) return ParamRole::ENDGAME;
    if (starts_with(name, "passed_") || name == "unstoppable_passer") return ParamRole::ENDGAME;
    if (name == "king_danger_multiplier" || name == "max_king_danger") return ParamRole::MIDDLEGAME;
    if (starts_with(name, "mating_drive_")) return ParamRole::UNTAPERED;
    if (starts_with(name, "scale_")) return ParamRole::SCALE;
    return ParamRole::FIXED;  // typical mobility, king attack weights
}

const std::vector<ParamRole>& roles() {
    static const std::vector<ParamRole> table = [] {
        std::vector<ParamRole> r(EvalParams::size());
        for (std::size_t i = 0; i < r.size(); ++i) r[i] = role_by_name(EvalParams::flat_name(i));
        return r;
    }();
    return table;
}

ParamRole role_of_stage(EvalStage stage) {
    switch (stage) {
        case EvalStage::MIDDLEGAME:
            return ParamRole::MIDDLEGAME;
        case EvalStage::ENDGAME:
            return ParamRole::ENDGAME;
        case EvalStage::UNTAPERED:
            return ParamRole::UNTAPERED;
    }
    return ParamRole::FIXED;
}

// Sums the coefficients the evaluator reports, per parameter, for one position at a time.
class FeatureCollector : public EvalFeatureSink {
public:
    explicit FeatureCollector(const EvalParams& params)
        : params_(params), coefficients_(EvalParams::size(), 0) {}

    void pair(const TaperedScore& parameter, int coefficient) override {
        int index = index_of(&parameter.mg);
        if (roles()[index] != ParamRole::MIDDLEGAME)
            throw std::logic_error("evaluation used " + EvalParams::flat_name(index) +
                                   " as a pair; the tuner does not know it as one");
        accumulate(index, coefficient, pairs_);
    }

    void scalar(const int& parameter, int coefficient, EvalStage stage) override {
        int index = index_of(&parameter);
        if (roles()[index] != role_of_stage(stage))
            throw std::logic_error("evaluation used " + EvalParams::flat_name(index) + " as " +
                                   param_role_name(role_of_stage(stage)) +
                                   "; the tuner treats it as " + param_role_name(roles()[index]));
        accumulate(index, coefficient, scalars_);
    }

    void scale(const int* parameter, int value) override {
        scale_index_ = -1;
        scale_constant_ = value;
        if (!parameter) return;
        scale_index_ = index_of(parameter);
        if (roles()[scale_index_] != ParamRole::SCALE)
            throw std::logic_error("evaluation scaled by " + EvalParams::flat_name(scale_index_) +
                                   ", which the tuner does not treat as a scale factor");
    }

    void collect(const Position& pos, float label, LinearDataset& out) {
        pairs_.clear();
        scalars_.clear();
        scale_index_ = -1;
        scale_constant_ = FULL_SCALE;
        EvalTrace trace;
        evaluate(pos, params_, trace);  // for the phase
        evaluate(pos, params_, *this);
        LinearPosition p;
        p.first = out.features.size();
        p.pair_count = std::uint16_t(flush(pairs_, out));
        p.scalar_count = std::uint16_t(flush(scalars_, out));
        p.phase = std::uint8_t(trace.phase);
        p.side = pos.side_to_move() == WHITE ? 1 : -1;
        p.scale_index = std::int16_t(scale_index_);
        p.scale_constant = scale_constant_;
        p.label = label;
        out.positions.push_back(p);
    }

private:
    int index_of(const int* field) const {
        int index = params_.flat_index_of(field);
        if (index < 0)
            throw std::logic_error("evaluation used a parameter slot with no name in EvalParams");
        return index;
    }

    void accumulate(int index, int coefficient, std::vector<std::uint16_t>& touched) {
        if (coefficients_[index] == 0 &&
            std::find(touched.begin(), touched.end(), index) == touched.end())
            touched.push_back(std::uint16_t(index));
        coefficients_[index] += coefficient;
    }

    // Moves the non-zero sums to `out` and clears them; returns how many were moved.
    std::size_t flush(std::vector<std::uint16_t>& touched, LinearDataset& out) {
        std::size_t count = 0;
        for (std::uint16_t index : touched) {
            int c = coefficients_[index];
            coefficients_[index] = 0;
            if (c == 0) continue;
            if (c > std::numeric_limits<std::int16_t>::max() ||
                c < std::numeric_limits<std::int16_t>::min())
                throw std::logic_error("coefficient " + std::to_string(c) + " of " +
                                       EvalParams::flat_name(index) + " does not fit 16 bits");
            out.features.push_back({index, std::int16_t(c)});
            ++count;
        }
        return count;
    }

    const EvalParams& params_;
    std::vector<int> coefficients_;
    std::vector<std::uint16_t> pairs_, scalars_;
    int scale_index_ = -1;
    int scale_constant_ = FULL_SCALE;
};

}  // namespace

ParamRole param_role(std::size_t flat_index) { return roles().at(flat_index); }

const char* param_role_name(ParamRole role) {
    switch (role) {
        case ParamRole::MIDDLEGAME:
            return "middlegame";
        case ParamRole::ENDGAME:
            return "endgame";
        case ParamRole::UNTAPERED:
            return "untapered";
        case ParamRole::SCALE:
            return "scale";
        case ParamRole::FIXED:
            return "fixed";
    }
    return "?";
}

void add_linear_position(LinearDataset& dataset, const Position& pos, const EvalParams& params,
                         float label) {
    FeatureCollector collector(params);
    collector.collect(pos, label, dataset);
}

LinearDataset build_linear_dataset(const std::vector<TrainingPosition>& positions,
                                   const EvalParams& params, int threads) {
    threads = std::max(1, std::min<int>(threads, int(positions.size() / 1024) + 1));
    std::vector<LinearDataset> parts(threads);
    std::vector<std::exception_ptr> failures(threads);
    auto work = [&](int part) {
        try {
            FeatureCollector collector(params);
            std::size_t begin = positions.size() * part / threads;
            std::size_t end = positions.size() * (part + 1) / threads;
            for (std::size_t i = begin; i < end; ++i)
                collector.collect(positions[i].to_position(), float(positions[i].label_value()),
                                  parts[part]);
        } catch (...) {
            failures[part] = std::current_exception();
        }
    };
    std::vector<std::thread> helpers;
    for (int part = 1; part < threads; ++part) helpers.emplace_back(work, part);
    work(0);
    for (std::thread& t : helpers) t.join();
    for (const std::exception_ptr& failure : failures)
        if (failure) std::rethrow_exception(failure);

    LinearDataset all = std::move(parts[0]);
    for (int part = 1; part < threads; ++part) {
        std::uint64_t offset = all.features.size();
        for (LinearPosition p : parts[part].positions) {
            p.first += offset;
            all.positions.push_back(p);
        }
        all.features.insert(all.features.end(), parts[part].features.begin(),
                            parts[part].features.end());
    }
    return all;
}

LinearScore linear_score(const LinearDataset& dataset, const LinearPosition& position,
                         const double* weights) {
    LinearScore s;
    const std::vector<ParamRole>& role = roles();
    const LinearFeature* f = dataset.features.data() + position.first;
    for (int i = 0; i < position.pair_count; ++i, ++f) {
        s.middlegame += f->coefficient * weights[f->index];
        s.endgame += f->coefficient * weights[f->index + 1];
    }
    for (int i = 0; i < position.scalar_count; ++i, ++f) {
        double term = f->coefficient * weights[f->index];
        switch (role[f->index]) {
            case ParamRole::MIDDLEGAME:
                s.middlegame += term;
                break;
            case ParamRole::ENDGAME:
                s.endgame += term;
                break;
            default:
                s.untapered += term;
                break;
        }
    }
    double phase = position.phase;
    s.raw = (s.middlegame * phase + s.endgame * (MAX_PHASE - phase)) / MAX_PHASE + s.untapered;
    s.scale = position.scale_index >= 0 ? weights[position.scale_index] : position.scale_constant;
    s.score = position.side * s.raw * s.scale / FULL_SCALE;
    return s;
}

void add_linear_gradient(const LinearDataset& dataset, const LinearPosition& position,
                         const LinearScore& score, double factor, double* gradient) {
    double outer = factor * position.side * score.scale / FULL_SCALE;
    double middlegame = outer * position.phase / MAX_PHASE;
    double endgame = outer * (MAX_PHASE - position.phase) / MAX_PHASE;
    const std::vector<ParamRole>& role = roles();
    const LinearFeature* f = dataset.features.data() + position.first;
    for (int i = 0; i < position.pair_count; ++i, ++f) {
        gradient[f->index] += middlegame * f->coefficient;
        gradient[f->index + 1] += endgame * f->coefficient;
    }
    for (int i = 0; i < position.scalar_count; ++i, ++f) {
        switch (role[f->index]) {
            case ParamRole::MIDDLEGAME:
                gradient[f->index] += middlegame * f->coefficient;
                break;
            case ParamRole::ENDGAME:
                gradient[f->index] += endgame * f->coefficient;
                break;
            default:
                gradient[f->index] += outer * f->coefficient;
                break;
        }
    }
    if (position.scale_index >= 0)
        gradient[position.scale_index] += factor * position.side * score.raw / FULL_SCALE;
}

}  // namespace mneme
