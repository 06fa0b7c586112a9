//===- TermArchiveTest.cpp - terms written down and read back -------------===//
//
// Random terms (RandomTerms.h, of every kind the generator makes) written
// by a TermWriter and read back: in the same context they are the very
// nodes written; in a fresh one, the same text. A table that is not one a
// TermWriter wrote is an error, never a term.
//
//===----------------------------------------------------------------------===//

#include "RandomTerms.h"

#include "cosmo/expr/TermArchive.h"
#include "cosmo/expr/Transform.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace cosmo::expr;
using nlohmann::json;

namespace {

TEST(TermArchive, RandomTermsReadBackAsTheyWereWritten) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    ExprContext ctx;
    cosmo::expr::testing::TermGen gen(ctx, seed);
    cosmo::expr::testing::RecipeBuilder builder(
        ctx, cosmo::expr::testing::BuildMode::Mixed, seed);
    std::vector<ExprRef> terms;
    for (int k = 0; k < 8; ++k)
      terms.push_back(builder.build(gen.any()));
    terms.push_back(ExprRef()); // null stays null
    terms.push_back(ctx.bv(llvm::APInt::getAllOnes(100)));
    terms.push_back(ctx.constArray(ctx.bv(8, 0), 3));
    ExprRef v = ctx.var("f~x#0", Sort::bv(32));
    terms.push_back(ctx.forall(std::vector<ExprRef>{v},
                               ctx.ult(v, ctx.var("f~y#1", Sort::bv(32)))));

    TermWriter writer;
    std::vector<int64_t> at;
    for (const ExprRef &t : terms)
      at.push_back(writer.add(t));
    // Through text, as the store keeps it.
    json table = json::parse(writer.table().dump());

    auto same = readTerms(ctx, table);
    ASSERT_TRUE(bool(same)) << llvm::toString(same.takeError());
    ExprContext fresh;
    auto other = readTerms(fresh, table);
    ASSERT_TRUE(bool(other)) << llvm::toString(other.takeError());
    for (size_t k = 0; k < terms.size(); ++k) {
      if (!terms[k]) {
        EXPECT_EQ(at[k], -1);
        continue;
      }
      EXPECT_EQ((*same)[at[k]].get(), terms[k].get()) << "seed " << seed;
      EXPECT_EQ(toSmtLib((*other)[at[k]]), toSmtLib(terms[k]))
          << "seed " << seed;
    }
  }
}

TEST(TermArchive, ATableNoWriterWroteIsAnError) {
  ExprContext ctx;
  for (const char *bad :
       {R"({"not": "a table"})", R"([[250]])", R"([[4, 0, 0, [0]]])",
        R"([[1, 8]])", R"([[2, 5, 8, "x"]])", R"([[0, true], [4, 0, 0, [7]]])",
        R"([[0, true], [4, 0, 0, []]])", R"([[1, 8, "1ff"]])",
        R"([[1, 8, "zz"]])"}) {
    auto terms = readTerms(ctx, json::parse(bad));
    EXPECT_FALSE(bool(terms)) << bad;
    if (!terms)
      llvm::consumeError(terms.takeError());
  }
}

} // namespace
