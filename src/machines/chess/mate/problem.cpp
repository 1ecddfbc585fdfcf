#include "machines/chess/mate/problem.hpp"

#include "core/text.hpp"

namespace minimax::chess::mate {

std::string_view stipulation_prefix(Stipulation s) {
  switch (s) {
    case Stipulation::direct:
      return "#";
    case Stipulation::self:
      return "s#";
    case Stipulation::help:
      return "h#";
    case Stipulation::help_stalemate:
      return "h=";
    case Stipulation::series_mate:
      return "ser-#";
    case Stipulation::series_stalemate:
      return "ser-=";
    case Stipulation::series_help:
      return "ser-h#";
    case Stipulation::series_help_stalemate:
      return "ser-h=";
  }
  return "#";
}

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
  return parse_moves(spec.stipulation, rest, text);
}

Expected<StipulationSpec> parse_moves(Stipulation stipulation, std::string_view moves,
                                      std::string_view stipulation_text) {
  StipulationSpec spec;
  spec.stipulation = stipulation;
  std::string_view rest = moves;
  if (allows_half_move(stipulation) && rest.size() > 2 && rest.substr(rest.size() - 2) == ".5") {
    spec.half_move = true;
    rest.remove_suffix(2);
  }
  auto n = parse_int(rest, "number of moves", spec.half_move ? 0 : 1, kMaxMoves);
  if (!n)
    return Error{n.error() + " in stipulation '" +
                 std::string(stipulation_text.empty()
                                 ? std::string(stipulation_prefix(stipulation)) + std::string(moves)
                                 : std::string(stipulation_text)) +
                 "'"};
  spec.n = static_cast<int>(*n);
  return spec;
}

}  // namespace minimax::chess::mate
