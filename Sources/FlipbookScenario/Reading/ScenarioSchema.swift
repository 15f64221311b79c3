import FlipbookCore
import Foundation

/// The part of schema/scenario.schema.json that follows from the engine's own list rather than
/// being written by hand: each animatable layer property's key and value, from its descriptor
/// (`LayerPropertyDescriptor.all`: its kind and layer class). SchemaTests fails while the file
/// differs; `scripts/schema.sh` (SchemaTests with FLIPBOOK_RECORD_SCHEMA=1) writes this part in.
package enum ScenarioSchema {
    /// The schema with every animatable property's entry in the layer definition as the
    /// descriptors say, the rest of `schema` as it is.
    package static func updating(_ schema: SchemaJSON) throws -> SchemaJSON {
        guard case .object(var top) = schema, case .object(var definitions)? = top["definitions"],
            case .object(var layer)? = definitions["layer"], case .array(var shapes)? = layer["anyOf"],
            case .object(var shape)? = shapes.first, case .object(var properties)? = shape["properties"]
        else { throw SchemaError(reason: "no definitions.layer.anyOf[0].properties to write the layer properties into") }
        for d in LayerPropertyDescriptor.all { properties[d.keyPath] = property(d) }
        shape["properties"] = .object(properties)
        shapes[0] = .object(shape)
        layer["anyOf"] = .array(shapes)
        definitions["layer"] = .object(layer)
        top["definitions"] = .object(definitions)
        return .object(top)
    }

    /// Why the schema could not be updated.
    package struct SchemaError: Error, CustomStringConvertible {
        package var reason: String
        package var description: String { "schema/scenario.schema.json: \(reason)" }
    }

    /// A property's entry: its value (or a `$parameter`), described by class, key and kind.
    package static func property(_ d: LayerPropertyDescriptor) -> SchemaJSON {
        .object([
            "description": .string("\(className(d.layerClass)).\(d.keyPath): \(noun(d.kind)); animatable"),
            "anyOf": .array([value(d.kind), reference("param")])
        ])
    }

    /// What a scenario writes for a value of `kind` (ValueParser reads it).
    package static func value(_ kind: ValueKind) -> SchemaJSON {
        switch kind {
        case .number: return number
        case .bool: return .object(["type": .string("boolean")])
        case .point, .size: return numbers(count: 2)
        case .rect: return numbers(count: 4)
        case .color: return reference("color")
        case .transform: return reference("transform")
        case .path: return reference("path")
        case .image: return .object(["type": .array([.string("string"), .string("null")])])
        case .colorArray:
            return .object(["type": .string("array"), "items": .object(["anyOf": .array([reference("color"), reference("param")])])])
        case .numberArray: return numbers(count: nil)
        }
    }

    /// A number, or an angle written with its unit (`90deg`, `0.5pi`).
    private static let number = SchemaJSON.object([
        "anyOf": .array([
            .object(["type": .string("number")]),
            .object(["type": .string("string"), "pattern": .string("^-?[0-9.]*(deg|pi)$")])
        ])
    ])

    /// A list of numbers (each may be a `$parameter`), of `count` items when given.
    private static func numbers(count: Int?) -> SchemaJSON {
        var list: [String: SchemaJSON] = [
            "type": .string("array"), "items": .object(["anyOf": .array([.object(["type": .string("number")]), reference("param")])])
        ]
        if let count {
            list["minItems"] = .integer(count)
            list["maxItems"] = .integer(count)
        }
        return .object(list)
    }

    private static func reference(_ definition: String) -> SchemaJSON { .object(["$ref": .string("#/definitions/" + definition)]) }

    private static func className(_ layerClass: LayerPropertyDescriptor.LayerClass) -> String {
        switch layerClass {
        case .base: return "CALayer"
        case .shape: return "CAShapeLayer"
        case .text: return "CATextLayer"
        case .gradient: return "CAGradientLayer"
        case .replicator: return "CAReplicatorLayer"
        }
    }

    private static func noun(_ kind: ValueKind) -> String {
        switch kind {
        case .number: return "a number (an angle may say deg or pi)"
        case .bool: return "true or false"
        case .point: return "a point [x, y]"
        case .size: return "a size [width, height]"
        case .rect: return "a rectangle [x, y, width, height]"
        case .color: return "a colour"
        case .transform: return "a transform"
        case .path: return "a path"
        case .image: return "an image file, relative to the scenario (null: none)"
        case .colorArray: return "a list of colours"
        case .numberArray: return "a list of numbers"
        }
    }
}
