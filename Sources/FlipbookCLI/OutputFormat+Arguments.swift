import ArgumentParser
import Flipbook
import Foundation

extension OutputFormat {
    /// The animated format `-o NAME` and `--format` ask for. A name without an extension
    /// (`/dev/null`, a pipe) is a GIF (an APNG with `--animated`); an extension that names no
    /// animated format is refused (exit 2) rather than written as a GIF under a misleading name.
    /// `formatOptions`: whether the command has `--format` and `--animated` to suggest.
    static func of(output: String?, format: String?, animated: Bool, formatOptions: Bool = true) throws -> OutputFormat {
        if let format {
            guard let chosen = named(format), chosen.animates else {
                throw ValidationError("--format \(format) is not supported; choose one of: \(animatedNames)")
            }
            return chosen
        }
        guard let output, output != "-" else { return animated ? .apng : .gif }
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        if ext.isEmpty { return animated ? .apng : .gif }
        if let chosen = forExtension(ext, animated: animated), chosen.animates { return chosen }
        if let picture = forPicture(ext) {
            throw ValidationError(
                "-o \(output): a .\(ext) output is one picture; "
                    + (picture == .png ? "add --animated for an animated PNG (APNG), or " : "")
                    + "use --filmstrip or --frames" + (picture == .png ? "" : " --frames-format \(picture.name)"))
        }
        let names = animatedExtensions
        let choices = Self.animated.map(\.name).joined(separator: "|")
        throw ValidationError(
            "-o \(output): .\(ext) is not a supported format; "
                + (formatOptions
                    ? "write \(names), or .png with --animated (or name the format with --format \(choices))"
                    : "write \(names) (or .png for an APNG)"))
    }
}
