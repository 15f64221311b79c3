import FlipbookCore
import Foundation

/// The bar of tabs at the bottom of a tab bar controller (UIKit's names), drawn as iOS 13 and
/// later draw its default appearance [proj: timing-model.md 11.11]: a light translucent bar
/// 49 pt high (and the safe area's bottom below) with a hairline on top; the items share its
/// width, each an image 25 pt high centred above a 10 pt title, the selected one in the tint
/// colour and the others in `unselectedItemTintColor` (grey); badges are red capsules with
/// white 13 pt text at the image's top right. A tap on an item selects it.
open class UITabBar: UIView {
    /// The bar's height above the safe area's bottom.
    public static let height: CGFloat = 49

    open var items: [UITabBarItem]? { didSet { itemsDidChange() } }
    open var selectedItem: UITabBarItem? { didSet { itemsDidChange() } }
    open var unselectedItemTintColor: UIColor? { didSet { itemsDidChange() } }
    /// The bar's background (iOS's light translucent bar when nil).
    open var barTintColor: UIColor? { didSet { itemsDidChange() } }
    open var isTranslucent = true
    open weak var delegate: (any UITabBarDelegate)?

    private let background = UIView()
    private let hairline = UIView()
    private var buttons: [TabButton] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(background)
        addSubview(hairline)
        hairline.backgroundColor = UIColor(white: 0, alpha: 0.3)
        itemsDidChange()
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open func setItems(_ items: [UITabBarItem]?, animated: Bool) { self.items = items }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.height + (superview?.safeAreaInsets.bottom ?? 0))
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        itemsDidChange()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutItems()
    }

    func itemsDidChange() {
        UIView.performWithoutAnimation {
            background.backgroundColor = barTintColor ?? UIColor(white: 0.97, alpha: isTranslucent ? 0.94 : 1)
            let items = self.items ?? []
            while buttons.count > items.count { buttons.removeLast().removeFromSuperview() }
            while buttons.count < items.count {
                let button = TabButton(frame: .zero)
                button.addAction(
                    UIAction { [weak self, weak button] _ in if let self, let button { self.tapped(button) } }, for: .touchUpInside)
                addSubview(button)
                buttons.append(button)
            }
            for (item, button) in zip(items, buttons) {
                item.bar = self
                let selected = item === selectedItem
                button.show(
                    item, selected: selected, color: selected ? tintColor : unselectedItemTintColor ?? UIColor(white: 0.6, alpha: 1))
            }
            layoutItems()
        }
    }

    private func tapped(_ button: TabButton) {
        guard let index = buttons.firstIndex(where: { $0 === button }), let item = items?[index], item.isEnabled else { return }
        selectedItem = item
        delegate?.tabBar(self, didSelect: item)
    }

    private func layoutItems() {
        UIView.performWithoutAnimation {
            background.frame = bounds
            let hairlineWidth = 1 / max(1, layer.stage?.scale ?? 2)
            hairline.frame = CGRect(x: 0, y: 0, width: bounds.width, height: hairlineWidth)
            let width = buttons.isEmpty ? 0 : bounds.width / CGFloat(buttons.count)
            for (index, button) in buttons.enumerated() {
                button.frame = CGRect(x: CGFloat(index) * width, y: 0, width: width, height: Self.height)
            }
        }
    }
}

/// Hears a tab bar's selection (UIKit's names).
public protocol UITabBarDelegate: AnyObject {
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}

extension UITabBarDelegate {
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}

/// One tab: its image over its title, and its badge.
final class TabButton: UIControl {
    private let imageView = UIImageView()
    private let titleLabel = UILabel()
    private let badge = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        addParts(imageView, titleLabel, badge)
        imageView.contentMode = .scaleAspectFit
        titleLabel.font = .systemFont(ofSize: 10, weight: .medium)
        titleLabel.textAlignment = .center
        badge.font = .systemFont(ofSize: 13)
        badge.textColor = .white
        badge.textAlignment = .center
        badge.clipsToBounds = true
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    func show(_ item: UITabBarItem, selected: Bool, color: UIColor) {
        let image = selected ? item.selectedImage ?? item.image : item.image
        imageView.image = image.map { $0.renderingMode == .alwaysOriginal ? $0 : $0.withRenderingMode(.alwaysTemplate) }
        imageView.tintColor = color
        titleLabel.text = item.title
        titleLabel.textColor = color
        alpha = item.isEnabled ? 1 : 0.5
        badge.isHidden = item.badgeValue == nil
        badge.text = item.badgeValue
        badge.backgroundColor = item.badgeColor ?? .systemRed
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let hasTitle = !(titleLabel.text ?? "").isEmpty
        let imageTop: CGFloat = hasTitle ? 7 : 12
        imageView.frame = CGRect(x: (bounds.width - 25) / 2, y: imageTop, width: 25, height: 25)
        titleLabel.frame = CGRect(x: 0, y: 34, width: bounds.width, height: 12)
        titleLabel.isHidden = !hasTitle
        let text = badge.text ?? ""
        let side: CGFloat = text.isEmpty ? 10 : 18
        let width = text.isEmpty ? side : max(side, ceil((text as NSString).size(withAttributes: [.font: badge.font as Any]).width) + 10)
        badge.frame = CGRect(x: imageView.frame.maxX - 6, y: imageTop - 4, width: width, height: side)
        badge.layer.cornerRadius = side / 2
    }
}
