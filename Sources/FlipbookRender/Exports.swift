@_exported import FlipbookCore
