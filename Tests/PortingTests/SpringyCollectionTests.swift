import Flipbook
import Foundation
import Testing

/// The springy collection view (WWDC 2013 "Exploring Scroll Views", and many blog posts since):
/// a flow layout whose attributes hang on attachment springs of a `UIDynamicAnimator` made with
/// `init(collectionViewLayout:)`; scrolling pulls the items, which lag and spring back
/// (timing-model.md 11.12). Written as iOS code; the one edit is the cell's `required init`.
@Suite("springy collection view")
struct SpringyCollectionTests {
    // ---- iOS code (one edit: `required` on the cell's init(frame:)) ----
    final class SpringyFlowLayout: UICollectionViewFlowLayout {
        lazy var dynamicAnimator = UIDynamicAnimator(collectionViewLayout: self)

        override func prepare() {
            super.prepare()
            guard dynamicAnimator.behaviors.isEmpty else { return }
            let everything = CGRect(origin: .zero, size: collectionViewContentSize)
            for item in super.layoutAttributesForElements(in: everything) ?? [] {
                let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
                spring.length = 0
                spring.damping = 0.8
                spring.frequency = 1
                dynamicAnimator.addBehavior(spring)
            }
        }

        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            dynamicAnimator.items(in: rect) as? [UICollectionViewLayoutAttributes]
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            dynamicAnimator.layoutAttributesForCell(at: indexPath)
        }

        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
            guard let collectionView = collectionView else { return false }
            let delta = newBounds.origin.y - collectionView.bounds.origin.y
            let touch = collectionView.panGestureRecognizer.location(in: collectionView)
            for case let spring as UIAttachmentBehavior in dynamicAnimator.behaviors {
                guard let item = spring.items.first as? UICollectionViewLayoutAttributes else { continue }
                let resistance = abs(touch.y - spring.anchorPoint.y) / 1500
                var center = item.center
                center.y += delta < 0 ? max(delta, delta * resistance) : min(delta, delta * resistance)
                item.center = center
                dynamicAnimator.updateItem(usingCurrentState: item)
            }
            return false
        }
    }

    final class Cell: UICollectionViewCell {
        required init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .systemBlue
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class ListController: UIViewController, UICollectionViewDataSource {
        let layout = SpringyFlowLayout()
        lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)

        override func viewDidLoad() {
            super.viewDidLoad()
            layout.itemSize = CGSize(width: 280, height: 44)
            layout.minimumLineSpacing = 10
            collectionView.frame = view.bounds
            collectionView.register(Cell.self, forCellWithReuseIdentifier: "cell")
            collectionView.dataSource = self
            view.addSubview(collectionView)
        }

        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 40 }

        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
    }
    // ---- end ----

    @Test("items far from the finger lag behind a scroll and spring back to their places")
    func springsBack() throws {
        let controller = ListController()
        let stage = Stage.hosting(controller, size: CGSize(width: 300, height: 500), scale: 1)
        stage.advance(to: 0.1)
        let collectionView = controller.collectionView
        func y(_ item: Int) throws -> CGFloat {
            try #require(collectionView.cellForItem(at: IndexPath(item: item, section: 0))).center.y
        }
        let (nearY, farY) = (try y(2), try y(8))
        #expect(abs(farY - nearY - 6 * 54) < 0.01, "the flow layout's places: \(nearY), \(farY)")

        collectionView.beginDragging(at: CGPoint(x: 150, y: 100))
        stage.advance(to: 0.2)
        collectionView.drag(translation: CGPoint(x: 0, y: -60))
        stage.advance(to: 0.2 + 1.0 / 60)
        // Each item is carried along with the 60 pt scroll by its distance from the finger over
        // 1500 (the recipe's resistance), then the springs pull it back: item 2, near the
        // finger, barely moves; item 8, about 400 pt away, lags the content by ~16 pt.
        let (near, lag) = (try y(2) - nearY, try y(8) - farY)
        #expect(abs(near) < 5 && lag > 12 && lag < 20 && lag > 3 * abs(near), "near moved \(near), far lags \(lag)")
        #expect(controller.layout.dynamicAnimator.isRunning)
        stage.advance(to: 4)
        let settled = try y(8)
        #expect(abs(settled - farY) < 0.5, "back in place: \(settled)")
        #expect(!controller.layout.dynamicAnimator.isRunning)
    }
}
