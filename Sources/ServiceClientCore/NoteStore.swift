public import Service
import Synchronization

/// A note in the example app.
public struct Note: Sendable, Equatable {
    /// Its number, from 1.
    public let id: Int
    /// What it says.
    public let text: String
    /// The tick it was written at.
    public let createdAt: Int

    /// Creates a note.
    public init(id: Int, text: String, createdAt: Int) {
        self.id = id
        self.text = text
        self.createdAt = createdAt
    }
}

/// Keeps notes in memory; one store per environment.
@Injectable
public final class NoteStore: Sendable {
    private let notes = Mutex<[Note]>([])

    /// Creates an empty store.
    public init() {}

    /// Appends `note`.
    public func append(_ note: Note) {
        notes.withLock { $0.append(note) }
    }

    /// Every note, oldest first.
    public func all() -> [Note] {
        notes.withLock { $0 }
    }
}
