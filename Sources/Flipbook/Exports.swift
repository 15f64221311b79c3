@_exported import FlipbookCore
@_exported import FlipbookRender
@_exported import FlipbookScenario
