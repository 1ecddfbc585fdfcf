#include "core/svg.hpp"

#include <gtest/gtest.h>

namespace minimax::svg {
namespace {

TEST(Svg, ElementsAttributesAndEscaping) {
  Document doc(100, 50, {{"font-size", 12}}, false);
  doc.title("a < b & \"c\"")
      .begin_group({{"class", "g"}})
      .line(0, 1.5, 10, 20, {{"stroke", "#333"}});
  doc.text(5, 6, "<=+6").circle(1, 2, 3).end_group();
  const std::string s = doc.str();
  EXPECT_EQ(s.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"50\" "
                    "viewBox=\"0 0 100 50\" "
                    "font-size=\"12\">\n",
                    0),
            0u)
      << s;
  EXPECT_NE(s.find("<title>a &lt; b &amp; &quot;c&quot;</title>"), std::string::npos) << s;
  EXPECT_NE(s.find("    <line x1=\"0\" y1=\"1.5\" x2=\"10\" y2=\"20\" stroke=\"#333\"/>\n"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find(">&lt;=+6</text>"), std::string::npos) << s;
  EXPECT_NE(s.find("  </g>\n</svg>\n"), std::string::npos) << s;
}

TEST(Svg, OpenGroupsAreClosed) {
  Document doc(10, 10);
  doc.begin_group().begin_group();
  const std::string s = doc.str();
  EXPECT_EQ(s.rfind("<?xml", 0), 0u);
  EXPECT_NE(s.find("    </g>\n  </g>\n</svg>\n"), std::string::npos) << s;
}

}  // namespace
}  // namespace minimax::svg
