import Flipbook
import Foundation
import Testing

/// Text views (timing-model.md 11.7): a chat input that grows with its text, as iOS code
/// writes it.
@Suite("text views")
struct TextViewTests {
    // ---- iOS code (no edits) ----
    final class ChatInput: UIView, UITextViewDelegate {
        let textView = UITextView()
        var heights: [CGFloat] = []
        var limit = 200

        override init(frame: CGRect) {
            super.init(frame: frame)
            textView.font = .systemFont(ofSize: 17)
            textView.isScrollEnabled = false
            textView.textContainerInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
            textView.delegate = self
            textView.frame = CGRect(x: 0, y: 0, width: frame.width, height: 36)
            addSubview(textView)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            (textView.text as NSString).replacingCharacters(in: range, with: text).count <= limit
        }

        func textViewDidChange(_ textView: UITextView) {
            let size = textView.sizeThatFits(CGSize(width: textView.bounds.width, height: .greatestFiniteMagnitude))
            textView.frame.size.height = size.height
            heights.append(size.height)
        }
    }
    // ---- end ----

    @Test("typing wraps the text and grows the input line by line; the delegate can refuse; endEditing ends it")
    func growingInput() throws {
        let stage = Stage(size: CGSize(width: 200, height: 200), scale: 1)
        let input = ChatInput(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        stage.rootView.addSubview(input)
        let textView = input.textView
        stage.tap(CGPoint(x: 100, y: 18), at: 0.1)
        stage.advance(to: 0.3)
        #expect(textView.isFirstResponder)
        textView.insertText("Hello")
        let line = try #require(input.heights.last)
        textView.insertText(" there, this message is long enough to wrap")
        let wrapped = try #require(input.heights.last)
        #expect(wrapped > line * 1.5, "\(line) -> \(wrapped)")
        textView.insertText("\nand a new line")
        #expect(input.heights.last! > wrapped)
        #expect(textView.contentSize.height == textView.frame.height, "the content holds it all")
        input.limit = textView.text.count
        textView.insertText("!")
        #expect(!textView.text.hasSuffix("!"), "refused past the limit")
        textView.deleteBackward()
        #expect(textView.text.hasSuffix("lin"))
        let picture = try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        // The first line's ink starts 8 pt inset plus 5 pt of line padding from the left.
        let firstInk = (0..<60).first { x in (10..<30).contains { y in picture.pixel(x: x, y: y).r < 128 } }
        #expect(firstInk.map { $0 >= 13 && $0 <= 15 } == true, "\(String(describing: firstInk))")
        #expect(input.endEditing(true) && !textView.isFirstResponder)
    }
}
