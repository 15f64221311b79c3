import CYaml
import Foundation

/// Reads the file's YAML events with libyaml (the parser Yams itself uses) before Yams composes
/// it, and refuses what composing could not survive: any alias inside a mapping key (Yams
/// hashes every key with its aliases expanded, so a key holding an alias bomb never finishes
/// hashing), and a file that expands past `limit` nodes through aliases. Unlike the textual
/// `YAMLKeyGuard` it sees keys exactly as the parser does, however malformed the text around
/// them (found by fuzzing: an unclosed flow sequence turned an alias into part of a key).
/// Stops quietly at a syntax error: Yams reports those, and it never reads past them.
enum YAMLExpansionGuard {
    private struct Frame {
        var isMapping: Bool
        var anchor: String?
        var size = 1
        var expectsKey = true
    }

    static func check(_ text: String, limit: Int) -> YAMLKeyGuard.Finding? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> YAMLKeyGuard.Finding? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var stack: [Frame] = []
            var sizes: [String: Int] = [:]
            var keyDepth: Int?  // stack depth at which the key being read began
            var documentSize = 0
            var event = yaml_event_t()
            func anchor(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? { p.map { String(cString: $0) } }
            func finding(_ message: String) -> YAMLKeyGuard.Finding {
                YAMLKeyGuard.Finding(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1, message: message)
            }
            let tooBig = "the file expands to more than \(limit) YAML nodes (through aliases?); refusing to read it"
            /// A node of `size` expanded nodes has ended; false when the file grows too big.
            func finish(_ size: Int) -> Bool {
                if stack.isEmpty {
                    documentSize = min(Int.max / 2, documentSize + size)
                    return documentSize <= limit
                }
                stack[stack.count - 1].size = min(Int.max / 2, stack[stack.count - 1].size + size)
                if stack[stack.count - 1].isMapping { stack[stack.count - 1].expectsKey.toggle() }
                if keyDepth.map({ stack.count < $0 }) ?? false { keyDepth = nil }
                return stack[stack.count - 1].size <= limit
            }
            var isKeyHere: Bool { stack.last.map { $0.isMapping && $0.expectsKey } ?? false }
            while yaml_parser_parse(&parser, &event) != 0 {
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_DOCUMENT_START_EVENT:
                    sizes = [:]
                    documentSize = 0
                case YAML_SCALAR_EVENT:
                    if let a = anchor(event.data.scalar.anchor) { sizes[a] = 1 }
                    if !finish(1) { return finding(tooBig) }
                case YAML_ALIAS_EVENT:
                    if keyDepth != nil || isKeyHere { return finding("an alias is used in a mapping key; keys are names") }
                    let size = anchor(event.data.alias.anchor).flatMap { sizes[$0] } ?? 1
                    if !finish(size) { return finding(tooBig) }
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    if keyDepth == nil && isKeyHere { keyDepth = stack.count + 1 }
                    let isMapping = event.type == YAML_MAPPING_START_EVENT
                    let a = isMapping ? anchor(event.data.mapping_start.anchor) : anchor(event.data.sequence_start.anchor)
                    stack.append(Frame(isMapping: isMapping, anchor: a))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let frame = stack.popLast() else { return nil }
                    if let a = frame.anchor { sizes[a] = frame.size }
                    if let k = keyDepth, stack.count < k { keyDepth = nil }
                    if !finish(frame.size) { return finding(tooBig) }
                default:
                    break
                }
            }
            return nil  // a syntax error: Yams will say where
        }
    }
}
