import FlipbookCore
import Foundation

/// A row of segments, drawn as iOS 13 and later draw it: a grey rounded track (the tertiary
/// system fill, 9 pt corners) 32 pt high, the selected segment a white rounded pill 2 pt inside
/// it with a soft shadow, thin separators between the segments beside it, titles in the 13 pt
/// system font (semibold when selected). Segments share the width equally unless given their
/// own. A tap on an enabled segment selects it, the pill sliding over, and sends
/// `.valueChanged` (timing-model.md 11.6).
open class UISegmentedControl: UIControl {
    /// The index when no segment is selected.
    public static let noSegment = -1

    /// The selected segment (`noSegment`: none).
    open var selectedSegmentIndex = UISegmentedControl.noSegment {
        didSet {
            if selectedSegmentIndex < UISegmentedControl.noSegment || selectedSegmentIndex >= segments.count {
                selectedSegmentIndex = UISegmentedControl.noSegment
            }
            // Moved at once, or as the animation block it is set in moves it.
            layoutSegments()
        }
    }
    /// A momentary control selects a segment only while the finger is down.
    open var isMomentary = false
    /// Whether segments take widths from their content instead of sharing the width equally.
    open var apportionsSegmentWidthsByContent = false { didSet { setNeedsLayout() } }
    /// The selected pill's colour (nil: white).
    open var selectedSegmentTintColor: UIColor? { didSet { updateLook() } }

    private struct Segment {
        var title: String?
        var image: UIImage?
        var width: CGFloat = 0
        var isEnabled = true
        let label = UILabel()
        let imageView = UIImageView()
    }

    private var segments: [Segment] = []
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
    private let trackView = UIView()
    private let selectionView = UIView()
    private var separators: [UIView] = []

    static let height: CGFloat = 32
    static let inset: CGFloat = 2
    /// Space either side of a title when segments size by their content.
    static let titlePadding: CGFloat = 12

    /// A control with a segment for each item: a `String` titles one, a `UIImage` shows one.
    public init(items: [Any]?) {
        super.init(frame: .zero)
        setUp()
        for (index, item) in (items ?? []).enumerated() {
            if let image = item as? UIImage {
                insertSegment(with: image, at: index, animated: false)
            } else {
                insertSegment(withTitle: item as? String ?? "\(item)", at: index, animated: false)
            }
        }
        frame.size = intrinsicContentSize
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        addParts(trackView, selectionView)
        trackView.backgroundColor = .tertiarySystemFill
        trackView.layer.cornerRadius = 9
        selectionView.layer.cornerRadius = 7
        selectionView.layer.shadowColor = UIColor.black.cgColor
        selectionView.layer.shadowOpacity = 0.12
        selectionView.layer.shadowOffset = CGSize(width: 0, height: 3)
        selectionView.layer.shadowRadius = 4
        updateLook()
    }

    // MARK: Segments

    open var numberOfSegments: Int { segments.count }

    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title), at: segment)
    }

    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Segment(image: image), at: segment)
    }

    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        let removed = segments.remove(at: segment)
        removed.label.removeFromSuperview()
        removed.imageView.removeFromSuperview()
        if selectedSegmentIndex == segment {
            selectedSegmentIndex = UISegmentedControl.noSegment
        } else if selectedSegmentIndex > segment {
            selectedSegmentIndex -= 1
        }
        rebuildSeparators()
    }

    open func removeAllSegments() {
        while !segments.isEmpty { removeSegment(at: segments.count - 1, animated: false) }
    }

    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        segments[segment].image = nil
        updateLook()
    }
    open func titleForSegment(at segment: Int) -> String? { segments.indices.contains(segment) ? segments[segment].title : nil }

    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
        segments[segment].title = nil
        updateLook()
    }
    open func imageForSegment(at segment: Int) -> UIImage? { segments.indices.contains(segment) ? segments[segment].image : nil }

    /// A segment's own width (0: its share).
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].width = max(0, width)
        setNeedsLayout()
    }
    open func widthForSegment(at segment: Int) -> CGFloat { segments.indices.contains(segment) ? segments[segment].width : 0 }

    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
        updateLook()
    }
    open func isEnabledForSegment(at segment: Int) -> Bool { segments.indices.contains(segment) ? segments[segment].isEnabled : false }

    /// The titles' font and colour for `state` (`.normal` and `.selected`).
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: State) {
        titleAttributes[state.rawValue] = attributes
        updateLook()
    }
    open func titleTextAttributes(for state: State) -> [NSAttributedString.Key: Any]? { titleAttributes[state.rawValue] }

    private func insert(_ segment: Segment, at index: Int) {
        let index = min(max(0, index), segments.count)
        segment.imageView.contentMode = .center
        addParts(segment.label, segment.imageView)
        segments.insert(segment, at: index)
        if selectedSegmentIndex >= index { selectedSegmentIndex += 1 }
        rebuildSeparators()
    }

    private func rebuildSeparators() {
        separators.forEach { $0.removeFromSuperview() }
        separators = (0..<max(0, segments.count - 1)).map { _ in
            let separator = UIView()
            separator.isUserInteractionEnabled = false
            separator.backgroundColor = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)
            insertSubview(separator, aboveSubview: trackView)
            return separator
        }
        updateLook()
        setNeedsLayout()
        UIView.performWithoutAnimation { layoutSegments() }
    }

    // MARK: Size and layout

    /// Each segment as wide as its widest title or image and 12 pt either side of it (a
    /// segment's own width where it has one), 32 pt high.
    open override var intrinsicContentSize: CGSize {
        let widest = segments.map(contentWidth).max() ?? 0
        let width = segments.reduce(0) { $0 + ($1.width > 0 ? $1.width : widest) }
        return CGSize(width: width, height: Self.height)
    }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    private func contentWidth(_ segment: Segment) -> CGFloat {
        let content =
            segment.image?.size.width ?? segment.title.map { ($0 as NSString).size(withAttributes: [.font: font(selected: true)]).width }
            ?? 0
        return ceil(content) + 2 * Self.titlePadding
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutSegments()
    }

    /// Each segment's frame: its own width, its content's, or an equal share of what is left.
    private func segmentFrames() -> [CGRect] {
        let fixed = segments.map { segment -> CGFloat? in
            if segment.width > 0 { return segment.width }
            return apportionsSegmentWidthsByContent ? contentWidth(segment) : nil
        }
        let taken = fixed.compactMap { $0 }.reduce(0, +)
        let shared = fixed.filter { $0 == nil }.count
        let share = shared > 0 ? max(0, bounds.width - taken) / CGFloat(shared) : 0
        var x: CGFloat = 0
        return fixed.map { width in
            let w = width ?? share
            defer { x += w }
            return CGRect(x: x, y: 0, width: w, height: bounds.height)
        }
    }

    private func layoutSegments() {
        trackView.frame = bounds
        let frames = segmentFrames()
        for (segment, frame) in zip(segments, frames) {
            segment.label.frame = frame
            segment.imageView.frame = frame
        }
        for (index, separator) in separators.enumerated() where index + 1 < frames.count {
            let x = frames[index].maxX
            separator.frame = CGRect(x: x - 0.5, y: (bounds.height - 16) / 2, width: 1, height: 16)
            // Hidden beside the selected segment, where the pill stands.
            separator.alpha = index == selectedSegmentIndex || index + 1 == selectedSegmentIndex ? 0 : 1
        }
        if frames.indices.contains(selectedSegmentIndex) {
            selectionView.frame = frames[selectedSegmentIndex].insetBy(dx: Self.inset, dy: Self.inset)
            selectionView.alpha = 1
        } else {
            selectionView.alpha = 0
        }
        updateLook()
    }

    private func font(selected: Bool) -> UIFont {
        titleAttributes[(selected ? State.selected : State.normal).rawValue]?[.font] as? UIFont
            ?? .systemFont(ofSize: 13, weight: selected ? .semibold : .regular)
    }

    private func updateLook() {
        selectionView.backgroundColor = selectedSegmentTintColor ?? .white
        for (index, segment) in segments.enumerated() {
            let selected = index == selectedSegmentIndex
            let attributes = titleAttributes[(selected ? State.selected : State.normal).rawValue] ?? titleAttributes[State.normal.rawValue]
            segment.label.text = segment.title
            segment.label.font = font(selected: selected)
            segment.label.textAlignment = .center
            segment.label.textColor = attributes?[.foregroundColor] as? UIColor ?? .label
            segment.label.alpha = segment.isEnabled && isEnabled ? 1 : 0.3
            segment.imageView.image = segment.image
        }
    }

    // MARK: Touches

    /// The segment a lift inside lands on is selected (unless disabled or already so), the pill
    /// sliding to it, and `.valueChanged` sent; a momentary control deselects after.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch, bounds.contains(touch.location(in: self)) else { return }
        let x = touch.location(in: self).x
        guard let index = segmentFrames().firstIndex(where: { $0.minX <= x && x < $0.maxX }), segments[index].isEnabled,
            index != selectedSegmentIndex || isMomentary
        else { return }
        UIView.moveControlParts(animated: true) {
            self.selectedSegmentIndex = index
        }
        sendActions(for: .valueChanged)
        if isMomentary { selectedSegmentIndex = UISegmentedControl.noSegment }
    }
}
