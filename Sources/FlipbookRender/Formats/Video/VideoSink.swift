import FlipbookCore
import Foundation

/// Writes an MP4 (H.264) or WebM (VP9) through the ffmpeg program (`FFmpegVideoWriter`):
/// ffmpeg writes the output's temporary file (through the descriptor this process opened, never
/// by name), which is renamed into place only when ffmpeg exited 0, reported no error and the
/// file holds every frame sent.
public final class VideoSink: RenderSink, @unchecked Sendable {
    public enum Container: String, Sendable { case mp4, webm }

    // Touched only by begin/consume/finish/cancel, on the calling thread.
    private var file: OutputFile?
    private var writer: FFmpegVideoWriter?
    private let executable: URL
    let container: Container

    /// Checks that ffmpeg is installed and opens the target; nothing is written otherwise.
    public init(
        url: URL, container: Container, inputs: [URL] = [],
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        guard let ffmpeg = FFmpegVideoWriter.executable(environment: environment) else {
            throw OutputError(
                path: url.path,
                reason: "an \(container.rawValue.uppercased()) is encoded by ffmpeg, which is not installed "
                    + "(Debian package ffmpeg: apt-get install ffmpeg); nothing was written")
        }
        guard url != OutputFile.standardOutput else {
            throw OutputError(path: "-", reason: "a video is finished by seeking back into the file: name a file, not standard output")
        }
        executable = ffmpeg
        self.container = container
        file = try OutputFile(url, inputs: inputs)
    }

    public var consumesHeavily: Bool { true }

    public func begin(_ plan: RenderPlan) throws {
        guard let file else { throw RenderError.io("the video sink was already used") }
        writer = try FFmpegVideoWriter(
            executable: executable, width: plan.width, height: plan.height, fps: plan.fps,
            codec: container == .mp4 ? .mp4 : .webm,
            target: file.isRenamedOnCommit
                ? .descriptor(file.descriptor, checkedAt: file.writingPath)
                : .path(file.writingPath))
    }

    public func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {
        guard let writer else { throw RenderError.io("the video sink has not begun") }
        try writer.add(frame)
    }

    public func finish() throws {
        guard let writer, let file else { return }
        // A video that failed its checks is not left behind as a temporary file.
        do { try writer.finish() } catch {
            cancel()
            throw error
        }
        self.writer = nil
        try file.commit()
        self.file = nil
    }

    public func cancel() {
        writer?.cancel()
        writer = nil
        file?.cancel()
        file = nil
    }
}
