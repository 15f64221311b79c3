import Flipbook

/// A device to lay a view out on, as swift-snapshot-testing describes one on iOS: the screen's
/// size in points, the safe area its status bar, notch and home indicator leave, and its
/// traits. `.image(on: .iPhone13)` lays a controller out on it.
public struct ViewImageConfig: Sendable {
    public enum Orientation: Sendable {
        case landscape
        case portrait
    }

    /// An iPad's orientation, full screen or sharing the screen in Split View.
    public enum TabletOrientation: Sendable {
        public enum PortraitSplits: Sendable {
            case oneThird
            case twoThirds
            case full
        }
        public enum LandscapeSplits: Sendable {
            case oneThird
            case oneHalf
            case twoThirds
            case full
        }
        case landscape(splitView: LandscapeSplits)
        case portrait(splitView: PortraitSplits)
    }

    public var safeArea: UIEdgeInsets
    /// The screen's size in points; nil keeps the view's own size.
    public var size: CGSize?
    public var traits: UITraitCollection

    public init(safeArea: UIEdgeInsets = .zero, size: CGSize? = nil, traits: UITraitCollection = .init()) {
        self.safeArea = safeArea
        self.size = size
        self.traits = traits
    }
}

/// A phone's screen: portrait size and the safe areas of both orientations.
private struct PhoneScreen {
    var width: CGFloat, height: CGFloat
    var portrait: UIEdgeInsets, landscape: UIEdgeInsets

    /// The notched phones' insets: a top edge of `notch` points, a home indicator.
    static func notched(_ width: CGFloat, _ height: CGFloat, notch: CGFloat, side: CGFloat) -> PhoneScreen {
        PhoneScreen(
            width: width, height: height, portrait: UIEdgeInsets(top: notch, left: 0, bottom: 34, right: 0),
            landscape: UIEdgeInsets(top: 0, left: side, bottom: side == 44 ? 24 : 21, right: side))
    }

    /// The phones with a home button: a 20-point status bar, hidden in landscape.
    static func classic(_ width: CGFloat, _ height: CGFloat) -> PhoneScreen {
        PhoneScreen(width: width, height: height, portrait: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0), landscape: .zero)
    }

    func config(_ orientation: ViewImageConfig.Orientation) -> ViewImageConfig {
        switch orientation {
        case .portrait:
            return ViewImageConfig(safeArea: portrait, size: CGSize(width: width, height: height), traits: .phone(orientation))
        case .landscape:
            return ViewImageConfig(safeArea: landscape, size: CGSize(width: height, height: width), traits: .phone(orientation))
        }
    }
}

/// A tablet's screen: full-screen size in landscape, the widths Split View gives it, its safe area.
private struct TabletScreen {
    var long: CGFloat, short: CGFloat
    /// Landscape widths at one third, one half and two thirds; portrait at one third and two thirds.
    var landscapeSplits: (CGFloat, CGFloat, CGFloat), portraitSplits: (CGFloat, CGFloat)
    var safeArea = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)

    func config(_ orientation: ViewImageConfig.TabletOrientation) -> ViewImageConfig {
        let width: CGFloat, height: CGFloat, compact: Bool
        switch orientation {
        case .landscape(let split):
            height = short
            switch split {
            case .oneThird: (width, compact) = (landscapeSplits.0, true)
            case .oneHalf: (width, compact) = (landscapeSplits.1, true)
            case .twoThirds: (width, compact) = (landscapeSplits.2, false)
            case .full: (width, compact) = (long, false)
            }
        case .portrait(let split):
            height = long
            switch split {
            case .oneThird: (width, compact) = (portraitSplits.0, true)
            case .twoThirds: (width, compact) = (portraitSplits.1, true)
            case .full: (width, compact) = (short, false)
            }
        }
        return ViewImageConfig(safeArea: safeArea, size: CGSize(width: width, height: height), traits: .pad(compact: compact))
    }

    func config(_ orientation: ViewImageConfig.Orientation) -> ViewImageConfig {
        config(orientation == .landscape ? .landscape(splitView: .full) : .portrait(splitView: .full))
    }
}

private let iPhoneSeScreen = PhoneScreen.classic(320, 568)
private let iPhone8Screen = PhoneScreen.classic(375, 667)
private let iPhone8PlusScreen = PhoneScreen.classic(414, 736)
private let iPhoneXScreen = PhoneScreen.notched(375, 812, notch: 44, side: 44)
private let iPhoneXsMaxScreen = PhoneScreen.notched(414, 896, notch: 44, side: 44)
private let iPhone12Screen = PhoneScreen.notched(390, 844, notch: 47, side: 47)
private let iPhone12ProMaxScreen = PhoneScreen.notched(428, 926, notch: 47, side: 47)
private let iPhone13MiniScreen = PhoneScreen.notched(375, 812, notch: 50, side: 50)
private let iPadMiniScreen = TabletScreen(long: 1024, short: 768, landscapeSplits: (320, 507, 694), portraitSplits: (320, 438))
private let iPad10_2Screen = TabletScreen(long: 1080, short: 810, landscapeSplits: (320, 535, 750), portraitSplits: (320, 480))
private let iPadPro10_5Screen = TabletScreen(long: 1112, short: 834, landscapeSplits: (320, 551, 782), portraitSplits: (320, 504))
private let iPadPro11Screen = TabletScreen(
    long: 1194, short: 834, landscapeSplits: (375, 592, 809), portraitSplits: (320, 504),
    safeArea: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
private let iPadPro12_9Screen = TabletScreen(long: 1366, short: 1024, landscapeSplits: (375, 678, 981), portraitSplits: (375, 639))

extension ViewImageConfig {
    public static let iPhoneSe = ViewImageConfig.iPhoneSe(.portrait)
    public static func iPhoneSe(_ orientation: Orientation) -> ViewImageConfig { iPhoneSeScreen.config(orientation) }
    public static let iPhone8 = ViewImageConfig.iPhone8(.portrait)
    public static func iPhone8(_ orientation: Orientation) -> ViewImageConfig { iPhone8Screen.config(orientation) }
    public static let iPhone8Plus = ViewImageConfig.iPhone8Plus(.portrait)
    public static func iPhone8Plus(_ orientation: Orientation) -> ViewImageConfig { iPhone8PlusScreen.config(orientation) }
    public static let iPhoneX = ViewImageConfig.iPhoneX(.portrait)
    public static func iPhoneX(_ orientation: Orientation) -> ViewImageConfig { iPhoneXScreen.config(orientation) }
    public static let iPhoneXsMax = ViewImageConfig.iPhoneXsMax(.portrait)
    public static func iPhoneXsMax(_ orientation: Orientation) -> ViewImageConfig { iPhoneXsMaxScreen.config(orientation) }
    public static let iPhoneXr = ViewImageConfig.iPhoneXr(.portrait)
    public static func iPhoneXr(_ orientation: Orientation) -> ViewImageConfig { iPhoneXsMaxScreen.config(orientation) }
    public static let iPhone12 = ViewImageConfig.iPhone12(.portrait)
    public static func iPhone12(_ orientation: Orientation) -> ViewImageConfig { iPhone12Screen.config(orientation) }
    public static let iPhone12Pro = ViewImageConfig.iPhone12Pro(.portrait)
    public static func iPhone12Pro(_ orientation: Orientation) -> ViewImageConfig { iPhone12Screen.config(orientation) }
    public static let iPhone12ProMax = ViewImageConfig.iPhone12ProMax(.portrait)
    public static func iPhone12ProMax(_ orientation: Orientation) -> ViewImageConfig { iPhone12ProMaxScreen.config(orientation) }
    public static let iPhone13 = ViewImageConfig.iPhone13(.portrait)
    public static func iPhone13(_ orientation: Orientation) -> ViewImageConfig { iPhone12Screen.config(orientation) }
    public static let iPhone13Mini = ViewImageConfig.iPhone13Mini(.portrait)
    public static func iPhone13Mini(_ orientation: Orientation) -> ViewImageConfig { iPhone13MiniScreen.config(orientation) }
    public static let iPhone13Pro = ViewImageConfig.iPhone13Pro(.portrait)
    public static func iPhone13Pro(_ orientation: Orientation) -> ViewImageConfig { iPhone12Screen.config(orientation) }
    public static let iPhone13ProMax = ViewImageConfig.iPhone13ProMax(.portrait)
    public static func iPhone13ProMax(_ orientation: Orientation) -> ViewImageConfig { iPhone12ProMaxScreen.config(orientation) }

    public static let iPadMini = ViewImageConfig.iPadMini(.landscape)
    public static func iPadMini(_ orientation: Orientation) -> ViewImageConfig { iPadMiniScreen.config(orientation) }
    public static func iPadMini(_ orientation: TabletOrientation) -> ViewImageConfig { iPadMiniScreen.config(orientation) }
    public static let iPad9_7 = iPadMini
    public static func iPad9_7(_ orientation: Orientation) -> ViewImageConfig { iPadMiniScreen.config(orientation) }
    public static func iPad9_7(_ orientation: TabletOrientation) -> ViewImageConfig { iPadMiniScreen.config(orientation) }
    public static let iPad10_2 = ViewImageConfig.iPad10_2(.landscape)
    public static func iPad10_2(_ orientation: Orientation) -> ViewImageConfig { iPad10_2Screen.config(orientation) }
    public static func iPad10_2(_ orientation: TabletOrientation) -> ViewImageConfig { iPad10_2Screen.config(orientation) }
    public static let iPadPro10_5 = ViewImageConfig.iPadPro10_5(.landscape)
    public static func iPadPro10_5(_ orientation: Orientation) -> ViewImageConfig { iPadPro10_5Screen.config(orientation) }
    public static func iPadPro10_5(_ orientation: TabletOrientation) -> ViewImageConfig { iPadPro10_5Screen.config(orientation) }
    public static let iPadPro11 = ViewImageConfig.iPadPro11(.landscape)
    public static func iPadPro11(_ orientation: Orientation) -> ViewImageConfig { iPadPro11Screen.config(orientation) }
    public static func iPadPro11(_ orientation: TabletOrientation) -> ViewImageConfig { iPadPro11Screen.config(orientation) }
    public static let iPadPro12_9 = ViewImageConfig.iPadPro12_9(.landscape)
    public static func iPadPro12_9(_ orientation: Orientation) -> ViewImageConfig { iPadPro12_9Screen.config(orientation) }
    public static func iPadPro12_9(_ orientation: TabletOrientation) -> ViewImageConfig { iPadPro12_9Screen.config(orientation) }
}

extension UITraitCollection {
    /// A phone's traits: compact width, and regular height standing up, compact lying down.
    static func phone(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection {
        UITraitCollection(traitsFrom: [
            .init(forceTouchCapability: .available), .init(layoutDirection: .leftToRight),
            .init(preferredContentSizeCategory: .medium), .init(userInterfaceIdiom: .phone),
            .init(horizontalSizeClass: .compact), .init(verticalSizeClass: orientation == .portrait ? .regular : .compact)
        ])
    }

    /// A tablet's traits: regular both ways, compact width in a narrow split.
    static func pad(compact: Bool) -> UITraitCollection {
        UITraitCollection(traitsFrom: [
            .init(forceTouchCapability: .unavailable), .init(layoutDirection: .leftToRight),
            .init(preferredContentSizeCategory: .medium), .init(userInterfaceIdiom: .pad),
            .init(horizontalSizeClass: compact ? .compact : .regular), .init(verticalSizeClass: .regular)
        ])
    }

    public static func iPhoneSe(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation) }
    public static func iPhone8(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation) }
    public static func iPhone8Plus(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation) }
    public static func iPhoneX(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation) }
    public static func iPhoneXr(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation) }
    public static func iPhoneXsMax(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation) }
    public static func iPhone12(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation) }
    public static func iPhone12ProMax(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation) }
    public static func iPhone13(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation) }
    public static func iPhone13ProMax(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation) }
    public static let iPad = pad(compact: false)
    public static let iPadCompactSplitView = pad(compact: true)
}
