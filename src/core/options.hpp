#pragma once
// One table of a Player's options (issue 16): each option is declared once, with its name, type,
// default, range or choices and a line of help, and everything that shows or sets options reads
// that table: UCI's `option` lines and `setoption`, `NAME:Option=Value` in match and tournament,
// `minimax machines` and the help of play/match/tournament. A bad value gets the same one-line
// message wherever it was given:
//   bad value 'x' for option Depth of shannon-a: expected an integer 1..8
//
//   Options t;
//   t.spin("Depth", 4, 1, 8, "plies searched", &depth_)
//    .check("Ponder", false, "think on the opponent's time", &ponder_)
//    .seed(seed_, rng_);
//   t.set("depth", "6", "shannon-a");   // names match case-insensitively
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"

namespace minimax {

class Rng;

// A setting a Player accepts, described so that UCI and the command line can list it.
struct OptionInfo {
  // real: a number with a fraction; UCI has no such type and lists it as a string.
  enum class Kind { check, spin, combo, string, button, real };
  std::string name;
  Kind kind = Kind::string;
  std::string default_value;
  std::int64_t min = 0, max = 0;     // spin, real
  std::vector<std::string> choices;  // combo
  std::string help;
};

// What a value of the option must be, in words: "an integer 1..8", "true or false", "one of
// random, engine", "a number -10000..10000", "text", "a button, no value".
std::string expected_value(const OptionInfo& o);
// UCI's line for the option: "option name Hash type spin default 16 min 1 max 65536".
std::string uci_option_line(const OptionInfo& o);
// One line of help: "Depth (an integer 1..8, default 4): plies searched".
std::string option_help_line(const OptionInfo& o);

class Options {
 public:
  Options() = default;
  // Rows hold pointers and callbacks into their owner: a table is never copied away from it.
  Options(const Options&) = delete;
  Options& operator=(const Options&) = delete;

  // An integer in lo..hi. With a field, the field takes the default now and every value set.
  template <class Int>
  Options& spin(std::string name, std::int64_t def, std::int64_t lo, std::int64_t hi,
                std::string help, Int* field) {
    *field = static_cast<Int>(def);
    return spin(std::move(name), def, lo, hi, std::move(help), [field](std::int64_t v) -> Status {
      *field = static_cast<Int>(v);
      return Ok{};
    });
  }
  Options& spin(std::string name, std::int64_t def, std::int64_t lo, std::int64_t hi,
                std::string help, std::function<Status(std::int64_t)> apply);
  // true or false (any case).
  Options& check(std::string name, bool def, std::string help, bool* field);
  Options& check(std::string name, bool def, std::string help, std::function<Status(bool)> apply);
  // A number with a fraction in lo..hi (UCI lists it as a string, default printed with %g).
  Options& real(std::string name, double def, double lo, double hi, std::string help,
                double* field);
  // One of `choices` (matched case-insensitively; the callback gets the choice as declared).
  Options& combo(std::string name, std::string def, std::vector<std::string> choices,
                 std::string help, std::function<Status(const std::string&)> apply);
  // Free text; the callback's Error is the reason ("cannot read the file"), which set() puts after
  // "bad value '...' for option NAME: ".
  Options& string(std::string name, std::string def, std::string help,
                  std::function<Status(const std::string&)> apply);
  // An action without a value.
  Options& button(std::string name, std::string help, std::function<void()> press);
  // The option every machine that chooses at random among equals has: Seed, 0..2147483647,
  // default `def` (1 unless the machine starts from another); setting it reseeds `rng` (the
  // declared default leaves `seed` as constructed, which should be `def`).
  Options& seed(std::uint64_t& seed, Rng& rng,
                std::string help = "seed of the random choice among equal moves",
                std::int64_t def = 1);

  // Sets an option by name (case-insensitive). `owner` names the table's Player in messages
  // ("... for option Depth of shannon-a: ..."); empty for a front end's own table.
  Status set(std::string_view name, std::string_view value, std::string_view owner = {});
  [[nodiscard]] bool has(std::string_view name) const { return find(name) != nullptr; }
  // The declared spelling of a name given in any case, or empty.
  [[nodiscard]] std::string canonical_name(std::string_view name) const;
  [[nodiscard]] bool empty() const { return rows_.empty(); }

  [[nodiscard]] std::vector<OptionInfo> list() const;
  // Every row's UCI line, each ending in a newline.
  [[nodiscard]] std::string uci_lines() const;
  // Every row's help line, each indented and ending in a newline; "(no options)" when empty.
  [[nodiscard]] std::string help_text(std::string_view indent = "  ") const;

 private:
  struct Row {
    OptionInfo info;
    std::function<Status(std::string_view)> apply;  // gets the raw value; Error: the reason
  };
  const Row* find(std::string_view name) const;
  Options& add(OptionInfo info, std::function<Status(std::string_view)> apply);

  std::vector<Row> rows_;
};

// The help block of every option a list of OptionInfo rows describes (for Players whose options()
// is not a table of their own, such as an engine behind a UCI pipe).
std::string options_help_text(const std::vector<OptionInfo>& options,
                              std::string_view indent = "  ");

}  // namespace minimax
