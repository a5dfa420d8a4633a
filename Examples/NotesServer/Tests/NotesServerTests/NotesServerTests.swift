import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NotesServerCore
import Service
import ServiceTesting
import Testing

/// The production wiring every test inherits from.
let production = makeProductionServices()

/// A clock that always says the same time.
struct FixedTime: TimeSource {
    func now() -> Date { Date(timeIntervalSince1970: 1_000) }
}

/// Decodes a JSON response body.
func decode<Value: Decodable>(_ type: Value.Type, from response: TestResponse) throws -> Value {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(type, from: Data(String(buffer: response.body).utf8))
}

/// A JSON request body.
func body(_ text: String) -> ByteBuffer {
    ByteBuffer(string: #"{"text":"\#(text)"}"#)
}

// snippet: server-tests
@Suite(
    .serviceEnv(inheriting: production) { env in
        env.register((any TimeSource).self) { FixedTime() }
        try await env.warmUp()
    }
)
struct NotesServerTests {
    // snippet-hide
    @Test("a note created by one request is listed by the next: the store is shared")
    func storeIsShared() async throws {
        let app = buildApplication(services: .current, port: 0)
        try await app.test(.live) { client in
            try await client.execute(uri: "/notes", method: .post, body: body("first")) { response in
                #expect(response.status == .created)
            }
            try await client.execute(uri: "/notes", method: .post, body: body("second")) { response in
                #expect(response.status == .created)
            }
            try await client.execute(uri: "/notes", method: .get) { response in
                #expect(response.status == .ok)
                let list = try decode(NoteList.self, from: response)
                #expect(list.notes.map(\.text) == ["first", "second"])
            }
        }
    }

    @Test("each request's services see that request's context, however many run at once")
    func requestsAreIsolated() async throws {
        let app = buildApplication(services: .current, port: 0)
        try await app.test(.live) { client in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await client.execute(
                            uri: "/notes",
                            method: .post,
                            headers: [HTTPField.Name("X-Request-ID")!: "r\(index)"],
                            body: body("note \(index)"),
                        ) { response in
                            let note = try decode(Note.self, from: response)
                            #expect(note.requestID == "r\(index)")
                            #expect(note.text == "note \(index)")
                        }
                    }
                }
                try await group.waitForAll()
            }
            try await client.execute(uri: "/notes", method: .get) { response in
                let list = try decode(NoteList.self, from: response)
                #expect(list.notes.count == 20)
            }
        }
    }

    // snippet-show
    @Test("the test's fixed clock reaches the per-request service")
    func overrideReachesRequests() async throws {
        let app = buildApplication(services: .current, port: 0)
        try await app.test(.live) { client in
            try await client.execute(uri: "/notes", method: .post, body: body("timed")) { response in
                let note = try decode(Note.self, from: response)
                #expect(note.createdAt == Date(timeIntervalSince1970: 1_000))
            }
        }
    }
    // snippet-hide

    @Test("get and delete find a note by id, and a missing one is a 404")
    func getAndDelete() async throws {
        let app = buildApplication(services: .current, port: 0)
        try await app.test(.live) { client in
            let created = try await client.execute(uri: "/notes", method: .post, body: body("x")) { response in
                try decode(Note.self, from: response)
            }
            try await client.execute(uri: "/notes/\(created.id)", method: .get) { response in
                let note = try decode(Note.self, from: response)
                #expect(note.text == "x")
            }
            try await client.execute(uri: "/notes/\(created.id)", method: .delete) { response in
                #expect(response.status == .noContent)
            }
            try await client.execute(uri: "/notes/\(created.id)", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test("a missing registration is a 500 that names the request's environment and the service")
    func missingRegistrationIsAnErrorResponse() async throws {
        let app = buildApplication(services: .current, port: 0)
        try await app.test(.live) { client in
            try await client.execute(
                uri: "/stats",
                method: .get,
                headers: [HTTPField.Name("X-Request-ID")!: "abc"],
            ) { response in
                #expect(response.status == .internalServerError)
                let text = String(buffer: response.body)
                #expect(text.contains("Service 'NoteStats' is not registered in ServiceEnv"))
                #expect(text.contains("environment 'request abc'"))
            }
            // NB: the server is still up.
            try await client.execute(uri: "/notes", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test("shutting the services down closes the store; the next resolve opens a new one")
    func shutdownClosesTheStore() async throws {
        let services = makeProductionServices()
        try await services.warmUp()
        let store = try await services.resolveAsync(NoteStore.self)
        #expect(await store.isOpen)
        try await services.shutdown()
        #expect(await !store.isOpen)
        #expect(try await services.resolveAsync(NoteStore.self) !== store)
    }

    @Test("the production wiring validates, and a request scope without its context does not")
    func productionWiringValidates() throws {
        #expect(throws: Never.self) { try production.validate() }
        #expect(throws: ServiceValidationError.self) { try production.makeScope(named: "bare request").validate() }
    }
    // snippet-show
}
// snippet-end
