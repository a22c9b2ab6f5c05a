import PulseAudio

/// An endless programme computed sample by sample from its frame number (the radio, the music app,
/// speech-like audio). Conformers give `sample(frame:)`; rendering, clipping and the frame counter
/// are shared here.
public protocol GeneratedProgramme: SampleSource {
    var frame: Int { get set }
    /// The signal at `frame`, nominally −1…1 (clipped when rendered).
    func sample(frame: Int) -> Double
}

extension GeneratedProgramme {
    public var isFinished: Bool { false }

    public func render(into buffer: UnsafeMutableBufferPointer<Int16>) -> Int {
        for i in 0..<buffer.count {
            buffer[i] = Int16(max(-1, min(1, sample(frame: frame))) * 32767)
            frame += 1
        }
        return buffer.count
    }
}
