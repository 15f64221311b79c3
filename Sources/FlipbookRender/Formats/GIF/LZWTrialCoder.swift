import Foundation

/// An LZW dictionary of its own, so trial codings can run on several threads at once.
final class LZWTrialCoder: @unchecked Sendable {
    // Used by one trial at a time: each concurrent trial gets a different coder.
    private var encoder = LZWEncoder()

    deinit { encoder.deallocate() }

    func encode(_ symbols: [UInt8], flexible: [Bool]?, transparent: UInt8, bits: Int) -> [UInt8] {
        symbols.withUnsafeBufferPointer { s in
            if let flexible {
                return flexible.withUnsafeBufferPointer { f in
                    encoder.encode(s, flexible: f, alternative: transparent, minCodeSize: max(2, bits))
                }
            }
            return encoder.encode(s, minCodeSize: max(2, bits))
        }
    }
}
