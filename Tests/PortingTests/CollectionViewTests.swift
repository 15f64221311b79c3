import Flipbook
import Foundation
import Testing

/// Collection views with a flow layout (timing-model.md 11.8), written as an iOS screen of
/// colour swatches is written; the one edit: the cell's `init(frame:)` is `required`.
@Suite("collection views")
struct CollectionViewTests {
    // ---- iOS code (one edit: `required` on the cell's init(frame:)) ----
    final class SwatchCell: UICollectionViewCell {
        required init(frame: CGRect) {
            super.init(frame: frame)
            contentView.layer.cornerRadius = 8
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class SwatchesController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
        var colors: [UIColor] = (0..<10).map { UIColor(hue: CGFloat($0) / 10, saturation: 0.8, brightness: 0.9, alpha: 1) }
        var tallFirst = false
        var selections: [String] = []

        lazy var collectionView: UICollectionView = {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 60, height: 60)
            layout.minimumInteritemSpacing = 10
            layout.minimumLineSpacing = 10
            layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
            collectionView.register(SwatchCell.self, forCellWithReuseIdentifier: "swatch")
            collectionView.dataSource = self
            collectionView.delegate = self
            collectionView.backgroundColor = .white
            return collectionView
        }()

        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView.frame = view.bounds
            collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(collectionView)
        }

        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { colors.count }

        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "swatch", for: indexPath)
            cell.contentView.backgroundColor = colors[indexPath.item]
            return cell
        }

        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath
        )
            -> CGSize
        {
            tallFirst && indexPath.item == 0 ? CGSize(width: 60, height: 120) : CGSize(width: 60, height: 60)
        }

        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            selections.append("select \(indexPath.item)")
        }
        func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
            selections.append("deselect \(indexPath.item)")
        }
    }
    // ---- end ----

    func screen(height: CGFloat = 150) -> (Stage, SwatchesController) {
        let controller = SwatchesController()
        return (Stage.hosting(controller, size: CGSize(width: 300, height: height)), controller)
    }

    @Test("lines fill the width, spread to both edges; a line of one is centred; the content holds them all")
    func flowLayout() throws {
        let (stage, controller) = screen()
        let collectionView = controller.collectionView
        stage.advance(to: 0)
        // 280 pt inside the insets holds four 60 pt items (270 with 10 pt gaps): spread, 40/3 apart.
        let frames = (0..<10).map { collectionView.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        let gap = 40.0 / 3
        #expect(
            abs(frames[1].minX - (70 + gap)) < 1e-9 && frames[3].minX == 230 && frames[4] == CGRect(x: 10, y: 80, width: 60, height: 60))
        #expect(frames[8].minX == 10 && frames[9].minX == 230, "the last line of two spreads too")
        #expect(collectionView.contentSize == CGSize(width: 300, height: 220))
        #expect(collectionView.visibleCells.count == 8, "two lines on screen, the third below")

        controller.colors = [.red]
        collectionView.reloadData()
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minX == 120, "one item: centred")

        controller.colors = [.red, .green, .blue]
        controller.tallFirst = true
        collectionView.reloadData()
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.minY == 40, "centred across its line")

        let horizontal = UICollectionViewFlowLayout()
        horizontal.scrollDirection = .horizontal
        horizontal.itemSize = CGSize(width: 60, height: 60)
        controller.tallFirst = false
        controller.colors = Array(repeating: .gray, count: 5)
        collectionView.collectionViewLayout = horizontal
        collectionView.reloadData()
        // 150 pt high holds two 60 pt items a column, spread: y 0 and 90; columns 70 pt apart.
        #expect(
            collectionView.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame == CGRect(x: 70, y: 90, width: 60, height: 60)
        )
        #expect(collectionView.contentSize == CGSize(width: 200, height: 150))
    }

    @Test("cells show their colours, scroll into view from the reuse pool, and a tap selects one")
    func cellsAndTaps() throws {
        let (stage, controller) = screen()
        let collectionView = controller.collectionView
        stage.advance(to: 0)
        let picture = try FrameRasterizer.rasterize(stage.snapshot(), background: nil)
        let swatch = picture.pixel(x: 40, y: 40), expected = controller.colors[0].cgColor.rgba
        #expect(abs(Double(swatch.r) / 255 - expected.red) < 0.01 && abs(Double(swatch.g) / 255 - expected.green) < 0.01)
        let made = Set(collectionView.visibleCells.map(ObjectIdentifier.init))
        collectionView.contentOffset = CGPoint(x: 0, y: 70)
        #expect(collectionView.indexPathsForVisibleItems.map(\.item) == [4, 5, 6, 7, 8, 9])
        #expect(Set(collectionView.visibleCells.map(ObjectIdentifier.init)).isSubset(of: made), "the two new cells are reused ones")

        collectionView.contentOffset = .zero
        stage.tap(CGPoint(x: 113, y: 40), at: 0.1)
        stage.advance(to: 0.3)
        #expect(controller.selections == ["select 1"] && collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected == true)
        stage.tap(CGPoint(x: 40, y: 110), at: 0.4)
        stage.advance(to: 0.6)
        #expect(controller.selections == ["select 1", "deselect 1", "select 4"])
    }

    @Test("a batch update slides the items after a deleted one to their new places over 0.3 s")
    func batchUpdates() throws {
        let (stage, controller) = screen()
        let collectionView = controller.collectionView
        stage.advance(to: 1)
        let second = try #require(collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
        var finished = false
        collectionView.performBatchUpdates(
            {
                controller.colors.remove(at: 0)
                collectionView.deleteItems(at: [IndexPath(item: 0, section: 0)])
            }, completion: { finished = $0 })
        #expect(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) === second, "the same cell, now item 0")
        stage.advance(to: 1.15)
        let x = second.layer.presentation()?.position.x ?? 0
        #expect(x > 40 && x < 70 + gapHalf, "mid-slide: \(x)")
        stage.advance(to: 1.4)
        #expect(second.layer.presentation()?.position.x == 40 && finished)
        #expect(collectionView.visibleCells.count == 8 && controller.colors.count == 9)
    }

    /// The second item's centre before the update: 10 + 60 + 40/3 + 30.
    let gapHalf = 40.0 / 3 + 30

    // ---- iOS code (one edit: `required` on the header's init(frame:)) ----
    final class SectionHeader: UICollectionReusableView {
        let label = UILabel()
        required init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .systemGray6
            addSubview(label)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func layoutSubviews() {
            super.layoutSubviews()
            label.frame = bounds.insetBy(dx: 10, dy: 0)
        }
    }

    final class Albums: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
        let titles = ["Recents", "Favourites"]
        func numberOfSections(in collectionView: UICollectionView) -> Int { titles.count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
        }
        func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath)
            -> UICollectionReusableView
        {
            let header =
                collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
                as! SectionHeader
            header.label.text = kind == UICollectionView.elementKindSectionHeader ? titles[indexPath.section] : "end"
            return header
        }
        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            referenceSizeForFooterInSection section: Int
        ) -> CGSize { section == 1 ? CGSize(width: 0, height: 20) : .zero }
    }
    // ---- end ----

    @Test("section headers above each section's inset, a footer where the delegate gives one; reused on scrolling")
    func headersAndFooters() throws {
        let stage = Stage(size: CGSize(width: 300, height: 150), scale: 1)
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 60, height: 60)
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 150), collectionViewLayout: layout)
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "photo")
        collectionView.register(
            SectionHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        collectionView.register(
            SectionHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter, withReuseIdentifier: "header")
        let albums = Albums()
        collectionView.dataSource = albums
        collectionView.delegate = albums
        stage.rootView.addSubview(collectionView)
        stage.advance(to: 0)
        let header = UICollectionView.elementKindSectionHeader, footer = UICollectionView.elementKindSectionFooter
        #expect(
            layout.layoutAttributesForSupplementaryView(ofKind: header, at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 0, y: 0, width: 300, height: 30))
        // 30 header + 10 inset + one line of 60 + 10 inset: the second header at 110, its items at 150.
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: header, at: IndexPath(item: 0, section: 1))?.frame.minY == 110)
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 150)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: footer, at: IndexPath(item: 0, section: 0)) == nil)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: footer, at: IndexPath(item: 0, section: 1))?.frame.minY == 220)
        #expect(collectionView.contentSize.height == 240)
        let shown = collectionView.visibleSupplementaryViews(ofKind: header).compactMap { ($0 as? SectionHeader)?.label.text }
        #expect(shown == ["Recents", "Favourites"])
        let first = collectionView.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 0))
        collectionView.contentOffset = CGPoint(x: 0, y: 90)
        #expect(collectionView.visibleSupplementaryViews(ofKind: header).count == 1)
        let end = collectionView.supplementaryView(forElementKind: footer, at: IndexPath(item: 0, section: 1))
        #expect((end as? SectionHeader)?.label.text == "end" && end !== first, "a footer comes from its own kind's pool")
        collectionView.contentOffset = .zero
        #expect(collectionView.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 0)) === first, "the header reused")
        withExtendedLifetime(albums) {}
    }
}
