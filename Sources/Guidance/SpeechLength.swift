/// How long a phrase speaks, from its characters: `perPhrase + perCharacter × characters` seconds,
/// a pack's calibration against its voice (`PhrasePack.speechLength`).
public struct SpeechLength: Sendable, Hashable {
    public var perPhrase: Double
    public var perCharacter: Double

    public init(perPhrase: Double, perCharacter: Double) {
        self.perPhrase = perPhrase
        self.perCharacter = perCharacter
    }

    public func seconds(of text: String) -> Double { perPhrase + perCharacter * Double(text.count) }
}
