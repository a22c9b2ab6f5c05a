import Glibc
import ProcessSupport
import Testing

/// `ChildProcess`, which every test harness and the shipped programs start programs with: its end is
/// the child's own exit, whatever the child leaves behind. (Foundation's `Process` on Linux waits for
/// every holder of a socket it gives the child, so a program that started a daemon, or a long-lived
/// child that another thread's spawn leaked that socket into, held a test, and with it the sound
/// server lock, until the whole CI part timed out.) Pure tests, with /bin/sh and sleep.
@Suite struct ChildProcessTests {
    @Test func aProgramThatLeavesAChildHoldingItsOutputIsNotWaitedFor() throws {
        let started = Blocking.now()
        let (status, output) = try ChildProcess.run("/bin/sh", ["-c", "sleep 30 & echo $!; exit 3"], limit: 10)
        let took = Blocking.now() - started
        if let pid = Int32(output.split(separator: "\n").first ?? "") { kill(pid, SIGKILL) }
        #expect(status == 3)
        #expect(took < 2, "run waited \(took) s for the child it left behind")
        #expect(Int32(output.split(separator: "\n").first ?? "") != nil, "\(output)")
    }

    @Test func everythingWrittenBeforeTheExitIsRead() throws {
        // More than a pipe's buffer (64 KiB), then an exit at once.
        let (status, output) = try ChildProcess.run("/bin/sh", ["-c", "head -c 300000 /dev/zero | tr '\\0' x; echo; echo err >&2"], error: .output, limit: 10)
        #expect(status == 0)
        #expect(output.filter { $0 == "x" }.count == 300_000)
        #expect(output.hasSuffix("\nerr\n"), "the error stream goes where the output goes: \(output.suffix(20))")
    }

    @Test func aProgramStillRunningAtItsLimitIsKilled() throws {
        let started = Blocking.now()
        let (status, output) = try ChildProcess.run("/bin/sh", ["-c", "echo begun; exec sleep 30"], limit: 0.5)
        #expect(status == nil)
        #expect(output == "begun\n", "what it wrote before its limit is kept: \(output)")
        #expect(Blocking.now() - started < 2)
    }

    @Test func aSignalIsToldApartFromAnExitStatusOfTheSameNumber() throws {
        let exited = try ChildProcess("/bin/sh", ["-c", "exit 143"])
        #expect(exited.waitUntilExit() == 143)
        #expect(exited.terminationSignal == nil)

        let signalled = try ChildProcess("sleep", ["30"])
        #expect(signalled.terminationSignal == nil, "no signal while it runs")
        signalled.terminate()
        #expect(signalled.waitUntilExit() == 128 + SIGTERM)
        #expect(signalled.terminationSignal == SIGTERM)
    }

    @Test func stopKillsOneThatIgnoresSIGTERM() throws {
        let polite = try ChildProcess("sleep", ["30"])
        #expect(polite.stop(within: 2) == false, "sleep ends at SIGTERM")
        #expect(polite.terminationSignal == SIGTERM)

        let deaf = try ChildProcess("/bin/sh", ["-c", "trap '' TERM; exec sleep 30"])
        Blocking.sleep(0.2)  // until the trap is set
        let started = Blocking.now()
        #expect(deaf.stop(within: 0.3) == true)
        #expect(deaf.terminationSignal == SIGKILL)
        #expect(!deaf.isRunning)
        #expect(Blocking.now() - started < 2)
    }

    @Test func waitingWithinALimitReturnsNilWhileItRuns() throws {
        let child = try ChildProcess("sleep", ["30"])
        #expect(child.waitUntilExit(within: 0.1) == nil)
        child.signal(SIGKILL)
        #expect(child.waitUntilExit(within: 5) == 128 + SIGKILL)
    }
}
