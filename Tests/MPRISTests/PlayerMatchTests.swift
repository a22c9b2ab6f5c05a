import MPRIS
import Testing

/// Which player plays a stream: by process id first, then by a sandboxed app's ids.
@Suite struct PlayerMatchTests {
    let mpv = MPRISPlayer(busName: "org.mpris.MediaPlayer2.mpv", processID: 4242)
    let podcasts = MPRISPlayer(busName: "org.mpris.MediaPlayer2.org.gnome.Podcasts", processID: 17)
    let vlc = MPRISPlayer(busName: "org.mpris.MediaPlayer2.vlc.instance999", processID: nil)

    @Test func theStreamsProcessFindsItsPlayer() {
        #expect(PlayerMatch.player(forStream: ["application.process.id": "4242"], among: [podcasts, mpv]) == mpv)
    }

    @Test func aSandboxedAppIsFoundByItsFlatpakOrApplicationID() {
        // The portal's proxy owns the bus connection: the process id is not the app's.
        let flatpak = ["application.process.id": "1", "pipewire.access.portal.app_id": "org.gnome.Podcasts"]
        #expect(PlayerMatch.player(forStream: flatpak, among: [mpv, podcasts]) == podcasts)
        #expect(PlayerMatch.player(forStream: ["application.id": "VLC"], among: [mpv, vlc]) == vlc)
    }

    @Test func noMatchingPlayerIsNone() {
        #expect(PlayerMatch.player(forStream: ["application.process.id": "5"], among: [mpv, podcasts]) == nil)
        #expect(PlayerMatch.player(forStream: [:], among: [mpv]) == nil)
        #expect(PlayerMatch.player(forStream: ["application.process.id": "not a number"], among: [mpv]) == nil)
        #expect(PlayerMatch.player(forStream: ["application.process.id": "4242"], among: []) == nil)
        #expect(PlayerMatch.player(forStream: ["application.id": ""], among: [mpv]) == nil)
    }

    @Test func aPlayersNameDropsItsInstanceSuffix() {
        #expect(vlc.playerName == "vlc")
        #expect(mpv.playerName == "mpv")
        #expect(MPRISPlayer(busName: "org.mpris.MediaPlayer2.foo.instanceX", processID: nil).playerName == "foo.instanceX")
    }
}

/// Whether a player VoxNav paused is played again: only if the user left it as VoxNav did.
@Suite struct ResumeDecisionTests {
    @Test func untouchedIsPlayedAgain() {
        #expect(ResumeDecision.decide(pausedAt: 12.0, status: .paused, position: 12.0) == .play)
        #expect(ResumeDecision.decide(pausedAt: 12.0, status: .paused, position: 12.2) == .play)
        // A player that does not tell its position is judged by its status alone.
        #expect(ResumeDecision.decide(pausedAt: nil, status: .paused, position: nil) == .play)
        #expect(ResumeDecision.decide(pausedAt: 3, status: .paused, position: nil) == .play)
    }

    @Test func theUsersChoiceStands() {
        for status in [PlaybackStatus.playing, .stopped] {
            guard case .leftToUser = ResumeDecision.decide(pausedAt: 12, status: status, position: 12) else {
                Issue.record("\(status) should be left to the user")
                continue
            }
        }
        // Played on and paused again, or sought back.
        for position in [13.0, 11.0, 0.0] {
            guard case .leftToUser(let why) = ResumeDecision.decide(pausedAt: 12, status: .paused, position: position) else {
                Issue.record("paused at 12 s and found at \(position) s should be left to the user")
                continue
            }
            #expect(why.contains("12.0"))
        }
    }
}
