import Foundation
import VeetConsole

// veet: the VeetKit command-line client. Reads the command line, runs one
// command, exits with a documented status (docs/cli.md).
let status = await VeetCLI(arguments: Array(CommandLine.arguments.dropFirst())).run()
exit(status.rawValue)
