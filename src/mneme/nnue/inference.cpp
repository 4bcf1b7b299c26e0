#include "mneme/nnue/inference.h"

#include <algorithm>
#include <cstring>

#if defined(__AVX512BW__) || defined(__AVX2__)
#include <immintrin.h>
#endif

namespace mneme::nnue {

namespace {

const std::int16_t* row(const QuantisedNetwork& net, Color perspective, Piece p, Square s) {
    return net.feature_weights.data() +
           std::size_t(feature_index(perspective, p, s)) * net.architecture.hidden;
}

// The activation of one neuron, as an integer in units of QA (clipped ReLU) or, before the
// division by QA, QA*QA (SCReLU; see output_sum).
inline std::int64_t portable_sum(const QuantisedNetwork& net, const std::int16_t* us,
                                 const std::int16_t* them, int bucket) {
    const int h = net.architecture.hidden, qa = net.architecture.qa;
    const std::int16_t* w = net.output_weights.data() + std::size_t(bucket) * 2 * h;
    std::int64_t sum = 0;
    const bool screlu = net.architecture.activation == Activation::SCRELU;
    for (int half = 0; half < 2; ++half) {
        const std::int16_t* a = half == 0 ? us : them;
        const std::int16_t* weights = w + half * h;
        for (int i = 0; i < h; ++i) {
            std::int32_t v = std::clamp<std::int32_t>(a[i], 0, qa);
            // v * w fits int16 because |w| <= 127 (quantise clamps it): the SIMD path relies on it.
            sum += screlu ? std::int64_t(std::int16_t(v * weights[i])) * v
                          : std::int64_t(v) * weights[i];
        }
    }
    return sum;
}

int finish(const QuantisedNetwork& net, std::int64_t sum, int bucket) {
    const Architecture& a = net.architecture;
    // SCReLU sums are in QA*QA*QB units: one QA comes off first.
    if (a.activation == Activation::SCRELU) sum /= a.qa;
    sum += net.output_bias[std::size_t(bucket)];
    return int(sum * a.scale / (std::int64_t(a.qa) * a.qb));
}

#if defined(__AVX512BW__)
constexpr const char* SIMD = "AVX-512";
std::int64_t simd_sum(const QuantisedNetwork& net, const std::int16_t* us, const std::int16_t* them,
                      int bucket) {
    const int h = net.architecture.hidden;
    const __m512i zero = _mm512_setzero_si512();
    const __m512i qa = _mm512_set1_epi16(std::int16_t(net.architecture.qa));
    const bool screlu = net.architecture.activation == Activation::SCRELU;
    __m512i total = _mm512_setzero_si512();
    for (int half = 0; half < 2; ++half) {
        const std::int16_t* a = half == 0 ? us : them;
        const std::int16_t* w =
            net.output_weights.data() + std::size_t(bucket) * 2 * h + std::size_t(half) * h;
        for (int i = 0; i < h; i += 32) {
            // A network's width is a multiple of 16, not always of 32: the last step of such a
            // width loads only its 16 lanes (the others read as 0 and add nothing), never past
            // the end of the weights.
            const __mmask32 lanes_in = h - i >= 32 ? ~__mmask32(0) : __mmask32(0xFFFF);
            __m512i v = _mm512_min_epi16(
                _mm512_max_epi16(_mm512_maskz_loadu_epi16(lanes_in, a + i), zero), qa);
            __m512i weights = _mm512_maskz_loadu_epi16(lanes_in, w + i);
            __m512i product = screlu ? _mm512_madd_epi16(_mm512_mullo_epi16(v, weights), v)
                                     : _mm512_madd_epi16(v, weights);
            total = _mm512_add_epi32(total, product);
        }
    }
    alignas(64) std::int32_t lanes[16];
    _mm512_store_si512(lanes, total);
    std::int64_t sum = 0;
    for (std::int32_t lane : lanes) sum += lane;
    return sum;
}
#elif defined(__AVX2__)
constexpr const char* SIMD = "AVX2";
std::int64_t simd_sum(const QuantisedNetwork& net, const std::int16_t* us, const std::int16_t* them,
                      int bucket) {
    const int h = net.architecture.hidden;
    const __m256i zero = _mm256_setzero_si256();
    const __m256i qa = _mm256_set1_epi16(std::int16_t(net.architecture.qa));
    const bool screlu = net.architecture.activation == Activation::SCRELU;
    __m256i total = _mm256_setzero_si256();
    for (int half = 0; half < 2; ++half) {
        const std::int16_t* a = half == 0 ? us : them;
        const std::int16_t* w =
            net.output_weights.data() + std::size_t(bucket) * 2 * h + std::size_t(half) * h;
        for (int i = 0; i < h; i += 16) {
            __m256i v = _mm256_min_epi16(
                _mm256_max_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(a + i)), zero),
                qa);
            __m256i weights = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i));
            __m256i product = screlu ? _mm256_madd_epi16(_mm256_mullo_epi16(v, weights), v)
                                     : _mm256_madd_epi16(v, weights);
            total = _mm256_add_epi32(total, product);
        }
    }
    alignas(32) std::int32_t lanes[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), total);
    std::int64_t sum = 0;
    for (std::int32_t lane : lanes) sum += lane;
    return sum;
}
#else
constexpr const char* SIMD = "portable";
std::int64_t simd_sum(const QuantisedNetwork& net, const std::int16_t* us, const std::int16_t* them,
                      int bucket) {
    return portable_sum(net, us, them, bucket);
}
#endif

}  // namespace

const char* simd_name() { return SIMD; }

void refresh_accumulator(const QuantisedNetwork& net, const Position& pos, Accumulator& acc) {
    const int h = net.architecture.hidden;
    for (Color side : {WHITE, BLACK}) {
        std::int16_t* out = acc.values[side];
        std::memcpy(out, net.feature_bias.data(), std::size_t(h) * 2);
        for (Bitboard b = pos.pieces(); b;) {
            Square s = pop_lsb(b);
            const std::int16_t* r = row(net, side, pos.piece_on(s), s);
            for (int i = 0; i < h; ++i) out[i] = std::int16_t(out[i] + r[i]);
        }
    }
}

FeatureChange feature_change(const Position& before, Move m) {
    FeatureChange c;
    const Color us = before.side_to_move();
    const Piece moved = before.moved_piece(m);
    auto remove = [&](Piece p, Square s) {
        c.removed_piece[c.removed] = p;
        c.removed_square[c.removed++] = s;
    };
    auto add = [&](Piece p, Square s) {
        c.added_piece[c.added] = p;
        c.added_square[c.added++] = s;
    };
    if (m.kind() == CASTLING) {
        // The move's "to" is the rook's square (king takes rook), also in standard chess.
        const Piece rook = make_piece(us, ROOK);
        remove(moved, m.from());
        remove(rook, m.to());
        add(moved, before.castling_king_destination(m));
        add(rook, before.castling_rook_destination(m));
        return c;
    }
    remove(moved, m.from());
    if (m.kind() == EN_PASSANT) {
        remove(make_piece(~us, PAWN), Square(m.to() - pawn_push(us)));
    } else if (!before.empty(m.to())) {
        remove(before.piece_on(m.to()), m.to());
    }
    add(m.kind() == PROMOTION ? make_piece(us, m.promotion_type()) : moved, m.to());
    return c;
}

void update_accumulator(const QuantisedNetwork& net, const Accumulator& from,
                        const FeatureChange& change, Accumulator& to) {
    const int h = net.architecture.hidden;
    for (Color side : {WHITE, BLACK}) {
        const std::int16_t* in = from.values[side];
        std::int16_t* out = to.values[side];
        const std::int16_t* add0 = row(net, side, change.added_piece[0], change.added_square[0]);
        const std::int16_t* sub0 =
            row(net, side, change.removed_piece[0], change.removed_square[0]);
        if (change.added == 1 && change.removed == 1) {
            for (int i = 0; i < h; ++i) out[i] = std::int16_t(in[i] + add0[i] - sub0[i]);
        } else if (change.added == 1 && change.removed == 2) {
            const std::int16_t* sub1 =
                row(net, side, change.removed_piece[1], change.removed_square[1]);
            for (int i = 0; i < h; ++i) out[i] = std::int16_t(in[i] + add0[i] - sub0[i] - sub1[i]);
        } else {
            const std::int16_t* add1 =
                row(net, side, change.added_piece[1], change.added_square[1]);
            const std::int16_t* sub1 =
                row(net, side, change.removed_piece[1], change.removed_square[1]);
            for (int i = 0; i < h; ++i)
                out[i] = std::int16_t(in[i] + add0[i] + add1[i] - sub0[i] - sub1[i]);
        }
    }
}

int evaluate_output(const QuantisedNetwork& net, const Accumulator& acc, Color us, int bucket) {
    return finish(net, simd_sum(net, acc.values[us], acc.values[~us], bucket), bucket);
}

int evaluate_output_portable(const QuantisedNetwork& net, const Accumulator& acc, Color us,
                             int bucket) {
    return finish(net, portable_sum(net, acc.values[us], acc.values[~us], bucket), bucket);
}

int evaluate_position(const QuantisedNetwork& net, const Position& pos) {
    Accumulator acc;
    refresh_accumulator(net, pos, acc);
    return evaluate_output(net, acc, pos.side_to_move(),
                           output_bucket(pos, net.architecture.output_buckets));
}

}  // namespace mneme::nnue
