#include "machines/chess/shannon_options.hpp"

#include <cstdio>

#include "core/text.hpp"

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

std::vector<OptionInfo> weight_options() {
  std::vector<OptionInfo> out;
  const Weights w;
  for (const auto& c : kCoefficients) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", w.*c.field);
    out.push_back({c.name, OptionInfo::Kind::string, buf, 0, 0, {}, c.help});
  }
  return out;
}

Expected<bool> set_weight_option(Weights& w, std::string_view option, std::string_view value) {
  for (const auto& c : kCoefficients) {
    if (!iequals(option, c.name)) continue;
    auto v = parse_double(value);
    if (!v || *v < -10000 || *v > 10000)
      return Error{"bad value '" + std::string(value) + "' for " + c.name + " (a number)"};
    w.*c.field = *v;
    return true;
  }
  return false;
}

}  // namespace minimax::chess::shannon
