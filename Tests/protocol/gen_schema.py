#!/usr/bin/env python3
"""Writes docs/protocol.schema.json (JSON Schema draft 2020-12 of voxnavd's messages).

The schema is kept here as Python data so that the repetitive parts (the per-method oneOf,
"null means absent" members, the session pairing rules) are generated rather than copied.
Run:  python3 Tests/protocol/gen_schema.py   (scripts/check-protocol checks the file is current).
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "docs", "protocol.schema.json")

# The same list as Sources/RPC/EventType.swift; Tests/RPCTests/EventTypeSchemaTests checks the schema against it both ways.
EVENT_TYPES = [
    "prompt.queued", "prompt.started", "prompt.finished", "prompt.shortened", "prompt.skipped", "prompt.expired",
    "prompt.interrupted", "prompt.refused", "session.activated", "session.deactivated", "source.started", "source.changed", "source.ended", "source.ducked", "source.restored",
    "source.paused", "source.resumed", "source.stopped", "source.handled", "interruption.began", "interruption.ended", "audit.violation",
    "alert.shown", "alert.dismissed", "guidance.ended", "guidance.paused", "guidance.resumed", "server.lost", "server.restored", "journal.failing", "journal.recovered", "subscription.dropped",
]
EVENT_GROUPS = ["prompt", "session", "source", "interruption", "audit", "alert", "guidance", "server", "journal", "subscription"]
VERBOSITIES = ["brief", "normal", "detailed"]
UNIT_SYSTEMS = ["metric", "imperialUS", "imperialUK"]
VOICE_GUIDANCE = ["off", "alertsOnly", "all"]
PROMPTS_DURING_CALL = ["tone", "voice", "off"]
GUIDANCE_GAINS = ["softer", "normal", "louder"]
GUIDANCE_END_REASONS = ["clientRequest", "finished", "cancelled", "arrived", "disconnected", "nativeNavigation", "restarted"]
GUIDANCE_PAUSE_REASONS = ["arrived", "loading", "locating", "rerouting", "proceedToRoute"]
SOURCE_KINDS = ["fmRadio", "music", "spokenAudio", "phoneCall", "voiceAssistant", "vehicleChime", "nativeNavigation"]
ACTIVITIES = ["default", "listening", "speaking", "voicemail"]
# The same list as Sources/AudioPolicy/PromptCut.swift (PromptCutRule).
CUT_RULES = ["assistantListening", "voiceControlShown", "recording", "voiceGuidanceOff", "nativeNavigation", "call", "assistantSpeaking", "voicemail"]
PRIORITIES = ["important", "normal", "low"]
STYLES = ["none", "short", "normal"]
RESULTS = ["finished", "shortened", "skipped", "expired", "interrupted"]
CATEGORIES = ["ambient", "soloAmbient", "playback", "record", "playAndRecord", "multiRoute"]
MODES = ["default", "voicePrompt", "spokenAudio", "voiceChat", "videoChat", "gameChat", "moviePlayback",
         "measurement", "videoRecording", "shortFormVideo"]
OPTIONS = ["mixWithOthers", "duckOthers", "interruptSpokenAudioAndMixWithOthers", "allowBluetooth",
           "allowBluetoothA2DP", "allowAirPlay", "defaultToSpeaker", "overrideMutedMicrophoneInterruption"]
# AudioPolicy/SessionConfiguration.swift: SessionMode.allowedCategories, SessionOptions.allowedCategories.
MODE_CATEGORIES = {
    "voicePrompt": ["playback"], "spokenAudio": ["playback"], "moviePlayback": ["playback"], "shortFormVideo": ["playback"],
    "voiceChat": ["playAndRecord"], "videoChat": ["playAndRecord"], "gameChat": ["playAndRecord"],
    "videoRecording": ["record", "playAndRecord"], "measurement": ["playback", "record", "playAndRecord"],
}
OPTION_CATEGORIES = {
    "mixWithOthers": ["playback", "playAndRecord", "multiRoute"],
    "duckOthers": ["playback", "playAndRecord", "multiRoute"],
    "interruptSpokenAudioAndMixWithOthers": ["playback", "playAndRecord", "multiRoute"],
    "allowBluetooth": ["record", "playAndRecord"],
    "overrideMutedMicrophoneInterruption": ["record", "playAndRecord"],
    "allowBluetoothA2DP": ["playAndRecord"], "allowAirPlay": ["playAndRecord"], "defaultToSpeaker": ["playAndRecord"],
}
MANEUVER_TYPES = (
    ["arriveAtDestination", "arriveAtDestinationLeft", "arriveAtDestinationRight", "arriveEndOfDirections",
     "arriveEndOfNavigation", "changeFerry", "changeHighway", "changeHighwayLeft", "changeHighwayRight",
     "enterRoundabout", "enterFerry", "exitFerry", "exitRoundabout", "followRoad", "highwayOffRampLeft",
     "highwayOffRampRight", "keepLeft", "keepRight", "leftTurn", "leftTurnAtEnd", "noTurn", "offRamp", "onRamp",
     "rightTurn", "rightTurnAtEnd"]
    + ["roundaboutExit%d" % n for n in range(1, 20)]
    + ["sharpLeftTurn", "sharpRightTurn", "slightLeftTurn", "slightRightTurn", "startRoute", "startRouteWithUTurn",
       "straightAhead", "uTurn", "uTurnAtRoundabout", "uTurnWhenPossible"])
# Sources/Guidance/ManeuverType.swift: ManeuverType.aliases, CarPlay's own spellings.
MANEUVER_TYPE_ALIASES = ["enter_Ferry"]
# Sources/Guidance/CarPlayDisplayField.swift: accepted, never spoken; by shape.
DISPLAY_TEXTS = ["attributedInstructionVariants", "dashboardInstructionVariants", "dashboardAttributedInstructionVariants",
                 "notificationInstructionVariants", "notificationAttributedInstructionVariants",
                 "roadFollowingManeuverVariants", "currentRoadNameVariants"]
DISPLAY_TEXT = ["highwayExitLabel", "symbolImage", "junctionImage", "dashboardSymbolImage", "dashboardJunctionImage",
                "notificationSymbolImage"]
DISPLAY_IMAGE_SETS = ["symbolSet"]
# Sources/Guidance/AlertKind.swift: MethodSchemaTests checks the schema against it.
ALERT_KINDS = ["trafficAhead", "accident", "roadworks", "laneClosed", "roadClosed", "speedCamera", "redLightCamera", "hazard"]
MANEUVER_STATES = ["continue", "initial", "prepare", "execute"]
RULES = ["activeWithoutAudioPastCap", "activationLongBeforeAudio", "nonMixingSessionStoppedRadio", "recordingInCar",
         "deactivatedWithoutNotify", "promptSessionMisconfigured"]
ERROR_CODES = [-32700, -32600, -32601, -32602, -32603, -32000, -32001]


def ref(name):
    return {"$ref": "#/$defs/" + name}


def nullable(schema):
    """An optional param member: the daemon treats null as absent (Sources/Daemon/Params.swift)."""
    return {"anyOf": [schema, {"type": "null"}]}


def params(members, required=(), description=None, extra=None):
    """A method's params: an object of named members; unknown members are refused (-32602)."""
    props = {}
    for name, schema in members.items():
        props[name] = schema if name in required else nullable(schema)
    out = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        out["required"] = list(required)
    if description:
        out["description"] = description
    if extra:
        out.update(extra)
    return out


def obj(props, required=None, description=None, additional=False):
    out = {"type": "object", "properties": props, "required": list(props) if required is None else required,
           "additionalProperties": additional}
    if description:
        out["description"] = description
    return out


# StrictCoding/InputLimits.swift: a name (a road, a sign, a key, an id) and an enum-like tag (a language, a profile).
NAME = {"type": "string", "maxLength": 300}
TAG = {"type": "string", "maxLength": 64}
# ClockAdvance.maximumTime: the latest a client's clock may read (guidance's time, clock.advance's to).
CLIENT_TIME = {"type": "number", "minimum": 0, "maximum": 1e9}


def name(description=None, base=NAME):
    return {**base, "description": description} if description else dict(base)


NO_PARAMS = {"type": "object", "maxProperties": 0, "description": "No params: omit them or send {}."}
UINT32 = {"type": "integer", "minimum": 0, "maximum": 4294967295}

METHODS = {
    # method: (params schema, result schema)
    "prompt.speak": (
        params({
            "text": {"type": "string", "pattern": "\\S", "description": "Words to speak as they are (not blank)."},
            "ssml": {"type": "string", "pattern": "\\S", "description": "Words in SSML (speak, break, emphasis, say-as, prosody), said through eSpeak NG's own SSML: the markup is never spoken; an element it does not know is dropped with its words kept."},
            "maneuver": ref("Maneuver"),
            "then": ref("Maneuver"),
            "language": name("A phrase pack (en-US, de, …; de-AT finds de); for text also an eSpeak NG voice name. Default en-US. Unknown: -32000.", TAG),
            "priority": {"enum": PRIORITIES, "description": "Default normal. A higher priority plays before anything of a lower one that waits."},
            "deadline": {"type": "number", "exclusiveMinimum": 0, "maximum": 3600, "description": "Seconds from now after which the prompt may no longer start: it expires instead."},
            "key": name("A newer prompt of this client with the same key supersedes a waiting one."),
            "wait": {"type": "boolean", "description": "false: answer at once with {id, position}; otherwise answer with the outcome once it has ended."},
            "outliveClient": {"type": "boolean", "description": "true: the prompt still plays if this client disconnects first (its session lasts until the prompt has ended); otherwise a client's prompts end with it."},
            "timingFromText": {"type": "boolean", "description": "true (text only): a distance ahead or 'now' in the text, in its language's words, gives the prompt a key and a deadline where it has none of its own. Best effort."},
            "rate": {"type": "integer", "minimum": -100, "maximum": 100, "description": "How fast the words are said, -100 (slowest) to 100 (fastest); 0 (default) VoxNav's own rate. speech-dispatcher's scale."},
            "pitch": {"type": "integer", "minimum": -100, "maximum": 100, "description": "How high the words are said, -100 to 100; 0 (default) the voice's own pitch. speech-dispatcher's scale."},
        }, description="Exactly one of text, ssml and maneuver; then only with maneuver, timingFromText only with text.",
           extra={"oneOf": [
               {"required": ["text"], "properties": {"text": {"type": "string"}, "ssml": {"type": "null"}, "maneuver": {"type": "null"}, "then": {"type": "null"}}},
               {"required": ["ssml"], "properties": {"ssml": {"type": "string"}, "text": {"type": "null"}, "maneuver": {"type": "null"}, "then": {"type": "null"}, "timingFromText": {"type": "null"}}},
               {"required": ["maneuver"], "properties": {"maneuver": {"type": "object"}, "text": {"type": "null"}, "ssml": {"type": "null"}, "timingFromText": {"type": "null"}}},
           ]}),
        {"oneOf": [ref("PromptOutcome"), ref("QueuedPrompt")]},
    ),
    "prompt.alert": (
        params({"kind": ref("AlertKind"),
                "text": {"type": "array", "minItems": 1, "maxItems": 8, "items": {"type": "string", "pattern": "\\S"},
                         "description": "The app's own words instead of a kind: its title variants, longest first (by characters; otherwise -32602); the richest that fits a prompt's time is said."},
                "distance": {"type": "number", "minimum": 0, "maximum": 100000, "description": "Meters to it (with kind); omitted: \"… ahead\"."},
                "language": name("A phrase pack; default: this client's guidance language (and then its units), else en-US. Unknown: -32000.", TAG),
                "deadline": {"type": "number", "exclusiveMinimum": 0, "maximum": 3600},
                "dismissAfter": {"type": "number", "exclusiveMinimum": 0, "maximum": 3600,
                                 "description": "Seconds from now: not said by then, it never is (prompt.expired, then alert.dismissed)."},
                "wait": {"type": "boolean", "description": "Default true: answer when it has ended; false: answer at once with its id."}},
               description="A navigation alert, queued at priority important: a kind worded by the phrase pack, or the app's own text. "
                           "Exactly one of kind and text.",
               extra={"oneOf": [{"required": ["kind"]}, {"required": ["text"]}], "dependentRequired": {"distance": ["kind"]}}),
        {"oneOf": [ref("PromptOutcome"), ref("QueuedPrompt")]},
    ),
    "prompt.cancel": (
        params({"id": name("One prompt of this client (as in its events); omitted: all of them.")}),
        obj({"cancelled": {"type": "array", "items": {"type": "string"}}}),
    ),
    "events.subscribe": (
        params({"types": {"type": "array", "items": {"enum": EVENT_TYPES + EVENT_GROUPS}, "maxItems": len(EVENT_TYPES + EVENT_GROUPS),
                          "description": "Event types or groups (the part before the dot); omitted: every event."}}),
        obj({"subscribed": {"type": "array", "items": {"enum": EVENT_TYPES + EVENT_GROUPS}}}),
    ),
    "events.unsubscribe": (NO_PARAMS, obj({"subscribed": {"type": "array", "maxItems": 0}})),
    "source.start": (
        params({"kind": ref("SourceKind"), "activity": ref("SourceActivity"),
                "duration": {"type": "number", "exclusiveMinimum": 0, "maximum": 60,
                             "description": "vehicleChime only: seconds until it ends by itself (default: its sound's length)."}},
               required=["kind"],
               extra={"if": {"required": ["duration"], "properties": {"duration": {"type": "number"}}}, "then": {"properties": {"kind": {"const": "vehicleChime"}}}}),
        ref("Source"),
    ),
    "source.stop": (
        params({"kind": ref("SourceKind")}, required=["kind"], description="Stopping a source that is not running is -32000."),
        obj({"kind": ref("SourceKind"), "state": {"const": "stopped"}}),
    ),
    "source.list": (NO_PARAMS, obj({"sources": {"type": "array", "items": ref("Source")}})),
    "state.get": (NO_PARAMS, ref("EngineState")),
    "session.configure": (
        params({"category": {"enum": CATEGORIES}, "mode": {"enum": MODES, "description": "Default default."},
                "options": {"type": "array", "items": {"enum": OPTIONS}}},
               required=["category"],
               description="An impossible pairing (SessionConfiguration.problems) is -32602.",
               extra={"allOf": (
                   [{"if": {"required": ["mode"], "properties": {"mode": {"const": mode}}},
                     "then": {"properties": {"category": {"enum": cats}}}} for mode, cats in MODE_CATEGORIES.items()]
                   + [{"if": {"required": ["options"], "properties": {"options": {"type": "array", "contains": {"const": option}}}},
                       "then": {"properties": {"category": {"enum": cats}}}} for option, cats in OPTION_CATEGORIES.items()])}),
        obj({"configured": ref("SessionConfiguration")}),
    ),
    "session.setActive": (
        params({"active": {"type": "boolean"}, "notifyOthers": {"type": "boolean", "description": "Default true."}},
               required=["active"],
               description="Activating before session.configure, or against a holder that rejects it, is -32000."),
        obj({"active": {"type": "boolean"}, "effects": {"type": "array", "items": {"type": "string"}}}),
    ),
    "session.promptStyle": (NO_PARAMS, ref("PromptStyles")),
    "session.voiceGuidance": (
        params({"level": {"enum": VOICE_GUIDANCE, "description": "The user's toggle for this client's prompts: off (none plays), alertsOnly (maneuver instructions are silent, text plays), all."}},
               required=["level"]),
        ref("PromptStyles"),
    ),
    "session.promptsDuringCall": (
        params({"setting": {"enum": PROMPTS_DURING_CALL, "description": "The user's setting for this client's prompts while a voice call is active: tone (the policy's voiceCallActive style, a short tone by default), voice (the spoken prompt, mixed with the call), off (nothing)."}},
               required=["setting"],
               description="A guidance instruction not spoken because of a call (or the voice assistant) is said once, as the maneuver still ahead is then, when that ends."),
        ref("PromptStyles"),
    ),
    "session.guidanceGain": (
        params({"gain": {"enum": GUIDANCE_GAINS, "description": "How loud this client's prompts are: softer (-6 dB), normal, louder (+6 dB, through a limiter). The policy's audibility: target may still raise a prompt or duck the bed deeper."}},
               required=["gain"]),
        ref("PromptStyles"),
    ),
    "session.voiceControl": (
        params({"shown": {"type": "boolean", "description": "true: this client shows its voice-control template (the one window it may record in); false: it hides it."}},
               required=["shown"],
               description="While any client shows its template, every prompt's style is none. Recording outside the template is audited (recordingInCar)."),
        obj({"shown": {"type": "boolean"}, "style": ref("PromptStyle")}),
    ),
    "audit.get": (
        params({"all": {"type": "boolean", "description": "Default true; false: this client's only."}}),
        obj({"violations": {"type": "array", "items": ref("Violation")}}),
    ),
    "guidance.start": (
        params({"language": name("A phrase pack; default en-US. Unknown: -32000.", TAG),
                "profile": {**TAG, "examples": ["car", "bicycle", "pedestrian"],
                            "description": "A vehicle profile: car (default), bicycle, pedestrian. Unknown: -32000."},
                "units": {"enum": UNIT_SYSTEMS, "description": "The unit system distances are said in; default the pack's own. One the pack does not word (en-US and en-GB word metric too): -32000."},
                "verbosity": {"enum": VERBOSITIES, "description": "How much is said: brief (turn now, plus prepare on a fast road: "
                              "at or above 1.6 x the profile's default speed, 72 km/h for a car), normal (default: every state the "
                              "timing allows), detailed (also a late initial prompt, prepares worded with road names and numbers)."},
                "roadNames": {"type": "boolean", "description": "Whether prompts name the road (turn right onto Main Street); default true."},
                "roadNumbers": {"type": "boolean", "description": "Whether prompts say route numbers (onto Interstate 95), a road named by its number too; default true."},
                "maneuvers": {"type": "array", "items": {"allOf": [ref("Upcoming"), {"required": ["maneuver"]}]}, "minItems": 1,
                              "description": "The route's first report, as guidance.update's: at least one maneuver ahead, each described. Absent: the first guidance.update brings it."},
                "speed": {"type": "number", "minimum": 0, "maximum": 100, "description": "With maneuvers: meters per second; default 0."},
                "time": {**CLIENT_TIME, "description": "With maneuvers: as in guidance.update."},
                "interval": {"type": "number", "exclusiveMinimum": 0, "maximum": 10, "description": "With maneuvers: as in guidance.update."},
                "trip": {**ref("TripReport"), "description": "With maneuvers: the trip's estimates, as in guidance.update."},
                "arrivalOnDeparture": {"type": "boolean", "description": "Whether the departure prompt ends with the arrival (\"… You'll arrive at 8:41 AM\"), once a report carried trip; default false."}},
               description="Refused (-32000) while the car's own navigation guides (a nativeNavigation source runs). speed, time, interval and trip "
                           "without maneuvers, or maneuvers empty or with one not described: -32602.",
               extra={"dependentRequired": {"speed": ["maneuvers"], "time": ["maneuvers"], "interval": ["maneuvers"], "trip": ["maneuvers"]}}),
        obj({"language": {"type": "string"}, "profile": {"type": "string"}, "units": {"enum": UNIT_SYSTEMS},
             "verbosity": {"enum": VERBOSITIES}, "roadNames": {"type": "boolean"}, "roadNumbers": {"type": "boolean"},
             "arrivalOnDeparture": {"type": "boolean"},
             "prompts": {"type": "array", "items": ref("PlannedPrompt"), "description": "With maneuvers in the request: what the first report decided."},
             "quiet": {**ref("QuietWindow"), "description": "With maneuvers in the request: as guidance.update's."},
             "trip": {**ref("TripEstimates"), "description": "With trip in the request: as guidance.update's."}},
            required=["language", "profile", "units", "verbosity", "roadNames", "roadNumbers", "arrivalOnDeparture"]),
    ),
    "guidance.update": (
        params({"time": {**CLIENT_TIME, "description": "Seconds on the client's own monotonic clock (simulations), at most 1e9; default the daemon's clock."},
                "speed": {"type": "number", "minimum": 0, "maximum": 100, "description": "Meters per second."},
                "maneuvers": {"type": "array", "items": ref("Upcoming"), "minItems": 1, "maxItems": 1000,
                              "description": "The next maneuvers in route order, at least one (empty: -32602; a guidance always has one ahead). An id never described is -32000 (the update is refused whole)."},
                "interval": {"type": "number", "exclusiveMinimum": 0, "maximum": 10,
                             "description": "Seconds between this client's updates (its tick); default: the daemon measures the time since the last update. Declaring it makes the result carry quiet."},
                "trip": ref("TripReport")},
               required=["speed", "maneuvers"]),
        obj({"prompts": {"type": "array", "items": ref("PlannedPrompt")},
             "quiet": {**ref("QuietWindow"), "description": "Only when the update declared its interval and the next maneuver has had its first decision: "
                       "the announcer decides nothing on a later update while maneuverID stays ahead beyond every bound and the maneuvers listed stay the same."},
             "paused": {"enum": GUIDANCE_PAUSE_REASONS, "description": "While guidance is paused: the report was taken, nothing announced."},
             "trip": {**ref("TripEstimates"), "description": "When the report carried trip: the estimates as kept, the arrival worked out when not given."}},
            required=["prompts"]),
    ),
    "guidance.reroute": (
        params({"time": {**CLIENT_TIME,
                         "description": "Seconds on the client's own monotonic clock, as in guidance.update; default the daemon's clock."}},
               description="The route is being recalculated: the pack's \"Recalculating route\" is queued unless one was within 10 s, "
                           "the old route's waiting prompts are skipped, and the announcer starts again (old maneuver ids are forgotten). "
                           "Without guidance.start: -32000."),
        obj({"announced": {"type": "boolean"},
             "prompt": {"type": "string", "description": "The queued prompt's id (its events tell the rest), when announced."},
             "text": {"type": "string", "description": "The pack's words for it."},
             "reason": {"type": "string", "description": "Why it was not announced (within the 10 s window, or not queued)."},
             "cancelled": {"type": "array", "items": {"type": "string"}, "description": "The old route's waiting guidance prompts, skipped."}},
            required=["announced", "text", "cancelled"]),
    ),
    "guidance.repeat": (
        params({"time": {**CLIENT_TIME,
                         "description": "Seconds on the client's own monotonic clock, as in guidance.update; default: the last "
                                        "update's time plus the seconds since it arrived on the daemon's clock."}},
               description="The driver asks to hear the next maneuver again: its prompt is queued now, at the distance of the "
                           "last guidance.update moved on at its speed (as heard), in the state that distance belongs to, "
                           "under the prompt style; at most once per 3 s. Without guidance.start: -32000."),
        obj({"repeated": {"type": "boolean"},
             "prompt": {"type": "string", "description": "The queued prompt's id (its events tell the rest), when repeated."},
             "maneuverID": {"type": "string"},
             "state": ref("ManeuverState"),
             "text": {"type": "string", "description": "The words queued."},
             "distance": {"type": "number", "description": "Meters to the maneuver when the words are heard."},
             "reason": {"type": "string", "description": "Why it was not repeated (within 3 s of the last, no maneuver ahead, not queued)."},
             "retryAfter": {"type": "number", "exclusiveMinimum": 0, "description": "Seconds until a repeat is allowed again (the rate limit)."}},
            required=["repeated"]),
    ),
    "guidance.estimates": (
        params({"time": {**CLIENT_TIME,
                         "description": "Seconds on the client's own monotonic clock, as in guidance.update; default the daemon's clock."}},
               description="The driver asks when they will arrive: the trip's last estimates, moved on to now at the speed reported with "
                           "them, are queued in the pack's sentence (\"You'll arrive at 5:42 PM, in 23 minutes. 14 miles to go\"). "
                           "Not said while paused or before a guidance.update carried trip (announced false, with the reason). Without guidance: -32000."),
        obj({"announced": {"type": "boolean"},
             "prompt": {"type": "string", "description": "The queued prompt's id (its events tell the rest), when announced."},
             "text": {"type": "string", "description": "The words, when there were estimates to say."},
             "trip": {**ref("TripEstimates"), "description": "The estimates said, moved on to the moment asked."},
             "reason": {"type": "string", "description": "Why nothing was said (no trip reported, paused, not queued)."}},
            required=["announced"]),
    ),
    "guidance.pause": (
        params({"reason": {"enum": GUIDANCE_PAUSE_REASONS},
                "time": {**CLIENT_TIME,
                         "description": "Seconds on the client's own monotonic clock, as in guidance.update; default the daemon's clock."}},
               required=["reason"],
               description="Guidance pauses: nothing is announced until guidance.resume, the guidance's waiting prompts are skipped, and the "
                           "reason's words are queued (loading, locating, rerouting, proceedToRoute; not arrived) unless the same reason was "
                           "said within 10 s. rerouting is also guidance.reroute (the old route is forgotten). Without guidance: -32000."),
        obj({"paused": {"enum": GUIDANCE_PAUSE_REASONS},
             "announced": {"type": "boolean"},
             "prompt": {"type": "string", "description": "The queued prompt's id, when announced."},
             "text": {"type": "string", "description": "The pack's words for the reason; absent for arrived."},
             "reason": {"type": "string", "description": "Why the words were not said."},
             "cancelled": {"type": "array", "items": {"type": "string"}, "description": "The guidance's waiting prompts, skipped."}},
            required=["paused", "announced", "cancelled"]),
    ),
    "guidance.resume": (
        params({"time": {**CLIENT_TIME, "description": "Seconds on the client's own monotonic clock, as in guidance.update."}},
               description="Guidance goes on after guidance.pause: the next guidance.update is announced as it stands. Without guidance: -32000."),
        obj({"resumed": {"type": "boolean", "description": "False when guidance was not paused (nothing changed)."},
             "from": {"enum": GUIDANCE_PAUSE_REASONS, "description": "What it had been paused for."}},
            required=["resumed"]),
    ),
    "guidance.end": (
        params({"reason": {"enum": ["finished", "cancelled"],
                           "description": "finished: the prompt playing is said to its end, the waiting ones skipped; cancelled or absent: "
                                          "every prompt of the guidance stops. The guidance.ended event's reason is this, or clientRequest when absent."}},
               description="Ends this client's guidance; a guidance.ended event follows."),
        obj({"ended": {"const": True}})),
    "clock.advance": (
        params({"to": {**CLIENT_TIME,
                       "description": "Seconds on the daemon's clock; an earlier time than now leaves it where it is."}},
               required=["to"],
               description="Only on a simulated clock (voxnavd --clock virtual|compressed); on the real clock -32000. "
                           "Returns once every timer up to 'to' has fired and the engine is idle."),
        obj({"now": {"type": "number"}, "clock": {"enum": ["virtual", "compressed"]}})),
}

# ISO 8601's extended date and time with its offset (the driver's clock): 2026-11-28T17:42:00-05:00.
ISO_OFFSET_TIME = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2})$"

DEFS = {
    # ---- envelopes ----
    "ID": {"description": "A request id: a string or an integer (|n| < 9e15). null is allowed but cannot be told apart from an unreadable id in the response.",
           "anyOf": [{"type": "string"}, {"type": "integer", "minimum": -8999999999999999, "maximum": 8999999999999999}, {"type": "null"}]},
    "RequestEnvelope": {
        "description": "What the router checks (-32600 otherwise). Other members are ignored.",
        "type": "object",
        "properties": {"jsonrpc": {"const": "2.0"}, "id": ref("ID"), "method": {"type": "string"},
                       "params": {"type": ["object", "array"], "description": "Every method takes an object of named members; an array is -32602."}},
        "required": ["jsonrpc", "method"],
    },
    "Request": {
        "description": "A request (with an id: exactly one response with that id) or a client notification (no id: executed, never answered). Params are checked per method.",
        "allOf": [ref("RequestEnvelope"), ref("MethodCall")],
    },
    "MethodCall": {
        "description": "The method and its params, keyed on method.",
        "oneOf": [
            {"properties": {"method": {"const": m}, "params": ref("params." + m)}, "required": ["method"]}
            for m in METHODS
        ],
    },
    "Batch": {"type": "array", "minItems": 1, "items": ref("Request"), "description": "Answered by an array of the responses to its requests (nothing if all are notifications). An empty batch is -32600."},
    "ClientMessage": {"description": "One line a client sends.", "oneOf": [ref("Request"), ref("Batch")]},
    "Error": {
        "type": "object",
        "properties": {
            "code": {"enum": ERROR_CODES, "description": "-32700 not JSON; -32600 invalid request (also a frame over 1 MiB); -32601 unknown method; -32602 invalid params; -32603 daemon bug; -32000 the engine could not do it; -32001 too many requests in flight on this connection (64)."},
            "message": {"type": "string"},
            "data": {},
        },
        "required": ["code", "message"],
        "additionalProperties": False,
    },
    "Response": {
        "type": "object",
        "properties": {"jsonrpc": {"const": "2.0"}, "id": ref("ID"), "result": {}, "error": ref("Error")},
        "required": ["jsonrpc", "id"],
        "additionalProperties": False,
        "oneOf": [{"required": ["result"], "not": {"required": ["error"]}},
                  {"required": ["error"], "not": {"required": ["result"]}}],
        "description": "id is null when the request's id could not be read (parse error, invalid request, oversized frame). result's shape depends on the method: see $defs result.<method>.",
    },
    "EventNotification": {
        "type": "object",
        "properties": {"jsonrpc": {"const": "2.0"}, "method": {"const": "event"}, "params": ref("Event")},
        "required": ["jsonrpc", "method", "params"],
        "additionalProperties": False,
        "description": "Sent to a connection after events.subscribe, for every event it asked for.",
    },
    "ServerMessage": {"description": "One line the daemon sends.",
                      "oneOf": [ref("Response"), {"type": "array", "minItems": 1, "items": ref("Response")}, ref("EventNotification")]},
    # ---- values ----
    "SourceKind": {"enum": SOURCE_KINDS},
    "ForeignHandling": {"enum": ["paused", "alreadyPaused", "muted", "resumed", "leftPaused", "playerGone", "unmuted"],
                        "description": "How another program's stream was interrupted or let go: through its MPRIS player, or muted."},
    "SourceActivity": {"enum": ACTIVITIES, "description": "listening/speaking for voiceAssistant, voicemail for spokenAudio; default otherwise."},
    "PromptStyle": {"enum": STYLES},
    "PromptStyles": obj({"style": ref("PromptStyle"), "alertStyle": ref("PromptStyle"), "voiceGuidance": {"enum": VOICE_GUIDANCE},
                         "promptsDuringCall": {"enum": PROMPTS_DURING_CALL}, "guidanceGain": {"enum": GUIDANCE_GAINS}},
                        description="What a prompt of this client would be now: a maneuver instruction (style) and anything else it says (alertStyle), under its voice-guidance level and its setting for prompts during a call."),
    "PromptPriority": {"enum": PRIORITIES},
    "ManeuverState": {"enum": MANEUVER_STATES},
    "AlertKind": {"enum": ALERT_KINDS, "description": "What prompt.alert warns of (docs/PHRASES.md, alerts)."},
    "Lane": {"type": "object", "properties": {"angle": {"type": "number", "minimum": -180, "maximum": 180},
                                               "status": {"enum": ["notGood", "good", "preferred"]}},
             "required": ["angle", "status"], "additionalProperties": False,
             "description": "Degrees: 0 straight on, negative left. Unknown members are refused."},
    "Maneuver": {
        "type": "object",
        "description": "CarPlay's maneuver metadata; only type is required. null means absent. Unknown members are refused.",
        "additionalProperties": False,
        "properties": {
            "type": {"enum": MANEUVER_TYPES + MANEUVER_TYPE_ALIASES,
                     "description": "enter_Ferry is CarPlay's Swift spelling of enterFerry."},
            "junctionType": nullable({"enum": ["intersection", "roundabout"]}),
            "trafficSide": nullable({"enum": ["right", "left"]}),
            "lanes": nullable({"type": "array", "items": ref("Lane"), "maxItems": 32, "description": "Left to right."}),
            "state": nullable(ref("ManeuverState")),
            "instructionVariants": nullable({"type": "array", "items": NAME, "maxItems": 16}),
            "roadName": nullable(name()),
            "roadNamePronunciation": nullable({**NAME, "description": "How to say roadName, said in its place, never shown: eSpeak NG phonemes in [[...]] or words (OSRM's and Mapbox's step pronunciation)."}),
            "routeNumber": nullable(name()),
            "exitNumber": nullable(name()),
            "towards": nullable({**NAME, "description": "Where the maneuver's signposts point (OSRM destinations, Valhalla exit toward): said as 'toward ...'."}),
            "rotaryName": nullable({**NAME, "description": "The roundabout's own name (OSRM rotary_name)."}),
            "heading": nullable({"type": "number", "minimum": 0, "exclusiveMaximum": 360, "description": "For a start: the heading the route leaves in, degrees clockwise from north, said as a compass point."}),
            "currentRoadName": nullable({**NAME, "description": "The road the vehicle is on before the maneuver, said in continue prompts."}),
            "destinationName": nullable({**NAME, "description": "For an arrival: the destination's name, when the route gives one."}),
            "distanceRemaining": nullable({"type": "number", "minimum": -1000, "maximum": 5000000}),
            "timeRemaining": nullable({"type": "number", "minimum": 0, "maximum": 2592000}),
            **{field: nullable({"type": "array", "items": NAME, "maxItems": 16, "description": "CarPlay display only: accepted, never spoken."})
               for field in DISPLAY_TEXTS},
            **{field: nullable({**NAME, "description": "CarPlay display only (a label or an image's asset name): accepted, never spoken."})
               for field in DISPLAY_TEXT},
            **{field: nullable({"type": "object", "properties": {"lightContentImage": NAME, "darkContentImage": NAME},
                               "additionalProperties": False, "description": "CPImageSet by asset names; display only, never spoken."})
               for field in DISPLAY_IMAGE_SETS},
        },
        "required": ["type"],
    },
    "Upcoming": {
        "type": "object",
        "description": "One entry of guidance.update's maneuvers. maneuver is needed the first time an id is sent (and when it changes). Unknown members are refused.",
        "additionalProperties": False,
        "properties": {"id": name(),
                       "distance": {"type": "number", "minimum": -1000, "maximum": 5000000, "description": "Meters to the maneuver; ≤ 0 once passed."},
                       "timeRemaining": nullable({"type": "number", "minimum": 0, "maximum": 2592000,
                                                  "description": "Seconds the guidance engine expects to the maneuver, as of this report; where sooner than the speed says, the announcer's windows open for the speed it implies (a described maneuver's own timeRemaining counts for the report that describes it)."}),
                       "speedLimit": nullable({"type": "number", "minimum": 0, "maximum": 100,
                                               "description": "The speed limit (or expected speed) of the road at the maneuver, m/s as speed, as of this report: the announcer takes the vehicle to reach it there where it can speeding up at its planned acceleration and the time says less (up an on-ramp to a fork on the motorway)."}),
                       "maneuver": nullable(ref("Maneuver"))},
        "required": ["id", "distance"],
    },
    "SessionConfiguration": obj({"category": {"enum": CATEGORIES}, "mode": {"enum": MODES},
                                 "options": {"type": "array", "items": {"enum": OPTIONS}}}),
    # ---- results ----
    "PromptOutcome": obj({
        "id": {"type": "string", "description": "The prompt's id, as in its events (p-N)."},
        "result": {"enum": RESULTS},
        "style": ref("PromptStyle"),
        "text": {"type": "string", "description": "What was said; \"(earcon) …\" for the short style."},
        "voice": {"type": "string", "description": "The eSpeak NG voice; absent when no speech played."},
        "audioDuration": {"type": "number", "minimum": 0},
        "timings": obj({k: {"type": "number"} for k in ["audioReady", "activated", "playbackStarted", "drained", "deactivated", "restored"]},
                       required=[], description="Milliseconds after the request arrived; a step that did not happen is absent."),
        "ducked": {"type": "array", "items": obj({"kind": ref("SourceKind"), "sinkInput": UINT32,
                                                  "from": {"type": "array", "items": UINT32}, "to": {"type": "array", "items": UINT32}})},
        "paused": {"type": "array", "items": ref("SourceKind")},
        "reason": {"type": "string", "description": "Why nothing was played (skipped, expired)."},
        "cut": {"enum": CUT_RULES, "description": "interrupted: the policy's rule that cut the prompt short while it played."},
    }, required=["id", "result", "style", "text", "audioDuration", "timings", "ducked", "paused"],
        description="prompt.speak's result (without wait: false)."),
    "QueuedPrompt": obj({"id": {"type": "string"}, "position": {"type": "integer", "minimum": 0, "description": "0: next to play."}},
                        description="prompt.speak's result with wait: false; events tell the rest."),
    "Source": obj({
        "id": {"type": "string", "description": "The kind's name for a simulated source; pa-N for another program's stream."},
        "kind": ref("SourceKind"),
        "activity": {"enum": ["listening", "speaking", "voicemail"]},
        "name": {"type": "string"},
        "sinkInput": UINT32,
        "simulated": {"type": "boolean"},
        "state": {"enum": ["playing", "ducked", "paused", "stopped"]},
        "duckedDB": {"type": "number"},
        "volume": {"type": "array", "items": UINT32},
        "volumeDB": {"type": "number"},
        "corked": {"type": "boolean"},
        "muted": {"type": "boolean"},
        "position": {"type": "number", "description": "Seconds of programme played; absent for live sources."},
        "handling": ref("ForeignHandling"),
        "player": {"type": "string", "description": "The MPRIS player (its bus name) that plays another program's stream, where one was found."},
    }, required=["id", "kind", "name", "sinkInput", "simulated", "state", "volume", "corked", "muted"]),
    "Session": obj({"client": {"type": "string"}, "configuration": ref("SessionConfiguration"),
                    "active": {"type": "boolean"}, "promptStyle": ref("PromptStyle")}),
    "Violation": obj({"client": {"type": "string"}, "at": {"type": "number"}, "rule": {"enum": RULES}, "detail": {"type": "string"}}),
    "EngineState": obj({
        "time": {"type": "number", "description": "Seconds on the daemon's clock."},
        "clock": {"enum": ["real", "virtual", "compressed"]},
        "promptsWaiting": {"type": "integer", "minimum": 0},
        "promptSecondsWaiting": {"type": "number", "minimum": 0, "description": "Seconds of speech the waiting prompts hold."},
        "promptPlaying": {"type": "boolean"},
        "sessionActive": {"type": "boolean"},
        "promptsSpoken": {"type": "integer", "minimum": 0},
        "promptsSkipped": {"type": "integer", "minimum": 0},
        "promptUnderflows": {"type": "integer", "minimum": 0, "description": "Times the sound server ran out of a prompt's audio before VoxNav had written it all, since the start: a gap heard inside a prompt. A prompt is written whole before it plays, so 0."},
        "guidanceClients": {"type": "integer", "minimum": 0},
        "promptStyle": ref("PromptStyle"),
        "sources": {"type": "array", "items": ref("Source")},
        "sessions": {"type": "array", "items": ref("Session")},
        "violations": {"type": "array", "items": ref("Violation")},
        "journalProblem": {"type": "string", "description": "Why the journal cannot be written, while it cannot: other programs' streams are then neither ducked, paused nor muted."},
        "guidance": {"type": "array", "items": ref("GuidanceState"), "description": "Each client's guidance."},
    }, required=["time", "clock", "promptsWaiting", "promptSecondsWaiting", "promptPlaying", "sessionActive", "promptsSpoken",
                 "promptsSkipped", "promptUnderflows", "guidanceClients", "promptStyle", "sources", "sessions", "violations", "guidance"]),
    "GuidanceState": obj({
        "client": {"type": "string"},
        "language": {"type": "string"},
        "units": {"enum": UNIT_SYSTEMS},
        "paused": {"enum": GUIDANCE_PAUSE_REASONS, "description": "Why it is paused, while it is."},
        "trip": {**ref("TripEstimates"), "description": "The trip's last estimates, when a report carried them."},
        "trafficSideAssumed": {"type": "array", "items": {"type": "string"}, "minItems": 1,
                               "description": "The maneuvers at a roundabout described without trafficSide, for which right-hand traffic is assumed."},
    }, required=["client", "language", "units"]),
    "TripReport": obj({
        "distance": {"type": "number", "minimum": 0, "maximum": 50000000, "description": "Meters to the destination."},
        "time": {"type": "number", "minimum": 0, "maximum": 2592000, "description": "Seconds to the destination."},
        "arrival": {"type": "string", "maxLength": 64, "pattern": ISO_OFFSET_TIME,
                    "description": "ISO 8601 with the offset of the driver's clock; said in that offset. Absent: now plus time, in the daemon's time zone."},
    }, required=["distance", "time"]),
    "TripEstimates": obj({
        "distance": {"type": "number", "minimum": 0},
        "time": {"type": "number", "minimum": 0},
        "arrival": {"type": "string", "pattern": ISO_OFFSET_TIME},
        "arrivalDerived": {"type": "boolean", "description": "True when the daemon worked the arrival out (not reported)."},
    }, required=["distance", "time", "arrival", "arrivalDerived"]),
    "QuietWindow": obj({
        "maneuverID": {"type": "string"},
        "beyond": {"type": "array", "items": obj({"meters": {"type": "number"}, "seconds": {"type": "number"}}, required=["meters", "seconds"]),
                   "description": "Quiet while the maneuver's distance is more than meters + seconds x speed for every bound; empty: nothing left to say for it, quiet until it is passed."},
    }, required=["maneuverID", "beyond"]),
    "PlannedPrompt": obj({
        "maneuverID": {"type": "string"},
        "state": ref("ManeuverState"),
        "text": {"type": "string"},
        "distance": {"type": "number", "description": "The distance said (before rounding), meters."},
        "chainedManeuverID": {"type": "string"},
        "secondChainedManeuverID": {"type": "string", "description": "A third maneuver close behind the chained one, said after it."},
    }, required=["maneuverID", "state", "text", "distance"]),
    # ---- events ----
    "Event": {
        "type": "object",
        "description": "EventRecord: one flat shape for every type; the members that apply are present.",
        "properties": {
            "type": {"enum": EVENT_TYPES},
            "time": {"type": "number", "description": "Seconds on the daemon's clock."},
            "client": {"type": "string"},
            "prompt": {"type": "string"},
            "source": {"type": "string"},
            "kind": ref("SourceKind"),
            "text": {"type": "string"},
            "style": ref("PromptStyle"),
            "priority": ref("PromptPriority"),
            "reason": {"type": "string"},
            "dB": {"type": "number"},
            "shouldResume": {"type": "boolean"},
            "rule": {"enum": RULES},
            "cut": {"enum": CUT_RULES, "description": "prompt.interrupted: the policy's rule that cut the prompt short while it played (its verdict went quieter than its style)."},
            "activity": {"enum": ["listening", "speaking", "voicemail"]},
            "duration": {"type": "number", "minimum": 0, "description": "prompt.finished, prompt.shortened: seconds of prompt audio (with its pre-roll)."},
            "preRoll": {"type": "number", "exclusiveMinimum": 0, "description": "prompt.started: seconds of silence before the first word, after an idle gap (the policy's outputs:)."},
            "gain": {"type": "number", "description": "prompt.started: dB applied to the prompt's speech (its client's session.guidanceGain and any boost the policy's audibility: target asked for)."},
            "extraDuck": {"type": "number", "maximum": 0, "description": "prompt.started: dB the ducked sources went below their duck for the prompt to stand out (the policy's audibility:)."},
            "aboveBed": {"type": "number", "description": "prompt.started: dB the prompt's speech level stands above the bed under it, as measured from the sink's monitor."},
            "speechLevel": {"type": "number", "maximum": 0, "description": "prompt.started: the prompt's speech level as played (dBFS, gated), when it is speech: the policy's audibility.promptLevel plus its gain."},
            "handling": ref("ForeignHandling"),
            "player": {"type": "string", "description": "source.handled: the MPRIS player's bus name."},
            "maneuver": {"type": "string", "description": "prompt.queued, for a guidance instruction: the id of the maneuver it is for."},
            "state": {"enum": MANEUVER_STATES, "description": "prompt.queued, for a guidance instruction: the state it announces (execute: the final instruction)."},
        },
        "required": ["type", "time"],
        "additionalProperties": False,
        "allOf": [
            {"if": {"properties": {"type": {"pattern": "^prompt\\.(?!refused$)"}}}, "then": {"required": ["client", "prompt"]}},
            {"if": {"properties": {"type": {"const": "prompt.refused"}}}, "then": {"required": ["client", "reason"]}},
            {"if": {"properties": {"type": {"const": "prompt.queued"}}}, "then": {"required": ["text", "priority"]}},
            {"if": {"properties": {"type": {"const": "prompt.started"}}}, "then": {"required": ["text", "style"]}},
            {"if": {"properties": {"type": {"enum": ["prompt.finished", "prompt.shortened"]}}}, "then": {"required": ["text", "style"]}},
            {"if": {"properties": {"type": {"enum": ["prompt.skipped", "prompt.expired", "prompt.interrupted"]}}}, "then": {"required": ["reason"]}},
            {"if": {"properties": {"type": {"pattern": "^(session|interruption)\\."}}}, "then": {"required": ["client"]}},
            {"if": {"properties": {"type": {"const": "session.deactivated"}}}, "then": {"required": ["reason"]}},
            {"if": {"properties": {"type": {"enum": ["source.started", "source.changed", "source.ended"]}}}, "then": {"required": ["source", "kind"]}},
            {"if": {"properties": {"type": {"const": "source.changed"}}}, "then": {"required": ["activity"]}},
            {"if": {"properties": {"type": {"enum": ["source.ducked", "source.restored", "source.paused", "source.resumed", "source.stopped"]}}},
             "then": {"anyOf": [{"required": ["source"]}, {"required": ["client"]}]}},
            {"if": {"properties": {"type": {"const": "source.ducked"}}}, "then": {"required": ["dB"]}},
            {"if": {"properties": {"type": {"const": "source.handled"}}}, "then": {"required": ["source", "handling"]}},
            {"if": {"properties": {"type": {"const": "interruption.ended"}}}, "then": {"required": ["shouldResume"]}},
            {"if": {"properties": {"type": {"const": "audit.violation"}}}, "then": {"required": ["client", "rule", "reason"]}},
            {"if": {"properties": {"type": {"const": "server.lost"}}}, "then": {"required": ["reason"]}},
            {"if": {"properties": {"type": {"enum": ["journal.failing", "journal.recovered"]}}}, "then": {"required": ["reason"]}},
            {"if": {"properties": {"type": {"const": "guidance.ended"}}},
             "then": {"required": ["client", "reason"], "properties": {"reason": {"enum": GUIDANCE_END_REASONS}}}},
            {"if": {"properties": {"type": {"const": "alert.shown"}}}, "then": {"required": ["client", "prompt", "text"]}},
            {"if": {"properties": {"type": {"const": "alert.dismissed"}}},
             "then": {"required": ["client", "prompt", "text", "reason"],
                      "properties": {"reason": {"enum": ["finished", "shortened", "skipped", "expired", "interrupted"]}}}},
            {"if": {"properties": {"type": {"enum": ["guidance.paused", "guidance.resumed"]}}},
             "then": {"required": ["client", "reason"], "properties": {"reason": {"enum": GUIDANCE_PAUSE_REASONS}}}},
        ],
    },
}
for method, (p, r) in METHODS.items():
    DEFS["params." + method] = p
    DEFS["result." + method] = r

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://voxnav.invalid/protocol.schema.json",
    "title": "voxnavd JSON-RPC 2.0 protocol",
    "description": ("Every line on voxnavd's socket (docs/PROTOCOL.md). The root accepts any one line: a client message "
                    "(request, client notification or batch) or a server message (response, batch of responses, event "
                    "notification). Validate one direction with #/$defs/ClientMessage or #/$defs/ServerMessage, a result "
                    "with #/$defs/result.<method>, params with #/$defs/params.<method>. Generated by Tests/protocol/gen_schema.py."),
    "oneOf": [ref("ClientMessage"), ref("ServerMessage")],
    "$defs": DEFS,
}

if __name__ == "__main__":
    text = json.dumps(SCHEMA, indent=2, ensure_ascii=False) + "\n"
    if "--check" in sys.argv:
        current = open(OUT, encoding="utf-8").read() if os.path.exists(OUT) else ""
        if current != text:
            print("docs/protocol.schema.json is not what Tests/protocol/gen_schema.py generates; run it", file=sys.stderr)
            sys.exit(1)
        sys.exit(0)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote", os.path.relpath(OUT, ROOT))
