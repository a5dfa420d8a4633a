import NotesServerCore

// Serves the notes API on 127.0.0.1:8080 until SIGTERM or SIGINT.
// snippet: server-main
let services = makeProductionServices()
try services.validate()
try await services.warmUp()  // every singleton built: the store is open
try await buildApplication(services: services).runService()
try await services.shutdown()  // after a graceful shutdown: close the store
// snippet-end
