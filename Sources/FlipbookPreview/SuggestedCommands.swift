import Foundation

/// The commands the preview page offers to copy for the scene it shows. Outputs go in the
/// current directory, which exists (a suggested `out/` folder did not, and the render refused it).
public enum SuggestedCommands {
    /// `render`, `test`, `compare` and `inspect` for `file`, with `--plot` for each of `plots`.
    public static func forScene(_ file: String, plots: [String]) -> [String] {
        let scene = shellQuoted(file)
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        return [
            "flipbook render \(scene) -o \(shellQuoted(name + ".gif"))",
            "flipbook test \(scene) --record missing",
            "flipbook compare \(scene) --html \(shellQuoted(name + ".html"))" + plots.map { " --plot \(shellQuoted($0))" }.joined(),
            "flipbook inspect \(scene)"
        ]
    }

    /// `word` as a POSIX shell reads it back: bare when it holds only safe characters, else in
    /// single quotes with each `'` written `'\''`.
    static func shellQuoted(_ word: String) -> String {
        let safe = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=,@%+")
        if !word.isEmpty, word.unicodeScalars.allSatisfy({ safe.contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
