import Foundation
import Testing

@testable import FlipbookPreview

@Suite("the preview's suggested commands")
struct SuggestedCommandsTests {
    @Test("outputs go in the current directory, which exists; names with spaces and quotes reach the shell whole")
    func outputsWhereTheyCanBeWritten() {
        let commands = SuggestedCommands.forScene("scenes/pull it.yaml", plots: ["dot.opacity"])
        #expect(commands[0] == "flipbook render 'scenes/pull it.yaml' -o 'pull it.gif'")
        #expect(commands[2] == "flipbook compare 'scenes/pull it.yaml' --html 'pull it.html' --plot dot.opacity")
        #expect(!commands.joined().contains("out/"))
        #expect(SuggestedCommands.shellQuoted("it's") == #"'it'\''s'"#)
        #expect(SuggestedCommands.shellQuoted("orbit.yaml") == "orbit.yaml")
    }
}
