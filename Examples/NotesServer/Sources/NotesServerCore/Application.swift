import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Service
import ServiceLifecycle
import Synchronization

// NB: this file imports ServiceLifecycle, whose `Service` protocol makes `@Service` ambiguous
// here; the wrappers are spelled `@Injected`.

// snippet: server-middleware
/// Opens a scope per request, registers the request's `RequestInfo` in it and binds it while the
/// rest of the chain runs; a failed resolve becomes a 500 response that names the environment and
/// the chain, and a log line.
public struct ServiceScopeMiddleware<Context: RequestContext>: RouterMiddleware {
    let services: ServiceEnv
    private let counter = Counter()

    public init(services: ServiceEnv) {
        self.services = services
    }

    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response,
    ) async throws -> Response {
        let id = request.headers[HTTPField.Name("X-Request-ID")!] ?? "\(counter.next())"
        return try await services.withScope(named: "request \(id)") { scope in
            scope.register(RequestInfo(id: id))
            do {
                return try await next(request, context)
            } catch let failure as ResolutionFailure {
                context.logger.error("\(failure)")
                throw HTTPError(.internalServerError, message: failure.description)
            }
        }
    }
}

// snippet-end

/// Numbers the requests that do not name themselves.
private final class Counter: Sendable {
    private let value = Atomic(0)

    func next() -> Int {
        value.wrappingAdd(1, ordering: .relaxed).newValue
    }
}

// snippet: server-handlers
/// The handlers of one request: its wrappers resolve in the request's scope.
struct NoteHandlers: Sendable {
    @Injected var notes: NoteService
    @Injected var stats: NoteStats

    func list() async throws -> NoteList {
        NoteList(notes: try await $notes.get().list())
    }

    // snippet-hide
    func create(_ input: NewNote) async throws -> EditedResponse<Note> {
        EditedResponse(status: .created, response: try await $notes.get().create(input))
    }

    func note(_ id: Int) async throws -> Note {
        guard let note = try await $notes.get().note(id) else {
            throw HTTPError(.notFound, message: "no note \(id)")
        }
        return note
    }

    func delete(_ id: Int) async throws -> HTTPResponse.Status {
        try await $notes.get().delete(id) ? .noContent : .notFound
    }

    // snippet-show
    func statistics() throws -> String {
        // NB: `NoteStats` is not registered; `get()` throws instead of trapping.
        _ = try $stats.get()
        return "ok"
    }
}
// snippet-end

/// The API's routes behind the scope middleware.
public func buildRouter(services: ServiceEnv) -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: ServiceScopeMiddleware(services: services))
    router.get("notes") { _, _ in try await NoteHandlers().list() }
    router.post("notes") { request, context in
        try await NoteHandlers().create(try await request.decode(as: NewNote.self, context: context))
    }
    router.get("notes/:id") { _, context in
        try await NoteHandlers().note(try context.parameters.require("id", as: Int.self))
    }
    router.delete("notes/:id") { _, context in
        try await NoteHandlers().delete(try context.parameters.require("id", as: Int.self))
    }
    router.get("stats") { _, _ in try NoteHandlers().statistics() }
    return router
}

/// The server: the router on `host:port`, run as a ServiceLifecycle service.
public func buildApplication(
    services: ServiceEnv,
    host: String = "127.0.0.1",
    port: Int = 8080,
) -> some ApplicationProtocol {
    Application(
        router: buildRouter(services: services),
        configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
        logger: Logger(label: "notes-server"),
    )
}
