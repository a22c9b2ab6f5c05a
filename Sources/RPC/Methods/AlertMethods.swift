import Guidance
import StrictCoding

/// `prompt.alert`: a navigation alert about the road ahead, queued at priority `important`: one of
/// the built-in kinds worded by the language's phrase pack ("Speed camera in 500 feet"), or the app's
/// own text, its title variants longest first (CarPlay's alert), the richest that fits said. Unless
/// `wait` is false, awaited. Its `alert.shown` and `alert.dismissed` events frame it.
public enum PromptAlert: RPCMethod {
    public static let name = "prompt.alert"
    /// The farthest ahead an alert may be announced, in meters.
    public static let maximumDistance = 100_000.0
    /// The most title variants an alert's own text may have.
    public static let maximumVariants = 8

    public struct Params: MethodParams {
        /// A built-in kind, worded by the pack; or `text`.
        public var kind: AlertKind?
        /// The app's own words, its variants longest first (each as a text prompt's); or `kind`.
        public var text: [String]?
        /// Meters to it (with `kind`); absent: "… ahead".
        public var distance: Double?
        /// A phrase pack; default: the client's guidance language, else the daemon's default.
        public var language: String?
        /// Seconds from now after which the alert may no longer start.
        public var deadline: Double?
        /// Seconds from now after which the alert is dismissed: if not said by then, it never is.
        public var dismissAfter: Double?
        /// False: answer at once with the prompt's id and place in the queue.
        public var wait: Bool?

        public enum CodingKeys: String, CodingKey, CaseIterable { case kind, text, distance, language, deadline, dismissAfter, wait }

        public init(
            kind: AlertKind? = nil, text: [String]? = nil, distance: Double? = nil, language: String? = nil, deadline: Double? = nil,
            dismissAfter: Double? = nil, wait: Bool? = nil
        ) {
            self.kind = kind
            self.text = text
            self.distance = distance
            self.language = language
            self.deadline = deadline
            self.dismissAfter = dismissAfter
            self.wait = wait
        }

        public func validate() throws(RPCError) {
            switch (kind, text) {
            case (nil, nil): throw .invalidParams("'kind' or 'text' is required")
            case (.some, .some): throw .invalidParams("'kind' or 'text', not both")
            case (nil, .some(let variants)):
                guard !variants.isEmpty, variants.count <= PromptAlert.maximumVariants else {
                    throw .invalidParams("'text' must be 1 to \(PromptAlert.maximumVariants) variants, longest first")
                }
                if let blank = variants.firstIndex(where: { $0.allSatisfy(\.isWhitespace) }) { throw .invalidParams("'text[\(blank)]' is empty") }
                // CarPlay's title variants go longest first; the richest that fits is said, so a
                // shorter one first would hide the longer ones after it.
                let lengths = variants.map(\.count)
                if let shorter = lengths.indices.dropLast().first(where: { lengths[$0] < lengths[$0 + 1] }) {
                    throw .invalidParams(
                        "'text' must list its variants longest first: 'text[\(shorter)]' has \(lengths[shorter]) characters, "
                            + "'text[\(shorter + 1)]' after it \(lengths[shorter + 1])")
                }
                if distance != nil { throw .invalidParams("'distance' goes with 'kind': an alert's own text says its own distance") }
            case (.some, nil): break
            }
            if let distance, !(distance >= 0 && distance <= PromptAlert.maximumDistance) {
                throw .invalidParams("'distance' must be meters from 0 to \(Int(PromptAlert.maximumDistance))")
            }
            if let deadline, !(deadline > 0 && deadline <= 3600) {
                throw .invalidParams("'deadline' must be seconds from now, more than 0 and at most 3600")
            }
            if let dismissAfter, !(dismissAfter > 0 && dismissAfter <= 3600) {
                throw .invalidParams("'dismissAfter' must be seconds from now, more than 0 and at most 3600")
            }
            try checkLength(language, "language", limit: InputLimits.tagCharacters)
        }

        /// The latest it may start: its deadline or its dismissal, whichever comes first.
        public var latestStart: Double? {
            switch (deadline, dismissAfter) {
            case (let deadline?, let dismiss?): min(deadline, dismiss)
            case (let only?, nil), (nil, let only?): only
            case (nil, nil): nil
            }
        }
    }

    /// As `prompt.speak`'s.
    public typealias Result = PromptSpeak.Result
}

extension Methods {
    /// The methods of this file, listed in `Methods.all`.
    static let alert: [any RPCMethod.Type] = [PromptAlert.self]
}
