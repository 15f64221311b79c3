import Foundation
import Testing

@testable import FlipbookScenario

/// Mapping keys holding aliases are refused before Yams hashes them (an alias bomb used as a
/// key never finished composing); text that merely looks like them is not.
@Suite("keys holding aliases")
struct YAMLKeyGuardTests {
    @Test(
        "aliases as keys, in flow collections used as keys, and explicit keys are found",
        arguments: [
            ("a: &x 1\n*x : 2\n", 2, 1),
            ("a: &x 1\nb: { *x: 2 }\n", 2, 6),
            ("a: &x 1\nb: [*x]: 2\n", 2, 7),
            ("a: &x 1\nb: { [1, *x]: 2 }\n", 2, 12),
            ("a: &x 1\n? *x\n: 2\n", 2, 1),
            ("a: &x 1\nb: [?*x, 1]\n", 2, 5)
        ])
    func found(_ text: String, _ line: Int, _ column: Int) {
        let f = YAMLKeyGuard.check(text)
        #expect(f?.line == line && f?.column == column, "\(String(describing: f)) in \(text.debugDescription)")
    }

    @Test(
        "comments, quoted text, block scalars, plain scalars and ordinary aliases pass",
        arguments: [
            "a: &x [1, 2]\nb: *x\nc: [*x, *x]\n",
            "title: \"a ? b *c: d [e]: f\"\n",
            "title: 'it''s *x: y'\n",
            "description: |\n  ? not a key\n  *x: nor this, [a]: b\ntitle: ok\n",
            "title: a ? b # *x: comment\n",
            "title: a | b\nnext: c\n",
            "values: [\"?\", '*']\n",
            "path: \"M0 0 L 10 10\"\nmul: 2*3\n"
        ])
    func passes(_ text: String) {
        #expect(YAMLKeyGuard.check(text) == nil, "\(text.debugDescription)")
    }

    @Test("the fuzzer's alias-bomb key is refused at once with FILE:LINE:COLUMN")
    func bombRefusedQuickly() throws {
        let url = Bundle.module.url(forResource: "alias-bomb-key", withExtension: "yaml", subdirectory: "Fixtures/bad-scenarios")!
        // It never finished before (Yams hashed the expanded key tree): refused by the key guard,
        // before the YAML is composed, which its message says.
        do {
            _ = try ScenarioLoader.load(file: url.path)
            Issue.record("the alias-bomb key loaded")
        } catch let e as ScenarioError {
            #expect(
                e.diagnostics.count == 1 && e.diagnostics[0].message.contains("explicit keys ('?') are not part of the scenario format")
                    && e.diagnostics[0].line == 15, "\(e)")
        }
    }
}

/// The event-level guard: keys as libyaml reads them, and expansion counted before composing.
@Suite("YAML expansion guard")
struct YAMLExpansionGuardTests {
    @Test(
        "an alias that the parser reads as part of a key is refused, even in malformed flow text",
        arguments: [
            ("a: &x [1, 2]\nb: [*x 3:11: y]\n", 2, 5),
            ("a: &x 1\n? [1, *x]\n: 2\n", 2, 7),
            ("a: &x 1\nb: { c: { [*x]: 2 } }\n", 2, 12)
        ])
    func keys(_ text: String, _ line: Int, _ column: Int) {
        let f = YAMLExpansionGuard.check(text, limit: 1000)
        #expect(
            f?.line == line && f?.column == column && f?.message.contains("mapping key") == true,
            "\(String(describing: f)) in \(text.debugDescription)")
    }

    @Test("expansion is counted through nested aliases: 3 + 3 × 3 + 1 … against the limit")
    func expansion() {
        // a: 4 nodes (sequence + 3); b: 1 + 3 × 4 = 13; the document: 1 + (1 + 4) + (1 + 13) = 20.
        let text = "a: &a [1, 2, 3]\nb: [*a, *a, *a]\n"
        #expect(YAMLExpansionGuard.check(text, limit: 20) == nil)
        #expect(YAMLExpansionGuard.check(text, limit: 19) != nil)
    }

    @Test(
        "ordinary aliases as values and syntax errors pass (Yams reports the errors)",
        arguments: [
            "a: &x 1\nb: *x\n", "a: &x [1]\nb: [*x, *x]\n", "a: [1, 2\nb: 3\n", "a: *undefined\n"
        ])
    func passes(_ text: String) {
        #expect(YAMLExpansionGuard.check(text, limit: 1000) == nil)
    }
}
