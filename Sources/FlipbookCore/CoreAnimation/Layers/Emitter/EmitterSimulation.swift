import Foundation

/// One particle as drawn: where, how big, turned how far, in what colour.
public struct ParticleSnapshot: Sendable, Equatable {
    public var position: CGPoint
    public var scale: Double
    public var angle: Double
    public var color: RGBA
    public var image: LayerImage
    public var contentsRect: CGRect
}

/// Non-animatable emitter settings in a snapshot.
public struct EmitterStyle: Sendable, Equatable {
    public var renderMode: CAEmitterLayerRenderMode
}

/// Particles as a function of time (timing-model.md 12.6): particle k of a cell is born when
/// the integral of its birth rate reaches k; every random draw is a hash of the seed, the cell,
/// k and the quantity, so nothing depends on earlier frames or on threads.
struct EmitterSimulation {
    let emitter: EmitterSettings
    let cells: [EmitterCellSettings]
    let rateHistory: [(time: Double, rate: Double)]

    /// Particles alive at once, at most (bad input must not make a frame take minutes).
    static let maximumParticles = 20_000

    /// The particles alive at `t`, at most `limit` (the newest of each cell first).
    func particles(at t: Double, renderMode: CAEmitterLayerRenderMode, limit: Int = maximumParticles) -> [ParticleSnapshot] {
        var out: [(birth: Double, p: ParticleSnapshot)] = []
        let limit = max(0, min(limit, Self.maximumParticles))
        for (index, cell) in cells.enumerated() where cell.isEnabled && cell.birthRate > 0 && cell.birthRate.isFinite {
            guard out.count < limit else { break }
            guard let image = cell.image else { continue }
            let longest = (cell.lifetime + abs(cell.lifetimeRange)) * emitter.lifetime
            guard longest > 0, longest.isFinite else { continue }
            // Births between t − longest and t: particle numbers from births(t − longest) to births(t).
            let firstCount = max(0, births(until: t - longest, cellRate: cell.birthRate)).rounded(.up)
            let lastCount = births(until: t, cellRate: cell.birthRate).rounded(.down)
            // Counts past 2^52 (a hostile birth rate) cannot be told apart: draw nothing.
            guard firstCount.isFinite, lastCount.isFinite, lastCount < 0x1p52 else { continue }
            let first = Int(firstCount), last = Int(lastCount)
            guard last >= first else { continue }
            for k in max(first, last - limit + 1)...last {
                let born = birthTime(of: k, cellRate: cell.birthRate)
                let age = t - born
                let life = (cell.lifetime + cell.lifetimeRange * random(index, k, 0, signed: true)) * emitter.lifetime
                guard age >= 0, age < life else { continue }
                out.append((born, particle(cell, index, k, age: age, image: image)))
                if out.count >= limit { break }
            }
        }
        switch renderMode {
        case .oldestLast: out.sort { $0.birth > $1.birth }
        default: out.sort { $0.birth < $1.birth }
        }
        return out.map(\.p)
    }

    private func particle(_ cell: EmitterCellSettings, _ c: Int, _ k: Int, age a: Double, image: LayerImage) -> ParticleSnapshot {
        let start = startPoint(c, k)
        let direction = cell.longitude + cell.range * (random(c, k, 1) - 0.5)
        let speed = (cell.velocity + cell.velocityRange * random(c, k, 2, signed: true)) * emitter.velocity
        let x = start.x + speed * cos(direction) * a + 0.5 * cell.acceleration.x * a * a
        let y = start.y + speed * sin(direction) * a + 0.5 * cell.acceleration.y * a * a
        let scale = (cell.scale + cell.scaleRange * random(c, k, 3, signed: true)) * emitter.scale + cell.scaleSpeed * a
        let spin = (cell.spin + cell.spinRange * random(c, k, 4, signed: true)) * emitter.spin
        func channel(_ base: Double, _ range: Double, _ speed: Double, _ field: UInt64) -> Double {
            let v = base + range * random(c, k, field, signed: true) + speed * a
            return v.isFinite ? min(1, max(0, v)) : 0
        }
        let color = RGBA(
            red: channel(cell.color.red, cell.colorRange.red, cell.colorSpeed.red, 5),
            green: channel(cell.color.green, cell.colorRange.green, cell.colorSpeed.green, 6),
            blue: channel(cell.color.blue, cell.colorRange.blue, cell.colorSpeed.blue, 7),
            alpha: channel(cell.color.alpha, cell.colorRange.alpha, cell.colorSpeed.alpha, 8))
        return ParticleSnapshot(
            position: CGPoint(x: x, y: y), scale: max(0, scale), angle: spin * a, color: color,
            image: image, contentsRect: cell.contentsRect)
    }

    /// Where particle k starts on the emitter's shape.
    private func startPoint(_ c: Int, _ k: Int) -> CGPoint {
        let p = emitter.position, w = emitter.size.width, h = emitter.size.height
        let u = random(c, k, 9), v = random(c, k, 10)
        if emitter.mode == .points { return p }
        switch emitter.shape {
        case .line:
            return CGPoint(x: p.x + (u - 0.5) * w, y: p.y)
        case .rectangle, .cuboid:
            if emitter.mode == .outline {
                // A point on the perimeter, uniform by length.
                let perimeter = 2 * (w + h)
                guard perimeter > 0 else { return p }
                var s = u * perimeter
                if s < w { return CGPoint(x: p.x - w / 2 + s, y: p.y - h / 2) }
                s -= w
                if s < h { return CGPoint(x: p.x + w / 2, y: p.y - h / 2 + s) }
                s -= h
                if s < w { return CGPoint(x: p.x + w / 2 - s, y: p.y + h / 2) }
                return CGPoint(x: p.x - w / 2, y: p.y + h / 2 - (s - w))
            }
            return CGPoint(x: p.x + (u - 0.5) * w, y: p.y + (v - 0.5) * h)
        case .circle, .sphere:
            let r = w / 2
            let angle = 2 * Double.pi * u
            let radius = emitter.mode == .outline ? r : r * v.squareRoot()
            return CGPoint(x: p.x + radius * cos(angle), y: p.y + radius * sin(angle))
        default:
            return p
        }
    }

    /// Particles born by local time `t`: the integral of cellRate × the emitter's rate.
    func births(until t: Double, cellRate: Double) -> Double {
        var total = 0.0
        for (i, entry) in rateHistory.enumerated() {
            let end = i + 1 < rateHistory.count ? rateHistory[i + 1].time : Double.infinity
            guard t > entry.time else { break }
            total += (min(t, end) - entry.time) * max(0, entry.rate) * cellRate
        }
        return total
    }

    /// The time at which the births integral reaches `k` (its first particle, k = 0, is born
    /// when emission starts).
    func birthTime(of k: Int, cellRate: Double) -> Double {
        var total = 0.0
        for (i, entry) in rateHistory.enumerated() {
            let end = i + 1 < rateHistory.count ? rateHistory[i + 1].time : Double.infinity
            let rate = max(0, entry.rate) * cellRate
            let span = (end - entry.time) * rate
            if rate > 0, total + span >= Double(k) { return entry.time + (Double(k) - total) / rate }
            total += span.isFinite ? span : 0
        }
        return .infinity
    }

    /// A uniform number in [0, 1) (or [−1, 1) when `signed`) from the seed, cell, particle and field.
    func random(_ cell: Int, _ k: Int, _ field: UInt64, signed: Bool = false) -> Double {
        var z = UInt64(emitter.seed) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: cell) &* 0xBF58_476D_1CE4_E5B9
        z ^= UInt64(truncatingIfNeeded: k) &* 0x94D0_49BB_1331_11EB ^ field &* 0x2545_F491_4F6C_DD1D
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        let u = Double(z >> 11) / Double(1 << 53)
        return signed ? 2 * u - 1 : u
    }
}
