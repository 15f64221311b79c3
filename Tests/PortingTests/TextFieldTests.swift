import Flipbook
import Foundation
import Testing

/// Text fields (timing-model.md 11.7) in a login form written as iOS code writes it: a tap
/// starts editing, a script types, return moves to the next field, a wrong password shakes.
@Suite("text fields")
struct TextFieldTests {
    // ---- iOS code (no edits) ----
    final class LoginForm: UIView, UITextFieldDelegate {
        let email = UITextField()
        let password = UITextField()
        var log: [String] = []

        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .white
            for (field, placeholder) in [(email, "Email"), (password, "Password")] {
                field.placeholder = placeholder
                field.borderStyle = .roundedRect
                field.delegate = self
                addSubview(field)
            }
            password.isSecureTextEntry = true
            email.keyboardType = .emailAddress
            email.returnKeyType = .next
            email.frame = CGRect(x: 20, y: 20, width: 200, height: 34)
            password.frame = CGRect(x: 20, y: 70, width: 200, height: 34)
            email.addAction(UIAction { [unowned self] _ in log.append("changed \(email.text ?? "")") }, for: .editingChanged)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        func textFieldDidBeginEditing(_ textField: UITextField) { log.append("begin \(textField.placeholder ?? "")") }
        func textFieldDidEndEditing(_ textField: UITextField) { log.append("end \(textField.placeholder ?? "")") }
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            textField !== email || !string.contains(" ")
        }
        func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { textField !== password || (password.text ?? "").count >= 4 }
        func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            if textField === email {
                password.becomeFirstResponder()
            } else if textField.resignFirstResponder() == false {
                shake(textField)
            }
            return true
        }

        func shake(_ view: UIView) {
            let shake = CAKeyframeAnimation(keyPath: "position.x")
            shake.values = [0, 10, -10, 10, -5, 0]
            shake.isAdditive = true
            shake.duration = 0.4
            view.layer.add(shake, forKey: "shake")
        }
    }
    // ---- end ----

    func picture(_ stage: Stage, at time: Double) throws -> PixelBuffer {
        stage.advance(to: time)
        return try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
    }

    /// The darkest pixel's red in the rectangle, and whether any pixel there is the tint blue.
    func ink(_ picture: PixelBuffer, _ rect: CGRect) -> (darkest: Int, blue: Bool) {
        var darkest = 255, blue = false
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let p = picture.pixel(x: x, y: y)
                darkest = min(darkest, Int(p.r))
                if p.r < 40 && p.g > 90 && p.g < 150 && p.b > 220 { blue = true }
            }
        }
        return (darkest, blue)
    }

    @Test("placeholder in the placeholder grey; a tap starts editing with a blinking caret; typing asks the delegate")
    func editing() throws {
        let stage = Stage(size: CGSize(width: 240, height: 120), scale: 2)
        let form = LoginForm(frame: CGRect(x: 0, y: 0, width: 240, height: 120))
        stage.rootView.addSubview(form)
        let field = CGRect(x: 60, y: 50, width: 360, height: 48)  // the email field's inside, in pixels
        // (60, 60, 67) at 30 % over white: the placeholder's darkest ink.
        #expect(abs(ink(try picture(stage, at: 0), field).darkest - 197) <= 3)
        // The rounded rect's hairline border: black at 20 % along its top.
        #expect(abs(Int(try picture(stage, at: 0).pixel(x: 200, y: 40).r) - 204) <= 3)

        stage.tap(form.email, at: 0.1)  // lifts at 0.2
        stage.advance(to: 0.25)
        #expect(form.email.isEditing && form.email.isFirstResponder && form.log == ["begin Email"])
        #expect(ink(try picture(stage, at: 0.3), CGRect(x: 40, y: 40, width: 40, height: 68)).blue, "the caret shows")
        #expect(!ink(try picture(stage, at: 0.9), CGRect(x: 40, y: 40, width: 40, height: 68)).blue, "half a second later it is off")

        form.email.insertText("a b")
        #expect(form.email.text == "" && form.log == ["begin Email"], "the delegate refused the space")
        form.email.insertText("ann@x.io")
        form.email.deleteBackward()
        #expect(form.email.text == "ann@x.i" && form.log.suffix(2) == ["changed ann@x.io", "changed ann@x.i"])
        #expect(ink(try picture(stage, at: 1.2), field).darkest < 60, "typed text is black")

        form.email.insertText("\n")
        #expect(form.password.isEditing && !form.email.isEditing)
        #expect(form.log.suffix(2) == ["end Email", "begin Password"])
    }

    @Test("a secure field shows bullets; a delegate that refuses keeps editing until endEditing(true); the form shakes")
    func secureAndEnding() throws {
        let stage = Stage(size: CGSize(width: 240, height: 120), scale: 1)
        let form = LoginForm(frame: CGRect(x: 0, y: 0, width: 240, height: 120))
        stage.rootView.addSubview(form)
        form.password.becomeFirstResponder()
        form.password.insertText("abc")
        let bullets = UITextField()
        bullets.text = "•••"
        #expect(form.password.intrinsicContentSize.width == bullets.intrinsicContentSize.width + 14)
        form.password.insertText("\n")
        #expect(form.password.isEditing, "three letters: the delegate refused to end")
        stage.advance(to: 0.05)
        let shaken = form.password.layer.presentation()?.position.x ?? 0
        #expect(abs(shaken - form.password.layer.position.x - 6.25) < 1e-9, "mid-shake: \(shaken)")
        #expect(form.endEditing(false) == false && form.password.isEditing)
        #expect(form.endEditing(true) && !form.password.isEditing && form.log.last == "end Password")
        stage.advance(to: 1)
        #expect(form.password.layer.presentation()?.position.x == form.password.layer.position.x)
    }

    @Test("the intrinsic height is the font's line and 13 pt more for a rounded rect; overlay views take text room")
    func geometry() {
        let field = UITextField()
        let font = UIFont.systemFont(ofSize: 17)
        #expect(field.intrinsicContentSize.height == ceil(font.lineHeight))
        field.borderStyle = .roundedRect
        #expect(field.intrinsicContentSize.height == ceil(font.lineHeight) + 13)
        field.frame = CGRect(x: 0, y: 0, width: 200, height: 34)
        #expect(field.textRect(forBounds: field.bounds) == CGRect(x: 7, y: 0, width: 186, height: 34))
        field.leftView = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        field.leftViewMode = .always
        #expect(field.leftViewRect(forBounds: field.bounds) == CGRect(x: 0, y: 7, width: 30, height: 20))
        #expect(field.textRect(forBounds: field.bounds) == CGRect(x: 30, y: 0, width: 163, height: 34))
        field.leftViewMode = .whileEditing
        #expect(field.leftView?.superview == nil && field.textRect(forBounds: field.bounds).minX == 7)
    }
}
