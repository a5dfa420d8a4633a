import Foundation
import Service
import Testing

/// A value registered on a scope, one type per `Marker`, whose `InstanceProbe` (its own, which
/// nothing else holds) counts its deinitializations.
final class ScopeSlotValue<Marker>: Sendable {
    let id: Int
    private let probe: InstanceProbe

    init(_ id: Int, deinits: Counter) {
        self.id = id
        self.probe = InstanceProbe("\(Marker.self) \(id)", deinits: deinits)
    }
}

/// A scope's first slots live in its first table's allocation, not in a block of their own: what
/// that must not change when the scope grows past them, while other threads read, and when it ends.
@Suite("a scope's first slots")
struct ScopeSlotsTests {
    @Test("a scope that grows its table and its slots keeps its first ones, and frees every value once")
    func growing() throws {
        let deinits = Counter()
        let app = ServiceEnv(name: #function)
        do {
            let scope = app.makeScope(named: "request")
            // NB: the first two slots are the ones in the table's allocation; the table (4
            // entries) grows twice and the blocks three times before the last registration.
            scope.register(ScopeSlotValue<Int>(0, deinits: deinits))
            scope.register(ScopeSlotValue<String>(1, deinits: deinits))
            scope.register(ScopeSlotValue<Double>(2, deinits: deinits))
            scope.register(ScopeSlotValue<Bool>(3, deinits: deinits))
            scope.register(ScopeSlotValue<Float>(4, deinits: deinits))
            scope.register(ScopeSlotValue<UInt8>(5, deinits: deinits))
            scope.register(ScopeSlotValue<Int16>(6, deinits: deinits))
            for tag in 0..<20 {
                let value = ScopeSlotValue<Int>(100 + tag, deinits: deinits)
                scope.register(ScopeSlotValue<Int>.self, tags: tag) { value }
            }
            // NB: a first slot's registration replaced after the growth; the value it held is
            // released by the end (the count below).
            scope.register(ScopeSlotValue<String>(11, deinits: deinits))
            #expect(try scope.resolve(ScopeSlotValue<Int>.self).id == 0)
            #expect(try scope.resolve(ScopeSlotValue<String>.self).id == 11)
            #expect(try scope.resolve(ScopeSlotValue<Int16>.self).id == 6)
            #expect(try scope.resolve(ScopeSlotValue<Int>.self, tags: 19).id == 119)
        }
        #expect(deinits.value == 28)
    }

    @Test("threads reading a scope's first slots while it registers more see their values throughout")
    func readWhileGrowing() {
        let deinits = Counter()
        let failures = Counter()
        let app = ServiceEnv(name: #function)
        for round in 0..<50 {
            let scope = app.makeScope(named: "request \(round)")
            scope.register(ScopeSlotValue<Int>(round, deinits: deinits))
            scope.register(ScopeSlotValue<String>(-round, deinits: deinits))
            let registering = Flag()
            let finished = runOnThreads(4) { index in
                if index == 0 {
                    scope.register(ScopeSlotValue<Double>(round, deinits: deinits))
                    scope.register(ScopeSlotValue<Bool>(round, deinits: deinits))
                    scope.register(ScopeSlotValue<Float>(round, deinits: deinits))
                    for tag in 0..<12 {
                        let value = ScopeSlotValue<Int>(tag, deinits: deinits)
                        scope.register(ScopeSlotValue<Int>.self, tags: tag) { value }
                    }
                    registering.set()
                    return
                }
                repeat {
                    let first = try? scope.resolve(ScopeSlotValue<Int>.self)
                    let second = try? scope.resolve(ScopeSlotValue<String>.self)
                    if first?.id != round || second?.id != -round {
                        failures.increment()
                    }
                } while !registering.isSet
            }
            #expect(finished)
        }
        #expect(failures.value == 0)
        // NB: a thread may release its closure, and with it the last round's scope, after it
        // signalled that it finished.
        waitUntil(seconds: 10) { deinits.value == 50 * 17 }
        #expect(deinits.value == 50 * 17)
    }
}
