import ArgumentParser
import Foundation
import Testing

@testable import FlipbookCLI

/// ArgumentParser wraps every line of a command's discussion to the terminal's width on its own:
/// a paragraph written as several lines longer than the terminal comes out ragged ("instead of
/// a" / "scenario, writes…"). Paragraphs are therefore single lines, which wrap at any width, and
/// example lines fit 80 columns (longer commands continue with a shell `\`).
@Suite("help text layout")
struct HelpLayoutTests {
    /// Every command, found through the configurations as `subcommand(_:)` finds one: a new
    /// command is checked without being listed here.
    static let commands: [[String]] = {
        func below(_ command: any ParsableCommand.Type, path: [String]) -> [[String]] {
            command.configuration.subcommands.flatMap { sub -> [[String]] in
                let name = sub.configuration.commandName?.split(separator: " ").last.map(String.init) ?? "\(sub)".lowercased()
                return [path + [name]] + below(sub, path: path + [name])
            }
        }
        return below(FlipbookCommand.self, path: [])
    }()

    @Test("the walk reaches every command and subcommand")
    func walkReachesNestedCommands() throws {
        #expect(Self.commands.contains(["render"]) && Self.commands.contains(["test", "merge"]))
        // Each path found leads back to a command, as `flipbook help PATH` finds it.
        for path in Self.commands { _ = try subcommand(path) }
    }

    /// `flipbook help COMMAND` at `columns`, in-process (ArgumentParser's `helpMessage`).
    static func help(_ command: [String], columns: Int) throws -> String {
        FlipbookCommand.helpMessage(for: try subcommand(command), columns: columns)
    }

    /// The overview and discussion of `flipbook help COMMAND`, unwrapped (1000 columns): the text
    /// before USAGE.
    static func unwrappedDiscussion(_ command: [String]) throws -> [Substring] {
        let help = try help(command, columns: 1000)
        let text = help.components(separatedBy: "\nUSAGE:").first ?? help
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test("paragraphs are one line each and examples fit 80 columns", arguments: commands)
    func wrapsAtAnyWidth(_ command: [String]) throws {
        let lines = try Self.unwrappedDiscussion(command)
        var paragraph: [Substring] = []
        func endParagraph() {
            // One line wraps cleanly; several hard-broken lines wrap cleanly only when each fits.
            if paragraph.count > 1, let long = paragraph.first(where: { $0.count > 80 }) {
                Issue.record("\(command.joined(separator: " ")): a paragraph broken into lines, one of \(long.count) columns: \(long)")
            }
            paragraph = []
        }
        for line in lines {
            if line.first == " " {
                endParagraph()
                #expect(line.count <= 80, "\(command.joined(separator: " ")): an example of \(line.count) columns: \(line)")
            } else if line.isEmpty {
                endParagraph()
            } else {
                paragraph.append(line)
            }
        }
        endParagraph()
    }

    @Test("at 80 columns no discussion line is cut after a word or two", arguments: commands)
    func noRaggedLines(_ command: [String]) throws {
        let help = try Self.help(command, columns: 80)
        let lines = (help.components(separatedBy: "\nUSAGE:").first ?? "").split(separator: "\n")
        // A ragged wrap leaves a short line followed by the rest of its sentence in lower case.
        for (line, next) in zip(lines, lines.dropFirst()) where line.first != " " && next.first != " " {
            let continues = next.first.map { $0.isLowercase } ?? false
            #expect(!(line.count < 50 && continues), "\(command.joined(separator: " ")): '\(line)' then '\(next)'")
        }
    }
}
