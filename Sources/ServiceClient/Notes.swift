import Service
import Synchronization

/// A note in the example app.
struct Note: Sendable, Equatable {
    let id: Int
    let text: String
    let createdAt: Int
}

/// Tells the time; swapped for a fixed clock in the test environment.
protocol Clock: Sendable {
    func now() -> Int
}

/// A clock that counts ticks, so the example's output is the same on every run.
final class TickingClock: Clock {
    private let ticks = Atomic(0)

    func now() -> Int {
        ticks.wrappingAdd(1, ordering: .relaxed).newValue
    }
}

/// A clock that always says the same time.
struct FixedClock: Clock {
    let time: Int

    func now() -> Int { time }
}

/// Writes what the app does.
protocol Logger: Sendable {
    func log(_ message: String)
}

/// Prints log lines with a prefix.
struct PrintLogger: Logger {
    let prefix: String

    func log(_ message: String) {
        print("\(prefix) \(message)")
    }
}

/// Keeps notes in memory; one store per environment.
final class NoteStore: Sendable {
    private let notes = Mutex<[Note]>([])

    func append(_ note: Note) {
        notes.withLock { $0.append(note) }
    }

    func all() -> [Note] {
        notes.withLock { $0 }
    }
}

/// The app's use cases; a new repository per resolve, sharing the singleton store.
struct NoteRepository: Sendable {
    @Service var store: NoteStore
    @Service var clock: any Clock
    @Service var logger: any Logger

    func add(_ text: String) -> Note {
        let note = Note(id: store.all().count + 1, text: text, createdAt: clock.now())
        store.append(note)
        logger.log("added note #\(note.id) at t=\(note.createdAt): \(note.text)")
        return note
    }

    func list() -> [Note] {
        store.all()
    }
}
