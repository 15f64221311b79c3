import FlipbookCore
import FlipbookUIKit
import Foundation

extension Reader {
    /// One key of an `emitter` layer (timing-model.md 12.6).
    func readEmitterKey(_ k: String, _ v: YAMLNode, into e: inout EmitterSpec) {
        switch k {
        case "emitterPosition": if let p = v.numbers(2, "a point [x, y]") { e.position = CGPoint(x: p[0], y: p[1]) }
        case "emitterSize":
            if let s = v.numbers(2, "a size [width, height]") {
                if s.contains(where: { $0 < 0 }) {
                    sink.error("emitterSize must not be negative", at: v.mark)
                } else {
                    e.size = CGSize(width: s[0], height: s[1])
                }
            }
        case "emitterShape": if let s = enumValue(v, ["point", "line", "rectangle", "circle", "cuboid", "sphere"]) { e.shape = s }
        case "emitterMode": if let s = enumValue(v, ["points", "outline", "surface", "volume"]) { e.mode = s }
        case "renderMode":
            if let s = enumValue(v, ["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"]) { e.renderMode = s }
        case "lifetime", "velocity", "scale", "spin":
            guard let x = values.number(v) else { return }
            switch k {
            case "lifetime": e.lifetime = x
            case "velocity": e.velocity = x
            case "scale": e.scale = x
            default: e.spin = x
            }
        case "seed":
            guard let x = v.number("a whole number 0…4294967295") else { return }
            if x < 0 || x > Double(UInt32.max) || x != x.rounded() {
                sink.error("seed must be a whole number 0…4294967295, found \(formatted(x))", at: v.mark)
            } else {
                e.seed = UInt32(x)
            }
        default:
            let cells = v.sequence("a list of emitter cells") ?? []
            let before = sink.emitterCells
            sink.emitterCells += cells.count
            if sink.emitterCells > Limits.maximumEmitterCells {
                if before <= Limits.maximumEmitterCells {
                    sink.error(
                        "the scene has more than \(Limits.maximumEmitterCells) emitter cells in all "
                            + "(\(sink.emitterCells) with these); a frame draws at most \(Limits.maximumParticlesDrawnPerFrame) particles",
                        at: v.mark)
                }
                return
            }
            e.cells = cells.compactMap { readEmitterCell($0) }
        }
    }

    private func readEmitterCell(_ n: YAMLNode) -> EmitterCellSpec? {
        guard
            let pairs = n.mapping(
                allowed: ScenarioKeys.emitterCell, what: "an emitter cell such as { birthRate: 20, lifetime: 2, velocity: 100 }")
        else { return nil }
        var cell = EmitterCellSpec()
        for (k, _, v) in pairs {
            switch k {
            case "particle":
                guard let fields = v.mapping(allowed: ScenarioKeys.particle, what: "a particle { shape: rectangle, size: [8, 4] }") else {
                    continue
                }
                for (pk, _, pv) in fields {
                    if pk == "shape", let s = enumValue(pv, ["rectangle", "circle"]) { cell.particleShape = s }
                    if pk == "size", let s = pv.numbers(2, "a size [width, height]") {
                        if s.contains(where: { !($0 > 0 && $0 <= 256) }) {
                            sink.error("a particle is 0 < size ≤ 256 pt on each side", at: pv.mark)
                        } else {
                            cell.particleSize = CGSize(width: s[0], height: s[1])
                        }
                    }
                }
            case "color": if let c = values.color(v) { cell.color = c }
            default:
                guard let x = values.number(v) else { continue }
                if ["birthRate", "lifetime"].contains(k), x < 0 {
                    sink.error("\(k) must not be negative", at: v.mark)
                    continue
                }
                cell.numbers[k] = x
            }
        }
        return cell
    }
}
