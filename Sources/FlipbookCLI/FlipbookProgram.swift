import ArgumentParser
import Flipbook
import Foundation

/// The `flipbook` program: parses the arguments, runs the command and says which exit code
/// it ends with (README: 0 ok, 1 a comparison failed, 2 usage or input error, 3 render or
/// internal error). The executable's `main` is this call; tests call it in-process.
public enum FlipbookProgram {
    /// The `flipbook` program: `run`, with an interrupted command cleaning up after itself
    /// (`Interruption`).
    public static func main(_ arguments: [String]) -> Int32 {
        Interruption.install()
        return run(arguments)
    }

    /// Runs `flipbook ARGUMENTS…` (without the program's own name) and returns its exit code.
    /// Parsing errors are usage errors: ArgumentParser's message names the subcommand and shows
    /// its usage. Errors from running a command are about its input: the message alone (the
    /// top-level usage would only mislead).
    public static func run(_ arguments: [String]) -> Int32 {
        var command: any ParsableCommand
        do {
            command = try FlipbookCommand.parseAsRoot(arguments)
        } catch {
            if FlipbookCommand.exitCode(for: error) == .success { return cleanExit(error) }  // --help, --version
            Console.error(FlipbookCommand.fullMessage(for: error))
            return Exit.input
        }
        do {
            try command.run()
            return Exit.ok
        } catch {
            return report(error)
        }
    }

    /// What `--help` and `--version` print, on standard output, as ArgumentParser's own exit does.
    static func cleanExit(_ error: any Error) -> Int32 {
        let text = FlipbookCommand.fullMessage(for: error)
        if !text.isEmpty { print(text) }
        return FlipbookCommand.exitCode(for: error).rawValue
    }

    /// Prints a failed command's error and returns its exit code.
    static func report(_ error: any Error) -> Int32 {
        switch error {
        case let error as ExitCode:
            return error.rawValue
        case let error as ScenarioError:
            Console.error(error.description)
            return Exit.input
        case let error as LottieError:
            Console.error(error.description)
            return Exit.input
        case let error as OutputError:
            Console.error("flipbook: error: \(error.description)")
            return Exit.input
        case let error as RenderError:
            Console.error("flipbook: error: \(error.description)")
            // An argument or input past a bound (a canvas too large, too many frames) is the
            // input's fault; what fails while rendering or writing is not.
            if case .invalidArgument = error { return Exit.input }
            return Exit.render
        default:
            if FlipbookCommand.exitCode(for: error) == .success { return cleanExit(error) }
            Console.error("Error: " + FlipbookCommand.message(for: error))
            return Exit.input
        }
    }
}
