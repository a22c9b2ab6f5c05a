/// A `SampleSource` whose read position can be moved: a programme that can be paused without losing
/// content (the podcast). Used by `PlaybackStream.pause()` to rewind what was buffered but never played.
///
/// Like every `SampleSource`, touched on the mainloop thread (or under the mainloop lock) only.
public protocol SeekableSource: SampleSource {
    /// The next frame `render(into:)` produces (a frame is one sample per channel).
    var frame: Int { get set }
}
