import Foundation
import Hummingbird
import Service

/// A note as the API returns it.
public struct Note: Codable, Sendable, ResponseEncodable {
    public let id: Int
    public let text: String
    public let createdAt: Date
    /// The request that created it, so a client can tell requests apart.
    public let requestID: String
}

/// The body of `POST /notes`.
public struct NewNote: Codable, Sendable {
    public let text: String

    public init(text: String) {
        self.text = text
    }
}

/// The body of `GET /notes`.
public struct NoteList: Codable, Sendable, ResponseEncodable {
    public let notes: [Note]

    public init(notes: [Note]) {
        self.notes = notes
    }
}

/// What a request's scope registers: who is asking.
public struct RequestInfo: Sendable {
    public let id: String

    public init(id: String) {
        self.id = id
    }
}

/// Where the time comes from, registered `as:` this protocol so that tests can fix it.
public protocol TimeSource: Sendable {
    func now() -> Date
}

/// The real clock.
@Injectable
public struct SystemTime: TimeSource {
    public init() {}

    public func now() -> Date { Date() }
}

/// The notes, kept in memory: one store for the whole server, built by an `async` factory, and
/// closed by `ServiceEnv.shutdown()` when the server stops.
public actor NoteStore: AsyncDisposable {
    private var notes: [Int: Note] = [:]
    private var nextID = 1
    /// False once the environment has disposed the store.
    public private(set) var isOpen = true

    private init() {}

    /// Opens the store (a real one would connect to its database here).
    public static func open() async -> NoteStore {
        await Task.yield()
        return NoteStore()
    }

    /// Closes the store (a real one would flush and close its connections here).
    public func dispose() async {
        notes = [:]
        isOpen = false
    }

    /// Every note, in the order they were created.
    public func all() -> [Note] {
        notes.values.sorted { $0.id < $1.id }
    }

    func note(_ id: Int) -> Note? {
        notes[id]
    }

    func add(text: String, at date: Date, requestID: String) -> Note {
        let note = Note(id: nextID, text: text, createdAt: date, requestID: requestID)
        notes[note.id] = note
        nextID += 1
        return note
    }

    func remove(_ id: Int) -> Bool {
        notes.removeValue(forKey: id) != nil
    }
}

/// Statistics about the notes. Deliberately **not** registered: `GET /stats` shows what a missing
/// registration becomes (an error response naming the environment and the chain, not a crash).
@Injectable
public struct NoteStats: Sendable {
    let store: NoteStore
}
