// A test written for iOS imports SnapshotTesting and UIKit; here one import brings both:
// swift-snapshot-testing's `assertSnapshot` and Flipbook's UIKit names.
@_exported import Flipbook
@_exported import SnapshotTesting
