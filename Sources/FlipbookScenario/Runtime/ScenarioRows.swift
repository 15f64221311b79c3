import FlipbookCore
import FlipbookUIKit
import Foundation

/// A scenario table's rows.
final class ScenarioRows: NSObject, UITableViewDataSource {
    static let identifier = "row"
    let spec: RowsSpec
    var texts: [String]

    init(spec: RowsSpec) {
        self.spec = spec
        texts = spec.texts
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { texts.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.identifier, for: indexPath)
        let label = cell.textLabel
        label?.text = texts[indexPath.row]
        cell.layer.name = "\(tableView.layer.name ?? "table").row\(indexPath.row)"
        label?.font =
            spec.font.flatMap { UIFont(name: $0, size: CGFloat(spec.fontSize)) } ?? UIFont.systemFont(ofSize: CGFloat(spec.fontSize))
        label?.textColor = UIColor(rgba: spec.textColor)
        cell.backgroundColor = spec.background.map { UIColor(rgba: $0) }
        return cell
    }
}
