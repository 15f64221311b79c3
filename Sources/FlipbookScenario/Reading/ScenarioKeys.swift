import FlipbookCore
import FlipbookUIKit

/// The keys each part of a scenario accepts.
enum ScenarioKeys {
    static let top = [
        "title", "description", "canvas", "fps", "duration", "params", "variants", "layers", "animations", "script", "chains",
        "golden", "refresh", "touches", "animators"
    ]
    static let animator = ["duration", "curve", "damping", "scrubsLinearly", "pausesOnCompletion", "set", "completion"]
    static let animatorCalls = ["start", "pause", "continue", "reverse", "forward", "stop", "finish"]
    static let golden = ["fps", "at", "tolerance"]
    static let tolerance = ["threshold", "share", "ignoreAntialiasing"]
    static let canvas = ["width", "height", "scale", "background"]
    /// A layer class's animatable properties, from their descriptors (`LayerProperty`'s order):
    /// a property added there is a key of every layer type that has its class.
    static func animatable(_ layerClass: LayerPropertyDescriptor.LayerClass) -> [String] {
        LayerProperty.allCases.filter { $0.layerClass == layerClass }.map(\.rawValue)
    }
    static let layerCommon =
        ["id", "type", "frame"] + animatable(.base)
        + [
            "maskedCorners", "cornerCurve", "contentsGravity", "magnificationFilter", "minificationFilter", "compositingFilter",
            "speed", "timeOffset", "beginTime", "sublayers", "mask", "onTap"
        ]
    static let layerShape = animatable(.shape) + ["lineDashPattern", "lineCap", "lineJoin", "fillRule"]
    static let layerText = animatable(.text) + ["string", "font", "alignment", "wrapped"]
    static let layerGradient = animatable(.gradient) + ["gradientType"]
    static let layerReplicator = animatable(.replicator) + ["preservesDepth"]
    static let layerEmitter = [
        "emitterPosition", "emitterSize", "emitterShape", "emitterMode", "renderMode", "birthRate",
        "lifetime", "velocity", "scale", "spin", "seed", "emitterCells"
    ]
    static let emitterCell = ["particle", "color"] + EmitterCellSpec.numberKeys
    static let layerStatusBar = ["style", "time", "carrier", "signal", "wifi", "battery", "batteryPercentage", "contentColor"]
    static let layerLottie = ["file", "progress", "fromProgress", "toProgress", "loopMode", "animationSpeed", "values", "texts", "viewport"]
    static let particle = ["shape", "size"]

    /// Layer keys that are not animatable properties: read by `Reader.readOption`.
    static let optionKeys: Set<String> = [
        "lineCap", "lineJoin", "fillRule", "lineDashPattern", "string", "font", "alignment",
        "wrapped", "gradientType", "contentsGravity", "magnificationFilter", "minificationFilter", "compositingFilter", "speed",
        "timeOffset", "beginTime",
        "maskedCorners", "cornerCurve", "preservesDepth", "birthRate"
    ]

    /// What a `set` may change at once on a layer of type `t` (not animatable).
    static func settableOptions(_ t: LayerType) -> [String] {
        layer(t).filter { optionKeys.contains($0) } + ["frame"]
    }

    static func layer(_ t: LayerType) -> [String] {
        switch t {
        case .layer, .transform: return layerCommon
        case .shape: return layerCommon + layerShape
        case .text: return layerCommon + layerText
        case .gradient: return layerCommon + layerGradient
        case .replicator: return layerCommon + layerReplicator
        case .emitter: return layerCommon + layerEmitter
        case .statusBar: return layerCommon + layerStatusBar
        case .lottie: return layerCommon + layerLottie
        case .scroll: return layerCommon.filter { $0 != "mask" } + layerScroll
        case .table: return layerCommon.filter { $0 != "mask" } + layerScroll + ["rows"]
        }
    }

    /// Words people reach for that mean a key by another name (checked before spelling).
    static let synonyms: [String: String] = [
        "on": "when",  // a threshold's direction (`on` is also YAML 1.1's true)
        "offset": "scrollTo", "from": "input", "to": "target", "range": "input", "property": "target",
        "wait": "hold", "pull": "drag", "up": "release", "lift": "release", "touchDown": "down", "fling": "velocity"
    ]

    /// What a `set` may change on a scroll or table layer besides layer properties.
    static let scrollValueKeys: Set<String> = [
        "contentInset.top", "contentInset.left", "contentInset.bottom", "contentInset.right",
        "contentOffset", "contentOffset.x", "contentOffset.y"
    ]
    static let layerScroll = [
        "contentSize", "contentInset", "bounces", "alwaysBounceVertical", "decelerationRate", "showsVerticalScrollIndicator",
        "showsHorizontalScrollIndicator"
    ]
    static let rows = [
        "items", "template", "count", "first", "height", "font", "fontSize", "textColor", "background",
        "separators", "separatorColor", "separatorInset", "separatorsBelowRows"
    ]
    static let refresh = ["scrollView", "headerHeight", "trigger", "bindings", "thresholds", "refreshing"]
    static let binding = ["source", "input", "target", "output", "always"]
    static let threshold = ["source", "value", "when", "whileDragging", "do"]
    static let refreshing = ["open", "endsAt", "endsAfter", "close", "onBegin", "onEnd", "onClosed"]
    static let touchStep = ["at", "down", "x", "y", "drag", "duration", "curve", "hold", "release", "velocity", "tap"]

    static let animCommon = [
        "type", "keyPath", "duration", "beginTime", "timeOffset", "speed", "repeatCount", "repeatDuration",
        "autoreverses", "fillMode", "removedOnCompletion", "timingFunction", "additive", "cumulative", "valueFunction"
    ]
    static let animBasic = ["from", "to", "by"]
    static let animSpring = ["mass", "stiffness", "damping", "initialVelocity", "allowsOverdamping", "perceptualDuration", "bounce"]
    static let animKeyframe = [
        "values", "keyTimes", "timingFunctions", "calculationMode", "path", "rotationMode",
        "tensionValues", "continuityValues", "biasValues"
    ]
    static let animGroup = ["animations"]

    static func animation(_ k: AnimationSpec.Kind) -> [String] {
        switch k {
        case .basic: return animCommon + animBasic
        case .spring: return animCommon + animBasic + animSpring
        case .keyframe: return animCommon + animKeyframe
        case .group: return animCommon + animGroup
        }
    }

    static let actionKeys = [
        "add", "to", "key", "tag", "remove", "from", "removeAll", "set", "actions", "duration", "timingFunction",
        "log", "animate", "completion", "insertRows", "into", "row", "animated",
        "beginRefreshing", "endRefreshing", "scrollTo", "scrollView",
        "animator", "call", "fraction", "delay", "durationFactor", "curve", "finishAt", "keyframes", "frames", "transition"
    ]
    static let transition = ["layer", "type", "subtype", "duration", "curve", "startProgress", "endProgress"]
    static let keyframeBlock = ["duration", "delay", "curve", "mode", "repeat", "autoreverse", "beginFromCurrentState"]
    static let keyframe = ["start", "duration", "set"]
    static let viewBlock = ["duration", "delay", "curve", "damping", "velocity", "repeat", "autoreverse", "beginFromCurrentState"]
    static let event = ["at", "label"] + actionKeys
    static let chain = ["whenStops", "finished", "until"] + actionKeys

    /// Every key path a scenario may animate, for suggestions.
    static var allKeyPaths: [String] {
        var out = LayerProperty.allCases.map(\.rawValue)
        for p in LayerProperty.allCases {
            for c in [
                KeyPathComponent.x, .y, .width, .height, .origin, .originX, .originY, .size, .sizeWidth, .sizeHeight,
                .rotationX, .rotationY, .rotationZ, .rotation, .scaleX, .scaleY, .scaleZ, .scale,
                .translationX, .translationY, .translationZ, .translation
            ] where c.applies(to: p.kind) {
                out.append("\(p.rawValue).\(c.rawValue)")
            }
        }
        return out
    }
}
