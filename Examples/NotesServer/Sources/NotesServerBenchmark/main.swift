import Hummingbird
import HummingbirdTesting
import NotesServerCore
import Service

// What the library adds to one request of the example, in wall time: `GET /notes` through the
// production router (a scope per request, the request's `RequestInfo` registered in it, the
// handler's `@Injected` NoteService resolved in it) against the same route wired by hand (the
// store captured by the closure). Both read the same empty store through the same actor, and
// both run in-process through Hummingbird's router test client, so the network is not measured.
//
//   swift run -c release --package-path Examples/NotesServer NotesServerBenchmark [requests]

let requests = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 20_000
let services = makeProductionServices()
try services.validate()
try await services.warmUp()
let store = try await services.resolveAsync(NoteStore.self)

let handWired = Router()
handWired.get("notes") { _, _ in NoteList(notes: await store.all()) }

/// Nanoseconds per request, the median of `rounds` runs of `requests` requests.
func nanosecondsPerRequest(_ router: Router<BasicRequestContext>, rounds: Int = 7) async throws -> Double {
    let samples = try await Application(router: router).test(.router) { client in
        var samples: [Double] = []
        for _ in 0..<(requests / 10) {  // warm-up
            try await client.execute(uri: "/notes", method: .get) { _ in }
        }
        for _ in 0..<rounds {
            let start = ContinuousClock.now
            for _ in 0..<requests {
                try await client.execute(uri: "/notes", method: .get) { response in
                    precondition(response.status == .ok)
                }
            }
            let elapsed = ContinuousClock.now - start
            let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            samples.append(nanoseconds / Double(requests))
        }
        return samples
    }
    return samples.sorted()[samples.count / 2]
}

let hand = try await nanosecondsPerRequest(handWired)
let wired = try await nanosecondsPerRequest(buildRouter(services: services))
print("GET /notes, \(requests) requests per round, median of 7 rounds")
print("hand-wired route:              \(Int(hand)) ns per request")
let overhead = "+\(Int(wired - hand)) ns, ×\((wired / hand * 100).rounded() / 100)"
print("scope middleware + @Injected:  \(Int(wired)) ns per request (\(overhead))")
