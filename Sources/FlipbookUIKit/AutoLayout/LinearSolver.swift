import FlipbookCore
import Foundation

/// An incremental Cassowary solver (Badros, Borning and Stuckey, "The Cassowary Linear Arithmetic
/// Constraint Solving Algorithm", 2001), the algorithm Auto Layout runs, written after the
/// structure of the kiwi solver: a simplex tableau kept feasible and optimal as constraints are
/// added and removed. Required constraints hold exactly; the others are traded by strength.
/// Where several symbols or rows qualify, the one made first wins, so results do not depend on
/// dictionary order (same input, same frames).
final class LinearSolver {
    /// A variable the constraints speak of; its value is read after `updateVariables()`.
    final class Variable {
        let name: String
        var value: Double = 0
        init(_ name: String) { self.name = name }
    }

    /// `terms · variables + constant`.
    struct Expression {
        var terms: [(variable: Variable, coefficient: Double)] = []
        var constant: Double = 0

        init(constant: Double = 0) { self.constant = constant }
        init(_ variable: Variable, _ coefficient: Double = 1) { terms = [(variable, coefficient)] }
        /// `Σ coefficient × variable + constant`.
        init(_ terms: [(Variable, Double)], constant: Double = 0) {
            self.terms = terms.map { (variable: $0.0, coefficient: $0.1) }
            self.constant = constant
        }

        /// `self + other`.
        func plus(_ other: Expression) -> Expression {
            var e = self
            e.terms += other.terms
            e.constant += other.constant
            return e
        }
        /// `self × k`.
        func times(_ k: Double) -> Expression {
            var r = self
            r.terms = terms.map { ($0.variable, $0.coefficient * k) }
            r.constant = constant * k
            return r
        }
        /// `self − other`.
        func minus(_ other: Expression) -> Expression { plus(other.times(-1)) }
    }

    enum Relation { case lessOrEqual, equal, greaterOrEqual }

    /// `expression relation 0`, held exactly when `strength` is nil (required), else traded at
    /// that weight.
    final class Constraint {
        let expression: Expression
        let relation: Relation
        let strength: Double?
        init(_ expression: Expression, _ relation: Relation, strength: Double?) {
            self.expression = expression
            self.relation = relation
            self.strength = strength
        }
    }

    /// Why a constraint could not be added.
    enum Failure: Error { case unsatisfiable, duplicate, unbounded }

    private enum Kind { case invalid, external, slack, error, dummy }

    private struct Symbol: Hashable, Comparable {
        let id: Int
        let kind: Kind
        static let invalid = Symbol(id: 0, kind: .invalid)
        static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
        static func == (a: Symbol, b: Symbol) -> Bool { a.id == b.id }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    private static let epsilon = 1.0e-8
    private static func nearZero(_ x: Double) -> Bool { abs(x) < epsilon }

    /// A row of the tableau: `constant + Σ cells`.
    private final class Row {
        var constant: Double
        var cells: [Symbol: Double] = [:]
        init(constant: Double) { self.constant = constant }
        init(copying other: Row) {
            constant = other.constant
            cells = other.cells
        }

        @discardableResult func add(_ value: Double) -> Double {
            constant += value
            return constant
        }
        func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
            let c = (cells[symbol] ?? 0) + coefficient
            if LinearSolver.nearZero(c) { cells[symbol] = nil } else { cells[symbol] = c }
        }
        func insert(_ row: Row, _ coefficient: Double = 1) {
            constant += row.constant * coefficient
            for (s, c) in row.cells { insert(s, c * coefficient) }
        }
        func remove(_ symbol: Symbol) { cells[symbol] = nil }
        func reverseSign() {
            constant = -constant
            for (s, c) in cells { cells[s] = -c }
        }
        /// Rewrites `0 = row` as `symbol = …`.
        func solve(for symbol: Symbol) {
            let k = -1 / (cells[symbol] ?? 1)
            cells[symbol] = nil
            constant *= k
            for (s, c) in cells { cells[s] = c * k }
        }
        /// Rewrites `lhs = row` as `rhs = …`.
        func solve(for lhs: Symbol, _ rhs: Symbol) {
            insert(lhs, -1)
            solve(for: rhs)
        }
        func coefficient(for symbol: Symbol) -> Double { cells[symbol] ?? 0 }
        func substitute(_ symbol: Symbol, _ row: Row) {
            if let c = cells.removeValue(forKey: symbol) { insert(row, c) }
        }
        /// The symbols in the order they were made.
        var orderedSymbols: [Symbol] { cells.keys.sorted() }
    }

    private struct Tag {
        var marker = Symbol.invalid
        var other = Symbol.invalid
    }

    private var constraints: [ObjectIdentifier: (constraint: Constraint, tag: Tag)] = [:]
    private var rows: [Symbol: Row] = [:]
    private var variables: [ObjectIdentifier: (variable: Variable, symbol: Symbol)] = [:]
    private var infeasibleRows: [Symbol] = []
    private let objective = Row(constant: 0)
    private var artificial: Row?
    private var lastID = 0

    /// How many constraints are in the tableau.
    var constraintCount: Int { constraints.count }

    func contains(_ constraint: Constraint) -> Bool { constraints[ObjectIdentifier(constraint)] != nil }

    private func makeSymbol(_ kind: Kind) -> Symbol {
        lastID += 1
        return Symbol(id: lastID, kind: kind)
    }

    // MARK: Adding and removing

    /// Adds `constraint`; a required one that contradicts the required ones already there
    /// throws `.unsatisfiable` and leaves the tableau as it was.
    func add(_ constraint: Constraint) throws {
        let key = ObjectIdentifier(constraint)
        guard constraints[key] == nil else { throw Failure.duplicate }
        var tag = Tag()
        let row = makeRow(constraint, &tag)
        var subject = chooseSubject(row, tag)
        if subject.kind == .invalid && row.cells.keys.allSatisfy({ $0.kind == .dummy }) {
            guard Self.nearZero(row.constant) else {
                undoObjective(constraint, tag)
                throw Failure.unsatisfiable
            }
            subject = tag.marker
        }
        if subject.kind == .invalid {
            guard try addWithArtificialVariable(row) else {
                undoObjective(constraint, tag)
                // The tableau took the row in as best it could: take it out again.
                constraints[key] = (constraint, tag)
                try? remove(constraint)
                throw Failure.unsatisfiable
            }
        } else {
            row.solve(for: subject)
            substitute(subject, row)
            rows[subject] = row
        }
        constraints[key] = (constraint, tag)
        try optimize(objective)
    }

    /// Takes `constraint` out; nothing happens when it is not in.
    func remove(_ constraint: Constraint) throws {
        guard let (c, tag) = constraints.removeValue(forKey: ObjectIdentifier(constraint)) else { return }
        undoObjective(c, tag)
        if rows.removeValue(forKey: tag.marker) == nil {
            guard let leaving = markerLeavingSymbol(tag.marker), let row = rows.removeValue(forKey: leaving) else {
                throw Failure.unbounded
            }
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, row)
        }
        try optimize(objective)
    }

    /// Copies the solution into the variables.
    func updateVariables() {
        for (variable, symbol) in variables.values { variable.value = rows[symbol]?.constant ?? 0 }
    }

    // MARK: The tableau

    private func symbol(for variable: Variable) -> Symbol {
        let key = ObjectIdentifier(variable)
        if let known = variables[key] { return known.symbol }
        let s = makeSymbol(.external)
        variables[key] = (variable, s)
        return s
    }

    private func makeRow(_ constraint: Constraint, _ tag: inout Tag) -> Row {
        let expression = constraint.expression
        let row = Row(constant: expression.constant)
        for term in expression.terms where !Self.nearZero(term.coefficient) {
            let s = symbol(for: term.variable)
            if let basic = rows[s] { row.insert(basic, term.coefficient) } else { row.insert(s, term.coefficient) }
        }
        switch constraint.relation {
        case .lessOrEqual, .greaterOrEqual:
            let k: Double = constraint.relation == .lessOrEqual ? 1 : -1
            let slack = makeSymbol(.slack)
            tag.marker = slack
            row.insert(slack, k)
            if let strength = constraint.strength {
                let error = makeSymbol(.error)
                tag.other = error
                row.insert(error, -k)
                objective.insert(error, strength)
            }
        case .equal:
            if let strength = constraint.strength {
                let plus = makeSymbol(.error), minus = makeSymbol(.error)
                tag.marker = plus
                tag.other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, strength)
                objective.insert(minus, strength)
            } else {
                let dummy = makeSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    /// Takes a constraint's error terms out of the objective.
    private func undoObjective(_ constraint: Constraint, _ tag: Tag) {
        guard let strength = constraint.strength else { return }
        for marker in [tag.marker, tag.other] where marker.kind == .error {
            if let row = rows[marker] { objective.insert(row, -strength) } else { objective.insert(marker, -strength) }
        }
    }

    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
        if let external = row.orderedSymbols.first(where: { $0.kind == .external }) { return external }
        for marker in [tag.marker, tag.other] where marker.kind == .slack || marker.kind == .error {
            if row.coefficient(for: marker) < 0 { return marker }
        }
        return .invalid
    }

    private func addWithArtificialVariable(_ row: Row) throws -> Bool {
        let art = makeSymbol(.slack)
        rows[art] = Row(copying: row)
        artificial = Row(copying: row)
        try optimize(artificial!)
        let success = Self.nearZero(artificial!.constant)
        artificial = nil
        if let artRow = rows.removeValue(forKey: art) {
            if artRow.cells.isEmpty { return success }
            guard let entering = artRow.orderedSymbols.first(where: { $0.kind == .slack || $0.kind == .error }) else { return false }
            artRow.solve(for: art, entering)
            substitute(entering, artRow)
            rows[entering] = artRow
        }
        for r in rows.values { r.remove(art) }
        objective.remove(art)
        return success
    }

    private func substitute(_ symbol: Symbol, _ row: Row) {
        for (s, r) in rows {
            r.substitute(symbol, row)
            if s.kind != .external && r.constant < 0 { infeasibleRows.append(s) }
        }
        objective.substitute(symbol, row)
        artificial?.substitute(symbol, row)
    }

    private func optimize(_ target: Row) throws {
        while true {
            guard let entering = target.orderedSymbols.first(where: { $0.kind != .dummy && target.coefficient(for: $0) < 0 }) else {
                return
            }
            var best: (ratio: Double, symbol: Symbol)?
            for (s, r) in rows where s.kind != .external {
                let c = r.coefficient(for: entering)
                guard c < 0 else { continue }
                let ratio = -r.constant / c
                if best == nil || ratio < best!.ratio || (ratio == best!.ratio && s < best!.symbol) { best = (ratio, s) }
            }
            guard let leaving = best?.symbol, let row = rows.removeValue(forKey: leaving) else { throw Failure.unbounded }
            row.solve(for: leaving, entering)
            substitute(entering, row)
            rows[entering] = row
        }
    }

    /// The row to pivot a removed constraint's marker out of (kiwi's getMarkerLeavingRow).
    private func markerLeavingSymbol(_ marker: Symbol) -> Symbol? {
        var first: (Double, Symbol)?, second: (Double, Symbol)?, third: Symbol?
        for (s, r) in rows {
            let c = r.coefficient(for: marker)
            guard c != 0 else { continue }
            if s.kind == .external {
                if third == nil || s < third! { third = s }
            } else if c < 0 {
                let ratio = -r.constant / c
                if first == nil || ratio < first!.0 || (ratio == first!.0 && s < first!.1) { first = (ratio, s) }
            } else {
                let ratio = r.constant / c
                if second == nil || ratio < second!.0 || (ratio == second!.0 && s < second!.1) { second = (ratio, s) }
            }
        }
        return first?.1 ?? second?.1 ?? third
    }
}
