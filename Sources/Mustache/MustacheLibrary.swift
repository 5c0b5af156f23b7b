import Diagnostics
import Encoding

/// A set of named templates; `{{>name}}` and `{{<name}}` resolve here.
public struct MustacheLibrary: Sendable {
    /// What `{{>name}}` or `{{<name}}` does when no template has that name.
    public enum MissingPartial: Sendable {
        /// Render nothing, as the Mustache spec says.
        case renderEmpty
        /// Throw `partial 'name' not found` / `parent 'name' not found` at the tag.
        case fail
    }

    /// What a variable tag (`{{name}}`, `{{{name}}}`) does when no context has its name.
    /// Sections are not concerned: a section of a missing name is how a template asks for an
    /// optional value.
    public enum MissingVariable: Sendable, Equatable {
        /// Render nothing, as the Mustache spec says.
        case renderEmpty
        /// Throw `unknown variable 'name'` at the tag: a misspelt name would render nothing.
        /// Names whose first key is in `exempt` (`t` of `t.title`) are left to a check of their own.
        case fail(exempt: Set<String> = [])
    }

    public let templates: [String: MustacheTemplate]
    public let missingPartial: MissingPartial
    public let missingVariable: MissingVariable

    /// Partials, parents, blocks and sections may nest this deep when rendering.
    public static let maximumNestingDepth = Renderer.maximumDepth
    /// Steps (nodes visited, contexts searched) one render may take; past it (or past `maximumOutputBytes`) rendering
    /// throws instead of running for hours on templates whose loops multiply.
    public static let maximumRenderSteps = Renderer.maximumSteps
    public static let maximumOutputBytes = Renderer.maximumOutputBytes

    public init(templates: [String: MustacheTemplate], missingPartial: MissingPartial = .fail, missingVariable: MissingVariable = .renderEmpty) {
        self.templates = templates
        self.missingPartial = missingPartial
        self.missingVariable = missingVariable
    }

    /// Renders the template called `name`.
    public func render(_ name: String, _ context: MustacheValue) throws(MustacheError) -> String {
        try render(template(named: name), context)
    }

    /// What `render(name, context)` gives, as UTF-8 bytes: for a caller that writes them out,
    /// spared the UTF-8 check of turning them into a string.
    public func renderUTF8(_ name: String, _ context: MustacheValue) throws(MustacheError) -> [UInt8] {
        try renderUTF8(name, context, usesReferencePaths: false)
    }

    /// `renderUTF8` through the renderer's fast paths, or through the reference paths they are tested against.
    func renderUTF8(_ name: String, _ context: MustacheValue, usesReferencePaths: Bool) throws(MustacheError) -> [UInt8] {
        try renderOutput(name, context, usesReferencePaths: usesReferencePaths).bytes
    }

    /// What `renderUTF8` gives, in the storage the renderer gathered it in: a caller that writes
    /// the bytes out (or splices them) takes that storage instead of a copy.
    public func renderOutput(_ name: String, _ context: MustacheValue) throws(MustacheError) -> ByteOutput {
        try renderOutput(name, context, usesReferencePaths: false)
    }

    func renderOutput(_ name: String, _ context: MustacheValue, usesReferencePaths: Bool) throws(MustacheError) -> ByteOutput {
        let template = try template(named: name)
        var renderer = Renderer(
            library: self, context: context, templateName: template.name, gathersBytes: true, usesReferencePaths: usesReferencePaths)
        try renderer.render(template.body, template.body.nodes.indices)
        return renderer.finishOutput()
    }

    private func template(named name: String) throws(MustacheError) -> MustacheTemplate {
        guard let template = templates[name] else {
            throw MustacheError(
                location: .whole(name), message: "template '\(name)' not found")
        }
        return template
    }

    /// Renders `template` (which need not be in the library) with this library's partials.
    public func render(_ template: MustacheTemplate, _ context: MustacheValue) throws(MustacheError) -> String {
        var renderer = Renderer(library: self, context: context, templateName: template.name)
        try renderer.render(template.body, template.body.nodes.indices)
        return renderer.finish()
    }
}
