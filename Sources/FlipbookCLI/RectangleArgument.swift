import ArgumentParser
import Foundation

/// A rectangle in whole pixels written `x,y,w,h` (`--crop`, `--ignore`).
enum RectangleArgument {
    static func parse(_ text: String, option: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3], w > 0, h > 0, x >= 0, y >= 0 else {
            throw ValidationError("\(option) needs x,y,w,h in whole pixels (w and h positive), found '\(text)'")
        }
        return (x, y, w, h)
    }
}
