#pragma once
// `minimax hub`: the Hub protocol (version 2, Letouzey's Scan 3.1; docs/hub.md) in front of
// minimax's draughts machines, for English draughts. A GUI or a match runner that drives Hub
// engines (pydraughts, Hub, minimax's own `hub:` players) then drives minimax.
//
// The engine's side of the protocol: `hub` is answered with `id`, a `param` line for each option
// of the machine (and `variant`, `machine`), and `wait`; `set-param name=N value=V`; `init` is
// answered `ready`; `new-game`; `pos` (`start` or `pos=...`, then `moves="..."`, the whole game,
// so the machine sees its repetitions); `level` (depth, nodes, move-time, time, inc, moves,
// infinite: times in seconds); `go think|ponder|analyze` starts a search on its own thread,
// answered by `info` and `done move=... ponder=...`; `stop`, `ponder-hit`, `ping` (`pong`), `quit`.
// A line that cannot be obeyed gets one `error` line naming what was wrong, and the engine goes
// on serving.
#include <iosfwd>

namespace minimax::hub {

// Serves the protocol on in/out until `quit` or the end of input. Returns the exit status.
int run_hub(std::istream& in, std::ostream& out);

}  // namespace minimax::hub
