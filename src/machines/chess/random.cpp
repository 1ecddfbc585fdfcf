#include "machines/chess/random.hpp"

#include "core/text.hpp"

namespace minimax::chess {

std::vector<OptionInfo> RandomMachine::options() const {
  return {{"Seed", OptionInfo::Kind::spin, "1", 0, 2147483647, {}, "seed of the random choice"}};
}

Status RandomMachine::set_option(std::string_view option, std::string_view value) {
  if (!iequals(option, "Seed")) return Error{"unknown option '" + std::string(option) + "' for random (options: Seed)"};
  auto v = parse_int(value, "Seed", 0, 2147483647);
  if (!v) return Error{v.error()};
  seed_ = static_cast<std::uint64_t>(*v);
  rng_.reseed(seed_);
  return Ok{};
}

Thought<Move> RandomMachine::choose(const Position& position, const Limits&) {
  Position::MoveList moves;
  position.generate_moves(moves);
  Thought<Move> t;
  if (moves.empty()) return t;
  const auto i = rng_.below(moves.size());
  t.move = moves[i];
  t.line = {t.move};
  t.explanation = "move " + std::to_string(i + 1) + " of " + std::to_string(moves.size()) +
                  " legal moves, drawn at random (Shannon's strategy (2))";
  return t;
}

std::unique_ptr<ChessPlayer> make_random() { return std::make_unique<RandomMachine>(); }

}  // namespace minimax::chess
