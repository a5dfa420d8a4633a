import Service
import ServiceClientCore

/// The app's use cases: a new repository per resolve, sharing the singleton store.
@Injectable
struct NoteRepository: Sendable {
    let store: NoteStore
    let clock: any Clock
    let logger: any Logger

    /// Adds a note stamped with the current time.
    func add(_ text: String) -> Note {
        let note = Note(id: store.all().count + 1, text: text, createdAt: clock.now())
        store.append(note)
        logger.log("added note #\(note.id) at t=\(note.createdAt): \(note.text)")
        return note
    }

    /// Every note.
    func list() -> [Note] {
        store.all()
    }
}

/// Settings the app reads at launch and registers by hand.
struct AppConfig: Sendable {
    let title: String
}

/// A MainActor screen that depends on Sendable services.
@Injectable
@MainActor
final class NotesScreen {
    let repository: NoteRepository
    let config: AppConfig

    init(repository: NoteRepository, config: AppConfig) {
        self.repository = repository
        self.config = config
    }

    /// The screen's text.
    func render() -> String {
        ([config.title] + repository.list().map { "• \($0.text)" }).joined(separator: "\n")
    }
}

/// The app's wiring: the core services plus the app's own, checked by the compiler (cycles too).
@Assembly(includes: [CoreAssembly.self], checkCycles: true)
struct AppAssembly {
    #external(AppConfig.self)
    #register(NoteRepository.self, scope: .transient)
    #registerMain(NotesScreen.self)
}
