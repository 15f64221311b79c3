import FlipbookCore
import FlipbookUIKit
import Foundation

extension Scenario {
    /// The font names its text is drawn in (nil: the system font), each once: text layers'
    /// `font` (also as a `set` gives it), and the system font for tables and status bars.
    public var textFontNames: [String?] {
        var names: [String?] = []
        func add(_ name: String?) { if !names.contains(where: { $0 == name }) { names.append(name) } }
        func visit(_ layers: [LayerSpec]) {
            for l in layers {
                switch l.type {
                case .text: add(l.options.font)
                case .table, .statusBar: add(nil)
                default: break
                }
                visit(l.sublayers)
                visit(l.mask)
            }
        }
        visit(layers)
        for event in script {
            for action in event.actions {
                switch action {
                case .set(_, let settings, _, _, _, _), .animate(_, _, let settings, _):
                    for s in settings where s.options.font != nil { add(s.options.font) }
                default: break
                }
            }
        }
        return names
    }
}
