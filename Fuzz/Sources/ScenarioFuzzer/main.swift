import Flipbook
import FlipbookGolden
import FlipbookPreview
import Foundation

/// An HTTP request head, as the preview's server reads it from any local client: parsing must
/// answer complete (within the bounds), incomplete or refused, never trap, and a complete head
/// must fit the bounds it was read within.
func fuzzRequestHead(_ bytes: [UInt8]) -> Bool {
    guard let space = bytes.prefix(12).firstIndex(of: UInt8(ascii: " ")), space > 0,
        bytes[..<space].allSatisfy({ (65...90).contains($0) })
    else { return false }
    let limits = HTTPRequestHead.Limits()
    switch HTTPRequestHead.parse(bytes[...], limits: limits) {
    case .complete(let head, let length):
        guard length <= limits.head, length <= bytes.count, head.fields.count <= limits.fields,
            head.method == "GET" || head.method == "HEAD", head.target.hasPrefix("/")
        else {
            fatalError("a request head accepted outside its bounds: \(length) bytes, \(head.fields.count) fields, \(head.method)")
        }
    case .incomplete:
        guard bytes.count < limits.head else { fatalError("\(bytes.count) bytes still incomplete") }
    case .refused:
        break
    }
    return true
}

/// Untrusted files other than scenarios, told apart by their first bytes so one corpus holds
/// them all: a PNG (a golden frame, a layer image), a GIF (a recording), a shard's results
/// (JSON naming "scenarios"), a golden manifest (other JSON) or a trace (`# trace` followed by text). Each must load or be refused with an error,
/// never trap or hang.
func fuzzOtherInput(_ bytes: [UInt8]) -> Bool {
    if fuzzRequestHead(bytes) { return true }
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
        _ = try? PNGCodec.decode(bytes, name: "fuzz.png")
        return true
    }
    if bytes.starts(with: Array("GIF8".utf8)) {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("flipbook-fuzz-\(getpid()).gif")
        guard (try? Data(bytes).write(to: url)) != nil else { return true }
        _ = try? GIFReader.read(url)
        return true
    }
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
        || bytes.first == UInt8(ascii: "{") && String(decoding: bytes, as: UTF8.self).contains("\"layers\"")
    {
        // A Lottie animation (JSON) or a .lottie archive: loaded, built into layers and drawn once, or refused.
        let zip = bytes.first == 0x50
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "flipbook-fuzz-\(getpid()).\(zip ? "lottie" : "json")")
        guard (try? Data(bytes).write(to: url)) != nil, let animation = try? LottieAnimation.load(file: url.path) else { return true }
        let stage = Stage(size: CGSize(width: 32, height: 32), scale: 1)
        guard let layer = try? LottieAnimationLayer(animation: animation) else { return true }
        layer.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        stage.rootLayer.addSublayer(layer)
        layer.currentProgress = 0.5
        stage.advance(to: 0)
        _ = try? FrameRasterizer.rasterize(stage.snapshot(), background: nil)
        return true
    }
    if bytes.first == UInt8(ascii: "{"), String(decoding: bytes, as: UTF8.self).contains("\"scenarios\"") {
        // A shard's results.json, as `flipbook test merge` reads it from a downloaded folder.
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("flipbook-fuzz-\(getpid())/shard")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try? Data(bytes).write(to: dir.appendingPathComponent(SuiteResults.fileName))
        if let results = try? SuiteResults.read(dir) { _ = results.outcomes(readingPicturesFrom: dir) }
        return true
    }
    if bytes.first == UInt8(ascii: "{") || bytes.starts(with: Array("# trace".utf8)) {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("flipbook-fuzz-\(getpid())/golden/case")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let name = bytes.first == UInt8(ascii: "{") ? "manifest.json" : "trace.txt"
        try? Data(bytes).write(to: dir.appendingPathComponent(name))
        if name == "trace.txt", !FileManager.default.fileExists(atPath: dir.appendingPathComponent("manifest.json").path) {
            let manifest =
                #"{"flipbookVersion":"0","libraries":{},"fonts":[],"width":1,"height":1,"scale":1,"fps":10,"times":[],"frames":[],"tolerance":"exact"}"#
            try? Data(manifest.utf8).write(to: dir.appendingPathComponent("manifest.json"))
        }
        let store = GoldenStore(root: dir.deletingLastPathComponent())
        // The trace case keeps its manifest; the manifest case its trace (none).
        defer { if name == "manifest.json" { unlink(dir.appendingPathComponent(name).path) } }
        if let recorded = try? store.load("case"), !recorded.manifest.frames.isEmpty {
            _ = try? recorded.frame(0)
        }
        return true
    }
    return false
}

/// One fuzz case: the bytes as a scenario file. Loading must either succeed, or fail with
/// `ScenarioError` whose every diagnostic names a real `FILE:LINE:COLUMN`; anything else
/// (another error, a trap, a hang past libFuzzer's -timeout) is a finding. A loaded scenario
/// is also built into a Stage and advanced a little, so values that pass the loader are run.
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    if fuzzOtherInput(Array(UnsafeBufferPointer(start: start, count: count))) { return 0 }
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    do {
        let scenario = try ScenarioLoader.load(yaml: text, file: "fuzz.yaml", baseDirectory: base)
        let runtime = ScenarioRuntime(scenario: scenario)
        runtime.stage.advance(to: min(scenario.duration, 0.5))
        _ = runtime.stage.snapshot()
    } catch let error as ScenarioError {
        // YAML breaks lines at LF, CR, CR LF, NEL, LS and PS.
        let lines =
            1
            + text.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars
            .filter { ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) }.count
        for d in error.diagnostics {
            guard d.line >= 1, d.column >= 1, d.line <= lines, !d.message.isEmpty,
                error.description.contains("fuzz.yaml:\(d.line):\(d.column): error: ")
            else {
                fatalError("a rejection without a usable FILE:LINE:COLUMN: \(error.description)")
            }
        }
    } catch {
        fatalError("a rejection that is not a ScenarioError: \(error)")
    }
    return 0
}

// MARK: - Depth mutator

/// libFuzzer's own mutation (linked by -sanitize=fuzzer).
@_silgen_name("LLVMFuzzerMutate")
func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// Nesting is what byte mutations rarely make: one time in four the input is nested deeper
/// instead (issue 63: deep trees crashed every command). A JSON object is wrapped in Lottie
/// shape groups, a YAML flow mapping in layers that hold it as their sublayer, k times over
/// (k up to 600: past both nesting bounds); otherwise libFuzzer mutates as usual.
@_cdecl("LLVMFuzzerCustomMutator")
func customMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var generator = SplitMix(seed: UInt64(seed))
    guard generator.next() % 4 == 0, let nested = deepened(Array(UnsafeBufferPointer(start: data, count: size)), &generator),
        nested.count <= maxSize
    else { return LLVMFuzzerMutate(data, size, maxSize) }
    nested.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: nested.count) }
    return nested.count
}

/// `bytes` with one object or mapping nested `k` levels deeper; nil when it has none.
func deepened(_ bytes: [UInt8], _ generator: inout SplitMix) -> [UInt8]? {
    let opens = bytes.indices.filter { bytes[$0] == UInt8(ascii: "{") }
    guard !opens.isEmpty else { return nil }
    let start = opens[Int(generator.next() % UInt64(opens.count))]
    // Its matching brace (strings not told apart: a mismatch only makes another input).
    var depth = 0, end: Int?
    for i in start..<bytes.count {
        if bytes[i] == UInt8(ascii: "{") { depth += 1 }
        if bytes[i] == UInt8(ascii: "}") { depth -= 1 }
        if depth == 0 {
            end = i
            break
        }
    }
    guard let end else { return nil }
    let k = 1 + Int(generator.next() % 600)
    let json = bytes.first == UInt8(ascii: "{") && bytes.contains(UInt8(ascii: "\""))
    let open = Array((json ? #"{"ty":"gr","it":["# : "{ id: n, sublayers: [").utf8), close = Array((json ? "]}" : "] }").utf8)
    var out = Array(bytes[..<start])
    for _ in 0..<k { out += open }
    out += bytes[start...end]
    for _ in 0..<k { out += close }
    out += bytes[(end + 1)...]
    return out
}

/// A small generator seeded by libFuzzer (mutations must repeat for a seed).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// SwiftPM gives every executable its own `main`, which would shadow libFuzzer's; so this one
// hands control to libFuzzer's driver (linked by -sanitize=fuzzer).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzOneInput($0, $1) })
