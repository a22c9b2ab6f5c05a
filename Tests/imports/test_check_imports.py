"""Tests of scripts/check-imports (issue 29). Python 3, standard library only:

    python3 -m unittest discover -s Tests/imports -v

The fixture package has no dependencies, so nothing is fetched; `swift package dump-package` reads
its manifest. A product's modules are checked with a manifest and a checkout made up in the test.
"""
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPOSITORY, "scripts", "check-imports")


def load_script():
    loader = importlib.machinery.SourceFileLoader("check_imports", SCRIPT)
    spec = importlib.util.spec_from_loader("check_imports", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


check_imports = load_script()

MANIFEST = """\
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Fixture",
    targets: [
        .target(name: "A", exclude: ["Old.swift"]),
        .target(name: "B", dependencies: [{b_dependencies}]),
        .testTarget(name: "FixtureTests", dependencies: ["B"]),
    ]
)
"""

FILES = {
    "Sources/A/A.swift": """\
        import Foundation

        public struct A {}
        """,
    # Excluded in the manifest: its import is not the target's.
    "Sources/A/Old.swift": """\
        import Missing
        """,
    "Sources/B/B.swift": """\
        import Foundation
        // import Commented
        import A

        /* import Blocked */
        public let text = \"\"\"
            import Quoted
            \"\"\"
        public struct B { let a = A() }
        """,
    "Tests/FixtureTests/BTests.swift": """\
        import Testing
        @testable import B

        @Test func b() { _ = B() }
        """,
}


def write_fixture(directory, b_dependencies):
    with open(os.path.join(directory, "Package.swift"), "w") as manifest:
        manifest.write(MANIFEST.replace("{b_dependencies}", b_dependencies))
    for path, text in FILES.items():
        full = os.path.join(directory, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as source:
            source.write(textwrap.dedent(text))


def run_script(directory):
    return subprocess.run([sys.executable, SCRIPT, directory], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


@unittest.skipUnless(shutil.which("swift"), "needs swift (swift package dump-package)")
class FixturePackageTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="check-imports-")
        self.addCleanup(shutil.rmtree, self.directory, ignore_errors=True)

    def test_an_undeclared_import_is_named_and_fails(self):
        write_fixture(self.directory, "")
        result = run_script(self.directory)
        self.assertEqual(result.returncode, 1, result.stdout)
        problems = [line for line in result.stdout.splitlines() if not line.startswith("check-imports")]
        self.assertEqual(problems, ["B: Sources/B/B.swift:3 imports A, which B does not declare"], result.stdout)
        self.assertIn("check-imports: 1 undeclared import in 1 of 3 targets", result.stdout)

    def test_once_declared_every_import_passes(self):
        write_fixture(self.directory, '"A"')
        result = run_script(self.directory)
        self.assertEqual(result.returncode, 0, result.stdout)
        self.assertEqual(result.stdout.strip(), "check-imports: 3 targets, every import declared")


class ProductTests(unittest.TestCase):
    """A product's modules are its targets', read from the dependency's checkout once."""

    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="check-imports-")
        self.addCleanup(shutil.rmtree, self.directory, ignore_errors=True)
        checkout = os.path.join(self.directory, ".build", "checkouts", "swift-widgets")
        os.makedirs(checkout)
        open(os.path.join(checkout, "Package.swift"), "w").close()
        self.checkout = os.path.realpath(checkout)
        self.dumped = []

    def dump(self, directory):
        self.dumped.append(directory)
        self.assertEqual(os.path.realpath(directory), self.checkout)
        return {
            "name": "swift-widgets",
            "products": [{"name": "Widgets", "targets": ["WidgetCore", "Widget-Extras"], "type": {"library": ["automatic"]}}],
        }

    def manifest(self, imports_of_app):
        for name, text in {"App": imports_of_app, "AppTests": "import Testing\nimport WidgetCore\n@testable import App\n"}.items():
            folder = os.path.join(self.directory, "Tests" if name.endswith("Tests") else "Sources", name)
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, f"{name}.swift"), "w") as source:
                source.write(text)
        widgets = {"product": ["Widgets", "swift-widgets", None, None]}
        gadgets = {"product": ["Gadgets", "swift-gadgets", None, None]}
        return {
            "name": "App",
            "dependencies": [
                {"sourceControl": [{"identity": "swift-widgets", "location": {"remote": [{"urlString": "https://example.com/org/swift-widgets.git"}]}}]},
                {"sourceControl": [{"identity": "swift-gadgets", "location": {"remote": [{"urlString": "https://example.com/org/swift-gadgets.git"}]}}]},
            ],
            "targets": [
                {"name": "CLib", "type": "system", "dependencies": []},
                {"name": "App", "type": "executable", "dependencies": [widgets, gadgets, {"byName": ["CLib", None]}]},
                {"name": "AppTests", "type": "test", "dependencies": [{"target": ["App", None]}, widgets]},
            ],
        }

    def test_a_product_allows_its_targets_modules(self):
        manifest = self.manifest("import WidgetCore\nimport Widget_Extras\nimport Gadgets\nimport CLib\n")
        problems, checked = check_imports.check(self.directory, manifest=manifest, dump=self.dump)
        self.assertEqual(problems, [])
        self.assertEqual(checked, 2)  # the system library has no Swift files
        self.assertEqual(len(self.dumped), 1)  # read once for both targets

    def test_a_module_of_no_declared_product_is_named(self):
        # Widgets is the product, not a module; Gadgets, not checked out, is taken to be its product's module.
        manifest = self.manifest("import Gadgets\nimport Widgets\nimport Other.Thing\n")
        problems, _ = check_imports.check(self.directory, manifest=manifest, dump=self.dump)
        app = os.path.join("Sources", "App", "App.swift")
        self.assertEqual(problems, [("App", app, 2, "Widgets"), ("App", app, 3, "Other")])


class ImportParsingTests(unittest.TestCase):
    def test_every_form_of_import_and_none_in_comments_or_strings(self):
        source = textwrap.dedent(
            """\
            import A
            @testable import B
            @_implementationOnly import C
            public import D
            internal import E
            package import F
            private import G
            fileprivate import H
            import struct I.Thing
            import func J.doIt
            import K.Sub
            #if canImport(L)
                import L
            #endif
            // import NotM
            /* import NotN
               /* nested */ import NotO
            */
            let s = \"\"\"
            import NotP
            \\(f("import NotQ"))
            \"\"\"
            let r = #"import NotR \\#(y) "# ; import S
            let t = "a \\"quote\\" // no comment"; import T
            @_spi(Private) @preconcurrency import U
            let imports = 3 // import NotV
            func importThing() {}
            import `W`
            """
        )
        self.assertEqual(
            check_imports.imports_of(source),
            [(1, "A"), (2, "B"), (3, "C"), (4, "D"), (5, "E"), (6, "F"), (7, "G"), (8, "H"), (9, "I"), (10, "J"), (11, "K"),
             (13, "L"), (23, "S"), (24, "T"), (25, "U"), (28, "W")],
        )

    def test_a_shipped_target_importing_the_whole_of_foundation_is_named(self):
        with tempfile.TemporaryDirectory() as package:
            for path, text in {
                "Sources/Tool/main.swift": "import Core\nimport FoundationEssentials\n",
                "Sources/Core/Core.swift": "import Foundation\n",
                "Sources/Helper/Helper.swift": "import FoundationInternationalization\n",
                "Sources/BenchOnly/Bench.swift": "import Foundation\n",
            }.items():
                os.makedirs(os.path.dirname(os.path.join(package, path)), exist_ok=True)
                with open(os.path.join(package, path), "w") as file:
                    file.write(text)
            manifest = {
                "products": [
                    {"name": "tool", "type": {"executable": None}, "targets": ["Tool"]},
                    {"name": "bench", "type": {"library": ["automatic"]}, "targets": ["BenchOnly"]},
                ],
                "targets": [
                    {"name": "Tool", "type": "executable", "dependencies": [{"byName": ["Core", None]}]},
                    {"name": "Core", "type": "regular", "dependencies": [{"target": ["Helper", None]}]},
                    {"name": "Helper", "type": "regular", "dependencies": []},
                    {"name": "BenchOnly", "type": "regular", "dependencies": [{"byName": ["Core", None]}]},
                ],
            }
            self.assertEqual(check_imports.shipped_targets(manifest), ["Core", "Helper", "Tool"])
            problems = check_imports.whole_foundation_imports(package, manifest)
            self.assertEqual(
                sorted(problems),
                [
                    ("Core", os.path.join("Sources", "Core", "Core.swift"), 1, "Foundation"),
                    ("Helper", os.path.join("Sources", "Helper", "Helper.swift"), 1, "FoundationInternationalization"),
                ],
            )

    def test_module_names_of_targets(self):
        self.assertEqual(check_imports.module_name("voxnav-bench"), "voxnav_bench")
        self.assertEqual(check_imports.module_name("Speech"), "Speech")


if __name__ == "__main__":
    unittest.main()
