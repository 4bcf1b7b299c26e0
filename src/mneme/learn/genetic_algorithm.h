// The 1996 thesis's genetic algorithm, kept general: a population of bit strings, each decoding
// to a vector of real-valued genes; fitness-proportional (roulette) selection; two-point
// crossover of a pair with probability PC; each bit flipped with probability PM. The fitness
// is the caller's (for the thesis: database moves reproduced, see move_reproduction.h).
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <vector>

namespace mneme {

using Chromosome = std::vector<bool>;

struct GeneticOptions {
    int population = 30;
    double crossover_rate = 0.6;  // PC: chance that a selected pair is crossed
    double mutation_rate = 0.05;  // PM: chance that one bit flips
    int generations = 20;
    int genes = 8;
    int bits_per_gene = 6;  // gene = bits / 2^(bits-1): [0, 2) in steps of 1/32
    // The best individuals copied unchanged into the next generation. The thesis does not
    // mention any; 0 gives its plain form, where the best may be lost to crossover.
    int elitism = 1;
    // Individuals of the first generation given by the caller (e.g. the hand-set weights);
    // the rest are random.
    std::vector<std::vector<double>> seeds;
    std::uint64_t seed = 1;
};

struct GenerationReport {
    int generation = 0;  // 0 = the random first population
    double best_fitness = 0;
    double mean_fitness = 0;
    std::vector<double> best_genes;  // of this generation
    int evaluations = 0;             // fitness computations so far (repeated strings are cached)
};

struct GeneticResult {
    std::vector<double> best_genes;  // the fittest individual ever seen
    double best_fitness = 0;
    std::vector<GenerationReport> history;
};

// The fitness of each decoded individual of a generation; values must be >= 0 (selection is
// proportional to them). Called once per generation with the strings not seen before.
using PopulationFitness =
    std::function<std::vector<double>(const std::vector<std::vector<double>>& individuals)>;

GeneticResult run_genetic_algorithm(
    const GeneticOptions& options, const PopulationFitness& fitness,
    const std::function<void(const GenerationReport&)>& on_generation = {});

// The operators, exposed for tests.
std::vector<double> decode_genes(const Chromosome& chromosome, int bits_per_gene);
// The nearest encodable value of each gene (clamped to the range).
Chromosome encode_genes(const std::vector<double>& genes, int bits_per_gene);
// With probability `rate` exchanges the bits between two random cut points; true if it did.
bool two_point_crossover(Chromosome& a, Chromosome& b, double rate, std::mt19937_64& random);
// Flips each bit with probability `rate`; returns how many flipped.
int mutate(Chromosome& chromosome, double rate, std::mt19937_64& random);
// An index drawn with probability proportional to fitness (uniform when all are 0).
std::size_t roulette_select(const std::vector<double>& fitness, std::mt19937_64& random);

}  // namespace mneme
