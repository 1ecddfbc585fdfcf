#include "machines/chess/book.hpp"

#include <cstdio>

#include "core/text.hpp"
#include "games/chess/san.hpp"

namespace minimax::chess {

std::optional<polyglot::BookMove> choose_book_move(const polyglot::Book& book, const Position& pos,
                                                   Rng& rng, bool best_only) {
  const std::vector<polyglot::BookMove> moves = book.moves(pos);
  std::uint64_t total = 0;
  const polyglot::BookMove* best = nullptr;
  for (const auto& m : moves) {
    total += m.weight;
    if (m.weight > 0 && (!best || m.weight > best->weight)) best = &m;
  }
  if (!best) return std::nullopt;  // not in the book, or only moves of weight 0
  if (best_only) return *best;
  std::uint64_t r = rng.below(total);
  for (const auto& m : moves) {
    if (r < m.weight) return m;
    r -= m.weight;
  }
  return *best;  // not reached: r < total
}

std::string describe_book_move(const Position& pos, const polyglot::BookMove& m) {
  char share[32];
  std::snprintf(share, sizeof share, "%.1f%%", 100.0 * m.share);
  return "book move " + to_san(pos, m.move) + " (weight " + std::to_string(m.weight) + ", " +
         share + ")";
}

Status BookOptions::set_file(const std::string& path) {
  book_.reset();
  file_.clear();
  const std::string p(trim(path));
  if (p.empty() || p == "<empty>") return Ok{};
  auto b = polyglot::Book::load(p);
  if (!b) return Error{b.error()};
  book_ = std::make_shared<const polyglot::Book>(std::move(*b));
  file_ = p;
  return Ok{};
}

std::optional<polyglot::BookMove> BookOptions::probe(const Position& pos) {
  if (!enabled_ || !book_) return std::nullopt;
  return choose_book_move(*book_, pos, rng, best_only_);
}

void declare_book_player_options(Options& table, BookOptions& book) {
  table
      .string("Book", "<empty>", "a Polyglot opening book (.bin) played from while it has a move",
              [&book](const std::string& path) -> Status {
                auto s = book.set_file(path);
                book.set_enabled(book.book() != nullptr);
                return s;
              })
      .check("BestBookMove", false, "play the book's highest-weight move, not a choice by weight",
             [&book](bool on) -> Status {
               book.set_best_only(on);
               return Ok{};
             })
      .seed(book.seed, book.rng, "seed of the choice among book moves by weight");
}

BookPlayer::BookPlayer(std::unique_ptr<ChessPlayer> machine) : machine_(std::move(machine)) {
  declare_book_player_options(options_, book_);
}

std::vector<OptionInfo> BookPlayer::options() const {
  std::vector<OptionInfo> all = options_.list();
  for (auto& o : machine_->options())
    if (!options_.has(o.name)) all.push_back(std::move(o));
  return all;
}

Status BookPlayer::set_option(std::string_view option, std::string_view value) {
  if (iequals(option, "Seed")) {
    // The machine's own Seed (if it has one) follows the book's.
    auto s = options_.set(option, value, name());
    if (!s) return s;
    for (const auto& o : machine_->options())
      if (iequals(o.name, "Seed")) return machine_->set_option(option, value);
    return Ok{};
  }
  if (options_.has(option)) return options_.set(option, value, name());
  return machine_->set_option(option, value);
}

std::optional<Thought<Move>> BookOptions::thought(const Position& pos) {
  const auto m = probe(pos);
  if (!m) return std::nullopt;
  Thought<Move> t;
  t.move = m->move;
  t.line = {m->move};
  t.explanation = describe_book_move(pos, *m);
  return t;
}

Thought<Move> BookPlayer::choose(const Position& position, const Limits& limits) {
  if (auto t = book_.thought(position)) return *t;
  return machine_->choose(position, limits);
}

}  // namespace minimax::chess
