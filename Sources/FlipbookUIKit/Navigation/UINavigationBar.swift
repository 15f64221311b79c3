import FlipbookCore
import Foundation

/// The bar at the top of a navigation controller (UIKit's `UINavigationBar`), drawn as iOS 13+
/// draws its default appearance: a light bar (or `barTintColor`) with a hairline below, the top
/// item's title in 17 pt semibold centred in the 44 pt row, a back button (a chevron and the
/// previous item's title, in the tint colour) and bar button items at the sides; with
/// `prefersLargeTitles`, a 52 pt row below holding the title in 34 pt bold at the leading edge.
open class UINavigationBar: UIView {
    /// The bar's height without and with a large title row.
    public static let compactHeight: CGFloat = 44
    public static let largeTitleHeight: CGFloat = 96

    /// The bar's background (iOS's default light appearance when nil).
    open var barTintColor: UIColor? {
        didSet { itemsDidChange() }
    }
    /// Translucent bars lie over the content (which the safe area then insets); opaque ones push it down.
    open var isTranslucent = true
    open var prefersLargeTitles = false {
        didSet { itemsDidChange() }
    }
    /// The items, bottom (root) to top.
    open private(set) var items: [UINavigationItem]?
    open var topItem: UINavigationItem? { items?.last }
    open var backItem: UINavigationItem? { (items?.count ?? 0) > 1 ? items?[items!.count - 2] : nil }

    /// The back button was tapped (the navigation controller pops).
    var onBack: (() -> Void)?

    private let background = UIView()
    private let hairline = UIView()
    private let titleLabel = UILabel()
    private let largeTitleLabel = UILabel()
    private let backButton = UIButton(type: .system)
    private let chevron = CAShapeLayer()
    private var leftButton: UIView?
    private var rightButton: UIView?
    /// The back button's title before the title's room is made (it may shorten to "Back", then
    /// to the chevron alone).
    private var fullBackTitle = "Back"

    public override init(frame: CGRect) {
        super.init(frame: frame)
        for view in [background, hairline, largeTitleLabel, titleLabel, backButton] { addSubview(view) }
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.textAlignment = .center
        largeTitleLabel.font = .boldSystemFont(ofSize: 34)
        hairline.backgroundColor = UIColor(white: 0, alpha: 0.3)
        chevron.fillColor = nil
        chevron.lineWidth = 3
        chevron.lineCap = .round
        chevron.lineJoin = .round
        backButton.layer.addSublayer(chevron)
        backButton.contentEdgeInsets = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 0)
        backButton.addAction(UIAction { [weak self] _ in self?.onBack?() }, for: .touchUpInside)
        itemsDidChange()
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The height the bar wants for its top item.
    var preferredHeight: CGFloat {
        showsLargeTitle ? Self.largeTitleHeight : Self.compactHeight
    }

    private var showsLargeTitle: Bool {
        guard prefersLargeTitles, let item = topItem else { return false }
        if item.largeTitleDisplayMode == .never { return false }
        // `.automatic` follows the item below it: the root shows it, pushed ones as the one before.
        return item.largeTitleDisplayMode == .always || (items ?? []).dropLast().allSatisfy { $0.largeTitleDisplayMode != .never }
    }

    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        self.items?.forEach { $0.bar = nil }
        self.items = items
        items?.forEach { $0.bar = self }
        itemsDidChange()
    }

    open func pushItem(_ item: UINavigationItem, animated: Bool) { setItems((items ?? []) + [item], animated: animated) }

    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard var list = items, !list.isEmpty else { return nil }
        let popped = list.removeLast()
        setItems(list, animated: animated)
        return popped
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        chevron.strokeColor = tintColor.cgColor
    }

    /// Shows the top item (title, back button, bar buttons) at once, as a bar without an
    /// animated transition does.
    func itemsDidChange() {
        UIView.performWithoutAnimation {
            background.backgroundColor = barTintColor ?? UIColor(red: 248 / 255, green: 248 / 255, blue: 248 / 255, alpha: 1)
            let item = topItem
            titleLabel.text = item?.title
            largeTitleLabel.text = item?.title
            let large = showsLargeTitle
            titleLabel.isHidden = large || item?.titleView != nil
            largeTitleLabel.isHidden = !large
            let back = backItem
            backButton.isHidden = back == nil || item?.hidesBackButton == true || item?.leftBarButtonItem != nil
            let backTitle = back?.backButtonTitle ?? back?.backBarButtonItem?.title ?? back?.title ?? "Back"
            fullBackTitle = backTitle.count > 12 ? "Back" : backTitle
            backButton.titleLabel?.font = .systemFont(ofSize: 17)
            chevron.strokeColor = tintColor.cgColor
            leftButton?.removeFromSuperview()
            rightButton?.removeFromSuperview()
            leftButton = item?.leftBarButtonItem.map(button(for:))
            rightButton = item?.rightBarButtonItem.map(button(for:))
            for view in [leftButton, rightButton].compactMap({ $0 }) { addSubview(view) }
            if let titleView = item?.titleView, titleView.superview !== self { addSubview(titleView) }
            setNeedsLayout()
            layoutIfNeeded()
        }
    }

    private func button(for item: UIBarButtonItem) -> UIView {
        if let custom = item.customView { return custom }
        let button = UIButton(type: .system)
        button.setTitle(item.title, for: .normal)
        button.setImage(item.image, for: .normal)
        button.titleLabel?.font = item.style == .done ? .systemFont(ofSize: 17, weight: .semibold) : .systemFont(ofSize: 17)
        button.isEnabled = item.isEnabled
        if let tint = item.tintColor { button.tintColor = tint }
        button.addAction(UIAction { _ in item.action?() }, for: .touchUpInside)
        return button
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let w = bounds.width
        // The bar's own layers follow it at once (no implicit animations on the chevron).
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        UIView.performWithoutAnimation {
            // The background reaches up under the status bar area (the safe area above the bar).
            background.frame = CGRect(x: 0, y: -frame.minY, width: w, height: bounds.height + frame.minY)
            hairline.frame = CGRect(x: 0, y: bounds.height, width: w, height: 0.5)
            let row = CGRect(x: 0, y: 0, width: w, height: Self.compactHeight)
            placeBackButton(title: fullBackTitle, row: row)
            chevron.frame = CGRect(x: 0, y: 11.5, width: 13, height: 21)
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 11, y: 1.5))
            path.addLine(to: CGPoint(x: 2, y: 10.5))
            path.addLine(to: CGPoint(x: 11, y: 19.5))
            chevron.path = path
            if let left = leftButton {
                left.sizeToFit()
                left.frame = CGRect(x: 16, y: row.midY - left.bounds.height / 2, width: left.bounds.width, height: left.bounds.height)
            }
            if let right = rightButton {
                right.sizeToFit()
                right.frame = CGRect(
                    x: w - 16 - right.bounds.width, y: row.midY - right.bounds.height / 2, width: right.bounds.width,
                    height: right.bounds.height)
            }
            layOutTitle(barWidth: w, row: row)
            if let titleView = topItem?.titleView {
                titleView.center = CGPoint(x: w / 2, y: row.midY)
            }
            largeTitleLabel.frame = CGRect(x: 16, y: Self.compactHeight, width: w - 32, height: Self.largeTitleHeight - Self.compactHeight)
        }
    }

    private func placeBackButton(title: String, row: CGRect) {
        backButton.setTitle(title, for: .normal)
        backButton.sizeToFit()
        backButton.frame = CGRect(x: 8, y: row.midY - 22, width: backButton.bounds.width, height: 44)
    }

    /// The title as iOS places it: centred on the bar when it fits there clear of the items on
    /// both sides, else as near the centre as the room between them allows. When even that room
    /// is too narrow, the back button gives up its title for "Back", then shows the chevron
    /// alone; a title still too long is truncated at its end.
    private func layOutTitle(barWidth w: CGFloat, row: CGRect) {
        let natural = titleLabel.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: row.height)).width
        func room() -> (left: CGFloat, right: CGFloat) {
            let left = max(backButton.isHidden ? 0 : backButton.frame.maxX, leftButton?.frame.maxX ?? 0) + 8
            return (left, (rightButton?.frame.minX ?? w) - 8)
        }
        var (left, right) = room()
        if !backButton.isHidden {
            for shorter in ["Back", ""] where natural > right - left && backButton.title(for: .normal) != shorter {
                if shorter == "Back" && (backButton.title(for: .normal)?.count ?? 0) <= 4 { continue }
                placeBackButton(title: shorter, row: row)
                (left, right) = room()
            }
        }
        let width = min(natural, max(0, right - left))
        let x = min(max((w - width) / 2, left), right - width)
        titleLabel.frame = CGRect(x: x, y: 0, width: width, height: row.height)
    }
}
