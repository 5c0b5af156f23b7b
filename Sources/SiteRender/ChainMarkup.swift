import Encoding
import Scenarios
import SiteContent
import Translations

/// The HTML of a run of prose that holds arrow chains the model judged: each chain marked
/// and, outside a link, linked to its entry in the page's list of verified chains.
enum ChainMarkup {
    /// `chains` are those of `text`, in order (`Verification.chains(in:)`).
    /// `machineTitle` names a machine (by id) in the page's language, for the tooltip.
    static func html(
        _ text: String, chains: ArraySlice<ProseChain>, insideLink: Bool, title: String, machineTitle: (String) -> String
    ) -> String {
        // Chains count Characters: the text is walked once, from one chain to the next, and the
        // prose between them copied as slices (an array of its Characters cost far more).
        var out = ""
        var written = 0
        var position = text.startIndex
        for chain in chains {
            let tag = insideLink ? "span" : "a"
            let href = insideLink ? "" : " href=\"#chain-\(chain.number)\""
            let state = chain.ok ? "chain" : "chain chain-invalid"
            let start = text.index(position, offsetBy: chain.start - written)
            HTML.append(escaping: String(text[position..<start]), to: &out)
            out += "<\(tag) class=\"\(state)\"\(href) data-machine=\"\(chain.machine)\" title=\"\(HTML.escape(title)): \(HTML.escape(machineTitle(chain.machine)))\">"
                + HTML.escape(chain.text) + "</\(tag)>"
            position = text.index(start, offsetBy: chain.end - chain.start)
            written = chain.end
        }
        HTML.append(escaping: String(text[position...]), to: &out)
        return out
    }
}
