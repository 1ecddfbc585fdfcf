#include "cli/app.hpp"

#include <ostream>
#include <string>
#include <vector>

namespace minimax::cli {

CommandApp::CommandApp(std::string_view command, std::string_view summary)
    : CLI::App(std::string(summary), "minimax " + std::string(command)) {
  get_formatter()->label("Usage", "usage");
  get_formatter()->column_width(28);
}

std::optional<int> parse_args(CLI::App& app, Args args, std::ostream& out, std::ostream& err) {
  // CLI11 takes the arguments last first.
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return 0;
  } catch (const CLI::ParseError& e) {
    err << app.get_name() << ": " << e.what() << " (see " << app.get_name() << " --help)\n";
    return 2;
  }
  return std::nullopt;
}

}  // namespace minimax::cli
