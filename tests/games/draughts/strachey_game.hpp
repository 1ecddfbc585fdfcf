#pragma once
// Strachey's game against his machine (Bowden 1953, ch. 25): the first game played with strategy
// 2, the machine Black, Strachey White, in his notation (squares 0-31, the men taken in brackets),
// his marks ("?", " K") kept, until the game was stopped. A historical record, used by the notation
// test (every move legal in turn) and the machine's test (every machine move among its best).
#include <string>
#include <vector>

namespace minimax::draughts::test {

inline const std::vector<std::string> kStracheyGame = {
    "11—15",        "23—18",     "7—11",     "21—17",      "8—12",     "20—16", "12—21(16)",
    "25—16(21)",    "9—14",      "18—9(14)", "6—20(16,9)", "27—23",    "2—7",   "23—18",
    "5—8",          "18—14",     "8—13",     "17—8(13)",   "4—13(8)",  "14—9",  "1—5",
    "9—6",          "15—19",     "6—1 K",    "5—9",        "1—6?",     "0—5",   "6—15(10)",
    "11—25(22,15)", "30—21(25)", "13—17",    "21—14(17)",  "9—18(14)", "24—21", "18—23",
    "26—22",        "23—27",     "22—17",    "5—8",        "17—14",    "8—13",  "14—9",
    "19—23",        "9—6",       "23—26",    "31—22(26)",  "27—31 K",  "6—2 K", "7—10",
    "2—7",          "10—15",     "21—16?",   "3—10(7)",    "16—9(13)", "10—14", "9—6",
    "15—19",        "6—2 K",     "31—27",    "2—6",        "27—31",    "6—10",  "31—26",
    "10—17(14)",    "19—23",     "29—25",    "26—31"};

}  // namespace minimax::draughts::test
