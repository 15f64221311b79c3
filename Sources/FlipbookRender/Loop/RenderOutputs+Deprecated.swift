import Foundation

// Spellings of RenderOutputs from 0.3.0, before the output-format registry: programs written
// against them keep compiling, with a warning naming the new spelling (CHANGELOG.md, 0.4.0).

extension RenderOutputs {
    /// 0.3.0's initializer: a GIF and the other outputs.
    @available(*, deprecated, renamed: "init(animation:format:filmstrip:framesDirectory:)")
    public init(gif: URL?, filmstrip: URL? = nil, framesDirectory: URL? = nil) {
        self.init(animation: gif, format: gif == nil ? nil : .gif, filmstrip: filmstrip, framesDirectory: framesDirectory)
    }

    /// The GIF among `animations`.
    @available(*, deprecated, message: "use animations (RenderOutputs.Animation(url:format: .gif))")
    public var gif: URL? {
        get { url(of: .gif) }
        set { setURL(newValue, of: .gif) }
    }

    /// The animated PNG among `animations`.
    @available(*, deprecated, message: "use animations (RenderOutputs.Animation(url:format: .apng))")
    public var apng: URL? {
        get { url(of: .apng) }
        set { setURL(newValue, of: .apng) }
    }

    /// The animated WebP among `animations`.
    @available(*, deprecated, message: "use animations (RenderOutputs.Animation(url:format: .webp))")
    public var webp: URL? {
        get { url(of: .webp) }
        set { setURL(newValue, of: .webp) }
    }

    /// WebP's lossy quality.
    @available(*, deprecated, renamed: "quality")
    public var webpQuality: Double? {
        get { quality }
        set { quality = newValue }
    }

    /// The video among `animations` (MP4 or WebM through ffmpeg).
    @available(*, deprecated, message: "use animations (RenderOutputs.Animation(url:format: .mp4 or .webm))")
    public var video: (url: URL, container: VideoSink.Container)? {
        get {
            if let url = url(of: .mp4) { return (url, .mp4) }
            return url(of: .webm).map { ($0, .webm) }
        }
        set {
            setURL(nil, of: .mp4)
            setURL(nil, of: .webm)
            if let video = newValue { setURL(video.url, of: video.container == .mp4 ? .mp4 : .webm) }
        }
    }

    private func url(of format: OutputFormat) -> URL? { animations.first { $0.format == format }?.url }

    private mutating func setURL(_ url: URL?, of format: OutputFormat) {
        if let i = animations.firstIndex(where: { $0.format == format }) {
            if let url { animations[i].url = url } else { animations.remove(at: i) }
        } else if let url {
            animations.append(Animation(url: url, format: format))
        }
    }
}
