import Testing
import Highlight

@Suite struct RealisticSnippetTests {
    static let appDelegate = #"""
        import UIKit

        @main
        class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            private var backgroundTask: UIBackgroundTaskIdentifier = .invalid

            /// Called once launch is almost done.
            func application(_ application: UIApplication,
                             didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window = UIWindow(frame: UIScreen.main.bounds)
                return true
            }

            func applicationWillResignActive(_ application: UIApplication) {
                // Pause timers before the app goes inactive.
                print("Resigning at \(Date())")
            }

            func applicationDidEnterBackground(_ application: UIApplication) {
                backgroundTask = application.beginBackgroundTask(withName: "save") { [weak self] in
                    self?.saveState()
                }
            }
        }
        """#

    static let activity = """
        package com.example.lifecycle

        import android.os.Bundle
        import androidx.appcompat.app.AppCompatActivity

        class MainActivity : AppCompatActivity() {
            private lateinit var player: VideoPlayer
            private var resumeCount = 0

            override fun onCreate(savedInstanceState: Bundle?) {
                super.onCreate(savedInstanceState)
                setContentView(R.layout.activity_main)
                player = VideoPlayer(this)
            }

            /* Called when the activity leaves the foreground. */
            override fun onPause() {
                super.onPause()
                player.pause()
                Log.d(TAG, "onPause after ${resumeCount} resumes")
            }

            companion object {
                private const val TAG = "MainActivity"
            }
        }
        """

    @Test func appDelegateTokens() {
        let tokens = Highlighter.tokens(Self.appDelegate, language: .swift)
        expectLossless(Self.appDelegate, .swift)
        let expected: [Token] = [
            tok(.keyword, "import"), tok(.type, "UIKit"), tok(.attribute, "@main"), tok(.keyword, "class"),
            tok(.type, "AppDelegate"), tok(.type, "UIResponder"), tok(.type, "UIApplicationDelegate"),
            tok(.keyword, "private"), tok(.keyword, "var"), tok(.type, "UIWindow"),
            tok(.comment, "/// Called once launch is almost done."),
            tok(.function, "application"), tok(.keyword, "Any"), tok(.keyword, "return"), tok(.keyword, "true"),
            tok(.function, "applicationWillResignActive"), tok(.function, "applicationDidEnterBackground"),
            tok(.comment, "// Pause timers before the app goes inactive."),
            tok(.string, "\"Resigning at "), tok(.interpolation, "\\("), tok(.type, "Date"),
            tok(.string, "\"save\""), tok(.keyword, "weak"), tok(.keyword, "self"), tok(.keyword, "in"),
            tok(.function, "saveState"),
        ]
        for token in expected {
            #expect(tokens.contains(token), "missing \(token)")
        }
        // `window` is a property, `.invalid` an enum case: neither is highlighted.
        #expect(tokens.contains(tok(.plain, "window")))
        #expect(tokens.contains(tok(.plain, "invalid")))
        #expect(!tokens.contains { $0.kind == .keyword && $0.text == "open" })
    }

    @Test func appDelegateHTMLLightsTheCallback() {
        let options = HighlightOptions(taggedIdentifiers: ["applicationWillResignActive"])
        let html = Highlighter.html(Self.appDelegate, language: .swift, options: options)
        #expect(html.contains(
            "<span class=\"hl-function\" data-callback=\"applicationWillResignActive\">applicationWillResignActive</span>"))
        #expect(html.ranges(of: "data-callback").count == 1)
    }

    @Test func activityTokens() {
        let tokens = Highlighter.tokens(Self.activity, language: .kotlin)
        expectLossless(Self.activity, .kotlin)
        let expected: [Token] = [
            tok(.keyword, "package"), tok(.keyword, "import"), tok(.keyword, "class"), tok(.type, "MainActivity"),
            tok(.type, "AppCompatActivity"), tok(.keyword, "private"), tok(.keyword, "lateinit"),
            tok(.keyword, "var"), tok(.type, "VideoPlayer"), tok(.number, "0"), tok(.keyword, "override"),
            tok(.keyword, "fun"), tok(.function, "onCreate"), tok(.type, "Bundle"), tok(.keyword, "super"),
            tok(.function, "setContentView"), tok(.keyword, "this"),
            tok(.comment, "/* Called when the activity leaves the foreground. */"),
            tok(.function, "onPause"), tok(.function, "pause"), tok(.string, "\"onPause after "),
            tok(.interpolation, "${"), tok(.plain, "resumeCount"), tok(.interpolation, "}"),
            tok(.keyword, "companion"), tok(.keyword, "object"), tok(.keyword, "const"),
            tok(.keyword, "val"), tok(.string, "\"MainActivity\""),
        ]
        for token in expected {
            #expect(tokens.contains(token), "missing \(token)")
        }
        // Package segments and properties are plain names.
        #expect(tokens.contains(tok(.plain, "lifecycle")))
        #expect(tokens.contains(tok(.plain, "player")))
    }

    @Test func activityHTMLLightsEveryOnPause() {
        let options = HighlightOptions(taggedIdentifiers: ["onPause"])
        let html = Highlighter.html(Self.activity, language: .kotlin, options: options)
        // The declaration and the `super` call, but not the string that mentions it.
        #expect(html.ranges(of: "data-callback=\"onPause\"").count == 2)
    }
}
