import Foundation
import Testing
@testable import FlipbookScenario

/// Mapping keys holding aliases are refused before Yams hashes them (an alias bomb used as a
/// key never finished composing); text that merely looks like them is not.
@Suite("keys holding aliases")
struct YAMLKeyGuardTests {
    @Test("aliases as keys, in flow collections used as keys, and explicit keys are found", arguments: [
        ("a: &x 1\n*x : 2\n", 2, 1),
        ("a: &x 1\nb: { *x: 2 }\n", 2, 6),
        ("a: &x 1\nb: [*x]: 2\n", 2, 7),
        ("a: &x 1\nb: { [1, *x]: 2 }\n", 2, 12),
        ("a: &x 1\n? *x\n: 2\n", 2, 1),
        ("a: &x 1\nb: [?*x, 1]\n", 2, 5),
    ])
    func found(_ text: String, _ line: Int, _ column: Int) {
        let f = YAMLKeyGuard.check(text)
        #expect(f?.line == line && f?.column == column, "\(String(describing: f)) in \(text.debugDescription)")
    }

    @Test("comments, quoted text, block scalars, plain scalars and ordinary aliases pass", arguments: [
        "a: &x [1, 2]\nb: *x\nc: [*x, *x]\n",
        "title: \"a ? b *c: d [e]: f\"\n",
        "title: 'it''s *x: y'\n",
        "description: |\n  ? not a key\n  *x: nor this, [a]: b\ntitle: ok\n",
        "title: a ? b # *x: comment\n",
        "title: a | b\nnext: c\n",
        "values: [\"?\", '*']\n",
        "path: \"M0 0 L 10 10\"\nmul: 2*3\n",
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
            #expect(e.diagnostics.count == 1 && e.diagnostics[0].message.contains("explicit keys ('?') are not part of the scenario format") && e.diagnostics[0].line == 15, "\(e)")
        }
    }
}
