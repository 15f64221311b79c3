// The pixel comparison golden runs are judged by (ImageComparison, FrameDifference) lives in
// FlipbookComparison, shared with compare; `import FlipbookGolden` still brings it.
@_exported import FlipbookComparison
