import Flipbook
import Foundation
import Testing

/// Reordering a collection view's items with a long press, as iOS code writes it with
/// UIKit's interactive movement (timing-model.md 11.8, rule 6).
@Suite("reordering collection views")
struct ReorderTests {
    // ---- iOS code (one edit: `required` on the cell's init(frame:); selector → method reference) ----
    final class TileCell: UICollectionViewCell {
        required init(frame: CGRect) { super.init(frame: frame) }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class BoardController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
        var tiles = ["A", "B", "C", "D", "E", "F"]
        var moves: [String] = []

        lazy var collectionView: UICollectionView = {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 80, height: 80)
            layout.minimumInteritemSpacing = 10
            layout.minimumLineSpacing = 10
            layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
            collectionView.register(TileCell.self, forCellWithReuseIdentifier: "tile")
            collectionView.dataSource = self
            collectionView.delegate = self
            return collectionView
        }()

        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView.frame = view.bounds
            view.addSubview(collectionView)
            let longPress = UILongPressGestureRecognizer(target: self, action: BoardController.handleLongPress(_:))
            collectionView.addGestureRecognizer(longPress)
        }

        func handleLongPress(_ gesture: UILongPressGestureRecognizer) {
            switch gesture.state {
            case .began:
                guard let path = collectionView.indexPathForItem(at: gesture.location(in: collectionView)) else { break }
                collectionView.beginInteractiveMovementForItem(at: path)
            case .changed:
                collectionView.updateInteractiveMovementTargetPosition(gesture.location(in: gesture.view!))
            case .ended:
                collectionView.endInteractiveMovement()
            default:
                collectionView.cancelInteractiveMovement()
            }
        }

        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { tiles.count }

        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
            cell.accessibilityLabel = tiles[indexPath.item]
            return cell
        }

        func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
            let tile = tiles.remove(at: sourceIndexPath.item)
            tiles.insert(tile, at: destinationIndexPath.item)
            moves.append("\(sourceIndexPath.item)→\(destinationIndexPath.item)")
        }
    }
    // ---- end ----

    /// The tile shown by the cell whose centre is drawn at `point` (presentation layers).
    func tile(at point: CGPoint, in controller: BoardController) -> String? {
        controller.collectionView.visibleCells.first { cell in
            let layer = cell.layer.presentation() ?? cell.layer
            return abs(layer.position.x - point.x) < 1 && abs(layer.position.y - point.y) < 1
        }?.accessibilityLabel
    }

    @Test("held, A lifts and follows the finger; over C's place B and C make room; let go, the data moves A to 2")
    func reorder() {
        let controller = BoardController()
        // 300 pt wide: three 80 pt tiles a row, centres at x 50, 150, 250 and y 50, 140.
        let stage = Stage.hosting(controller, size: CGSize(width: 300, height: 400))
        stage.advance(to: 0.1)
        stage.perform(
            TouchScript([
                .touchDownAt(CGPoint(x: 50, y: 50)), .hold(0.6),
                .move(by: CGPoint(x: 200, y: 0), duration: 0.5, curve: CAMediaTimingFunction(name: .linear)),
                .hold(0.5), .release(velocity: nil)
            ]), at: 0.2)
        stage.advance(to: 1.0)
        // Mid-drag, 0.2 s into the move: A's centre is under the finger at x 130.
        let moving = controller.collectionView.visibleCells.first { $0.accessibilityLabel == "A" }
        #expect(moving.map { abs($0.center.x - (50 + 200 * 0.2 / 0.5)) < 1e-6 } == true, "\(String(describing: moving?.center))")
        stage.advance(to: 1.55)
        #expect(tile(at: CGPoint(x: 50, y: 50), in: controller) == "B" && tile(at: CGPoint(x: 150, y: 50), in: controller) == "C")
        #expect(tile(at: CGPoint(x: 250, y: 50), in: controller) == "A", "under the finger")
        stage.advance(to: 2.2)
        #expect(controller.moves == ["0→2"] && controller.tiles == ["B", "C", "A", "D", "E", "F"], "\(controller.moves)")
        #expect(controller.collectionView.cellForItem(at: IndexPath(item: 2, section: 0))?.accessibilityLabel == "A")
        #expect(tile(at: CGPoint(x: 250, y: 50), in: controller) == "A" && tile(at: CGPoint(x: 50, y: 140), in: controller) == "D")
    }

    @Test("a move from code: E held over A's place moves A one place on; cancelled, every tile goes back")
    func cancel() {
        let controller = BoardController()
        let stage = Stage.hosting(controller, size: CGSize(width: 300, height: 400))
        stage.advance(to: 0.1)
        #expect(controller.collectionView.beginInteractiveMovementForItem(at: IndexPath(item: 4, section: 0)))
        controller.collectionView.updateInteractiveMovementTargetPosition(CGPoint(x: 50, y: 50))
        stage.advance(to: 0.5)
        #expect(tile(at: CGPoint(x: 50, y: 50), in: controller) == "E" && tile(at: CGPoint(x: 150, y: 50), in: controller) == "A")
        controller.collectionView.cancelInteractiveMovement()
        stage.advance(to: 1)
        #expect(tile(at: CGPoint(x: 50, y: 50), in: controller) == "A" && tile(at: CGPoint(x: 150, y: 140), in: controller) == "E")
        #expect(controller.moves.isEmpty)
    }
}
