import LifecycleModel

/// One Android `Activity` as the androidx `Lifecycle` reports it: spec §4,
/// rows D1–D25. States are androidx's (`INITIALIZED` … `DESTROYED`); the
/// guide's "Paused" and "Stopped" are aliases of `STARTED` and `CREATED`
/// (§4.1: "there is no PAUSED or STOPPED state in androidx").
///
/// The machine follows one activity (A in the spec's rows) across its
/// instances: a rotation (D9) or a return after process death (D16) passes
/// the old instance down and a new one up from `INITIALIZED`. Callbacks of
/// other activities (B in D2, D11) are not part of this activity's trace.
///
/// Two levels matter, as the docs name them: the device's API level (`api`:
/// multi-resume from Android 10, root Back from Android 12) and the app's
/// target SDK (`targetSdk`, the same as `api` unless given): onSaveInstanceState
/// comes after onStop "for applications targeting" 28+ (`followingTargetSDK`).
/// D19: a paused activity down to DESTROYED, and the new instance up to RESUMED and back to STARTED.
private let pausedRecreated = ["created", "destroyed", "initialized", "created", "started", "resumed", "started"]

/// D9/D10 (and D19/D20 from a paused activity) for the configuration changes other than rotation:
/// the change is handled in onConfigurationChanged only if every flag it involves is declared in
/// android:configChanges (AD-MANIFEST); otherwise the activity is recreated (AD-ACT: "Unless you
/// specify otherwise, a configuration change … will cause your current activity to be destroyed").
/// The rows for "flag k is missing" require flags 0..<k declared, so at most one applies. API
/// levels come first in the conditions: they are the cheapest to check.
private let otherConfigurationChanges: [Transition] = [
    ("toggleDarkMode", ["uiMode"], 1, Confidence.doc, ["AD-ACT", "AD-MANIFEST", "AD-DARK"]),
    ("changeLocale", ["locale"], 1, .doc, ["AD-ACT", "AD-MANIFEST", "AD-SC"]),
    ("changeFontScale", ["fontScale"], 1, .doc, ["AD-ACT", "AD-MANIFEST"]),
    // The flags AD-MW names for multi-window; which of them a given resize changes depends on the device.
    ("resizeWindow", ["screenSize", "smallestScreenSize", "screenLayout", "orientation"], 24, .inferred, ["AD-ACT", "AD-MW", "AD-SC"]),
].flatMap { event, flags, floor, confidence, sources in
    configurationChange(event, flags: flags, floor: floor, confidence: confidence, sources: sources)
}

private func configurationChange(_ event: String, flags: [String], floor: Int, confidence: Confidence, sources: [String]) -> [Transition] {
    let above: [Condition] = floor > 1 ? [.apiAtLeast(floor)] : []
    let declared = "declared in android:configChanges: " + flags.joined(separator: "|")
    var rows: [Transition] = []
    for k in flags.indices {
        let missing = flags[..<k].map { Condition.configHandled($0) } + [.configNotHandled(flags[k])]
        let old28: [CallbackCall] = [.init("onPause"), .init("onStop"), .init("onSaveInstanceState"), .init("onDestroy")]
        let new: [CallbackCall] = [.init("onCreate"), .init("onStart"), .init("onRestoreInstanceState"), .init("onResume")]
        let note = "Not all of \(flags.joined(separator: "|")) is declared: recreated, as a rotation (D9)."
        rows += [
            Transition(
                "D9", from: "resumed", on: event, to: recreatedStates,
                callbacks: [.init("onTopResumedActivityChanged", optional: true)] + old28 + new + [.init("onTopResumedActivityChanged", optional: true)],
                covered: [.uncovered], sources: sources, confidence: confidence, when: [.apiAtLeast(max(29, floor))] + missing, note: note),
            Transition(
                "D9", from: "resumed", on: event, to: recreatedStates, callbacks: old28 + new,
                covered: [.uncovered], sources: sources, confidence: confidence, when: [.apiAtLeast(max(28, floor)), .apiBelow(29)] + missing, note: note),
            Transition(
                "D9", from: "resumed", on: event, to: recreatedStates,
                callbacks: [.init("onPause"), .init("onSaveInstanceState"), .init("onStop"), .init("onDestroy")] + new,
                covered: [.uncovered], sources: sources, confidence: confidence, when: above + [.apiBelow(28)] + missing,
                note: "Below API 28 onSaveInstanceState comes before onStop, before or after onPause (no guarantee)."),
            Transition(
                "D9", from: "resumed", on: event, to: recreatedStates,
                callbacks: [.init("onSaveInstanceState"), .init("onPause"), .init("onStop"), .init("onDestroy")] + new,
                covered: [.uncovered], sources: sources, confidence: confidence, when: above + [.apiBelow(28)] + missing,
                note: "The other order below API 28: onSaveInstanceState before onPause."),
        ]
        rows += recreatedWhilePaused(event, missing: missing, floor: floor, confidence: confidence, sources: sources)
    }
    let all = above + flags.map { Condition.configHandled($0) }
    rows += [
        Transition(
            "D10", from: "resumed", on: event, to: [], callbacks: [.init("onConfigurationChanged")],
            covered: [.uncovered], sources: sources, confidence: confidence, when: all, note: "Handled: " + declared + "."),
        Transition(
            "D20", from: "started", on: event, to: [], callbacks: [.init("onConfigurationChanged")],
            sources: sources, confidence: .inferred, when: all, note: "Handled while paused, as D10: " + declared + "."),
    ]
    return rows
}

/// D19 for a rotation: as D9's two conditions (orientation not declared; orientation without screenSize from API 13).
private let rotationWhilePaused =
    recreatedWhilePaused(
        "rotate", missing: [.configNotHandled("orientation")], floor: 1, confidence: .doc, sources: ["AD-SC", "AD-ACT", "AD-LC", "AD-MW"])
    + recreatedWhilePaused(
        "rotate", missing: [.configHandled("orientation"), .configNotHandled("screenSize")], floor: 13, confidence: .doc,
        sources: ["AD-SC", "AD-ACT", "AD-LC", "AD-MW"])

/// D19: a visible paused activity recreated by a configuration change `missing` describes, from API `floor`:
/// the old instance stops (onSaveInstanceState after onStop from API 28, before it below) and is destroyed;
/// the new one comes up to RESUMED and is paused again. AD-ACT's onResume states it for an activity that "was
/// visible, but wasn't the top-most activity of an activity task" (under a translucent activity): "onResume()
/// is guaranteed to be called before onPause() in this case". There the row is as sure as the change itself
/// (`confidence`); a split-screen activity paused below API 29 tops its own task, so for it the row is inferred.
private func recreatedWhilePaused(_ event: String, missing: [Condition], floor: Int, confidence: Confidence, sources: [String]) -> [Transition] {
    let new: [CallbackCall] = [.init("onDestroy"), .init("onCreate"), .init("onStart"), .init("onRestoreInstanceState"), .init("onResume"), .init("onPause")]
    let covers: [(cover: Cover, confidence: Confidence, note: String)] = [
        (.translucentActivity, confidence,
         "AD-ACT (onResume): a visible activity that is not the top of its task is relaunched to onPause, and onResume comes before onPause."),
        (.otherWindow, .inferred,
         "A split-screen activity paused below API 29 is recreated like the activity under a translucent one (AD-ACT's onResume names only that case)."),
    ]
    return covers.flatMap { cover, rowConfidence, note in
        [
            Transition(
                "D19", from: "started", on: event, to: pausedRecreated, callbacks: [.init("onStop"), .init("onSaveInstanceState")] + new,
                covered: [cover], sources: sources, confidence: rowConfidence, when: [.apiAtLeast(max(28, floor))] + missing, note: note),
            Transition(
                "D19", from: "started", on: event, to: pausedRecreated, callbacks: [.init("onSaveInstanceState"), .init("onStop")] + new,
                covered: [cover], sources: sources, confidence: rowConfidence, when: (floor > 1 ? [.apiAtLeast(floor)] : []) + [.apiBelow(28)] + missing,
                note: note + " Below API 28 onSaveInstanceState comes before onStop."),
        ]
    }
}

/// Rows that call onSaveInstanceState after onStop hold "for applications targeting platforms starting
/// with" API 28 (AD-ACT); they are written for a device at 28 or higher. Each gets `targetSdk` ≥ 28 and,
/// beside it, the rows of an older app on the same device: "before onStop … no guarantees about whether
/// it will occur before or after onPause", so one row per place. On a device below 28 the rows written
/// with `apiBelow(28)` apply whatever the target: the platform predates the change.
private func followingTargetSDK(_ rows: [Transition]) -> [Transition] {
    rows.flatMap { row -> [Transition] in
        let names = row.callbacks.map(\.name)
        guard let stop = names.firstIndex(of: "onStop"), let save = names.firstIndex(of: "onSaveInstanceState"), save > stop else {
            return [row]
        }
        var withoutSave = row.callbacks
        let call = withoutSave.remove(at: save)
        // Before onStop; and before onPause (and the onUserLeaveHint that precedes it) when this row pauses.
        var places = [stop]
        if let pause = names[..<stop].firstIndex(where: { $0 == "onPause" || $0 == "onUserLeaveHint" }) { places.append(pause) }
        let older = places.map { place -> Transition in
            var callbacks = withoutSave
            callbacks.insert(call, at: place)
            let position = place == stop ? "just before onStop" : "before onPause"
            return Transition(
                row.row, from: row.from, on: row.event, to: row.states, callbacks: callbacks, covered: row.covered,
                sources: row.sources, confidence: row.confidence, when: row.conditions + [.targetSDKBelow(28)], effects: row.effects,
                note: "An app targeting below API 28 on this device: onSaveInstanceState comes before onStop, here \(position) (no guarantee which).")
        }
        let newer = Transition(
            row.row, from: row.from, on: row.event, to: row.states, callbacks: row.callbacks, covered: row.covered,
            sources: row.sources, confidence: row.confidence, when: row.conditions + [.targetSDKAtLeast(28)], effects: row.effects,
            note: row.note)
        return [newer] + older
    }
}

/// D9: the old instance down to DESTROYED, a new one up from INITIALIZED to RESUMED.
private let recreatedStates = ["started", "created", "destroyed", "initialized", "created", "started", "resumed"]

/// Rows from a paused activity that need another activity or window over it (see `underAnotherWindow`);
/// D19 names its cover row by row (`recreatedWhilePaused`).
private let pausedUnderAnotherWindow: Set<String> = ["D17", "D18"]

/// The covers of a paused activity under another activity (D5) or beside a focused window (D11b). Home,
/// startActivity and a recreation from the paused state (D17–D19) need one of them: in picture-in-picture
/// the docs give no callbacks for these, so the model refuses them there.
private let underAnotherWindow: [Cover] = [.translucentActivity, .otherWindow]

extension Transition {
    /// The same row, possible only under these covers.
    fileprivate func only(under covers: [Cover]) -> Transition {
        Transition(
            row, from: from, on: event, to: states, callbacks: callbacks, covered: covers, sources: sources,
            confidence: confidence, when: conditions, effects: effects, note: note)
    }
}

/// D21–D23: picture-in-picture, from Android 8.0 (AD-PIP: "Starting in Android 8.0 (API level 26), Android
/// allows activities to launch in picture-in-picture (PiP) mode"). The activity stays paused in its PiP window
/// (cover `pictureInPicture`) until the user expands it or closes it.
private let pictureInPicture: [Transition] = [
    // D21: user-initiated (Home with auto-enter, or enterPictureInPictureMode from onUserLeaveHint) or from a button.
    Transition(
        "D21", from: "resumed", on: "enterPictureInPicture", to: ["started"],
        callbacks: [.init("onUserLeaveHint", optional: true), .init("onPause"), .init("onPictureInPictureModeChanged")],
        covered: [.uncovered], sources: ["AD-PIP", "AD-ACT"], when: [.apiAtLeast(26), .apiBelow(29)],
        effects: [.cover(.pictureInPicture)],
        note: "\"the system places the activity in the paused state and calls the activity's onPause() method\"; "
            + "onUserLeaveHint only when the user leaves (Home). onPictureInPictureModeChanged(true) after onPause: its place is inferred."),
    Transition(
        "D21", from: "resumed", on: "enterPictureInPicture", to: ["started"],
        callbacks: [
            .init("onTopResumedActivityChanged", optional: true), .init("onUserLeaveHint", optional: true), .init("onPause"),
            .init("onPictureInPictureModeChanged"),
        ],
        covered: [.uncovered], sources: ["AD-PIP", "AD-ACT", "AD-MW"], when: [.apiAtLeast(29)],
        effects: [.cover(.pictureInPicture)],
        note: "Paused although visible: a PiP activity \"is not focusable\" (AD-MW); onTopResumedActivityChanged(false) before onPause. "
            + "onPictureInPictureModeChanged(true) after onPause: its place is inferred."),

    // D22: the user expands the PiP window back to full screen.
    Transition(
        "D22", from: "started", on: "expandPictureInPicture", to: ["resumed"],
        callbacks: [.init("onPictureInPictureModeChanged"), .init("onResume")],
        covered: [.pictureInPicture], sources: ["AD-PIP"], when: [.apiAtLeast(26), .apiBelow(29)],
        effects: [.cover(.uncovered)],
        note: "\"the system resumes your activity and calls your onResume() method\". onPictureInPictureModeChanged(false) before onResume: its place is inferred."),
    Transition(
        "D22", from: "started", on: "expandPictureInPicture", to: ["resumed"],
        callbacks: [.init("onPictureInPictureModeChanged"), .init("onResume"), .init("onTopResumedActivityChanged", optional: true)],
        covered: [.pictureInPicture], sources: ["AD-PIP", "AD-ACT"], when: [.apiAtLeast(29)],
        effects: [.cover(.uncovered)],
        note: "\"the system resumes your activity and calls your onResume() method\"; onTopResumedActivityChanged(true) after onResume, it might be skipped. "
            + "onPictureInPictureModeChanged(false) before onResume: its place is inferred."),

    // D23: the user closes the PiP window. No page says what the activity gets.
    Transition(
        "D23", from: "started", on: "closePictureInPicture", to: ["created"],
        callbacks: [.init("onStop"), .init("onSaveInstanceState", optional: true), .init("onPictureInPictureModeChanged", optional: true)],
        covered: [.pictureInPicture], sources: ["AD-PIP", "AD-ACT"], confidence: .unconfirmed, when: [.apiAtLeast(28)],
        effects: [.cover(.uncovered)],
        note: "Not documented: the model stops the activity (the window is gone) and keeps the instance; whether onDestroy follows "
            + "is not stated (finish, D14, models it from CREATED)."),
    Transition(
        "D23", from: "started", on: "closePictureInPicture", to: ["created"],
        callbacks: [.init("onSaveInstanceState", optional: true), .init("onStop"), .init("onPictureInPictureModeChanged", optional: true)],
        covered: [.pictureInPicture], sources: ["AD-PIP", "AD-ACT"], confidence: .unconfirmed, when: [.apiAtLeast(26), .apiBelow(28)],
        effects: [.cover(.uncovered)],
        note: "Not documented, as from API 28; below API 28 onSaveInstanceState, if called, comes before onStop."),
]

/// D24: onNewIntent (singleTop, FLAG_ACTIVITY_SINGLE_TOP, or the existing instance of a singleTask activity).
/// AD-ACT: "An activity can never receive a new intent in the resumed state … If the activity was resumed, it
/// will be paused and new intent will be delivered, followed by onResume. If the activity wasn't in the resumed
/// state, then new intent can be delivered immediately, with onResume() called sometime later".
private let newIntent: [Transition] = [
    Transition(
        "D24", from: "resumed", on: "newIntent", to: ["started", "resumed"],
        callbacks: [.init("onPause"), .init("onNewIntent"), .init("onResume")],
        covered: [.uncovered], sources: ["AD-ACT", "AD-TASK"], when: [.apiBelow(29)],
        note: "At the top of its task: paused for the new intent, then resumed; no new instance."),
    Transition(
        "D24", from: "resumed", on: "newIntent", to: ["started", "resumed"],
        callbacks: [
            .init("onTopResumedActivityChanged", optional: true), .init("onPause"), .init("onNewIntent"), .init("onResume"),
            .init("onTopResumedActivityChanged", optional: true),
        ],
        covered: [.uncovered], sources: ["AD-ACT", "AD-TASK"], when: [.apiAtLeast(29)],
        note: "Paused for the new intent, then resumed; onTopResumedActivityChanged(false/true) around the pair as for any pause, either might be skipped."),
    // From CREATED the javadoc gives no order; AOSP's differs by version (AD-AOSP): before Android 9 the intent was
    // delivered to the stopped activity ahead of the resume; from Android 9 the client transaction first brings it to
    // STARTED (NewIntentItem requests ON_RESUME, whose closest pre-execution state from ON_STOP is ON_START).
    Transition(
        "D24", from: "created", on: "newIntent", to: ["started", "resumed"],
        callbacks: [.init("onNewIntent"), .init("onRestart"), .init("onStart"), .init("onResume")],
        sources: ["AD-ACT", "AD-TASK", "AD-AOSP"], confidence: .inferred, when: [.apiBelow(28)],
        note: "Below API 28 (AOSP ActivityThread.performNewIntents): delivered while stopped, then onRestart, onStart, onResume."),
    Transition(
        "D24", from: "created", on: "newIntent", to: ["started", "resumed"],
        callbacks: [.init("onRestart"), .init("onStart"), .init("onNewIntent"), .init("onResume")],
        sources: ["AD-ACT", "AD-TASK", "AD-AOSP"], confidence: .inferred, when: [.apiAtLeast(28), .apiBelow(29)],
        note: "From API 28 (AOSP TransactionExecutor): restarted to STARTED first, then onNewIntent, then onResume."),
    Transition(
        "D24", from: "created", on: "newIntent", to: ["started", "resumed"],
        callbacks: [
            .init("onRestart"), .init("onStart"), .init("onNewIntent"), .init("onResume"), .init("onTopResumedActivityChanged", optional: true),
        ],
        sources: ["AD-ACT", "AD-TASK", "AD-AOSP"], confidence: .inferred, when: [.apiAtLeast(29)],
        note: "From API 28 (AOSP TransactionExecutor): restarted to STARTED first, then onNewIntent, then onResume; onTopResumedActivityChanged(true) might be skipped."),
]

/// D25: the activity this one started for a result finishes. AD-ACT (current): "An activity can never receive a
/// result in the resumed state. You can count on onResume being called after this method, though not
/// necessarily immediately after"; the older javadoc: "You will receive this call immediately before onResume()
/// when your activity is re-starting".
private let resultReturned: [Transition] = [
    // From CREATED the two texts and AOSP disagree: both orders are rows (same states, same callbacks).
    Transition(
        "D25", from: "created", on: "resultReturned", to: ["started", "resumed"],
        callbacks: [.init("onActivityResult"), .init("onRestart"), .init("onStart"), .init("onResume")],
        sources: ["AD-ACT", "AD-AOSP"], confidence: .inferred, when: [.apiBelow(29)],
        note: "AOSP delivers the result to the stopped activity before restarting it (ActivityResultItem requests no state first)."),
    Transition(
        "D25", from: "created", on: "resultReturned", to: ["started", "resumed"],
        callbacks: [.init("onRestart"), .init("onStart"), .init("onActivityResult"), .init("onResume")],
        sources: ["AD-ACT"], confidence: .inferred, when: [.apiBelow(29)],
        note: "The older javadoc's order: \"immediately before onResume() when your activity is re-starting\"; the current one drops \"immediately\"."),
    Transition(
        "D25", from: "created", on: "resultReturned", to: ["started", "resumed"],
        callbacks: [
            .init("onActivityResult"), .init("onRestart"), .init("onStart"), .init("onResume"), .init("onTopResumedActivityChanged", optional: true),
        ],
        sources: ["AD-ACT", "AD-AOSP"], confidence: .inferred, when: [.apiAtLeast(29)],
        note: "AOSP delivers the result to the stopped activity before restarting it (ActivityResultItem requests no state first). "
            + "onTopResumedActivityChanged(true) might be skipped."),
    Transition(
        "D25", from: "created", on: "resultReturned", to: ["started", "resumed"],
        callbacks: [
            .init("onRestart"), .init("onStart"), .init("onActivityResult"), .init("onResume"), .init("onTopResumedActivityChanged", optional: true),
        ],
        sources: ["AD-ACT"], confidence: .inferred, when: [.apiAtLeast(29)],
        note: "The older javadoc's order: \"immediately before onResume() when your activity is re-starting\"; the current one drops \"immediately\"."),
    // A translucent or dialog-themed activity started for a result finishes: D6 with the result first.
    Transition(
        "D25", from: "started", on: "resultReturned", to: ["resumed"],
        callbacks: [.init("onActivityResult"), .init("onResume")],
        covered: [.translucentActivity], sources: ["AD-ACT", "AD-SC", "AD-LC"], when: [.apiBelow(29)],
        effects: [.cover(.uncovered)],
        note: "Paused, not stopped: the result, then onResume as D6."),
    Transition(
        "D25", from: "started", on: "resultReturned", to: ["resumed"],
        callbacks: [.init("onActivityResult"), .init("onResume"), .init("onTopResumedActivityChanged", optional: true)],
        covered: [.translucentActivity], sources: ["AD-ACT", "AD-SC", "AD-LC"], when: [.apiAtLeast(29)],
        effects: [.cover(.uncovered)],
        note: "Paused, not stopped: the result, then onResume as D6; onTopResumedActivityChanged(true) might be skipped."),
]

extension Machines {
    public static let androidActivity = Machine(
        id: "android-activity",
        title: "Android Activity (androidx Lifecycle)",
        platform: "Android",
        states: [
            StateInfo("initialized", name: "INITIALIZED", aliases: ["Initialized", "Lifecycle.State.INITIALIZED"]),
            StateInfo("created", name: "CREATED", aliases: ["Created", "Stopped", "Lifecycle.State.CREATED"]),
            StateInfo("started", name: "STARTED", aliases: ["Started", "Paused", "Lifecycle.State.STARTED"]),
            StateInfo("resumed", name: "RESUMED", aliases: ["Resumed", "Lifecycle.State.RESUMED"]),
            StateInfo("destroyed", name: "DESTROYED", aliases: ["Destroyed", "Lifecycle.State.DESTROYED"]),
            // D15/D16: the process is gone but the system remembers the activity. No
            // androidx value reports it: the Lifecycle dies with the process without
            // reaching DESTROYED ("no guarantee that onDestroy() is called"). It cannot be
            // DESTROYED (terminal, and the return restores saved state) nor INITIALIZED
            // (a first launch gets onCreate(null) and no onRestoreInstanceState), so the
            // return of D16 needs a state of its own.
            StateInfo("processDead", name: "Process dead (activity remembered)", aliases: ["Process dead", "Killed"], observable: false),
        ],
        events: [
            EventInfo("launch", "The activity is launched (launcher icon, an intent): a new instance is created."),
            EventInfo("startActivity", "This activity starts another, opaque activity that covers it."),
            EventInfo("home", "The user goes Home or opens Overview (Recents)."),
            EventInfo("reopen", "The user returns to the activity: from Recents or the launcher, or Back from the activity above it."),
            EventInfo("openTranslucentActivity", "A translucent or dialog-themed activity opens on top (e.g. the runtime-permission UI)."),
            EventInfo("closeTranslucentActivity", "The translucent or dialog-themed activity on top closes."),
            EventInfo("showDialog", "The activity shows its own Dialog, AlertDialog or DialogFragment (a window, not an activity)."),
            EventInfo("dismissDialog", "The activity's own dialog is dismissed."),
            EventInfo("showNotificationShade", "The notification shade or a system alert window takes input focus."),
            EventInfo("hideNotificationShade", "The notification shade or system alert window goes away."),
            EventInfo("rotate", "The device rotates: a configuration change (orientation, and screenSize from API 13)."),
            EventInfo("toggleDarkMode", "The user switches between light and dark theme: a uiMode configuration change."),
            EventInfo("changeLocale", "The user picks another system language: a locale configuration change."),
            EventInfo("changeFontScale", "The user changes the font size: a fontScale configuration change."),
            EventInfo("resizeWindow", "Multi-window (API 24+): the activity enters or leaves split screen, or its window is resized."),
            EventInfo("focusOtherWindow", "Multi-window: the user moves focus to another app's window."),
            EventInfo("focusReturns", "Multi-window: focus comes back to this activity's window."),
            EventInfo("back", "The user presses Back (or swipes back) in this activity."),
            EventInfo("finish", "The activity calls finish() (from initialized: inside onCreate)."),
            EventInfo("processDeath", "The system kills the app's process while the activity is stopped (memory pressure)."),
            EventInfo("enterPictureInPicture", "API 26+: the activity enters picture-in-picture (the user goes Home with auto-enter, or the app calls enterPictureInPictureMode())."),
            EventInfo("expandPictureInPicture", "The user expands the picture-in-picture window back to full screen."),
            EventInfo("closePictureInPicture", "The user closes (dismisses) the picture-in-picture window."),
            EventInfo("newIntent", "An intent re-launches this activity while it is at the top (singleTop, FLAG_ACTIVITY_SINGLE_TOP) or as the existing instance of a singleTask activity: no new instance."),
            EventInfo("resultReturned", "The activity this one started for a result (startActivityForResult or an ActivityResult contract) finishes and returns its result."),
        ],
        callbacks: [
            CallbackInfo("onCreate", aliases: ["onCreate(Bundle)", "onCreate(savedInstanceState)", "Activity.onCreate"]),
            CallbackInfo("onStart", aliases: ["Activity.onStart"]),
            CallbackInfo("onResume", aliases: ["Activity.onResume"]),
            CallbackInfo("onPause", aliases: ["Activity.onPause"]),
            CallbackInfo("onStop", aliases: ["Activity.onStop"]),
            CallbackInfo("onDestroy", aliases: ["Activity.onDestroy"]),
            CallbackInfo("onRestart", aliases: ["Activity.onRestart"]),
            CallbackInfo("onSaveInstanceState", aliases: ["onSaveInstanceState(Bundle)", "onSaveInstanceState(outState)"], auxiliary: true),
            CallbackInfo("onRestoreInstanceState", aliases: ["onRestoreInstanceState(Bundle)", "onRestoreInstanceState(savedInstanceState)"], auxiliary: true),
            CallbackInfo("onConfigurationChanged", aliases: ["onConfigurationChanged(Configuration)", "onConfigurationChanged(newConfig)"], auxiliary: true),
            // The engine has no callback arguments: (true) and (false) are told apart in
            // the notes only, and are deliberately not aliases (a wrong value would pass).
            CallbackInfo("onTopResumedActivityChanged", aliases: ["onTopResumedActivityChanged(boolean)", "onTopResumedActivityChanged(isTopResumedActivity)"], auxiliary: true),
            CallbackInfo("onWindowFocusChanged", aliases: ["onWindowFocusChanged(boolean)", "onWindowFocusChanged(hasFocus)"], auxiliary: true),
            CallbackInfo("onTrimMemory", aliases: ["onTrimMemory(int)", "onTrimMemory(level)", "onTrimMemory(TRIM_MEMORY_UI_HIDDEN)"], auxiliary: true),
            CallbackInfo("onUserLeaveHint", aliases: ["onUserLeaveHint()", "Activity.onUserLeaveHint"], auxiliary: true),
            // A mode notification beside the lifecycle, like onConfigurationChanged: it may be left out of a written order.
            CallbackInfo(
                "onPictureInPictureModeChanged",
                aliases: ["onPictureInPictureModeChanged(boolean)", "onPictureInPictureModeChanged(isInPictureInPictureMode)",
                          "onPictureInPictureModeChanged(boolean, Configuration)", "onPictureInPictureModeChanged(isInPictureInPictureMode, newConfig)",
                          "Activity.onPictureInPictureModeChanged"],
                auxiliary: true),
            // The subject of their events: an order that leaves them out describes something else.
            CallbackInfo("onNewIntent", aliases: ["onNewIntent(Intent)", "onNewIntent(intent)", "Activity.onNewIntent"]),
            CallbackInfo(
                "onActivityResult",
                aliases: ["onActivityResult(int, int, Intent)", "onActivityResult(int requestCode, int resultCode, Intent data)",
                          "onActivityResult(requestCode, resultCode, data)", "Activity.onActivityResult"]),
        ],
        transitions: followingTargetSDK([
            // D1: cold launch. API 29+: onTopResumedActivityChanged(true) "if it becomes top"; it "might be skipped".
            Transition(
                "D1", from: "initialized", on: "launch", to: ["created", "started", "resumed"],
                callbacks: [.init("onCreate"), .init("onStart"), .init("onResume")],
                sources: ["AD-LC", "AD-ACT"], when: [.apiBelow(29)],
                note: "onCreate(null): no saved state."),
            Transition(
                "D1", from: "initialized", on: "launch", to: ["created", "started", "resumed"],
                callbacks: [.init("onCreate"), .init("onStart"), .init("onResume"), .init("onTopResumedActivityChanged", optional: true)],
                sources: ["AD-LC", "AD-ACT"], when: [.apiAtLeast(29)],
                note: "onCreate(null): no saved state. onTopResumedActivityChanged(true) if it becomes the top resumed activity; it might be skipped."),
            Transition(
                "D1", from: "destroyed", on: "launch", to: ["initialized", "created", "started", "resumed"],
                callbacks: [.init("onCreate"), .init("onStart"), .init("onResume")],
                sources: ["AD-LC", "AD-ACT"], when: [.apiBelow(29)],
                note: "A new instance: DESTROYED is terminal for the old one."),
            Transition(
                "D1", from: "destroyed", on: "launch", to: ["initialized", "created", "started", "resumed"],
                callbacks: [.init("onCreate"), .init("onStart"), .init("onResume"), .init("onTopResumedActivityChanged", optional: true)],
                sources: ["AD-LC", "AD-ACT"], when: [.apiAtLeast(29)],
                note: "A new instance: DESTROYED is terminal for the old one. onTopResumedActivityChanged(true) might be skipped."),

            // D2: A starts B. A onPause → B onCreate, onStart, onResume → A onStop; onSaveInstanceState "if called".
            // onUserLeaveHint before onPause unless B is started with FLAG_ACTIVITY_NO_USER_ACTION (AD-INTENT).
            Transition(
                "D2", from: "resumed", on: "startActivity", to: ["started", "created"],
                callbacks: [.init("onTopResumedActivityChanged", optional: true), .init("onUserLeaveHint", optional: true), .init("onPause"), .init("onStop"), .init("onSaveInstanceState", optional: true)],
                covered: [.uncovered, .dialog], sources: ["AD-LC", "AD-ACT", "AD-INTENT"], when: [.apiAtLeast(29)],
                note: "B's onCreate, onStart and onResume run between A's onPause and onStop. onTopResumedActivityChanged(false) comes before onPause (javadoc: delivered \"before it is paused\"). onSaveInstanceState may be skipped if A is not killed while B runs."),
            Transition(
                "D2", from: "resumed", on: "startActivity", to: ["started", "created"],
                callbacks: [.init("onUserLeaveHint", optional: true), .init("onPause"), .init("onStop"), .init("onSaveInstanceState", optional: true)],
                covered: [.uncovered, .dialog], sources: ["AD-LC", "AD-ACT", "AD-INTENT"], when: [.apiAtLeast(28), .apiBelow(29)],
                note: "B's onCreate, onStart and onResume run between A's onPause and onStop. onSaveInstanceState may be skipped if A is not killed while B runs."),
            Transition(
                "D2", from: "resumed", on: "startActivity", to: ["started", "created"],
                callbacks: [.init("onUserLeaveHint", optional: true), .init("onPause"), .init("onSaveInstanceState", optional: true), .init("onStop")],
                covered: [.uncovered, .dialog], sources: ["AD-LC", "AD-ACT", "AD-INTENT"], when: [.apiBelow(28)],
                note: "Below API 28 onSaveInstanceState comes before onStop, before or after onPause (no guarantee)."),
            Transition(
                "D2", from: "resumed", on: "startActivity", to: ["started", "created"],
                callbacks: [.init("onSaveInstanceState", optional: true), .init("onUserLeaveHint", optional: true), .init("onPause"), .init("onStop")],
                covered: [.uncovered, .dialog], sources: ["AD-LC", "AD-ACT", "AD-INTENT"], when: [.apiBelow(28)],
                note: "The other order below API 28: onSaveInstanceState before onPause."),

            // D3: Home / Overview, "as if the current activity has been completely covered". The user
            // leaves: onUserLeaveHint "right before the activity's onPause() callback" (AD-ACT). The
            // javadoc names Home, not Overview, which this event also stands for: optional.
            // The app's UI is hidden: onTrimMemory(TRIM_MEMORY_UI_HIDDEN) (AD-CC2), last: when is not documented.
            Transition(
                "D3", from: "resumed", on: "home", to: ["started", "created"],
                callbacks: [.init("onTopResumedActivityChanged", optional: true), .init("onUserLeaveHint", optional: true), .init("onPause"), .init("onStop"), .init("onSaveInstanceState", optional: true), .init("onTrimMemory", optional: true)],
                covered: [.uncovered, .dialog], sources: ["AD-SC", "AD-ACT", "AD-CC2"], when: [.apiAtLeast(29)],
                note: "onTopResumedActivityChanged(false) before onPause; onSaveInstanceState, if called, after onStop."),
            Transition(
                "D3", from: "resumed", on: "home", to: ["started", "created"],
                callbacks: [.init("onUserLeaveHint", optional: true), .init("onPause"), .init("onStop"), .init("onSaveInstanceState", optional: true), .init("onTrimMemory", optional: true)],
                covered: [.uncovered, .dialog], sources: ["AD-SC", "AD-ACT", "AD-CC2"], when: [.apiAtLeast(28), .apiBelow(29)],
                note: "onSaveInstanceState, if called, after onStop."),
            Transition(
                "D3", from: "resumed", on: "home", to: ["started", "created"],
                callbacks: [.init("onUserLeaveHint", optional: true), .init("onPause"), .init("onSaveInstanceState", optional: true), .init("onStop"), .init("onTrimMemory", optional: true)],
                covered: [.uncovered, .dialog], sources: ["AD-SC", "AD-ACT", "AD-CC2"], when: [.apiBelow(28)],
                note: "Below API 28 onSaveInstanceState comes before onStop, before or after onPause (no guarantee)."),
            Transition(
                "D3", from: "resumed", on: "home", to: ["started", "created"],
                callbacks: [.init("onSaveInstanceState", optional: true), .init("onUserLeaveHint", optional: true), .init("onPause"), .init("onStop"), .init("onTrimMemory", optional: true)],
                covered: [.uncovered, .dialog], sources: ["AD-SC", "AD-ACT", "AD-CC2"], when: [.apiBelow(28)],
                note: "The other order below API 28: onSaveInstanceState before onPause."),

            // D4: back to a stopped activity, same instance.
            Transition(
                "D4", from: "created", on: "reopen", to: ["started", "resumed"],
                callbacks: [.init("onRestart"), .init("onStart"), .init("onResume")],
                sources: ["AD-SC", "AD-ACT"], when: [.apiBelow(29)]),
            Transition(
                "D4", from: "created", on: "reopen", to: ["started", "resumed"],
                callbacks: [.init("onRestart"), .init("onStart"), .init("onResume"), .init("onTopResumedActivityChanged", optional: true)],
                sources: ["AD-SC", "AD-ACT"], when: [.apiAtLeast(29)],
                note: "onTopResumedActivityChanged(true) after onResume; it might be skipped."),

            // D5/D6: a translucent or dialog-themed activity on top pauses, but does not stop, this one.
            Transition(
                "D5", from: "resumed", on: "openTranslucentActivity", to: ["started"],
                callbacks: [.init("onPause")],
                covered: [.uncovered], sources: ["AD-LC", "AD-MW", "AD-PERM"], when: [.apiBelow(29)],
                effects: [.cover(.translucentActivity)],
                note: "Still partially visible: no onStop. requestPermissions \"may start an activity\"."),
            Transition(
                "D5", from: "resumed", on: "openTranslucentActivity", to: ["started"],
                callbacks: [.init("onTopResumedActivityChanged", optional: true), .init("onPause")],
                covered: [.uncovered], sources: ["AD-LC", "AD-MW", "AD-PERM", "AD-ACT"], when: [.apiAtLeast(29)],
                effects: [.cover(.translucentActivity)],
                note: "Still partially visible: no onStop. The activity on top becomes top resumed: onTopResumedActivityChanged(false) before onPause."),
            Transition(
                "D6", from: "started", on: "closeTranslucentActivity", to: ["resumed"],
                callbacks: [.init("onResume")],
                covered: [.translucentActivity], sources: ["AD-SC", "AD-LC"], when: [.apiBelow(29)],
                effects: [.cover(.uncovered)]),
            Transition(
                "D6", from: "started", on: "closeTranslucentActivity", to: ["resumed"],
                callbacks: [.init("onResume"), .init("onTopResumedActivityChanged", optional: true)],
                covered: [.translucentActivity], sources: ["AD-SC", "AD-LC", "AD-ACT"], when: [.apiAtLeast(29)],
                effects: [.cover(.uncovered)],
                note: "onTopResumedActivityChanged(true) after onResume; it might be skipped."),

            // D7: the activity's own dialog only takes window focus (claim a).
            Transition(
                "D7", from: "resumed", on: "showDialog", to: [],
                callbacks: [.init("onWindowFocusChanged")],
                covered: [.uncovered], sources: ["AD-ACT"], confidence: .inferred,
                effects: [.cover(.dialog)],
                note: "onWindowFocusChanged(false); no onPause. Inferred from the onWindowFocusChanged javadoc; AD-SC's \"activity or dialog\" reads otherwise."),
            Transition(
                "D7", from: "resumed", on: "dismissDialog", to: [],
                callbacks: [.init("onWindowFocusChanged")],
                covered: [.dialog], sources: ["AD-ACT"], confidence: .inferred,
                effects: [.cover(.uncovered)],
                note: "onWindowFocusChanged(true); no onResume."),

            // D8: system windows take focus "without pausing the foreground activity".
            Transition(
                "D8", from: "resumed", on: "showNotificationShade", to: [],
                callbacks: [.init("onWindowFocusChanged")],
                covered: [.uncovered], sources: ["AD-ACT", "AD-MW"],
                effects: [.cover(.notificationShade)],
                note: "onWindowFocusChanged(false); no onPause."),
            Transition(
                "D8", from: "resumed", on: "hideNotificationShade", to: [],
                callbacks: [.init("onWindowFocusChanged")],
                covered: [.notificationShade], sources: ["AD-ACT", "AD-MW"],
                effects: [.cover(.uncovered)],
                note: "onWindowFocusChanged(true)."),

            // D9: rotation not handled: the old instance goes down to DESTROYED and a new one
            // comes up from INITIALIZED. A change "involves any that you do not handle" ⇒
            // restart (AD-ACT); from API 13 a rotation changes screenSize as well as orientation.
            Transition(
                "D9", from: "resumed", on: "rotate", to: ["started", "created", "destroyed", "initialized", "created", "started", "resumed"],
                callbacks: [
                    .init("onTopResumedActivityChanged", optional: true), .init("onPause"), .init("onStop"), .init("onSaveInstanceState"), .init("onDestroy"),
                    .init("onCreate"), .init("onStart"), .init("onRestoreInstanceState"), .init("onResume"), .init("onTopResumedActivityChanged", optional: true),
                ],
                covered: [.uncovered], sources: ["AD-SC", "AD-ACT", "AD-LC", "AD-MW"], when: [.configNotHandled("orientation"), .apiAtLeast(29)],
                note: "A new instance gets onCreate(savedInstanceState). onTopResumedActivityChanged(false/true) around the pair; either might be skipped."),
            Transition(
                "D9", from: "resumed", on: "rotate", to: ["started", "created", "destroyed", "initialized", "created", "started", "resumed"],
                callbacks: [
                    .init("onPause"), .init("onStop"), .init("onSaveInstanceState"), .init("onDestroy"),
                    .init("onCreate"), .init("onStart"), .init("onRestoreInstanceState"), .init("onResume"),
                ],
                covered: [.uncovered], sources: ["AD-SC", "AD-ACT", "AD-LC", "AD-MW"], when: [.configNotHandled("orientation"), .apiAtLeast(28), .apiBelow(29)],
                note: "A new instance gets onCreate(savedInstanceState)."),
            Transition(
                "D9", from: "resumed", on: "rotate", to: ["started", "created", "destroyed", "initialized", "created", "started", "resumed"],
                callbacks: [
                    .init("onPause"), .init("onSaveInstanceState"), .init("onStop"), .init("onDestroy"),
                    .init("onCreate"), .init("onStart"), .init("onRestoreInstanceState"), .init("onResume"),
                ],
                covered: [.uncovered], sources: ["AD-SC", "AD-ACT", "AD-LC", "AD-MW"], when: [.configNotHandled("orientation"), .apiBelow(28)],
                note: "Below API 28 onSaveInstanceState comes before onStop, before or after onPause (no guarantee)."),
            Transition(
                "D9", from: "resumed", on: "rotate", to: ["started", "created", "destroyed", "initialized", "created", "started", "resumed"],
                callbacks: [
                    .init("onSaveInstanceState"), .init("onPause"), .init("onStop"), .init("onDestroy"),
                    .init("onCreate"), .init("onStart"), .init("onRestoreInstanceState"), .init("onResume"),
                ],
                covered: [.uncovered], sources: ["AD-SC", "AD-ACT", "AD-LC", "AD-MW"], when: [.configNotHandled("orientation"), .apiBelow(28)],
                note: "The other order below API 28: onSaveInstanceState before onPause."),
            Transition(
                "D9", from: "resumed", on: "rotate", to: ["started", "created", "destroyed", "initialized", "created", "started", "resumed"],
                callbacks: [
                    .init("onTopResumedActivityChanged", optional: true), .init("onPause"), .init("onStop"), .init("onSaveInstanceState"), .init("onDestroy"),
                    .init("onCreate"), .init("onStart"), .init("onRestoreInstanceState"), .init("onResume"), .init("onTopResumedActivityChanged", optional: true),
                ],
                covered: [.uncovered], sources: ["AD-SC", "AD-ACT", "AD-LC", "AD-MW"],
                when: [.configHandled("orientation"), .configNotHandled("screenSize"), .apiAtLeast(29)],
                note: "orientation alone is not enough from API 13: screenSize changes too and is not handled, so the activity is recreated."),
            Transition(
                "D9", from: "resumed", on: "rotate", to: ["started", "created", "destroyed", "initialized", "created", "started", "resumed"],
                callbacks: [
                    .init("onPause"), .init("onStop"), .init("onSaveInstanceState"), .init("onDestroy"),
                    .init("onCreate"), .init("onStart"), .init("onRestoreInstanceState"), .init("onResume"),
                ],
                covered: [.uncovered], sources: ["AD-SC", "AD-ACT", "AD-LC", "AD-MW"],
                when: [.configHandled("orientation"), .configNotHandled("screenSize"), .apiAtLeast(28), .apiBelow(29)],
                note: "orientation alone is not enough from API 13: screenSize changes too and is not handled, so the activity is recreated."),
            Transition(
                "D9", from: "resumed", on: "rotate", to: ["started", "created", "destroyed", "initialized", "created", "started", "resumed"],
                callbacks: [
                    .init("onPause"), .init("onSaveInstanceState"), .init("onStop"), .init("onDestroy"),
                    .init("onCreate"), .init("onStart"), .init("onRestoreInstanceState"), .init("onResume"),
                ],
                covered: [.uncovered], sources: ["AD-SC", "AD-ACT", "AD-LC", "AD-MW"],
                when: [.configHandled("orientation"), .configNotHandled("screenSize"), .apiAtLeast(13), .apiBelow(28)],
                note: "orientation alone is not enough from API 13: screenSize changes too and is not handled, so the activity is recreated."),
            Transition(
                "D9", from: "resumed", on: "rotate", to: ["started", "created", "destroyed", "initialized", "created", "started", "resumed"],
                callbacks: [
                    .init("onSaveInstanceState"), .init("onPause"), .init("onStop"), .init("onDestroy"),
                    .init("onCreate"), .init("onStart"), .init("onRestoreInstanceState"), .init("onResume"),
                ],
                covered: [.uncovered], sources: ["AD-SC", "AD-ACT", "AD-LC", "AD-MW"],
                when: [.configHandled("orientation"), .configNotHandled("screenSize"), .apiAtLeast(13), .apiBelow(28)],
                note: "The other order below API 28: onSaveInstanceState before onPause."),

            // D10: the rotation is declared in android:configChanges: same instance, no lifecycle callbacks.
            Transition(
                "D10", from: "resumed", on: "rotate", to: [],
                callbacks: [.init("onConfigurationChanged")],
                covered: [.uncovered], sources: ["AD-ACT"], when: [.configHandled("orientation"), .apiBelow(13)],
                note: "Below API 13 a rotation changes only orientation."),
            Transition(
                "D10", from: "resumed", on: "rotate", to: [],
                callbacks: [.init("onConfigurationChanged")],
                covered: [.uncovered], sources: ["AD-ACT"], when: [.configHandled("orientation"), .configHandled("screenSize"), .apiAtLeast(13)],
                note: "From API 13 a rotation also changes screenSize, which must be declared too; the <activity> guide adds that screenLayout can change as well."),

            // D11: multi-window focus moves to another app's window and back.
            Transition(
                "D11a", from: "resumed", on: "focusOtherWindow", to: [],
                callbacks: [.init("onTopResumedActivityChanged")],
                covered: [.uncovered], sources: ["AD-MW", "AD-ACT"], when: [.apiAtLeast(29)],
                effects: [.cover(.otherWindow)],
                note: "Multi-resume: stays RESUMED; onTopResumedActivityChanged(false), no onPause."),
            Transition(
                "D11a", from: "resumed", on: "focusReturns", to: [],
                callbacks: [.init("onTopResumedActivityChanged")],
                covered: [.otherWindow], sources: ["AD-MW", "AD-ACT"], when: [.apiAtLeast(29)],
                effects: [.cover(.uncovered)],
                note: "B's side of D11a: onTopResumedActivityChanged(true), no onResume."),
            Transition(
                "D11b", from: "resumed", on: "focusOtherWindow", to: ["started"],
                callbacks: [.init("onPause")],
                covered: [.uncovered], sources: ["AD-MW", "AD-SC"], when: [.apiAtLeast(24), .apiBelow(29)],
                effects: [.cover(.otherWindow)],
                note: "Only the last-touched activity is RESUMED; the other visible ones are STARTED. Android 9's multi-resume opt-in is not modelled."),
            Transition(
                "D11b", from: "started", on: "focusReturns", to: ["resumed"],
                callbacks: [.init("onResume")],
                covered: [.otherWindow], sources: ["AD-MW", "AD-SC"], when: [.apiBelow(29)],
                effects: [.cover(.uncovered)],
                note: "B's side of D11b."),

            // D12/D13: Back. A root launcher activity is only moved to the background from API 31.
            Transition(
                "D12", from: "resumed", on: "back", to: ["started", "created", "destroyed"],
                callbacks: [.init("onPause"), .init("onStop"), .init("onDestroy")],
                covered: [.uncovered], sources: ["AD-SC"], when: [.root(false), .apiBelow(29)],
                note: "onSaveInstanceState is not called."),
            Transition(
                "D12", from: "resumed", on: "back", to: ["started", "created", "destroyed"],
                callbacks: [.init("onTopResumedActivityChanged", optional: true), .init("onPause"), .init("onStop"), .init("onDestroy")],
                covered: [.uncovered], sources: ["AD-SC", "AD-ACT"], when: [.root(false), .apiAtLeast(29)],
                note: "onSaveInstanceState is not called. onTopResumedActivityChanged(false) before onPause."),
            Transition(
                "D12", from: "resumed", on: "back", to: ["started", "created", "destroyed"],
                callbacks: [.init("onPause"), .init("onStop"), .init("onDestroy")],
                covered: [.uncovered], sources: ["AD-SC"], when: [.root(true), .apiBelow(29)],
                note: "A root activity is finished by Back up to API 30. onSaveInstanceState is not called."),
            Transition(
                "D12", from: "resumed", on: "back", to: ["started", "created", "destroyed"],
                callbacks: [.init("onTopResumedActivityChanged", optional: true), .init("onPause"), .init("onStop"), .init("onDestroy")],
                covered: [.uncovered], sources: ["AD-SC", "AD-ACT"], when: [.root(true), .apiAtLeast(29), .apiBelow(31)],
                note: "A root activity is finished by Back up to API 30. onSaveInstanceState is not called."),
            Transition(
                "D13", from: "resumed", on: "back", to: ["started", "created"],
                callbacks: [.init("onTopResumedActivityChanged", optional: true), .init("onPause"), .init("onStop"), .init("onSaveInstanceState", optional: true)],
                covered: [.uncovered], sources: ["AD-TASK"], confidence: .inferred, when: [.root(true), .apiAtLeast(31)],
                note: "Root launcher activity: the task moves to the background, the activity is not finished. Callbacks as Home (D3), inferred."),

            // D14: finish(). From STARTED or CREATED the remaining events follow androidx's strict order.
            Transition(
                "D14", from: "resumed", on: "finish", to: ["started", "created", "destroyed"],
                callbacks: [.init("onPause"), .init("onStop"), .init("onDestroy")],
                covered: [.uncovered, .dialog], sources: ["AD-LC", "AD-LIFE"], when: [.apiBelow(29)],
                effects: [.cover(.uncovered)]),
            Transition(
                "D14", from: "resumed", on: "finish", to: ["started", "created", "destroyed"],
                callbacks: [.init("onTopResumedActivityChanged", optional: true), .init("onPause"), .init("onStop"), .init("onDestroy")],
                covered: [.uncovered, .dialog], sources: ["AD-LC", "AD-LIFE", "AD-ACT"], when: [.apiAtLeast(29)],
                effects: [.cover(.uncovered)],
                note: "onTopResumedActivityChanged(false) before onPause."),
            Transition(
                "D14", from: "started", on: "finish", to: ["created", "destroyed"],
                callbacks: [.init("onStop"), .init("onDestroy")],
                sources: ["AD-LC", "AD-LIFE"], confidence: .inferred,
                effects: [.cover(.uncovered)],
                note: "A paused activity finishes: androidx dispatches ON_STOP then ON_DESTROY, strictly in sequence."),
            Transition(
                "D14", from: "created", on: "finish", to: ["destroyed"],
                callbacks: [.init("onDestroy")],
                sources: ["AD-LC", "AD-LIFE"], confidence: .inferred,
                effects: [.cover(.uncovered)],
                note: "A stopped activity finishes: only ON_DESTROY remains."),
            Transition(
                "D14", from: "initialized", on: "finish", to: ["created", "destroyed"],
                callbacks: [.init("onCreate"), .init("onDestroy")],
                sources: ["AD-ACT"],
                note: "finish() called from onCreate: onDestroy follows at once, without onStart, onResume or onPause (§4.2)."),

            // D15/D16: process death of a stopped activity, and the return to it.
            Transition(
                "D15", from: "created", on: "processDeath", to: ["processDead"],
                sources: ["AD-SC", "AD-LC"],
                effects: [.cover(.uncovered)],
                note: "No callback: \"there is no guarantee that onDestroy() is called\"; the system kills the process, not the activity."),
            Transition(
                "D16", from: "processDead", on: "reopen", to: ["initialized", "created", "started", "resumed"],
                callbacks: [.init("onCreate"), .init("onStart"), .init("onRestoreInstanceState"), .init("onResume")],
                sources: ["AD-LC", "AD-ACT"], when: [.apiBelow(29)],
                note: "A new instance in a new process: onCreate(savedInstanceState ≠ null)."),
            Transition(
                "D16", from: "processDead", on: "reopen", to: ["initialized", "created", "started", "resumed"],
                callbacks: [.init("onCreate"), .init("onStart"), .init("onRestoreInstanceState"), .init("onResume"), .init("onTopResumedActivityChanged", optional: true)],
                sources: ["AD-LC", "AD-ACT"], when: [.apiAtLeast(29)],
                note: "A new instance in a new process: onCreate(savedInstanceState ≠ null). onTopResumedActivityChanged(true) might be skipped."),

            // D17/D18: a paused (STARTED) activity is completely covered: Home, Overview or an opaque activity.
            // Already paused, it only stops; the cover that paused it ends with it.
            Transition(
                "D17", from: "started", on: "home", to: ["created"],
                callbacks: [.init("onStop"), .init("onSaveInstanceState", optional: true), .init("onTrimMemory", optional: true)],
                sources: ["AD-SC", "AD-ACT", "AD-CC2"], confidence: .inferred, when: [.apiAtLeast(28)],
                effects: [.cover(.uncovered)],
                note: "\"as if the current activity has been completely covered\": the paused activity gets onStop; onSaveInstanceState, if called, after onStop."),
            Transition(
                "D17", from: "started", on: "home", to: ["created"],
                callbacks: [.init("onSaveInstanceState", optional: true), .init("onStop"), .init("onTrimMemory", optional: true)],
                sources: ["AD-SC", "AD-ACT", "AD-CC2"], confidence: .inferred, when: [.apiBelow(28)],
                effects: [.cover(.uncovered)],
                note: "Below API 28 onSaveInstanceState comes before onStop (onPause has already run)."),
            Transition(
                "D18", from: "started", on: "startActivity", to: ["created"],
                callbacks: [.init("onStop"), .init("onSaveInstanceState", optional: true)],
                sources: ["AD-SC", "AD-LC", "AD-ACT"], confidence: .inferred, when: [.apiAtLeast(28)],
                effects: [.cover(.uncovered)],
                note: "The paused activity starts an opaque activity that covers it completely: onStop after the new activity's onResume."),
            Transition(
                "D18", from: "started", on: "startActivity", to: ["created"],
                callbacks: [.init("onSaveInstanceState", optional: true), .init("onStop")],
                sources: ["AD-SC", "AD-LC", "AD-ACT"], confidence: .inferred, when: [.apiBelow(28)],
                effects: [.cover(.uncovered)],
                note: "Below API 28 onSaveInstanceState comes before onStop (onPause has already run)."),

            // D20: a handled rotation reaches a visible paused activity too (D19, recreated: rotationWhilePaused);
            // it stays covered.
            Transition(
                "D20", from: "started", on: "rotate", to: [],
                callbacks: [.init("onConfigurationChanged")],
                sources: ["AD-ACT"], confidence: .inferred, when: [.configHandled("orientation"), .apiBelow(13)],
                note: "Handled in onConfigurationChanged while paused, as D10."),
            Transition(
                "D20", from: "started", on: "rotate", to: [],
                callbacks: [.init("onConfigurationChanged")],
                sources: ["AD-ACT"], confidence: .inferred, when: [.configHandled("orientation"), .configHandled("screenSize"), .apiAtLeast(13)],
                note: "Handled in onConfigurationChanged while paused, as D10."),
        ] + rotationWhilePaused + otherConfigurationChanges + pictureInPicture + newIntent + resultReturned)
            .map { pausedUnderAnotherWindow.contains($0.row) ? $0.only(under: underAnotherWindow) : $0 },
        initialState: "initialized",
        options: [
            OptionInfo(
                name: "api",
                summary: "The device's Android API level: multi-resume (29) and root Back (31) follow it; targetSdk is the same unless given.",
                defaultValue: String(MachineOptions.defaultAPI)),
            OptionInfo(
                name: "targetSdk",
                summary: "The app's targetSdk (default: the same as api): onSaveInstanceState comes after onStop when both the device and the target are 28 or higher.",
                defaultValue: ""),
            OptionInfo(
                name: "configChanges",
                summary: "Changes declared in android:configChanges, joined by |: handled in onConfigurationChanged instead of a restart. A rotation needs orientation|screenSize from API 13.",
                defaultValue: ""),
            OptionInfo(
                name: "root",
                summary: "The activity is the root launcher activity of its task: from API 31 Back moves the task to the background instead of finishing it.",
                defaultValue: "false"),
        ],
        omitted: [
            ("Process death from STARTED or RESUMED", "\"under extreme memory pressure the system can kill the application process at any time\": no documented path or callbacks; D15 is modelled from CREATED only"),
            ("Keyboard and other configuration changes", "keyboard, navigation, density and the rest follow D9/D10, but are not events of the model; a locale change that also flips the layout direction involves layoutDirection too (not modelled)"),
            ("Events while covered", "an event other than the one that ends the cover is refused while the shade or another window has the focus, and rotation or Back while the activity's own dialog is shown: the docs give no callbacks for these combinations (the model keeps one cover at a time)"),
            ("Android 9 multi-resume opt-in", "the manifest opt-in is not an option of the engine; API 28 is modelled without it (D11b)"),
            ("Events in picture-in-picture", "Home, startActivity and an unhandled configuration change are refused while the activity is in picture-in-picture (D21): no page gives their callbacks there; finish (D14) and a handled configuration change (D20) apply"),
            ("Picture-in-picture without configChanges", "AD-PIP has PiP activities declare screenSize|smallestScreenSize|screenLayout|orientation \"so that your activity doesn't relaunch when layout changes occur during PiP mode transitions\": the relaunch without them, and the onConfigurationChanged calls of the transition, are not modelled"),
            ("onNewIntent while paused", "D24 is modelled from RESUMED and CREATED; a paused activity is under another activity or in picture-in-picture (AD-PIP's singleTask playback activity): no page gives the order of onNewIntent, onPictureInPictureModeChanged and onResume there"),
            ("A result while resumed", "\"If the activity was resumed, it will be paused\" before the result (AD-ACT): the model has no event for a result that reaches a resumed activity; D25 covers a stopped one and one paused under a translucent activity"),
        ])
}
