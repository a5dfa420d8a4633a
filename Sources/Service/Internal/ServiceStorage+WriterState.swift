extension ServiceStorage {
    /// What the storage's writer lock guards: its slots and tables, and what registering,
    /// decorating and tracing keep beside them.
    ///
    /// A request's scope usually registers a value or two, untagged, and nothing else: its slots
    /// and its table are all it uses. The rest lives in `Rare`, made by the first write to any of
    /// it, so that opening and dropping a scope makes and destroys none of those collections
    /// (for an empty collection, a call to make it and a release to destroy it, each).
    struct WriterState {
        /// Every slot, untagged and tagged, in creation order.
        var blocks: SlotBlocks
        /// The published table of untagged slots.
        var table: SlotTable
        /// The rest; nil until something writes to it.
        private var rare: Rare?

        init(blocks: SlotBlocks, table: SlotTable) {
            self.blocks = blocks
            self.table = table
        }

        /// What few storages write: see `WriterState`.
        struct Rare {
            var outgrown: [SlotTable] = []
            var tagged: [TaggedKey: Slot] = [:]
            var taggedTables: [SlotTable] = []
            var taggedByType: [ObjectIdentifier: [Slot]] = [:]
            var decorations: [ObjectIdentifier: [Decoration]] = [:]
            var traceHandler: ResolutionTraceHandler?
            var usageRecorder: UsageRecorder?
        }

        /// `rare`, made if it was nil, for a write.
        private var made: Rare {
            get { rare ?? Rare() }
            _modify {
                if rare == nil {
                    rare = Rare()
                }
                yield &rare!
            }
        }

        /// The tables `table` replaced as it grew. They are kept until the storage is freed, so
        /// a lookup needs no gate section; each is half the size of the next, so together they
        /// take less memory than the current one.
        var outgrown: [SlotTable] {
            get { rare?.outgrown ?? [] }
            _modify { yield &made.outgrown }
        }

        /// The slots of tagged keys, for writers; readers probe `taggedTable`.
        var tagged: [TaggedKey: Slot] {
            get { rare?.tagged ?? [:] }
            _modify { yield &made.tagged }
        }

        /// Every table of tagged slots made, the published one last, kept until the storage is freed.
        var taggedTables: [SlotTable] {
            get { rare?.taggedTables ?? [] }
            _modify { yield &made.taggedTables }
        }

        /// The tagged slots of each type, in creation order, for `resolveAll`.
        var taggedByType: [ObjectIdentifier: [Slot]] {
            get { rare?.taggedByType ?? [:] }
            _modify { yield &made.taggedByType }
        }

        /// The decorators of each registered type, in the order they were added.
        var decorations: [ObjectIdentifier: [Decoration]] {
            get { rare?.decorations ?? [:] }
            _modify { yield &made.decorations }
        }

        /// Where this environment's resolution trace goes, while it is on.
        var traceHandler: ResolutionTraceHandler? {
            get { rare?.traceHandler }
            _modify { yield &made.traceHandler }
        }

        /// What this environment, its children and its scopes resolved, while that is recorded.
        var usageRecorder: UsageRecorder? {
            get { rare?.usageRecorder }
            _modify { yield &made.usageRecorder }
        }
    }
}
