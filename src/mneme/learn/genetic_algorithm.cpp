#include "mneme/learn/genetic_algorithm.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>

namespace mneme {

std::vector<double> decode_genes(const Chromosome& chromosome, int bits_per_gene) {
    std::vector<double> genes(chromosome.size() / std::size_t(bits_per_gene));
    const double unit = double(1u << (bits_per_gene - 1));
    for (std::size_t g = 0; g < genes.size(); ++g) {
        unsigned value = 0;
        for (int b = 0; b < bits_per_gene; ++b)
            value =
                value << 1 | unsigned(chromosome[g * std::size_t(bits_per_gene) + std::size_t(b)]);
        genes[g] = value / unit;
    }
    return genes;
}

Chromosome encode_genes(const std::vector<double>& genes, int bits_per_gene) {
    Chromosome chromosome;
    const double unit = double(1u << (bits_per_gene - 1));
    const long top = (1L << bits_per_gene) - 1;
    for (double gene : genes) {
        long value = std::clamp(std::lround(gene * unit), 0L, top);
        for (int b = bits_per_gene - 1; b >= 0; --b) chromosome.push_back((value >> b) & 1);
    }
    return chromosome;
}

bool two_point_crossover(Chromosome& a, Chromosome& b, double rate, std::mt19937_64& random) {
    if (a.size() < 2 || !std::bernoulli_distribution(rate)(random)) return false;
    std::uniform_int_distribution<std::size_t> cut(0, a.size());
    std::size_t first = cut(random), second = cut(random);
    if (first > second) std::swap(first, second);
    for (std::size_t i = first; i < second; ++i) {
        bool bit = a[i];
        a[i] = b[i];
        b[i] = bit;
    }
    return true;
}

int mutate(Chromosome& chromosome, double rate, std::mt19937_64& random) {
    std::bernoulli_distribution flip(rate);
    int flipped = 0;
    for (std::size_t i = 0; i < chromosome.size(); ++i)
        if (flip(random)) {
            chromosome[i] = !chromosome[i];
            ++flipped;
        }
    return flipped;
}

std::size_t roulette_select(const std::vector<double>& fitness, std::mt19937_64& random) {
    double total = std::accumulate(fitness.begin(), fitness.end(), 0.0);
    if (total <= 0)
        return std::uniform_int_distribution<std::size_t>(0, fitness.size() - 1)(random);
    double point = std::uniform_real_distribution<double>(0, total)(random);
    for (std::size_t i = 0; i < fitness.size(); ++i) {
        point -= fitness[i];
        if (point < 0) return i;
    }
    return fitness.size() - 1;
}

GeneticResult run_genetic_algorithm(
    const GeneticOptions& options, const PopulationFitness& fitness,
    const std::function<void(const GenerationReport&)>& on_generation) {
    if (options.population < 2)
        throw std::invalid_argument("a population needs at least 2 individuals");
    if (options.bits_per_gene < 1 || options.bits_per_gene > 30)
        throw std::invalid_argument("bits per gene must be 1..30");
    if (options.genes < 1) throw std::invalid_argument("at least one gene is needed");
    std::mt19937_64 random(options.seed);
    const std::size_t length = std::size_t(options.genes) * std::size_t(options.bits_per_gene);

    std::vector<Chromosome> population;
    for (const std::vector<double>& s : options.seeds) {
        if (s.size() != std::size_t(options.genes))
            throw std::invalid_argument("a seed individual has the wrong number of genes");
        if (int(population.size()) < options.population)
            population.push_back(encode_genes(s, options.bits_per_gene));
    }
    std::bernoulli_distribution coin(0.5);
    while (int(population.size()) < options.population) {
        Chromosome c(length);
        for (std::size_t i = 0; i < length; ++i) c[i] = coin(random);
        population.push_back(c);
    }

    // Fitness is deterministic in the string, so each distinct string is evaluated once.
    std::map<Chromosome, double> known;
    GeneticResult result;
    int evaluations = 0;
    for (int generation = 0;; ++generation) {
        std::vector<Chromosome> unknown;
        for (const Chromosome& c : population)
            if (!known.count(c) && std::find(unknown.begin(), unknown.end(), c) == unknown.end())
                unknown.push_back(c);
        if (!unknown.empty()) {
            std::vector<std::vector<double>> decoded;
            for (const Chromosome& c : unknown)
                decoded.push_back(decode_genes(c, options.bits_per_gene));
            std::vector<double> values = fitness(decoded);
            if (values.size() != unknown.size())
                throw std::logic_error("the fitness function returned the wrong number of values");
            for (std::size_t i = 0; i < unknown.size(); ++i) {
                if (!(values[i] >= 0)) throw std::invalid_argument("fitness must be >= 0");
                known[unknown[i]] = values[i];
            }
            evaluations += int(unknown.size());
        }
        std::vector<double> scores;
        for (const Chromosome& c : population) scores.push_back(known[c]);

        GenerationReport report;
        report.generation = generation;
        report.evaluations = evaluations;
        std::size_t best =
            std::size_t(std::max_element(scores.begin(), scores.end()) - scores.begin());
        report.best_fitness = scores[best];
        report.mean_fitness =
            std::accumulate(scores.begin(), scores.end(), 0.0) / double(scores.size());
        report.best_genes = decode_genes(population[best], options.bits_per_gene);
        if (generation == 0 || report.best_fitness > result.best_fitness) {
            result.best_fitness = report.best_fitness;
            result.best_genes = report.best_genes;
        }
        result.history.push_back(report);
        if (on_generation) on_generation(report);
        if (generation == options.generations) break;

        // The next generation: the elite unchanged, then selected pairs crossed and mutated.
        std::vector<std::size_t> order(population.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t x, std::size_t y) { return scores[x] > scores[y]; });
        std::vector<Chromosome> next;
        for (int e = 0; e < std::min(options.elitism, options.population); ++e)
            next.push_back(population[order[std::size_t(e)]]);
        while (int(next.size()) < options.population) {
            Chromosome a = population[roulette_select(scores, random)];
            Chromosome b = population[roulette_select(scores, random)];
            two_point_crossover(a, b, options.crossover_rate, random);
            mutate(a, options.mutation_rate, random);
            mutate(b, options.mutation_rate, random);
            next.push_back(std::move(a));
            if (int(next.size()) < options.population) next.push_back(std::move(b));
        }
        population = std::move(next);
    }
    return result;
}

}  // namespace mneme
