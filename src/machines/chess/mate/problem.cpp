#include "machines/chess/mate/problem.hpp"

#include "core/text.hpp"

namespace minimax::chess::mate {

Expected<StipulationSpec> parse_stipulation(std::string_view text) {
  StipulationSpec spec;
  std::string_view rest = text;
  if (starts_with(rest, "s#")) {
    spec.stipulation = Stipulation::self;
    rest.remove_prefix(2);
  } else if (starts_with(rest, "h#")) {
    spec.stipulation = Stipulation::help;
    rest.remove_prefix(2);
  } else if (starts_with(rest, "#")) {
    rest.remove_prefix(1);
  } else {
    return Error{"unknown stipulation '" + std::string(text) + "' (expected #N, s#N or h#N)"};
  }
  if (spec.stipulation == Stipulation::help && rest.size() > 2 &&
      rest.substr(rest.size() - 2) == ".5") {
    spec.half_move = true;
    rest.remove_suffix(2);
  }
  auto n = parse_int(rest, "number of moves", spec.half_move ? 0 : 1, kMaxMoves);
  if (!n) return Error{n.error() + " in stipulation '" + std::string(text) + "'"};
  spec.n = static_cast<int>(*n);
  return spec;
}

}  // namespace minimax::chess::mate
