#include "machines/chess/mate/problem.hpp"

#include "core/text.hpp"

namespace minimax::chess::mate {

Expected<StipulationSpec> parse_stipulation(std::string_view text) {
  StipulationSpec spec;
  std::string_view rest = text;
  // The series forms first: "s#" must not be read from the start of "ser-...".
  static constexpr Stipulation kAll[] = {
      Stipulation::series_help,    Stipulation::series_help_stalemate,
      Stipulation::series_mate,    Stipulation::series_stalemate,
      Stipulation::self,           Stipulation::help,
      Stipulation::help_stalemate, Stipulation::direct};
  bool known = false;
  for (const Stipulation s : kAll) {
    const std::string_view prefix = stipulation_prefix(s);
    if (rest.size() >= prefix.size() && to_lower(rest.substr(0, prefix.size())) == prefix) {
      spec.stipulation = s;
      rest.remove_prefix(prefix.size());
      known = true;
      break;
    }
  }
  if (!known)
    return Error{
        "unknown stipulation '" + std::string(text) +
        "' (supported: #N, s#N, h#N, h#N.5, h=N, h=N.5, ser-#N, ser-=N, ser-h#N, ser-h=N)"};
  if (allows_half_move(spec.stipulation) && rest.size() > 2 &&
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
