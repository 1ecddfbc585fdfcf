#include "machines/chess/shannon_options.hpp"

namespace minimax::chess::shannon {

namespace {

struct Coefficient {
  const char* name;
  double Weights::*field;
  const char* help;
};

constexpr Coefficient kCoefficients[] = {
    {"King", &Weights::king, "f(P) coefficient of K-K' (200)"},
    {"Queen", &Weights::queen, "coefficient of Q-Q' (9)"},
    {"Rook", &Weights::rook, "coefficient of R-R' (5)"},
    {"Bishop", &Weights::bishop, "coefficient of B-B' (3)"},
    {"Knight", &Weights::knight, "coefficient of N-N' (3)"},
    {"Pawn", &Weights::pawn, "coefficient of P-P' (1)"},
    {"Doubled", &Weights::doubled, "penalty per doubled pawn (0.5)"},
    {"Backward", &Weights::backward, "penalty per backward pawn (0.5)"},
    {"Isolated", &Weights::isolated, "penalty per isolated pawn (0.5)"},
    {"Mobility", &Weights::mobility, "coefficient of M-M', legal moves (0.1)"},
};

}  // namespace

void declare_weight_options(Options& table, Weights& w) {
  const Weights defaults;
  for (const auto& c : kCoefficients)
    table.real(c.name, defaults.*c.field, -10000, 10000, c.help, &(w.*c.field));
}

void declare_tolerance_option(Options& table, int& tolerance) {
  table.spin("Tolerance", 0, 0, 1000, "hundredths of a pawn within which moves count as equal",
             &tolerance);
}

}  // namespace minimax::chess::shannon
