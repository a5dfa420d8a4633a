import Logging
import Service

// snippet: server-note-service
/// The per-request service: it sees the request's `RequestInfo` and the server's shared store.
@Injectable
public struct NoteService: Sendable {
    let request: RequestInfo
    let store: NoteStore
    let time: any TimeSource
    let logger: Logger

    public func list() async -> [Note] {
        await store.all()
    }

    public func note(_ id: Int) async -> Note? {
        await store.note(id)
    }

    public func create(_ input: NewNote) async -> Note {
        let note = await store.add(text: input.text, at: time.now(), requestID: request.id)
        logger.info("created note \(note.id) in request \(request.id)")
        return note
    }

    public func delete(_ id: Int) async -> Bool {
        await store.remove(id)
    }
}
// snippet-end

// snippet: server-assembly
/// The server's wiring, checked by the compiler: every dependency of every `@Injectable` type
/// here is provided, and no singleton depends on what only a request provides.
@Assembly
public struct NotesAssembly {
    #register(NoteStore.self) { await NoteStore.open() }
    #register(SystemTime.self, as: (any TimeSource).self)
    #register(Logger.self) { Logger(label: "notes") }
    #register(NoteService.self, scope: .transient)
    #external(RequestInfo.self, scope: .scoped)
}

/// The production environment: the assembly applied, without the main actor, and a failed
/// disposal logged as it happens (with the request's scope, for a request's service).
public func makeProductionServices() -> ServiceEnv {
    let services = ServiceEnv(name: "notes")
    services.apply(NotesAssembly())
    let logger = Logger(label: "notes-server")
    services.reportDisposalFailures { failure in
        logger.error("could not dispose \(failure.serviceType) in \(failure.environment): \(failure.error)")
    }
    return services
}
// snippet-end
