#include "games/draughts/draughts.hpp"

#include <array>

namespace minimax::draughts {

namespace {

// Zobrist keys: one fixed random number per (piece, square), one for Black to move. The numbers
// come from splitmix64 with a fixed seed, so keys are the same in every run and build.
struct ZobristTable {
  std::array<std::array<std::uint64_t, 32>, 4> piece{};  // black man, black king, white man, king
  std::uint64_t black_to_move = 0;
};
constexpr std::uint64_t splitmix(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
constexpr ZobristTable make_zobrist() {
  ZobristTable t;
  std::uint64_t seed = 0x5354524143484559ULL;  // "STRACHEY"
  for (auto& piece : t.piece)
    for (auto& k : piece) k = splitmix(seed);
  t.black_to_move = splitmix(seed);
  return t;
}
constexpr ZobristTable kZobrist = make_zobrist();

constexpr int piece_index(bool white, bool king) { return (white ? 2 : 0) + (king ? 1 : 0); }

// The directions a man of each side moves in: Black's men go down the numbers, White's up.
constexpr Direction kFirstForward[2] = {down_left, up_left};
constexpr Bits crown_row(Side s) { return s == kBlack ? kBottomRow : kTopRow; }

// Strachey's non-capture move types for one side's forward direction: the whole word is shifted
// by 3, 4 or 5 places after masking off the squares the shift would carry off the board (his
// "M"). Down is towards higher numbers (a left shift).
struct MoveType {
  int shift;
  Bits mask;
};
constexpr MoveType kDownTypes[3] = {
    {4, ~Bits{0}}, {3, kOddRows & ~kLeftEdge}, {5, kEvenRows & ~kRightEdge}};
constexpr MoveType kUpTypes[3] = {
    {4, ~Bits{0}}, {5, kOddRows & ~kLeftEdge}, {3, kEvenRows & ~kRightEdge}};

// Strachey's scheme for one direction of travel: for each move type, his gamma (the squares the
// movers would reach, if empty), then each digit theta of it with its origin phi.
template <bool kDown>
inline void add_simple_moves(Draughts::MoveList& list, Bits movers, Bits empty) {
  for (const MoveType& t : kDown ? kDownTypes : kUpTypes) {
    Bits gamma = (kDown ? (movers & t.mask) << t.shift : (movers & t.mask) >> t.shift) & empty;
    for (; gamma; gamma &= gamma - 1) {
      const int to = lowest_square(gamma);                   // his theta
      const int from = kDown ? to - t.shift : to + t.shift;  // his phi
      list.push_back(Move{0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)});
    }
  }
}

}  // namespace

Draughts::Draughts() : black_(0x00000FFFu), white_(0xFFF00000u) {
  key_ = compute_key();
  history_.reserve(256);
}

Expected<Draughts> Draughts::from_words(Bits black, Bits white, Bits kings, Side to_move) {
  if (black & white) return Error{"a square holds both a black and a white piece"};
  if (kings & ~(black | white)) return Error{"a king stands on an empty square"};
  Draughts d;
  d.black_ = black;
  d.white_ = white;
  d.kings_ = kings;
  d.side_ = to_move;
  d.key_ = d.compute_key();
  return d;
}

std::uint64_t Draughts::compute_key() const {
  std::uint64_t k = side_ == kBlack ? kZobrist.black_to_move : 0;
  for (int s = 0; s < 32; ++s) {
    const Bits b = bit(s);
    if (!((black_ | white_) & b)) continue;
    k ^= kZobrist.piece[piece_index(white_ & b, kings_ & b)][static_cast<std::size_t>(s)];
  }
  return k;
}

// Captures: every piece that can take is followed through all its jump sequences (add_jumps);
// if there are none, the non-captures by Strachey's shift-and-mask move types.
template <bool kEveryPath>
void Draughts::generate(MoveList& list) const {
  list.clear();
  const Bits own = pieces(side_), opp = pieces(opposite(side_)), empty = ~(own | opp);
  const Bits own_kings = own & kings_;
  const Direction forward = kFirstForward[index(side_)];
  // The pieces with an opponent's piece next to them and an empty square beyond, direction by
  // direction: the capture analogue of Strachey's gamma, taken backwards from the empty squares.
  Bits jumpers = 0;
  for (Direction d : kAllDirections) {
    const Bits movers = (d == forward || d == forward + 1) ? own : own_kings;
    jumpers |= movers & step(step(empty, reverse(d)) & opp, reverse(d));
  }
  if (jumpers) {
    for (Bits j = jumpers; j; j &= j - 1) {
      const int from = lowest_square(j);
      add_jumps<kEveryPath>(list, list.size(), from, from, (kings_ & bit(from)) != 0, 0, opp,
                            empty | bit(from));
    }
    return;
  }
  if (side_ == kBlack) {
    add_simple_moves<true>(list, own, empty);
    if (own_kings) add_simple_moves<false>(list, own_kings, empty);
  } else {
    add_simple_moves<false>(list, own, empty);
    if (own_kings) add_simple_moves<true>(list, own_kings, empty);
  }
}

// One piece's jump sequences from `at` (it started at `from`, has taken `captured`, may still take
// `targets`). A sequence ends when no jump is left, or when a man reaches the far row (crowned,
// its move ends). The piece's start counts as empty (a king may come back to it); the men taken
// stay on the board until the move ends but cannot be jumped twice, and a piece can never land
// on one (it lands an even number of rows from its start, and jumps men an odd number away).
// Black's forward directions are down_left and down_right, White's up_left and up_right: a man
// tries the two from kFirstForward, a king all four.
template <bool kEveryPath>
void Draughts::add_jumps(MoveList& list, std::size_t first, int from, int at, bool king,
                         Bits captured, Bits targets, Bits empty) const {
  bool extended = false;
  const int d0 = king ? 0 : kFirstForward[index(side_)];
  const int d1 = king ? 4 : d0 + 2;
  for (int d = d0; d < d1; ++d) {
    const Bits over = kJumps.over[static_cast<std::size_t>(d)][static_cast<std::size_t>(at)];
    const Bits land = kJumps.land[static_cast<std::size_t>(d)][static_cast<std::size_t>(at)];
    if (!(over & targets) || !(land & empty)) continue;
    extended = true;
    const int to = lowest_square(land);
    if (!king && (land & crown_row(side_))) {
      list.push_back(
          Move{captured | over, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)});
    } else {
      add_jumps<kEveryPath>(list, first, from, to, king, captured | over, targets & ~over, empty);
    }
  }
  if (extended) return;
  const Move m{captured, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(at)};
  if constexpr (!kEveryPath) {
    // Two paths with the same men, start and end need a ring of jumps, so at least four men taken,
    // and only a king can go round one.
    if (king && count(captured) >= 4)
      for (std::size_t i = first; i < list.size(); ++i)
        if (list[i] == m) return;
  }
  list.push_back(m);
}

void Draughts::generate_moves(MoveList& list) const { generate<false>(list); }
void Draughts::generate_move_paths(MoveList& list) const { generate<true>(list); }

void Draughts::play(Move m) {
  history_.push_back({black_, white_, kings_, key_, quiet_plies_});
  const Bits from = bit(m.from), to = bit(m.to);
  const bool white = side_ == kWhite;
  Bits& own = white ? white_ : black_;
  Bits& opp = white ? black_ : white_;
  const bool king = (kings_ & from) != 0;
  key_ ^= kZobrist.piece[piece_index(white, king)][m.from];
  own = (own & ~from) | to;
  bool crowned = false;
  if (king) {
    kings_ = (kings_ & ~from) | to;
  } else if (to & crown_row(side_)) {
    kings_ |= to;
    crowned = true;
  }
  key_ ^= kZobrist.piece[piece_index(white, king || crowned)][m.to];
  for (Bits c = m.captured; c; c &= c - 1) {
    const int s = lowest_square(c);
    key_ ^= kZobrist.piece[piece_index(!white, (kings_ >> s) & 1)][static_cast<std::size_t>(s)];
  }
  opp &= ~m.captured;
  kings_ &= ~m.captured;
  // The move-limit count: only a king's non-capture keeps it going (WCDF: no man advanced and no
  // piece removed).
  quiet_plies_ = (king && !m.captured) ? quiet_plies_ + 1 : 0;
  side_ = opposite(side_);
  key_ ^= kZobrist.black_to_move;
}

void Draughts::undo(Move) {
  const Undo& u = history_.back();
  black_ = u.black;
  white_ = u.white;
  kings_ = u.kings;
  key_ = u.key;
  quiet_plies_ = u.quiet_plies;
  history_.pop_back();
  side_ = opposite(side_);
}

bool Draughts::has_capture() const {
  const Bits own = pieces(side_), opp = pieces(opposite(side_)), empty = ~(own | opp);
  const Direction forward = kFirstForward[index(side_)];
  for (Direction d : kAllDirections) {
    const Bits movers = (d == forward || d == forward + 1) ? own : own & kings_;
    if (step(step(movers, d) & opp, d) & empty) return true;
  }
  return false;
}

bool Draughts::has_legal_move() const {
  const Bits own = pieces(side_), empty = ~(black_ | white_);
  const Direction forward = kFirstForward[index(side_)];
  for (Direction d : kAllDirections) {
    const Bits movers = (d == forward || d == forward + 1) ? own : own & kings_;
    if (step(movers, d) & empty) return true;
  }
  return has_capture();
}

int Draughts::repetitions() const {
  // Only positions since the last man's move or capture can recur, and only every second ply
  // has the same side to move.
  int n = 1;
  const int plies = static_cast<int>(history_.size());
  for (int j = plies - 2; j >= 0 && plies - j <= quiet_plies_; j -= 2)
    if (history_[static_cast<std::size_t>(j)].key == key_) ++n;
  return n;
}

Outcome Draughts::outcome() const {
  if (!has_legal_move()) return Outcome::loss;
  if (rules_.move_limit > 0 && quiet_plies_ >= 2 * rules_.move_limit) return Outcome::draw;
  if (rules_.threefold && quiet_plies_ >= 4 && repetitions() >= 3) return Outcome::draw;
  return Outcome::none;
}

std::vector<int> Draughts::jump_path(Move m) const {
  std::vector<int> path;
  if (!m.captured) return {m.to};
  const bool king = (kings_ & bit(m.from)) != 0;
  const Bits empty = this->empty() | bit(m.from);
  const int d0 = king ? 0 : kFirstForward[index(side_)];
  const int d1 = king ? 4 : d0 + 2;
  // Depth first over the jumps that take only men of the move, until all are taken at m.to.
  auto find = [&](auto&& self, int at, Bits left) -> bool {
    if (!left) return at == m.to;
    for (int d = d0; d < d1; ++d) {
      const Bits over = kJumps.over[static_cast<std::size_t>(d)][static_cast<std::size_t>(at)];
      const Bits land = kJumps.land[static_cast<std::size_t>(d)][static_cast<std::size_t>(at)];
      if (!(over & left) || !(land & empty)) continue;
      path.push_back(lowest_square(land));
      if (self(self, lowest_square(land), left & ~over)) return true;
      path.pop_back();
    }
    return false;
  };
  find(find, m.from, m.captured);
  return path;
}

}  // namespace minimax::draughts
