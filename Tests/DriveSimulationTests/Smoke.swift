import Testing
@testable import DriveSimulation

@Test func problemDescriptionNamesPathAndLine() {
    #expect(ScenarioProblem(path: "audio[1].at", line: 7, message: "bad").description == "audio[1].at (line 7): bad")
}
