import Foundation
import PackagePlugin

/// Embeds a target's `Pages/` folder (the HTML, CSS and JavaScript of the pages Flipbook writes)
/// as Swift string constants at build time, so editors and linters see real `.html`/`.css`/`.js`
/// files while the release program stays one static file (no resource bundle beside it).
@main
struct EmbedPages: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let pages = target.directoryURL.appendingPathComponent("Pages", isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: pages.path)) ?? []
        let inputs = names.filter { ["html", "css", "js"].contains(($0 as NSString).pathExtension) }.sorted()
            .map { pages.appendingPathComponent($0) }
        guard !inputs.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedPages.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) page files of \(target.name)",
                executable: try context.tool(named: "PageEmbedder").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
