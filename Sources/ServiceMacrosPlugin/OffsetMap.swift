@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

/// Where `FunctionBodyFilter` took text out of the declaration a request sent, so that the
/// positions a macro reports in the shortened text are put back where they are in the file.
///
/// A macro reports a position as an offset in the file: the declaration's own, which the request
/// gives, plus the node's in the text the plugin parsed. Lines need no map: the filter keeps every
/// line break, and takes text out only of method signatures and bodies, at which no macro points
/// (the macros locate what they report by its line).
struct OffsetMap: Equatable {
    /// One place text was taken out.
    struct Removal: Equatable {
        /// Where, in the shortened text's offsets: the offset of what followed the removed text.
        let offset: Int
        /// How many bytes this removal and every one before it took out.
        let removedSoFar: Int
    }

    /// The removals, in the order of their offsets.
    private(set) var removals: [Removal] = []

    /// Records that `count` bytes were taken out at `offset` of the shortened text, after every
    /// removal recorded so far.
    mutating func recordRemoval(of count: Int, at offset: Int) {
        removals.append(Removal(offset: offset, removedSoFar: (removals.last?.removedSoFar ?? 0) + count))
    }

    /// The same map for a text that starts at `base` in its file.
    func shifted(by base: Int) -> OffsetMap {
        OffsetMap(removals: removals.map { Removal(offset: $0.offset + base, removedSoFar: $0.removedSoFar) })
    }

    /// The offset in the original text of `offset` in the shortened one; at the offset of a
    /// removal, that of what followed the removed text.
    func original(_ offset: Int) -> Int {
        var low = 0
        var high = removals.count
        // NB: the number of removals at or before `offset`.
        while low < high {
            let middle = (low + high) / 2
            if removals[middle].offset <= offset {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low == 0 ? offset : offset + removals[low - 1].removedSoFar
    }

    /// `message` with every position of its diagnostics (their highlights, notes and fix-its
    /// too) put back in the original text's offsets; a position with no file is left alone.
    func remapped(_ message: PluginToHostMessage) -> PluginToHostMessage {
        switch message {
        case .expandMacroResult(let source, let diagnostics) where !diagnostics.isEmpty:
            .expandMacroResult(expandedSource: source, diagnostics: diagnostics.map(remapped))
        case .expandAttachedMacroResult(let sources, let diagnostics) where !diagnostics.isEmpty:
            .expandAttachedMacroResult(expandedSources: sources, diagnostics: diagnostics.map(remapped))
        default:
            message
        }
    }

    /// `diagnostic` with its positions in the original text's offsets.
    func remapped(_ diagnostic: PluginMessage.Diagnostic) -> PluginMessage.Diagnostic {
        var diagnostic = diagnostic
        diagnostic.position = remapped(diagnostic.position)
        diagnostic.highlights = diagnostic.highlights.map(remapped)
        for index in diagnostic.notes.indices {
            diagnostic.notes[index].position = remapped(diagnostic.notes[index].position)
        }
        for fixIt in diagnostic.fixIts.indices {
            for change in diagnostic.fixIts[fixIt].changes.indices {
                diagnostic.fixIts[fixIt].changes[change].range = remapped(
                    diagnostic.fixIts[fixIt].changes[change].range
                )
            }
        }
        return diagnostic
    }

    private func remapped(_ position: PluginMessage.Diagnostic.Position) -> PluginMessage.Diagnostic.Position {
        guard !position.fileName.isEmpty else {
            return position
        }
        return .init(fileName: position.fileName, offset: original(position.offset))
    }

    private func remapped(_ range: PluginMessage.Diagnostic.PositionRange) -> PluginMessage.Diagnostic.PositionRange {
        guard !range.fileName.isEmpty else {
            return range
        }
        return .init(
            fileName: range.fileName,
            startOffset: original(range.startOffset),
            endOffset: original(range.endOffset),
        )
    }
}
