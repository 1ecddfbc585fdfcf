#include "core/svg.hpp"

#include <sstream>

namespace minimax::svg {

namespace {

std::string number(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

void write_attrs(std::string& out, const Attrs& attrs) {
  for (const auto& a : attrs) out += ' ' + a.name + "=\"" + escape(a.value) + '"';
}

}  // namespace

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t') out += c;
    }
  }
  return out;
}

Attr::Attr(std::string name, double value) : name(std::move(name)), value(number(value)) {}

Document::Document(double width, double height, Attrs attrs, bool xml_declaration) {
  if (xml_declaration) body_ += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  Attrs all{{"xmlns", "http://www.w3.org/2000/svg"},
            {"width", width},
            {"height", height},
            {"viewBox", "0 0 " + number(width) + ' ' + number(height)}};
  all.insert(all.end(), attrs.begin(), attrs.end());
  body_ += "<svg";
  write_attrs(body_, all);
  body_ += ">\n";
}

void Document::open_line() { body_.append(static_cast<std::size_t>(2 * depth_), ' '); }

Document& Document::element(std::string_view name, const Attrs& attrs, std::string_view content,
                            bool has_content) {
  open_line();
  body_ += '<';
  body_ += name;
  write_attrs(body_, attrs);
  if (has_content) {
    body_ += '>' + escape(content) + "</";
    body_ += name;
    body_ += ">\n";
  } else {
    body_ += "/>\n";
  }
  return *this;
}

Document& Document::title(std::string_view text) { return element("title", {}, text, true); }

Document& Document::rect(double x, double y, double width, double height, Attrs attrs) {
  Attrs all{{"x", x}, {"y", y}, {"width", width}, {"height", height}};
  all.insert(all.end(), attrs.begin(), attrs.end());
  return element("rect", all);
}

Document& Document::line(double x1, double y1, double x2, double y2, Attrs attrs) {
  Attrs all{{"x1", x1}, {"y1", y1}, {"x2", x2}, {"y2", y2}};
  all.insert(all.end(), attrs.begin(), attrs.end());
  return element("line", all);
}

Document& Document::circle(double cx, double cy, double r, Attrs attrs) {
  Attrs all{{"cx", cx}, {"cy", cy}, {"r", r}};
  all.insert(all.end(), attrs.begin(), attrs.end());
  return element("circle", all);
}

Document& Document::ellipse(double cx, double cy, double rx, double ry, Attrs attrs) {
  Attrs all{{"cx", cx}, {"cy", cy}, {"rx", rx}, {"ry", ry}};
  all.insert(all.end(), attrs.begin(), attrs.end());
  return element("ellipse", all);
}

Document& Document::path(std::string_view d, Attrs attrs) {
  Attrs all{{"d", std::string(d)}};
  all.insert(all.end(), attrs.begin(), attrs.end());
  return element("path", all);
}

Document& Document::text(double x, double y, std::string_view content, Attrs attrs) {
  Attrs all{{"x", x}, {"y", y}};
  all.insert(all.end(), attrs.begin(), attrs.end());
  return element("text", all, content, true);
}

Document& Document::begin_group(Attrs attrs) {
  open_line();
  body_ += "<g";
  write_attrs(body_, attrs);
  body_ += ">\n";
  ++depth_;
  return *this;
}

Document& Document::end_group() {
  if (depth_ > 1) {
    --depth_;
    open_line();
    body_ += "</g>\n";
  }
  return *this;
}

std::string Document::str() const {
  std::string out = body_;
  for (int d = depth_ - 1; d >= 1; --d)
    out.append(static_cast<std::size_t>(2 * d), ' ') += "</g>\n";
  return out + "</svg>\n";
}

}  // namespace minimax::svg
