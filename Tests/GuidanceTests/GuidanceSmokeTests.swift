import Testing
@testable import Guidance

@Test func moduleLoads() { #expect(String(describing: GuidanceModule.self) == "GuidanceModule") }
