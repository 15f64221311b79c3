import Foundation

/// An animation copy on a layer, with its lifecycle bookkeeping (timing-model.md 3).
package final class AttachedAnimation {
    let key: String?
    let animation: CAAnimation
    /// Global order of additions: ties between events fire in this order.
    let sequence: Int
    /// False until the transaction that added it commits and "now" is resolved (1.8).
    var beginResolved: Bool
    var started = false
    var stopped = false
    var completionGroups: [CompletionGroup] = []

    init(key: String?, animation: CAAnimation, sequence: Int) {
        self.key = key
        self.animation = animation
        self.sequence = sequence
        beginResolved = animation.beginTime != 0
    }
}

/// A source of unique, increasing sequence numbers, per thread's transaction context.
enum SequenceCounter {
    static func next() -> Int {
        let ctx = TransactionContext.current
        ctx.sequence += 1
        return ctx.sequence
    }
}
