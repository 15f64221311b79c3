import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// The Cassowary solver under Auto Layout (timing-model.md 12.10), on small systems whose answers
/// are known.
@Suite("linear constraint solver")
struct LinearSolverTests {
    typealias S = LinearSolver
    typealias E = LinearSolver.Expression

    @Test("required equalities and inequalities: x + y = 10, x − y = 4 gives 7 and 3; x ≥ 20 moves them")
    func required() throws {
        let solver = S(), x = S.Variable("x"), y = S.Variable("y")
        try solver.add(.init(E([(x, 1), (y, 1)], constant: -10), .equal, strength: nil))
        let difference = S.Constraint(E([(x, 1), (y, -1)], constant: -4), .equal, strength: nil)
        try solver.add(difference)
        solver.updateVariables()
        #expect(x.value == 7 && y.value == 3)
        try solver.remove(difference)
        try solver.add(.init(E([(x, 1)], constant: -20), .greaterOrEqual, strength: nil))
        solver.updateVariables()
        #expect(x.value >= 20 && abs(x.value + y.value - 10) < 1e-9)
    }

    @Test("weak wishes give way to strong ones and to required bounds")
    func strengths() throws {
        let solver = S(), w = S.Variable("w")
        try solver.add(.init(E([(w, 1)], constant: -100), .equal, strength: 1))
        try solver.add(.init(E([(w, 1)], constant: -300), .equal, strength: 1000))
        solver.updateVariables()
        #expect(w.value == 300, "the stronger wish wins")
        try solver.add(.init(E([(w, 1)], constant: -250), .lessOrEqual, strength: nil))
        solver.updateVariables()
        #expect(w.value == 250, "as close as the required bound allows")
    }

    @Test("a contradiction is refused and leaves the rest as it was")
    func contradiction() throws {
        let solver = S(), x = S.Variable("x")
        try solver.add(.init(E([(x, 1)], constant: -5), .equal, strength: nil))
        #expect(throws: S.Failure.unsatisfiable) {
            try solver.add(.init(E([(x, 1)], constant: -6), .equal, strength: nil))
        }
        #expect(throws: S.Failure.unsatisfiable) {
            try solver.add(.init(E([(x, 1)], constant: -9), .greaterOrEqual, strength: nil))
        }
        solver.updateVariables()
        #expect(x.value == 5 && solver.constraintCount == 1)
        try solver.add(.init(E([(x, 1)], constant: -3), .greaterOrEqual, strength: nil))
        solver.updateVariables()
        #expect(x.value == 5, "a compatible constraint still goes in")
    }

    @Test("removing constraints one by one reaches the values a tableau built without them has")
    func incremental() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        for _ in 0..<30 {
            // x_a ≥ x_b + k with a > b (always satisfiable); each x wants 0 at its own weight.
            var specs: [(a: Int, b: Int, k: Double)] = []
            for _ in 0..<10 {
                let a = 1 + next(7)
                specs.append((a, next(a), Double(1 + next(20))))
            }
            let removed = Set((0..<4).map { _ in next(specs.count) })
            func solve(_ list: [(a: Int, b: Int, k: Double)], removing: Set<Int>) throws -> [Double] {
                let solver = S(), vars = (0..<8).map { S.Variable("x\($0)") }
                for (i, v) in vars.enumerated() { try solver.add(.init(E([(v, 1)]), .equal, strength: Double(i + 1))) }
                var made: [S.Constraint] = []
                for spec in list {
                    let c = S.Constraint(E([(vars[spec.a], 1), (vars[spec.b], -1)], constant: -spec.k), .greaterOrEqual, strength: nil)
                    try solver.add(c)
                    made.append(c)
                }
                for i in removing.sorted() { try solver.remove(made[i]) }
                solver.updateVariables()
                return vars.map(\.value)
            }
            let incremental = try solve(specs, removing: removed)
            let rebuilt = try solve(specs.enumerated().filter { !removed.contains($0.offset) }.map(\.element), removing: [])
            // The optimum's value is unique (the point may not be: weights tie): Σ (i + 1)·|x_i|.
            func cost(_ xs: [Double]) -> Double { xs.enumerated().reduce(0) { $0 + Double($1.offset + 1) * abs($1.element) } }
            #expect(abs(cost(incremental) - cost(rebuilt)) < 1e-6, "\(incremental) vs \(rebuilt)")
            for (i, spec) in specs.enumerated() where !removed.contains(i) {
                #expect(incremental[spec.a] >= incremental[spec.b] + spec.k - 1e-6, "kept constraints hold")
            }
        }
    }
}
