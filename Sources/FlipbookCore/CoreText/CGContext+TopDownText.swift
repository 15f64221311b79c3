import Foundation

extension CGContext {
    /// Draws `style` laid out in `rect` from its top line down, as UIKit's string drawing draws
    /// in a UIKit context (y down). A Core Text frame is drawn y up: flipped about the rect here
    /// and again as the frame is drawn, the text comes out upright.
    package func drawTopDownText(_ style: TextStyle, fontSize: Double, color: RGBA?, in rect: CGRect) {
        saveGState()
        translateBy(x: 0, y: rect.minY + rect.maxY)
        scaleBy(x: 1, y: -1)
        appendCommand(.drawText(TextDrawing(style: style, fontSize: fontSize, color: color, rect: rect)))
        restoreGState()
    }
}
