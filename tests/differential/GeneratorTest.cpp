//===- GeneratorTest.cpp - the generator's own promises -------------------===//
//
// A seed gives the same program every time; the oracle text compiles and
// runs; a mutant differs from its original; the cosmo text and the
// oracle's lines agree.
//
//===----------------------------------------------------------------------===//
#include "CPrinter.h"
#include "Oracle.h"
#include "ProgramGenerator.h"

#include <gtest/gtest.h>

#include <unistd.h>

using namespace cosmo::differential;

namespace {

TEST(Generator, SameSeedSameProgram) {
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    Program a = generateProgram(seed), b = generateProgram(seed);
    EXPECT_EQ(printProgram(a).cosmoText, printProgram(b).cosmoText) << seed;
    EXPECT_EQ(printProgram(a).oracleText, printProgram(b).oracleText) << seed;
  }
  EXPECT_NE(printProgram(generateProgram(1)).cosmoText,
            printProgram(generateProgram(2)).cosmoText);
}

TEST(Generator, MutantDiffersFromOriginal) {
  unsigned mutants = 0;
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    Program p = generateProgram(seed);
    std::optional<Program> m = mutate(p);
    if (!m)
      continue;
    ++mutants;
    EXPECT_FALSE(m->mutation.empty());
    EXPECT_NE(printProgram(p).cosmoText, printProgram(*m).cosmoText)
        << seed << ": " << m->mutation;
    // The original is left as it was.
    EXPECT_EQ(printProgram(p).cosmoText,
              printProgram(generateProgram(seed)).cosmoText);
  }
  EXPECT_GE(mutants, 45u);
}

TEST(Generator, InputBoxStaysSmall) {
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    Program p = generateProgram(seed);
    long tuples = 1;
    for (const Input &in : p.inputs)
      tuples *= in.range.size();
    for (int i = 0; i < p.arrayInputs; ++i)
      tuples *= p.arrayInputRange.size();
    EXPECT_LE(p.inputs.size(), 4u) << seed;
    EXPECT_LE(tuples, 5000) << seed;
  }
}

TEST(Generator, OracleBuildsAndRuns) {
  fs::path dir = fs::temp_directory_path() /
                 ("cosmo-diff-gen-" + std::to_string(getpid()));
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    fs::create_directories(dir);
    Program p = generateProgram(seed);
    PrintedProgram printed = printProgram(p);
    std::optional<std::string> err = Oracle::build(COSMO_DIFF_CLANG, printed.oracleText, dir);
    ASSERT_FALSE(err) << *err << "\n" << printed.oracleText;
    auto probes = Oracle::probe(dir, p.probes);
    ASSERT_TRUE(probes) << seed;
    chooseAssertionBounds(p, *probes);
    auto table = Oracle::run(dir, oracleAssertionArgs(p));
    ASSERT_TRUE(table) << seed;
    EXPECT_FALSE(table->main.empty()) << seed;
    // The printed lines of the cosmo text do not move with the bounds.
    EXPECT_EQ(printProgram(p).lines.stmt.size(), printed.lines.stmt.size());
    fs::remove_all(dir);
  }
}

} // namespace
