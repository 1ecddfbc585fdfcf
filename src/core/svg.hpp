#pragma once
// One SVG writer for every picture minimax draws (the game trees of `minimax tree`, the Elo plot
// of `minimax tournament`): elements with attributes, text escaped for XML, groups, one element a
// line.
//
//   svg::Document doc(400, 300, {{"font-family", "sans-serif"}});
//   doc.title("game tree").rect(0, 0, 400, 300, {{"fill", "white"}});
//   doc.begin_group({{"class", "nodes"}}).circle(50, 50, 5, {{"fill", "#c33"}}).end_group();
//   std::string text = doc.str();
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace minimax::svg {

// Text for XML content or an attribute value: & < > " ' escaped, control characters (not allowed
// in XML 1.0) dropped.
std::string escape(std::string_view text);

// An attribute; numbers are written as an ostream writes a double (6 significant digits).
struct Attr {
  Attr(std::string name, std::string value) : name(std::move(name)), value(std::move(value)) {}
  Attr(std::string name, const char* value) : name(std::move(name)), value(value) {}
  Attr(std::string name, double value);
  Attr(std::string name, int value) : Attr(std::move(name), static_cast<double>(value)) {}
  std::string name, value;
};
using Attrs = std::vector<Attr>;

class Document {
 public:
  // <?xml ...?> (with `xml_declaration`) and <svg xmlns width height viewBox ...attrs>.
  Document(double width, double height, Attrs attrs = {}, bool xml_declaration = true);

  Document& title(std::string_view text);
  Document& rect(double x, double y, double width, double height, Attrs attrs = {});
  Document& line(double x1, double y1, double x2, double y2, Attrs attrs = {});
  Document& circle(double cx, double cy, double r, Attrs attrs = {});
  Document& ellipse(double cx, double cy, double rx, double ry, Attrs attrs = {});
  Document& path(std::string_view d, Attrs attrs = {});
  Document& text(double x, double y, std::string_view content, Attrs attrs = {});
  // Any element: <name attrs/> or, with content, <name attrs>content</name> (content escaped).
  Document& element(std::string_view name, const Attrs& attrs, std::string_view content = {},
                    bool has_content = false);
  // <g attrs> ... </g>; groups nest.
  Document& begin_group(Attrs attrs = {});
  Document& end_group();

  // The document so far, closed (open groups and </svg>).
  [[nodiscard]] std::string str() const;

 private:
  void open_line();
  std::string body_;
  int depth_ = 1;
};

}  // namespace minimax::svg
