import FlipbookPreviewCLI
import Foundation

exit(PreviewProgram.run(Array(CommandLine.arguments.dropFirst())))
