import Flipbook
import Foundation
import Testing

/// Names lottie-ios and app screens use that Flipbook lacked (issue 60 item 4): colour spaces,
/// Core Text font basics, accessibility and memory-warning names, asset catalogs, Dynamic Type,
/// UIKit's rectangle drawing, the status bar style and view controllers' `init()`.
@Suite("app screen names")
struct AppScreenNamesTests {
    /// A folder that disappears after the test.
    final class Folder {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("app-names-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        func write(_ text: String, to path: String) throws {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @Test("CGColor(colorSpace:components:) reads RGB and gray spaces; converted(to:) moves between them")
    func colorSpaces() throws {
        let rgb = CGColorSpaceCreateDeviceRGB(), gray = CGColorSpaceCreateDeviceGray()
        #expect(rgb.model == .rgb && rgb.numberOfComponents == 3)
        #expect(gray.model == .monochrome && gray.numberOfComponents == 1)
        let orange = try #require(CGColor(colorSpace: rgb, components: [1, 0.5, 0, 0.8]))
        #expect(orange.components == [1, 0.5, 0, 0.8])
        let half = try #require(CGColor(colorSpace: gray, components: [0.5, 1]))
        #expect(half.numberOfComponents == 2 && half.components == [0.5, 1])
        #expect(half.converted(to: rgb, intent: .defaultIntent, options: nil)?.components == [0.5, 0.5, 0.5, 1])
        let luminance = try #require(orange.converted(to: gray, intent: .perceptual, options: nil)?.components)
        #expect(abs(luminance[0] - (0.2126 + 0.7152 * 0.5)) < 1e-12 && luminance[1] == 0.8)
        #expect(CGColorSpace(name: CGColorSpace.sRGB)?.model == .rgb)
        #expect(CGColorSpace(name: CGColorSpace.extendedGray)?.model == .monochrome)
        #expect(CGColorSpace(name: "kCGColorSpaceNoSuchThing") == nil)
    }

    @Test("equalTo on points, sizes and rectangles (a rectangle equals its standardized twin)")
    func geometryEquality() {
        #expect(CGPoint(x: 1, y: 1).equalTo(CGPoint(x: 1, y: 1)))
        #expect(!CGPoint(x: 1, y: 1).equalTo(.zero))
        #expect(CGSize(width: 2, height: 3).equalTo(CGSize(width: 2, height: 3)))
        #expect(CGRect(x: 10, y: 0, width: -10, height: 5).equalTo(CGRect(x: 0, y: 0, width: 10, height: 5)))
    }

    @Test("CTFontCreateWithName gives a font whose size and metrics Core Text's getters read (descent positive)")
    func coreTextFont() {
        let font = CTFontCreateWithName("Avenir-Heavy" as CFString, 20, nil)
        #expect(CTFontGetSize(font) == 20)
        #expect(CTFontGetAscent(font) > 0 && CTFontGetDescent(font) > 0)
        #expect(CTFontGetCapHeight(font) < CTFontGetAscent(font))
        #expect(String(describing: CTFontCopyPostScriptName(font)) == "Avenir-Heavy")
        #expect(String(describing: CTFontCopyFamilyName(font)) == "Avenir")
        #expect(CTFontGetSize(CTFontCreateWithName("Avenir" as CFString, 0, nil)) == 12, "size 0 means 12 points")
        let uiFont: UIFont = font
        #expect(uiFont.pointSize == 20, "a CTFont is a UIFont, as toll-free bridging makes it on iOS")
    }

    @Test("accessibility properties are stored and overridable; the system settings read as iOS's defaults")
    func accessibility() {
        final class Button: UIControl {
            override var accessibilityTraits: UIAccessibilityTraits {
                get { super.accessibilityTraits.union(.button) }
                set { super.accessibilityTraits = newValue }
            }
        }
        let button = Button()
        button.isAccessibilityElement = true
        button.accessibilityValue = "On"
        button.accessibilityTraits = .selected
        #expect(button.isAccessibilityElement && button.accessibilityValue == "On")
        #expect(button.accessibilityTraits == [.button, .selected])
        #expect(!UIAccessibility.isReduceMotionEnabled)
        UIAccessibility.post(notification: .announcement, argument: "done")
        #expect(UIApplication.didReceiveMemoryWarningNotification.rawValue == "UIApplicationDidReceiveMemoryWarningNotification")
    }

    @Test(
        "NSDataAsset and UIColor(named:) read asset catalogs (groups, decimal, 0-255 and hex components); a missing one is nil and warned")
    func assetCatalogs() throws {
        let folder = try Folder()
        try folder.write(
            #"{"data":[{"filename":"intro.json","idiom":"universal","universal-type-identifier":"public.json"}]}"#,
            to: "Assets.xcassets/Animations/intro.dataset/Contents.json")
        try folder.write(#"{"v":"5.7"}"#, to: "Assets.xcassets/Animations/intro.dataset/intro.json")
        try folder.write(
            #"{"colors":[{"color":{"color-space":"srgb","components":{"red":"0.200","green":"51","blue":"0x33","alpha":"1.000"}},"idiom":"universal"},"#
                + #"{"appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"color-space":"srgb","components":{"red":"1","green":"1","blue":"1","alpha":"1"}},"idiom":"universal"}]}"#,
            to: "Assets.xcassets/Brand.colorset/Contents.json")
        let bundle = try #require(Bundle(path: folder.url.path))
        let asset = try #require(NSDataAsset(name: "intro", bundle: bundle))
        #expect(String(decoding: asset.data, as: UTF8.self) == #"{"v":"5.7"}"#)
        #expect(asset.typeIdentifier == "public.json")
        #expect(NSDataAsset(name: "outro", bundle: bundle) == nil)

        let stage = Stage(size: CGSize(width: 10, height: 10))
        stage.advance(to: 0)
        let brand = try #require(UIColor(named: "Brand", in: bundle, compatibleWith: nil))
        let parts = try #require(brand.cgColor.components)
        #expect(
            parts.allSatisfy { abs($0 - (parts.count == 4 && $0 == parts[3] ? 1 : 0.2)) < 1e-9 },
            "0.200, 51 and 0x33 all read as 0.2; the light appearance")
        #expect(UIColor(named: "Missing", in: bundle, compatibleWith: nil) == nil)
        #expect(stage.warnings.contains { $0.contains("Missing.colorset") })
    }

    @Test("preferredFont(forTextStyle:) gives iOS's default Dynamic Type sizes; UIColor.tintColor is the system blue")
    func dynamicType() {
        #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
        #expect(UIFont.preferredFont(forTextStyle: .largeTitle).pointSize == 34)
        #expect(UIFont.preferredFont(forTextStyle: .caption2).pointSize == 11)
        #expect(UIFont.preferredFont(forTextStyle: .headline).isBold)
        #expect(UIColor.tintColor == .systemBlue)
    }

    @Test("UIRectFill fills, UIRectFrame draws a one-point frame inside the rectangle")
    func rectDrawing() {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        _ = stage
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10)).image { _ in
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 5))
            UIColor.blue.setFill()
            UIRectFrame(CGRect(x: 10, y: 0, width: 10, height: 10))
        }
        #expect(ImagesAndDrawingTests.pixel(image, 2, 2) == [255, 0, 0, 255])
        #expect(ImagesAndDrawingTests.pixel(image, 10, 5) == [0, 0, 255, 255], "the frame's left edge")
        #expect(ImagesAndDrawingTests.pixel(image, 15, 5)[3] == 0, "inside the frame is left alone")
    }

    @Test("a controller's own init() calls super.init(nibName:bundle:) without override, as iOS requires")
    func controllerInit() {
        final class Screen: UIViewController {
            let greeting: String
            init() {
                greeting = "hi"
                super.init(nibName: nil, bundle: nil)
            }
            required init?(coder: NSCoder) { fatalError("not used") }
            override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
        }
        let screen = Screen()
        #expect(screen.greeting == "hi" && screen.preferredStatusBarStyle == .lightContent)
        #expect(UIViewController().preferredStatusBarStyle == .default)
        #expect(UITableViewController().style == .plain)
    }

    @Test("invalidateIntrinsicContentSize asks the superview for layout")
    func intrinsicSize() {
        let parent = UIView(), child = UIView()
        parent.addSubview(child)
        parent.layoutIfNeeded()
        #expect(!parent.layer.needsLayout())
        child.invalidateIntrinsicContentSize()
        #expect(parent.layer.needsLayout())
    }
}
