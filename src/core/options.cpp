#include "core/options.hpp"

#include <cstdio>

#include "core/rng.hpp"
#include "core/text.hpp"

namespace minimax {

namespace {

std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

Expected<bool> parse_check(std::string_view value) {
  if (iequals(value, "true")) return true;
  if (iequals(value, "false")) return false;
  return Error{"expected true or false"};
}

}  // namespace

std::string expected_value(const OptionInfo& o) {
  switch (o.kind) {
    case OptionInfo::Kind::check:
      return "true or false";
    case OptionInfo::Kind::spin:
      return "an integer " + std::to_string(o.min) + ".." + std::to_string(o.max);
    case OptionInfo::Kind::real:
      return "a number " + std::to_string(o.min) + ".." + std::to_string(o.max);
    case OptionInfo::Kind::combo:
      return "one of " + join(o.choices, ", ");
    case OptionInfo::Kind::button:
      return "a button, no value";
    case OptionInfo::Kind::string:
      break;
  }
  return "text";
}

std::string uci_option_line(const OptionInfo& o) {
  std::string line = "option name " + o.name + " type ";
  switch (o.kind) {
    case OptionInfo::Kind::check:
      return line + "check default " + o.default_value;
    case OptionInfo::Kind::spin:
      return line + "spin default " + o.default_value + " min " + std::to_string(o.min) + " max " +
             std::to_string(o.max);
    case OptionInfo::Kind::combo:
      line += "combo default " + o.default_value;
      for (const auto& c : o.choices) line += " var " + c;
      return line;
    case OptionInfo::Kind::button:
      return line + "button";
    case OptionInfo::Kind::real:
    case OptionInfo::Kind::string:
      break;
  }
  return line + "string default " + (o.default_value.empty() ? "<empty>" : o.default_value);
}

std::string option_help_line(const OptionInfo& o) {
  std::string line = o.name + " (" + expected_value(o);
  if (o.kind != OptionInfo::Kind::button) line += ", default " + o.default_value;
  line += ")";
  if (!o.help.empty()) line += ": " + o.help;
  return line;
}

std::string options_help_text(const std::vector<OptionInfo>& options, std::string_view indent) {
  if (options.empty()) return std::string(indent) + "(no options)\n";
  std::string text;
  for (const auto& o : options) text += std::string(indent) + option_help_line(o) + '\n';
  return text;
}

Options& Options::add(OptionInfo info, std::function<Status(std::string_view)> apply) {
  rows_.push_back({std::move(info), std::move(apply)});
  return *this;
}

Options& Options::spin(std::string name, std::int64_t def, std::int64_t lo, std::int64_t hi,
                       std::string help, std::function<Status(std::int64_t)> apply) {
  OptionInfo info{std::move(name), OptionInfo::Kind::spin, std::to_string(def), lo, hi, {},
                  std::move(help)};
  const std::string expected = expected_value(info);
  return add(std::move(info),
             [lo, hi, expected, apply = std::move(apply)](std::string_view value) -> Status {
               auto v = parse_int(trim(value));
               if (!v || *v < lo || *v > hi) return Error{"expected " + expected};
               return apply(*v);
             });
}

Options& Options::check(std::string name, bool def, std::string help, bool* field) {
  *field = def;
  return check(std::move(name), def, std::move(help), [field](bool v) -> Status {
    *field = v;
    return Ok{};
  });
}

Options& Options::check(std::string name, bool def, std::string help,
                        std::function<Status(bool)> apply) {
  OptionInfo info{std::move(name), OptionInfo::Kind::check, def ? "true" : "false", 0, 0, {},
                  std::move(help)};
  return add(std::move(info), [apply = std::move(apply)](std::string_view value) -> Status {
    auto v = parse_check(trim(value));
    if (!v) return Error{v.error()};
    return apply(*v);
  });
}

Options& Options::real(std::string name, double def, double lo, double hi, std::string help,
                       double* field) {
  *field = def;
  OptionInfo info{std::move(name),
                  OptionInfo::Kind::real,
                  number_text(def),
                  static_cast<std::int64_t>(lo),
                  static_cast<std::int64_t>(hi),
                  {},
                  std::move(help)};
  const std::string expected = expected_value(info);
  return add(std::move(info), [lo, hi, field, expected](std::string_view value) -> Status {
    auto v = parse_double(trim(value));
    if (!v || !(*v >= lo && *v <= hi)) return Error{"expected " + expected};
    *field = *v;
    return Ok{};
  });
}

Options& Options::combo(std::string name, std::string def, std::vector<std::string> choices,
                        std::string help, std::function<Status(const std::string&)> apply) {
  OptionInfo info{std::move(name), OptionInfo::Kind::combo, std::move(def), 0, 0,
                  choices,         std::move(help)};
  const std::string expected = expected_value(info);
  return add(std::move(info),
             [choices, expected, apply = std::move(apply)](std::string_view value) -> Status {
               for (const auto& c : choices)
                 if (iequals(c, trim(value))) return apply(c);
               return Error{"expected " + expected};
             });
}

Options& Options::string(std::string name, std::string def, std::string help,
                         std::function<Status(const std::string&)> apply) {
  OptionInfo info{std::move(name), OptionInfo::Kind::string, std::move(def), 0, 0, {},
                  std::move(help)};
  return add(std::move(info), [apply = std::move(apply)](std::string_view value) -> Status {
    return apply(std::string(value));
  });
}

Options& Options::button(std::string name, std::string help, std::function<void()> press) {
  OptionInfo info{std::move(name), OptionInfo::Kind::button, "", 0, 0, {}, std::move(help)};
  return add(std::move(info), [press = std::move(press)](std::string_view) -> Status {
    press();
    return Ok{};
  });
}

Options& Options::seed(std::uint64_t& seed, Rng& rng, std::string help, std::int64_t def) {
  return spin("Seed", def, 0, 2147483647, std::move(help), [&seed, &rng](std::int64_t v) -> Status {
    seed = static_cast<std::uint64_t>(v);
    rng.reseed(seed);
    return Ok{};
  });
}

const Options::Row* Options::find(std::string_view name) const {
  const std::string_view n = trim(name);
  for (const auto& r : rows_)
    if (iequals(r.info.name, n)) return &r;
  return nullptr;
}

std::string Options::canonical_name(std::string_view name) const {
  const Row* r = find(name);
  return r ? r->info.name : std::string();
}

Status Options::set(std::string_view name, std::string_view value, std::string_view owner) {
  const std::string of = owner.empty() ? std::string() : " of " + std::string(owner);
  const Row* r = find(name);
  if (!r) {
    std::string message = "unknown option '" + std::string(name) + "'";
    if (!owner.empty()) message += " for " + std::string(owner);
    if (!rows_.empty()) {
      std::vector<std::string> names;
      for (const auto& row : rows_) names.push_back(row.info.name);
      message += " (options: " + join(names, ", ") + ")";
    } else if (!owner.empty()) {
      message += " (it has no options)";
    }
    return Error{message};
  }
  auto s = r->apply(value);
  if (!s)
    return Error{"bad value '" + std::string(value) + "' for option " + r->info.name + of + ": " +
                 s.error()};
  return Ok{};
}

std::vector<OptionInfo> Options::list() const {
  std::vector<OptionInfo> out;
  out.reserve(rows_.size());
  for (const auto& r : rows_) out.push_back(r.info);
  return out;
}

std::string Options::uci_lines() const {
  std::string text;
  for (const auto& r : rows_) text += uci_option_line(r.info) + '\n';
  return text;
}

std::string Options::help_text(std::string_view indent) const {
  return options_help_text(list(), indent);
}

}  // namespace minimax
