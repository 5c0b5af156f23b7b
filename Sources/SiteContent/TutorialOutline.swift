import Markdown

/// How a tutorial (`layout: tutorial`) divides: the blocks before its first `## ` heading are its
/// introduction, and each `## ` section is a numbered step, whose code blocks (samples, examples,
/// exercises) go beside its text. A last section without code blocks, after at least one step, is
/// the lesson's conclusion (a summary, what to read next): neither numbered nor counted in the
/// reader's progress. Worked out when the article is read, so the page's steps and the tutorials
/// home's "5 pasos" follow the one rule.
package struct TutorialOutline: Sendable, Hashable {
    /// Each numbered step's exercises, in order.
    package private(set) var exercisesPerStep: [Int] = []

    /// The numbered steps.
    package var steps: Int { exercisesPerStep.count }

    /// The outline of `document`'s top-level blocks; `isExercise` tells which code blocks (by node) are exercises.
    package init(_ document: MarkdownDocument, isExercise: (Int) -> Bool) {
        var sections: [(exercises: Int, codeBlocks: Int)] = []
        for node in document.children(of: MarkdownDocument.rootIndex) {
            switch document.nodes[node].kind {
            case .heading where document.nodes[node].headingLevel == 2:
                sections.append((0, 0))
            case .codeBlock where !sections.isEmpty:
                sections[sections.count - 1].codeBlocks += 1
                if isExercise(node) { sections[sections.count - 1].exercises += 1 }
            default:
                break
            }
        }
        if sections.count > 1, sections[sections.count - 1].codeBlocks == 0 { sections.removeLast() }
        exercisesPerStep = sections.map(\.exercises)
    }
}
