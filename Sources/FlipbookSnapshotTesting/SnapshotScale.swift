import Flipbook
import Foundation

/// The pixels per point snapshots are drawn at. On iOS it is the simulator's screen scale
/// (3 on an iPhone 13, 2 on an iPhone SE) unless the traits name one; here there is no
/// simulator, so a suite recorded on iOS says which with `FLIPBOOK_SNAPSHOT_SCALE`.
public enum SnapshotScale {
    /// The environment variable naming the scale (1, 2 or 3) when the traits name none.
    public static let environmentVariable = "FLIPBOOK_SNAPSHOT_SCALE"

    /// `traits`' display scale when it has one; else `FLIPBOOK_SNAPSHOT_SCALE` when it holds a
    /// number in 1…4; else the screen's (the running Stage's, 2 without one).
    public static func resolve(_ traits: UITraitCollection?) -> CGFloat {
        if let scale = traits?.displayScale, scale > 0 { return scale }
        if let text = ProcessInfo.processInfo.environment[environmentVariable], let scale = Double(text), scale >= 1, scale <= 4 {
            return CGFloat(scale)
        }
        return UIScreen.main.scale
    }
}
