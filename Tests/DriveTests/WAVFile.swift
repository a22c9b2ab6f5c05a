import Foundation

/// Reads a 16-bit PCM WAV file (as parec writes it) into mono samples.
enum WAVFile {
    struct FormatError: Error, CustomStringConvertible { let description: String }

    static func read(_ url: URL) throws -> (samples: [Int16], sampleRate: Int) {
        let data = try Data(contentsOf: url)
        guard data.count >= 44, data.prefix(4) == Data("RIFF".utf8), data[8..<12] == Data("WAVE".utf8) else {
            throw FormatError(description: "\(url.path) is not a WAV file")
        }
        func u32(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 }
        var offset = 12
        var channels = 0
        var rate = 0
        var bits = 0
        while offset + 8 <= data.count {
            let id = String(decoding: data[offset..<(offset + 4)], as: UTF8.self)
            let size = u32(offset + 4)
            let body = offset + 8
            if id == "fmt " {
                channels = u16(body + 2)
                rate = u32(body + 4)
                bits = u16(body + 14)
            } else if id == "data" {
                guard bits == 16, channels > 0 else { throw FormatError(description: "\(bits)-bit, \(channels) channels: not 16-bit PCM") }
                // A recorder stopped abruptly may leave the size unset: take what is there.
                let end = min(data.count, size == 0 || size == 0xFFFF_FFFF ? data.count : body + size)
                let frameBytes = 2 * channels
                var samples: [Int16] = []
                samples.reserveCapacity((end - body) / frameBytes)
                var at = body
                while at + frameBytes <= end {
                    samples.append(Int16(bitPattern: UInt16(u16(at))))
                    at += frameBytes
                }
                return (samples, rate)
            }
            offset = body + size + (size & 1)
        }
        throw FormatError(description: "\(url.path) has no data chunk")
    }
}
