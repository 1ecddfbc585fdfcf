#include "core/options.hpp"

#include <gtest/gtest.h>

#include "core/rng.hpp"

namespace minimax {
namespace {

struct Machine {
  Machine() {
    table.spin("Depth", 4, 1, 8, "plies searched", &depth)
        .check("Ponder", false, "think ahead", &ponder)
        .real("Pawn", 1, -10, 10, "a pawn's worth", &pawn)
        .combo("Style", "calm", {"calm", "wild"}, "how it plays",
               [this](const std::string& v) -> Status {
                 style = v;
                 return Ok{};
               })
        .button("Clear", "forget", [this] { ++cleared; })
        .seed(seed, rng);
  }
  int depth = 0;
  bool ponder = true;
  double pawn = 0;
  std::string style = "calm";
  int cleared = 0;
  std::uint64_t seed = 1;
  Rng rng{1};
  Options table;
};

TEST(Options, DeclaringSetsTheDefaults) {
  Machine m;
  EXPECT_EQ(m.depth, 4);
  EXPECT_FALSE(m.ponder);
  EXPECT_EQ(m.pawn, 1.0);
}

TEST(Options, NamesMatchInAnyCaseAndValuesAreSet) {
  Machine m;
  ASSERT_TRUE(m.table.set("depth", "6", "m").ok());
  EXPECT_EQ(m.depth, 6);
  ASSERT_TRUE(m.table.set("PONDER", "TRUE").ok());
  EXPECT_TRUE(m.ponder);
  ASSERT_TRUE(m.table.set("pawn", "2.5").ok());
  EXPECT_EQ(m.pawn, 2.5);
  ASSERT_TRUE(m.table.set("style", "WILD").ok());
  EXPECT_EQ(m.style, "wild");
  ASSERT_TRUE(m.table.set("clear", "").ok());
  EXPECT_EQ(m.cleared, 1);
  ASSERT_TRUE(m.table.set("Seed", "7").ok());
  EXPECT_EQ(m.seed, 7u);
  EXPECT_EQ(m.table.canonical_name("sEeD"), "Seed");
}

TEST(Options, BadValuesGetOneUniformLine) {
  Machine m;
  auto bad = [&](const char* name, const char* value) {
    auto s = m.table.set(name, value, "shannon-a");
    EXPECT_FALSE(s.ok()) << name << "=" << value;
    return s.ok() ? std::string() : s.error();
  };
  EXPECT_EQ(bad("Depth", "x"),
            "bad value 'x' for option Depth of shannon-a: expected an integer 1..8");
  EXPECT_EQ(bad("Depth", "9"),
            "bad value '9' for option Depth of shannon-a: expected an integer 1..8");
  EXPECT_EQ(bad("Ponder", "yes"),
            "bad value 'yes' for option Ponder of shannon-a: expected true or false");
  EXPECT_EQ(bad("Pawn", "nan"),
            "bad value 'nan' for option Pawn of shannon-a: expected a number -10..10");
  EXPECT_EQ(bad("Style", "odd"),
            "bad value 'odd' for option Style of shannon-a: expected one of calm, wild");
  EXPECT_EQ(
      bad("Colour", "red"),
      "unknown option 'Colour' for shannon-a (options: Depth, Ponder, Pawn, Style, Clear, Seed)");
  EXPECT_EQ(m.depth, 4);  // a bad value changes nothing
  Options empty;
  EXPECT_EQ(empty.set("Depth", "1", "nimrod").error(),
            "unknown option 'Depth' for nimrod (it has no options)");
}

TEST(Options, UciLinesAndHelpComeFromTheTable) {
  Machine m;
  const std::string uci = m.table.uci_lines();
  EXPECT_NE(uci.find("option name Depth type spin default 4 min 1 max 8\n"), std::string::npos)
      << uci;
  EXPECT_NE(uci.find("option name Ponder type check default false\n"), std::string::npos);
  EXPECT_NE(uci.find("option name Pawn type string default 1\n"), std::string::npos);
  EXPECT_NE(uci.find("option name Style type combo default calm var calm var wild\n"),
            std::string::npos);
  EXPECT_NE(uci.find("option name Clear type button\n"), std::string::npos);
  EXPECT_NE(uci.find("option name Seed type spin default 1 min 0 max 2147483647\n"),
            std::string::npos);
  const std::string help = m.table.help_text();
  EXPECT_NE(help.find("  Depth (an integer 1..8, default 4): plies searched\n"), std::string::npos)
      << help;
  EXPECT_NE(help.find("  Clear (a button, no value): forget\n"), std::string::npos) << help;
}

}  // namespace
}  // namespace minimax
