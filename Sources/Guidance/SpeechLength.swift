/// How long a phrase speaks, from its characters: `perPhrase + perCharacter × characters` seconds,
/// a pack's calibration against its voice (`PhrasePack.speechLength`).
public struct SpeechLength: Sendable, Hashable {
    public var perPhrase: Double
    public var perCharacter: Double

    public init(perPhrase: Double, perCharacter: Double) {
        self.perPhrase = perPhrase
        self.perCharacter = perCharacter
    }

    public func seconds(of text: String) -> Double {
        perPhrase + perCharacter * Double(text.count + Self.numberCharacters(in: text))
    }

    /// A number with more than one digit that is not zero is said longer than its digits are written
    /// ("150": "one hundred and fifty", "hundertfünfzig", "cento e cinquenta"; "200": "two hundred"):
    /// this many characters more for each such digit after the first of a number. Without it, the
    /// distances said in steps of 50 spoke up to 0.4 s longer than planned in 10 of the 12 packs.
    static let charactersPerExtraDigit = 8

    /// The characters counted beyond `text`'s own for its numbers (maximal runs of ASCII digits).
    static func numberCharacters(in text: String) -> Int {
        var extra = 0
        var nonZero = 0
        for character in text.unicodeScalars {
            if ("0"..."9").contains(character) {
                if character != "0" { nonZero += 1 }
            } else {
                extra += max(nonZero - 1, 0)
                nonZero = 0
            }
        }
        extra += max(nonZero - 1, 0)
        return extra * charactersPerExtraDigit
    }
}
