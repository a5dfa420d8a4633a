import Service
import ServiceClientCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The example app: a tiny notes service, wired with @Injectable and @Assembly across two
// modules (ServiceClientCore provides the core services, this module adds its own).
// `ServiceClient graph` and `ServiceClient validate` inspect the same wiring.

let arguments = Array(CommandLine.arguments.dropFirst())
ServiceEnv.online.assemble(AppAssembly())
if !arguments.contains("--broken") {
    // NB: the one registration the compiler cannot check: AppAssembly declares it #external.
    ServiceEnv.online.register(AppConfig(title: "Notes"))
}

if let outcome = ClientCommand.run(arguments, env: .online) {
    print(outcome.output, terminator: "")
    exit(outcome.status)
}

do {
    let repository = try ServiceEnv.online.resolve(NoteRepository.self)
    _ = repository.add("Buy milk")
    _ = repository.add("Write the DI benchmark")
    let again = try ServiceEnv.online.resolve(NoteRepository.self)
    print("online has \(again.list().count) notes (the store is a singleton shared by both repositories)")
    print(try ServiceEnv.online.resolveMain(NotesScreen.self).render())

    // A test environment reuses the production wiring and replaces two services.
    let test = ServiceEnv(name: "test")
    test.assemble(AppAssembly())
    test.register(AppConfig(title: "Notes (test)"))
    test.register((any Clock).self) { FixedClock(time: 42) }
    test.register((any Logger).self) { PrintLogger(prefix: "[test-double]") }
    try ServiceEnv.$current.withValue(test) {
        let repository = try ServiceEnv.current.resolve(NoteRepository.self)
        _ = repository.add("Runs against the test clock")
        print("test has \(repository.list().count) note; online still has \(again.list().count)")
    }

    print("registrations:")
    for registration in CoreAssembly.registrations + AppAssembly.registrations {
        print("  \(registration)")
    }

    // Mistakes the compiler cannot see surface as typed errors with readable descriptions.
    do {
        _ = try ServiceEnv(name: "empty").resolve(NoteRepository.self)
    } catch {
        print("expected error: \(error)")
    }
} catch {
    fatalError("ServiceClient failed: \(error)")
}
