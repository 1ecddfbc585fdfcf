#include "cli/app.hpp"

#include <cmath>
#include <cstdio>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "core/text.hpp"

namespace minimax::cli {

namespace {

// Words of `text` in lines of at most `width` characters, each line starting with `indent`.
std::string wrapped(const std::string& text, std::string_view indent, std::size_t width) {
  std::string out, line;
  for (const auto& word : split_whitespace(text)) {
    if (!line.empty() && indent.size() + line.size() + 1 + word.size() > width) {
      out += std::string(indent) + line + '\n';
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) out += std::string(indent) + line + '\n';
  return out;
}

// CLI11's help with the usage line first (as every command's help in minimax begins) and the
// description wrapped under it.
class UsageFirstFormatter : public CLI::Formatter {
 public:
  std::string make_help(const CLI::App* app, std::string name,
                        CLI::AppFormatMode mode) const override {
    if (mode == CLI::AppFormatMode::Sub) return make_expanded(app);
    std::string out = make_usage(app, name);
    out += wrapped(app->get_description(), "  ", 100);
    out += make_positionals(app);
    out += make_groups(app, mode);
    out += make_subcommands(app, mode);
    return out + '\n' + make_footer(app);
  }
};

}  // namespace

CommandApp::CommandApp(std::string_view command, std::string_view summary)
    : CLI::App(std::string(summary), "minimax " + std::string(command)) {
  auto formatter = std::make_shared<UsageFirstFormatter>();
  formatter->label("Usage", "usage");
  formatter->column_width(28);
  this->formatter(formatter);
  // Words it does not know are left for parse_args to name, in the project's words.
  allow_extras();
}

namespace {

std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

bool looks_like_option(const std::string& word) {
  if (word.size() < 2 || word[0] != '-') return false;
  return !parse_double(word).has_value();  // "-1" is a (negative) number, not an option
}

std::string option_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* o : app.get_options()) {
    if (o->get_positional() || o == app.get_help_ptr()) continue;
    const auto& long_names = o->get_lnames();
    names.push_back(long_names.empty() ? "-" + o->get_snames().front() : "--" + long_names.front());
  }
  return join(names, ", ");
}

}  // namespace

std::optional<int> parse_args(CLI::App& app, Args args, std::ostream& out, std::ostream& err) {
  // CLI11 takes the arguments last first.
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return 0;
  } catch (const CLI::ParseError& e) {
    std::string what = e.what();
    for (char& c : what)
      if (c == '\n') c = ' ';
    err << app.get_name() << ": " << what << '\n';
    return 2;
  }
  const auto extras = app.remaining(true);  // a subcommand's extras too
  if (!extras.empty()) {
    const std::string& word = extras.front();
    // The words belong to the deepest subcommand given ("minimax endgame check").
    const CLI::App* where = &app;
    std::string name = app.get_name();
    while (!where->get_subcommands().empty()) {
      where = where->get_subcommands().front();
      name += " " + where->get_name();
    }
    if (looks_like_option(word)) {
      const std::string names = option_names(*where);
      err << name << ": unknown option '" << word << "'"
          << (names.empty() ? std::string(" (it takes no options)") : " (options: " + names + ")")
          << '\n';
    } else {
      err << name << ": unexpected argument '" << word << "'\n";
    }
    return 2;
  }
  return std::nullopt;
}

CLI::Validator whole_number(std::int64_t lo, std::int64_t hi) {
  return CLI::Validator(
      [lo, hi](std::string& value) -> std::string {
        auto v = parse_int(value, "", lo, hi);
        if (v) return {};
        std::string message = v.error();
        // parse_int's message starts with "<what>: "; the option's name goes there instead.
        return message.substr(message.find(':') + 2);
      },
      "");  // no description: the help shows the option's type alone (INT)
}

CLI::Validator real_number(double lo, double hi, bool above_lo) {
  return CLI::Validator(
      [lo, hi, above_lo](std::string& value) -> std::string {
        auto v = parse_double(value);
        if (v && std::isfinite(*v) && *v >= lo && *v <= hi && !(above_lo && *v == lo)) return {};
        const std::string range = above_lo && hi >= 1e300 ? "above " + number_text(lo)
                                  : hi >= 1e300
                                      ? "of at least " + number_text(lo)
                                      : "from " + number_text(lo) + " to " + number_text(hi);
        return "'" + value + "' is not a number " + range;
      },
      "");
}

}  // namespace minimax::cli
