// Proof games: the forward search with its counting bound (proof_game.hpp).
#include "machines/chess/mate/proof_game.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <unordered_set>

#include "core/clock.hpp"
#include "core/text.hpp"
#include "machines/chess/mate/mate_targets.hpp"

namespace minimax::chess::mate {

namespace {

// The least total cost of giving each of the m rows its own column (m <= n <= 16; the Hungarian
// method, O(m^2 n)): the units brought to the diagram's squares are different units.
int least_assignment(const int cost[16][16], int m, int n) {
  constexpr int kInf = 1 << 29;
  int u[17] = {}, v[17] = {}, row_of[17] = {}, way[17] = {};
  for (int i = 1; i <= m; ++i) {
    row_of[0] = i;
    int j0 = 0;
    int minv[17];
    bool used[17] = {};
    std::fill(minv, minv + 17, kInf);
    do {
      used[j0] = true;
      const int i0 = row_of[j0];
      int delta = kInf, j1 = 0;
      for (int j = 1; j <= n; ++j) {
        if (used[j]) continue;
        const int cur = cost[i0 - 1][j - 1] - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (int j = 0; j <= n; ++j) {
        if (used[j]) {
          u[row_of[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (row_of[j0] != 0);
    do {
      const int j1 = way[j0];
      row_of[j0] = row_of[j1];
      j0 = j1;
    } while (j0 != 0);
  }
  int total = 0;
  for (int j = 1; j <= n; ++j)
    if (row_of[j] != 0) total += cost[row_of[j] - 1][j - 1];
  return total;
}

// The fewest moves colour c needs to bring its units of `now` to `target`'s squares
// (kUnreachable: impossible), and the captures it must make for that. Each unit's journey is
// mate_targets' count (an empty board; a pawn may promote on the way; castling for the king); a
// rook on a square castling moves it from may begin its journey from where castling puts it, in
// the king's move. Each square is given its own unit (a least-cost assignment of units to the
// squares: one pawn cannot promote to four pieces); the captures are counted square by square.
int side_bound(const Position& now, const Position& target, Color c) {
  struct Own {
    PieceType type;
    Square square;
  };
  const int enemy_lost = popcount(now.pieces(Color(1 - c))) - popcount(target.pieces(Color(1 - c)));
  if (popcount(target.pieces(c)) > popcount(now.pieces(c)) || enemy_lost < 0) return kUnreachable;
  // The diagram's squares of c not yet holding their unit.
  Bitboard missing = 0;
  for (const PieceType pt : {pawn, knight, bishop, rook, queen, king})
    missing |= target.pieces(c, pt) & ~now.pieces(c, pt);
  if (!missing) return enemy_lost;
  Own units[16];
  int n = 0;
  for (Bitboard b = now.pieces(c); b;) {
    const Square s = pop_lsb(b);
    units[n++] = {type_of(now.piece_on(s)), s};
  }
  const CastlingRight oo = c == white ? white_oo : black_oo;
  const CastlingRight ooo = c == white ? white_ooo : black_ooo;
  const Square oo_rook = now.castling_rights() & oo ? now.castling_rook(oo) : no_square;
  const Square ooo_rook = now.castling_rights() & ooo ? now.castling_rook(ooo) : no_square;
  const int back = c == white ? 0 : 7;
  const auto journey = [&](const Own& u, PieceType t, Square s) {
    int d = moves_needed(now, c, u.type, u.square, t, s);
    if (u.type == rook && t == rook && u.square == oo_rook)
      d = std::min(d, moves_needed(now, c, rook, make_square(5, back), rook, s));
    if (u.type == rook && t == rook && u.square == ooo_rook)
      d = std::min(d, moves_needed(now, c, rook, make_square(3, back), rook, s));
    return d;
  };
  // Square by square: the nearest unit and the fewest captures. Where two squares have the same
  // nearest unit, the squares are given different units: the least-cost assignment of units to
  // squares (each journey kUnreachable where the unit never can make it).
  int total = 0, captures = 0, rows = 0;
  bool shared = false;
  std::uint32_t nearest_units = 0;
  Square squares[16];
  for (Bitboard b = missing; b; ++rows) {
    const Square s = pop_lsb(b);
    squares[rows] = s;
    const PieceType t = type_of(target.piece_on(s));
    int best = kUnreachable, fewest_captures = kUnreachable, nearest = -1;
    const auto consider = [&](int i) {
      const Own& u = units[i];
      const int d = journey(u, t, s);
      if (d >= kUnreachable) return;
      if (d < best) nearest = i;
      best = std::min(best, d);
      // A pawn changes file only by taking: what it takes is an enemy unit the diagram lacks.
      fewest_captures =
          std::min(fewest_captures,
                   u.type == pawn ? pawn_captures_needed(c, u.square, t, s, kUnreachable - 1) : 0);
    };
    // The units of the square's type first; then a pawn that would promote to it, only where it
    // could do better: it needs at least its steps to the last rank, and where a piece of the
    // type can come, that piece takes nothing on its way.
    for (int i = 0; i < n && (best > 0 || fewest_captures > 0); ++i)
      if (units[i].type == t) consider(i);
    if (t != pawn && t != king)
      for (int i = 0; i < n && (best > 0 || fewest_captures > 0); ++i) {
        if (units[i].type != pawn) continue;
        const int rank = relative_rank(c, units[i].square);
        const int to_promote = 7 - rank - (rank == 1 ? 1 : 0);
        if (fewest_captures == 0 && to_promote >= best) continue;
        consider(i);
      }
    if (best >= kUnreachable) return kUnreachable;
    total += best;
    captures += fewest_captures;
    if (nearest_units & (1u << nearest)) shared = true;
    nearest_units |= 1u << nearest;
  }
  if (shared) {
    int cost[16][16];
    for (int r = 0; r < rows; ++r) {
      const PieceType t = type_of(target.piece_on(squares[r]));
      for (int i = 0; i < n; ++i)
        cost[r][i] = units[i].type == t || (units[i].type == pawn && t != king)
                         ? std::min(journey(units[i], t, squares[r]), kUnreachable)
                         : kUnreachable;
    }
    total = least_assignment(cost, rows, n);
    if (total >= kUnreachable) return kUnreachable;
  }
  // Every enemy unit the diagram lacks is taken by one of c's moves, and c's pawns can only have
  // taken those.
  if (captures > enemy_lost) return kUnreachable;
  return std::max(total, enemy_lost);
}

bool same_placement(const Position& a, const Position& b) {
  if (a.pieces(white) != b.pieces(white) || a.pieces(black) != b.pieces(black)) return false;
  for (Bitboard x = a.pieces(); x;) {
    const Square s = pop_lsb(x);
    if (a.piece_on(s) != b.piece_on(s)) return false;
  }
  return true;
}

class Search {
 public:
  Search(const Position& target, const ProofGameOptions& o, ProofGameResult& r)
      : target_(target), options_(o), result_(r), start_(now()) {}

  // Every play of `left` plies from p to the diagram, into result_.solutions; with
  // options_.shorter also every shorter one with the same side to move, into result_.shorter in
  // the order found. A shorter play's every node is in this tree: the bound for the moves it
  // has left is no larger than for the more moves the full length leaves.
  void run(Position& p, int left) {
    if (stopped_) return;
    ++result_.nodes;
    if ((result_.nodes & 4095) == 0) check_limits();
    if (left == 0) {
      if (same_placement(p, target_)) {
        result_.solutions.push_back(line_);
        if (static_cast<int>(result_.solutions.size()) >= options_.max_solutions) stop();
      }
      return;
    }
    if (options_.shorter && left % 2 == 0 && same_placement(p, target_)) {
      result_.shorter.push_back(line_);
      if (static_cast<int>(result_.shorter.size()) >= options_.max_solutions) stop();
    }
    const Color us = p.side();
    const int ours = (left + 1) / 2, theirs = left / 2;
    if (side_bound(p, target_, us) > ours || side_bound(p, target_, Color(1 - us)) > theirs) return;
    const std::uint64_t key = p.key() ^ (0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(left));
    if (failed_.count(key)) return;
    const std::size_t before = result_.solutions.size() + result_.shorter.size();
    Position::MoveList moves;
    p.generate_moves(moves);
    for (const Move m : moves) {
      p.play(m);
      line_.push_back(m);
      run(p, left - 1);
      line_.pop_back();
      p.undo(m);
      if (stopped_) return;
    }
    if (result_.solutions.size() + result_.shorter.size() == before) {
      if (failed_.size() > (std::size_t{1} << 23)) failed_.clear();  // about 256 MB at most
      failed_.insert(key);
    }
  }

  [[nodiscard]] bool stopped() const { return stopped_; }

 private:
  void stop() { stopped_ = true; }
  void check_limits() {
    if (options_.stop && options_.stop->load(std::memory_order_relaxed)) stop();
    if (options_.node_limit && result_.nodes >= options_.node_limit) stop();
    if (options_.time_limit_s > 0 &&
        static_cast<double>(elapsed_ms(start_)) >= options_.time_limit_s * 1000)
      stop();
  }

  const Position& target_;
  const ProofGameOptions& options_;
  ProofGameResult& result_;
  TimePoint start_;
  std::vector<Move> line_;
  std::unordered_set<std::uint64_t> failed_;
  bool stopped_ = false;
};

// "5", "5.5", "0.5" as plies; Error naming the text otherwise.
Expected<int> parse_plies(std::string_view moves, std::string_view whole) {
  const std::string t(trim(moves));
  const auto dot = t.find('.');
  const auto whole_moves = parse_int(t.substr(0, dot));
  bool half = false;
  if (dot != std::string::npos) {
    if (t.substr(dot) == ".5")
      half = true;
    else if (t.substr(dot) != ".0")
      return Error{"'" + std::string(whole) + "': moves are N or N.5"};
  }
  if (!whole_moves || *whole_moves < 0 || *whole_moves > 40 || (*whole_moves == 0 && !half))
    return Error{"'" + std::string(whole) + "': moves are N or N.5, from 0.5 to 40"};
  return static_cast<int>(*whole_moves * 2 + (half ? 1 : 0));
}

}  // namespace

bool is_proof_game(std::string_view stipulation) {
  const std::string t = to_lower(trim(stipulation));
  return starts_with(t, "spg") || starts_with(t, "a=>b");
}

Expected<ProofGameSpec> parse_proof_game(std::string_view stipulation) {
  const std::string t = to_lower(trim(stipulation));
  ProofGameSpec spec;
  std::string_view rest;
  if (starts_with(t, "spg")) {
    rest = std::string_view(t).substr(3);
  } else if (starts_with(t, "a=>b")) {
    spec.from_initial = false;
    rest = std::string_view(t).substr(4);
  } else {
    return Error{"'" + std::string(stipulation) + "' is not a proof game (spg N, a=>b N)"};
  }
  auto plies = parse_plies(rest, stipulation);
  if (!plies) return Error{plies.error()};
  spec.plies = *plies;
  return spec;
}

Status check_proof_game_target(const Position& target) {
  static const char* kSide[2] = {"White", "Black"};
  for (int c = 0; c < 2; ++c) {
    const Color col = Color(c);
    if (popcount(target.pieces(col)) > 16)
      return Error{std::string(kSide[c]) + " has " + std::to_string(popcount(target.pieces(col))) +
                   " units; a game starts with 16"};
    const int pawns = target.count(col, pawn);
    if (pawns > 8) return Error{std::string(kSide[c]) + " has more than 8 pawns"};
    const int promoted =
        std::max(0, target.count(col, queen) - 1) + std::max(0, target.count(col, rook) - 2) +
        std::max(0, target.count(col, knight) - 2) + std::max(0, target.count(col, bishop) - 2);
    if (promoted > 8 - pawns)
      return Error{std::string(kSide[c]) + " has " + std::to_string(promoted) +
                   " promoted pieces but only " + std::to_string(8 - pawns) + " pawns missing"};
  }
  return Ok{};
}

ProofGameResult solve_proof_game(const Position& start, const Position& target, int plies,
                                 const ProofGameOptions& options) {
  ProofGameResult r;
  r.plies = plies;
  const TimePoint t0 = now();
  Position p = start;
  Search search(target, options, r);
  search.run(p, plies);
  r.complete = !search.stopped();
  // Shortest first; each length in the order the search found it.
  std::stable_sort(r.shorter.begin(), r.shorter.end(),
                   [](const auto& a, const auto& b) { return a.size() < b.size(); });
  r.seconds = static_cast<double>(elapsed_ms(t0)) / 1000.0;
  return r;
}

std::vector<int> proof_game_bounds(const Position& now_position, const Position& target) {
  std::vector<int> out;
  for (const Color c : {white, black}) {
    const int n = side_bound(now_position, target, c);
    out.push_back(n >= kUnreachable ? -1 : n);
  }
  return out;
}

}  // namespace minimax::chess::mate
