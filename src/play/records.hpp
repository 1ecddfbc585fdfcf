#pragma once
// The data folder and new record names, now in session/records.hpp (shared with `minimax serve`).
#include "session/records.hpp"

namespace minimax::play {

using session::data_folder;
using session::new_record_path;

}  // namespace minimax::play
