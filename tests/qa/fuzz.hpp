#pragma once
// Small, seeded fuzzing helpers for the QA tests: start from valid inputs and damage them (flip,
// insert, delete, truncate, splice in huge numbers, unicode, stray bytes), so every parser at the
// program's edges is fed what a person, a file or a GUI might really send. Seeded Rng
// (core/rng.hpp): a failure names its input and reproduces on every run.
#include <gtest/gtest.h>

#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "core/rng.hpp"
#include "core/text.hpp"

namespace minimax::qa {

// Tokens worth splicing in: numbers at and past the limits of int and int64, signs, unicode,
// control characters, the notation's own punctuation.
inline const std::vector<std::string>& nasty_tokens() {
  static const std::vector<std::string> k = {"",
                                             " ",
                                             "0",
                                             "-1",
                                             "-0",
                                             "+5",
                                             "2147483647",
                                             "2147483648",
                                             "-2147483649",
                                             "9223372036854775807",
                                             "9223372036854775808",
                                             "99999999999999999999999999",
                                             "1e9",
                                             "0x10",
                                             "nan",
                                             "inf",
                                             "\t",
                                             "\r",
                                             std::string(1, '\0'),
                                             "\xff",
                                             "\xc3\xa9",
                                             "\xe2\x99\x94",
                                             "\xf0\x9f\x98\x80",
                                             "\xe2\x80",
                                             "/",
                                             "//",
                                             "-",
                                             "--",
                                             "x",
                                             "=",
                                             "+",
                                             "#",
                                             "!",
                                             "?",
                                             "$",
                                             "{",
                                             "}",
                                             "(",
                                             ")",
                                             ";",
                                             "\"",
                                             "[",
                                             "]",
                                             "*",
                                             "%",
                                             "O-O",
                                             "0-0-0",
                                             "e8=Q",
                                             "K",
                                             "k",
                                             "8",
                                             "9",
                                             "p",
                                             "P",
                                             "w",
                                             "b",
                                             "KQkq",
                                             "HAha",
                                             "e3",
                                             "--help"};
  return k;
}

inline std::string random_token(Rng& rng) {
  const auto& k = nasty_tokens();
  return k[rng.below(k.size())];
}

inline char random_byte(Rng& rng) {
  static const std::string_view printable =
      " /-0123456789abcdefghkpqrnbxKQRBNPOo=+#!?$;\"(){}[]*.%:,\t";
  if (rng.below(4) == 0) return static_cast<char>(rng.below(256));
  return printable[rng.below(printable.size())];
}

// One to four damages to s.
inline std::string mutate(std::string s, Rng& rng) {
  const int n = 1 + static_cast<int>(rng.below(4));
  for (int i = 0; i < n; ++i) {
    const std::size_t at = s.empty() ? 0 : rng.below(s.size() + 1);
    switch (rng.below(10)) {
      case 0:  // flip a character
        if (!s.empty()) s[rng.below(s.size())] = random_byte(rng);
        break;
      case 1:  // insert a character
        s.insert(at, 1, random_byte(rng));
        break;
      case 2:  // delete a run
        if (!s.empty()) s.erase(rng.below(s.size()), 1 + rng.below(4));
        break;
      case 3:  // truncate
        s.resize(at);
        break;
      case 4:  // duplicate a piece
        if (!s.empty()) {
          const std::size_t from = rng.below(s.size());
          s.insert(at, s.substr(from, 1 + rng.below(12)));
        }
        break;
      case 5:  // splice in a nasty token
      case 6:
        s.insert(at, random_token(rng));
        break;
      case 7: {  // replace a whole word
        auto words = split_whitespace(s);
        if (!words.empty()) {
          words[rng.below(words.size())] = random_token(rng);
          s = join(words, " ");
        }
        break;
      }
      case 8:  // swap two characters
        if (s.size() >= 2) std::swap(s[rng.below(s.size())], s[rng.below(s.size())]);
        break;
      default:  // drop a word
      {
        auto words = split_whitespace(s);
        if (!words.empty()) {
          words.erase(words.begin() + static_cast<std::ptrdiff_t>(rng.below(words.size())));
          s = join(words, " ");
        }
      }
    }
  }
  return s;
}

// Inputs that are not damaged versions of anything: empty, blank, very long, binary.
inline std::vector<std::string> degenerate_inputs() {
  std::vector<std::string> v = {"",
                                " ",
                                "\n",
                                "\t\t",
                                std::string(1, '\0'),
                                "\xff\xfe",
                                "\xe2\x99\x94\xe2\x99\x9a",
                                std::string(100000, 'a'),
                                std::string(100000, ' '),
                                std::string(50000, '/'),
                                std::string(20000, '('),
                                std::string(20000, ')'),
                                std::string(20000, '{'),
                                std::string(20000, '['),
                                std::string(20000, '"'),
                                std::string(30000, '1')};
  Rng rng(7);
  std::string binary;
  for (int i = 0; i < 4000; ++i) binary.push_back(static_cast<char>(rng.below(256)));
  v.push_back(binary);
  return v;
}

// An error message at an edge: present, one line.
inline ::testing::AssertionResult one_line_error(const std::string& message) {
  if (message.empty()) return ::testing::AssertionFailure() << "empty error message";
  if (message.find('\n') != std::string::npos)
    return ::testing::AssertionFailure() << "error message spans lines: " << message;
  return ::testing::AssertionSuccess();
}

// Printable form of an input for failure messages.
inline std::string shown(std::string_view s) {
  std::string out;
  for (const char c : s.substr(0, 300)) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 32 || u >= 127) {
      static const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  if (s.size() > 300) out += "...(" + std::to_string(s.size()) + " bytes)";
  return out;
}

// Runs f(input) for each input, catching any escaping exception as a test failure naming the input.
template <class F>
void feed(const std::vector<std::string>& inputs, F&& f, std::string_view what) {
  for (const auto& input : inputs) {
    try {
      f(input);
    } catch (const std::exception& e) {
      ADD_FAILURE() << what << ": exception '" << e.what() << "' escaped for input \""
                    << shown(input) << "\"";
    } catch (...) {
      ADD_FAILURE() << what << ": unknown exception escaped for input \"" << shown(input) << "\"";
    }
  }
}

// `count` damaged versions of the seeds plus the degenerate inputs.
inline std::vector<std::string> corpus(const std::vector<std::string>& seeds, int count,
                                       std::uint64_t seed) {
  Rng rng(seed);
  std::vector<std::string> v = degenerate_inputs();
  for (const auto& s : seeds) v.push_back(s);
  for (int i = 0; i < count; ++i) v.push_back(mutate(seeds[rng.below(seeds.size())], rng));
  return v;
}

}  // namespace minimax::qa
