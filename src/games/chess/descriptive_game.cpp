#include "games/chess/descriptive_game.hpp"

#include <algorithm>
#include <tuple>

#include "core/text.hpp"
#include "games/chess/descriptive.hpp"
#include "games/chess/san.hpp"

namespace minimax::chess {

std::optional<std::string> DescriptiveRecord::tag(std::string_view key) const {
  for (const auto& [k, v] : tags)
    if (k == key) return v;
  return std::nullopt;
}

std::vector<std::string> DescriptiveRecord::plies() const {
  std::vector<std::string> out;
  for (const auto& r : rows) {
    if (r.white.empty()) break;
    if (!(out.empty() && r.white == "...")) out.push_back(r.white);  // "...": Black moves first
    if (r.black.empty()) break;
    out.push_back(r.black);
  }
  return out;
}

namespace {

// "Kt-KB3 [1]" -> ("Kt-KB3", "1").
std::pair<std::string, std::string> split_note(std::string_view field) {
  std::string f(trim(field));
  std::string note;
  auto open = f.rfind('[');
  if (open != std::string::npos && f.back() == ']') {
    note = f.substr(open + 1, f.size() - open - 2);
    f = std::string(trim(f.substr(0, open)));
  }
  return {f, note};
}

}  // namespace

Expected<DescriptiveRecord> parse_descriptive_record(std::string_view text) {
  DescriptiveRecord rec;
  int line_no = 0;
  for (const auto& raw : split(text, '\n')) {
    ++line_no;
    std::string_view line = trim(raw);
    if (line.empty() || line[0] == '#') continue;
    const std::string where = "record line " + std::to_string(line_no);
    if (line.find('|') == std::string_view::npos) {
      auto colon = line.find(':');
      if (colon == std::string_view::npos || colon == 0)
        return Error{where + ": expected 'Key: value' or 'N | White | value | Black', not '" +
                     std::string(line) + "'"};
      rec.tags.emplace_back(std::string(trim(line.substr(0, colon))),
                            std::string(trim(line.substr(colon + 1))));
      continue;
    }
    auto fields = split(line, '|');
    if (fields.size() != 4)
      return Error{where + ": " + std::to_string(fields.size()) +
                   " fields, expected 4 ('N | White | value | Black')"};
    auto n = parse_int(trim(fields[0]));
    if (!n || *n != static_cast<std::int64_t>(rec.rows.size()) + 1)
      return Error{where + ": move number '" + std::string(trim(fields[0])) + "', expected " +
                   std::to_string(rec.rows.size() + 1)};
    DescriptiveRow row;
    row.number = static_cast<int>(*n);
    std::tie(row.white, row.white_note) = split_note(fields[1]);
    row.value = std::string(trim(fields[2]));
    std::tie(row.black, row.black_note) = split_note(fields[3]);
    if (!row.value.empty() && !parse_position_play_value(row.value))
      return Error{where + ": bad position-play value '" + row.value + "'"};
    if (row.white.empty()) return Error{where + ": White's move is missing"};
    rec.rows.push_back(std::move(row));
  }
  return rec;
}

std::optional<PositionPlayValue> parse_position_play_value(std::string_view text) {
  std::string t(trim(text));
  PositionPlayValue v;
  if (!t.empty() && t.back() == '*') {
    v.best = true;
    t.pop_back();
  }
  auto d = parse_double(t);
  if (!d) return std::nullopt;
  v.increase = *d;
  return v;
}

std::string write_descriptive_record(const Position& start, const std::vector<Move>& moves,
                                     const std::vector<std::pair<std::string, std::string>>& tags,
                                     const std::vector<std::string>& values) {
  std::string out;
  for (const auto& [k, v] : tags) out += k + ": " + v + "\n";
  Position pos = start;
  std::size_t i = 0;
  // A record that starts with Black to move leaves White's first field as "...".
  for (int number = 1; i < moves.size(); ++number) {
    std::string white_move = "...", black_move;
    if (pos.side() == white) {
      white_move = to_descriptive(pos, moves[i]);
      pos.play(moves[i++]);
    }
    if (i < moves.size()) {
      black_move = to_descriptive(pos, moves[i]);
      pos.play(moves[i++]);
    }
    const std::string value =
        static_cast<std::size_t>(number) <= values.size() ? values[number - 1] : "";
    out += std::to_string(number) + " | " + white_move + " | " + value + " | " + black_move + "\n";
  }
  return out;
}

namespace {

// "18. O-O", "21... Q x P", counted from the record's first ply (White's move 1).
std::string printed_label(std::size_t ply_index, std::string_view text) {
  return std::to_string(ply_index / 2 + 1) + (ply_index % 2 == 0 ? ". " : "... ") +
         std::string(text);
}

constexpr int kUnreadable = 1 << 20;

// The fewest slips with which plies[i..] can be read from pos (kUnreadable if they cannot): a
// careful reader takes the text at its word wherever the rest of the record allows.
int fewest_slips(Position& pos, const std::vector<std::string>& plies, std::size_t i,
                 long& budget) {
  if (i >= plies.size()) return 0;
  if (--budget < 0) return kUnreadable;
  auto r = read_descriptive(pos, plies[i], DescriptiveMode::lenient);
  if (!r) return kUnreadable;
  int best = kUnreadable;
  for (Move m : r->moves) {
    pos.play(m);
    best = std::min(best, fewest_slips(pos, plies, i + 1, budget));
    pos.undo(m);
  }
  return best >= kUnreadable ? kUnreadable : best + (r->slip.empty() ? 0 : 1);
}

}  // namespace

Expected<ReplayedGame> replay_descriptive(const Position& start,
                                          const std::vector<std::string>& plies, bool lenient) {
  ReplayedGame game;
  Position pos = start;
  for (std::size_t i = 0; i < plies.size(); ++i) {
    const std::string label = printed_label(i, plies[i]);
    auto r = read_descriptive(pos, plies[i],
                              lenient ? DescriptiveMode::lenient : DescriptiveMode::strict);
    if (!r) return Error{label + ": " + r.error()};
    std::string why = r->slip;
    std::vector<Move> moves = r->moves;
    if (moves.size() > 1 && lenient) {
      // Ambiguous text: keep the moves after which the rest of the record reads with the fewest
      // slips (Turing's 25. P-B4: f3-f4 would make 25... Q-B6ch a capture written with '-').
      std::vector<Move> best;
      int best_cost = kUnreadable;
      for (Move m : moves) {
        long budget = 200000;
        pos.play(m);
        const int cost = fewest_slips(pos, plies, i + 1, budget);
        pos.undo(m);
        if (cost < best_cost) best.clear(), best_cost = cost;
        if (cost == best_cost && cost < kUnreadable) best.push_back(m);
      }
      if (best.size() == 1) {
        std::string names;
        for (Move m : moves) names += (names.empty() ? "" : " or ") + to_san(pos, m);
        why = (why.empty() ? "" : why + "; ") + "ambiguous (" + names +
              "); the rest of the record reads with " + "the fewest slips after " +
              to_san(pos, best[0]);
        moves = best;
      }
    }
    if (moves.size() != 1) {
      auto m = parse_descriptive(pos, plies[i],
                                 lenient ? DescriptiveMode::lenient : DescriptiveMode::strict);
      return Error{label + ": " + (m ? std::string("ambiguous") : m.error())};
    }
    if (!why.empty())
      game.slips.push_back({static_cast<int>(i + 1), label, to_san(pos, moves[0]), why});
    pos.play(moves[0]);
    game.moves.push_back(moves[0]);
  }
  game.final_position = pos;
  return game;
}

}  // namespace minimax::chess
