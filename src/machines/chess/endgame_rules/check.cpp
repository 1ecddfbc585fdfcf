#include "machines/chess/endgame_rules/check.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include "games/chess/san.hpp"
#include "machines/chess/endgame_rules/rules.hpp"
#include "machines/chess/syzygy.hpp"

namespace minimax::chess::endgame {

namespace {

// The tables in `dir`, which must hold the 3-man endings the check needs.
Expected<std::shared_ptr<const engine::Tablebase>> open_tables(const std::string& dir) {
  if (!syzygy_built()) return Error{syzygy_not_built_message()};
  auto tables = open_syzygy(dir);
  if (!tables) return Error{tables.error()};
  for (const char* name : {"KRvK", "KQvK", "KPvK"}) {
    std::error_code ec;
    if (!std::filesystem::exists(dir + "/" + name + ".rtbw", ec) ||
        !std::filesystem::exists(dir + "/" + name + ".rtbz", ec))
      return Error{"the Syzygy folder '" + dir + "' lacks " + name + ".rtbw/.rtbz"};
  }
  if ((*tables)->max_pieces() < 3) return Error{"no 3-man tables in '" + dir + "'"};
  return tables;
}

struct Probe {
  int wdl = 0;  // -2..2 for the side to move
  int dtz = 0;  // plies, for the side to move (0 in a draw)
};

// Syzygy on a Mini (the man already taken: a draw; mate and stalemate by the rules); dtz -1 when
// the tables do not hold it.
Probe probe(const Mini& s, const engine::Tablebase& tb) {
  if (s.man == no_square || s.type == bishop || s.type == knight) return {0, 0};
  if (s.black_mated()) return {-2, 0};
  if (s.stalemate()) return {0, 0};
  auto pos = Position::from_fen(s.fen());
  if (!pos) return {0, -1};
  const auto wdl = tb.probe_wdl(*pos);
  const auto root = tb.probe_root(*pos);
  if (!wdl || !root) return {0, -1};
  const int w = static_cast<int>(*wdl);
  return {w, w == 0 ? 0 : std::abs(root->dtz)};
}

int slot(PieceType t) { return t == pawn ? 0 : t == rook ? 1 : 2; }
constexpr std::uint32_t kSlots = 3;
std::uint32_t gindex(const Mini& s) { return slot(s.type) * Mini::kIndexSize + s.index(); }

// Everything the measurement has learnt, by position (over the three man types).
struct SyzygyMemo {
  const engine::Tablebase& tb;
  std::vector<std::int16_t> wdl, dtz;  // probed on demand; wdl 9: not yet
  explicit SyzygyMemo(const engine::Tablebase& tb)
      : tb(tb), wdl(kSlots * Mini::kIndexSize, 9), dtz(kSlots * Mini::kIndexSize, 0) {}
  Probe get(const Mini& s) {
    // The man taken, or a pawn promoted to a bishop or knight: no mate is possible.
    if (s.man == no_square || s.type == bishop || s.type == knight) return {0, 0};
    const auto i = gindex(s);
    if (wdl[i] == 9) {
      const Probe p = probe(s, tb);
      wdl[i] = static_cast<std::int16_t>(p.wdl);
      dtz[i] = static_cast<std::int16_t>(p.dtz);
    }
    return {wdl[i], dtz[i]};
  }
};

// The perfect defender's reply (Black to move): a move that draws if there is one, else the one
// that keeps Syzygy's DTZ longest (the first such in move order).
std::optional<MiniMove> tablebase_defence(const Mini& s, SyzygyMemo& t) {
  MiniMove list[kMaxMiniMoves];
  const int n = s.moves(list);
  std::optional<MiniMove> best;
  int best_wdl = 3, best_dtz = -1;
  for (int i = 0; i < n; ++i) {
    const Mini a = s.after(list[i]);
    const Probe p = t.get(a);  // from White's side
    if (p.wdl < best_wdl || (p.wdl == best_wdl && p.dtz > best_dtz)) {
      best = list[i];
      best_wdl = p.wdl;
      best_dtz = p.dtz;
    }
  }
  return best;
}

constexpr int kFailed = -1;

// The strong side's play (White to move, won): moves to mate against the perfect defender and
// moves to promotion, or kFailed (not mated: a draw, a loop, a stalemate).
struct LineMemo {
  std::vector<std::int16_t> mate, promo;  // -2 unknown, -3 on the path now
  LineMemo() : mate(kSlots * Mini::kIndexSize, -2), promo(kSlots * Mini::kIndexSize, -2) {}
};

int line_to_mate(const Mini& w, SyzygyMemo& t, LineMemo& memo) {
  const auto i = gindex(w);
  if (memo.mate[i] == -3) return kFailed;  // a loop
  if (memo.mate[i] != -2) return memo.mate[i];
  memo.mate[i] = -3;
  int result = kFailed, promo = 0;
  const auto m = rule_move(w);
  if (m) {
    const Mini b = w.after(*m);
    if (b.black_mated()) {
      result = 1;
    } else if (!b.stalemate() && !b.man_hangs()) {
      const auto reply = tablebase_defence(b, t);
      if (reply) {
        const Mini w2 = b.after(*reply);
        if (w2.man != no_square) {
          const int rest = line_to_mate(w2, t, memo);
          if (rest != kFailed) {
            result = rest + 1;
            promo = w.type != pawn ? 0 : b.type != pawn ? 1 : memo.promo[gindex(w2)] + 1;
          }
        }
      }
    }
  }
  memo.mate[i] = static_cast<std::int16_t>(result);
  memo.promo[i] = static_cast<std::int16_t>(promo);
  return result;
}

// Against every defence: the most moves to mate the worst defence can make the program take.
int worst_line(const Mini& w, std::vector<std::int16_t>& memo) {
  const auto i = gindex(w);
  if (memo[i] == -3) return kFailed;
  if (memo[i] != -2) return memo[i];
  memo[i] = -3;
  int result = kFailed;
  const auto m = rule_move(w);
  if (m) {
    const Mini b = w.after(*m);
    if (b.black_mated()) {
      result = 1;
    } else if (!b.stalemate() && !b.man_hangs()) {
      MiniMove list[kMaxMiniMoves];
      const int n = b.moves(list);
      int worst = 0;
      for (int k = 0; k < n && worst != kFailed; ++k) {
        const Mini w2 = b.after(list[k]);
        const int rest = w2.man == no_square ? kFailed : worst_line(w2, memo);
        worst = rest == kFailed ? kFailed : std::max(worst, rest);
      }
      if (worst != kFailed) result = worst + 1;
    }
  }
  memo[i] = static_cast<std::int16_t>(result);
  return result;
}

}  // namespace

Expected<EndingReport> check_ending(std::string_view ending, const std::string& syzygy_dir,
                                    std::uint32_t sample_every) {
  PieceType type;
  if (ending == "krk")
    type = rook;
  else if (ending == "kpk")
    type = pawn;
  else
    return Error{"unknown ending '" + std::string(ending) + "' (endings: krk, kpk)"};
  auto tables = open_tables(syzygy_dir);
  if (!tables) return Error{tables.error()};

  EndingReport r;
  r.ending = std::string(ending);
  r.optimum_known = type != pawn;
  SyzygyMemo t(**tables);
  LineMemo memo;
  std::vector<std::int16_t> worst(kSlots * Mini::kIndexSize, -2);
  double sum = 0, sum_opt = 0, sum_any = 0, sum_promo = 0;
  std::uint64_t counted = 0;
  auto fail = [&](const Mini& s, const char* why) {
    if (r.failures.size() < 10) r.failures.push_back(s.fen() + "  (" + why + ")");
  };
  const std::uint32_t step = std::max<std::uint32_t>(1, sample_every);
  for (std::uint32_t i = 0; i < Mini::kIndexSize; i += step) {
    const Mini s = Mini::from_index(i, type);
    if (!s.legal()) continue;
    ++r.positions;
    if (s.white_to_move) ++r.white_to_move;
    const Probe p = t.get(s);
    if (p.dtz < 0) return Error{"Syzygy does not hold " + s.fen()};
    const int white_wdl = s.white_to_move ? p.wdl : -p.wdl;
    if (white_wdl == 0) {
      ++r.drawn;
      if (s.white_to_move) {
        // Held when every White move leads to a drawn position with Black to move that the
        // lone king's program holds (checked there); a draw with White to move is never won.
        ++r.drawn_held;
        continue;
      }
      if (s.stalemate()) {
        ++r.drawn_held;
        continue;
      }
      const auto m = rule_move(s);
      const Mini a = m ? s.after(*m) : s;
      if (m && (a.man == no_square || t.get(a).wdl == 0))
        ++r.drawn_held;
      else
        fail(s, "the lone king lets a drawn position go");
      continue;
    }
    if (white_wdl < 0) return Error{"Syzygy calls " + s.fen() + " lost for the strong side"};
    ++r.won;
    if (white_wdl == 1)
      return Error{"Syzygy calls " + s.fen() + " a cursed win (not expected in 3-man endings)"};
    // Black to move in a won position: its replies lead to positions with White to move.
    if (!s.white_to_move) {
      bool ok_tb = false;
      if (s.black_mated()) {
        ok_tb = true;
      } else if (const auto reply = tablebase_defence(s, t)) {
        ok_tb = line_to_mate(s.after(*reply), t, memo) != kFailed;
      }
      bool ok_all = true;
      MiniMove list[kMaxMiniMoves];
      const int n = s.moves(list);
      for (int k = 0; k < n && ok_all; ++k) ok_all = worst_line(s.after(list[k]), worst) != kFailed;
      if (ok_tb) ++r.won_against_tb;
      if (ok_all) ++r.won_against_all;
      if (!ok_tb || !ok_all)
        fail(s, ok_tb ? "a defence the tablebase does not play wins" : "not won");
      continue;
    }
    const int moves = line_to_mate(s, t, memo);
    const int any = worst_line(s, worst);
    if (moves != kFailed) ++r.won_against_tb;
    if (any != kFailed) ++r.won_against_all;
    if (moves == kFailed || any == kFailed) {
      fail(s, moves == kFailed ? "not won" : "a defence the tablebase does not play wins");
      continue;
    }
    ++counted;
    sum += moves;
    sum_any += any;
    r.longest = std::max(r.longest, moves);
    r.longest_any = std::max(r.longest_any, any);
    if (type == pawn) {
      const int promo = memo.promo[gindex(s)];
      sum_promo += promo;
      r.longest_promotion = std::max(r.longest_promotion, promo);
    } else {
      const int optimum = (p.dtz + 1) / 2;  // DTZ is the distance to mate here (no zeroing move)
      sum_opt += optimum;
      r.optimum_longest = std::max(r.optimum_longest, optimum);
      r.most_extra = std::max(r.most_extra, moves - optimum);
    }
  }
  if (counted) {
    r.mean = sum / static_cast<double>(counted);
    r.mean_any = sum_any / static_cast<double>(counted);
    r.optimum_mean = sum_opt / static_cast<double>(counted);
    r.mean_promotion = sum_promo / static_cast<double>(counted);
  }
  return r;
}

Expected<PlayedGame> play_against_tablebase(const Position& start, const std::string& syzygy_dir,
                                            int max_plies) {
  const auto view = read_mini(start);
  if (!view) return Error{"the position is not king and pawn, rook or queen against king"};
  auto tables = open_tables(syzygy_dir);
  if (!tables) return Error{tables.error()};
  SyzygyMemo t(**tables);
  Mini s = view->mini;
  if (!s.legal()) return Error{"the position is not legal"};
  const int white_wdl = s.white_to_move ? t.get(s).wdl : -t.get(s).wdl;
  Position pos = start;
  PlayedGame game;
  game.start_wdl = t.get(s).wdl;
  game.start_dtz = t.get(s).dtz;
  std::vector<PlayedMove>& line = game.moves;
  std::vector<std::uint32_t> seen;
  game.ending = "stopped after " + std::to_string(max_plies) + " plies";
  for (int ply = 0; ply < max_plies; ++ply) {
    if (s.man == no_square || s.black_mated() || s.stalemate()) {
      game.ending = s.man == no_square ? "the man taken: drawn"
                    : s.black_mated()  ? "checkmate"
                                       : "stalemate: drawn";
      break;
    }
    std::optional<MiniMove> m;
    bool by_program;
    if (white_wdl > 0) {
      by_program = s.white_to_move;
      m = s.white_to_move ? rule_move(s) : tablebase_defence(s, t);
    } else {
      // A drawn position: the lone king's program holds against the tablebase's best try, the
      // move that leaves the defender fewest drawing replies (then the one pushing the pawn).
      by_program = !s.white_to_move;
      if (!s.white_to_move) {
        m = rule_move(s);
      } else {
        MiniMove list[kMaxMiniMoves];
        const int n = s.moves(list);
        int fewest = 99;
        for (int k = 0; k < n; ++k) {
          const Mini b = s.after(list[k]);
          if (b.black_mated()) continue;
          MiniMove replies[kMaxMiniMoves];
          const int nr = b.moves(replies);
          int drawing = 0;
          for (int j = 0; j < nr; ++j) drawing += t.get(b.after(replies[j])).wdl == 0 ? 1 : 0;
          const int score = drawing * 2 + (list[k].from == s.man ? 0 : 1);
          if (score < fewest) {
            fewest = score;
            m = list[k];
          }
        }
      }
    }
    if (!m) {
      game.ending = "no move";
      break;
    }
    const Move move = to_move(*view, *m);
    PlayedMove pm;
    pm.san = to_san(pos, move);
    pm.by_program = by_program;
    pos.play(move);
    s = s.after(*m);
    const Probe p = t.get(s);
    pm.wdl = p.wdl;
    pm.dtz = p.dtz;
    line.push_back(pm);
    const auto key = gindex(s);
    if (std::count(seen.begin(), seen.end(), key) >= 2) {
      game.ending = "a position the third time: drawn";
      break;
    }
    seen.push_back(key);
  }
  return game;
}

}  // namespace minimax::chess::endgame
