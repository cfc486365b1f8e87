// The README's test command: the unit suite, the slower checks (jest.checks.config.cjs), the
// end-to-end tests (all Jest), then a plain summary line CI reads.
// Jest's own summary is not read by CI, so the counts are taken from its JSON report.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, existsSync } from "node:fs";

// LOGOS_TEST_RESULTS: where the JSON reports go (test-results/ by default).
const RESULTS = process.env.LOGOS_TEST_RESULTS ?? "test-results";
mkdirSync(RESULTS, { recursive: true });
const suites = [];

// A test skipped for a reason says so in its title (test/helpers/reference.ts: "… [skipped: why]").
const REASON = /\[skipped: ([^\]]+)\]/;

function runJest(name, args) {
	const out = `${RESULTS}/${name}.json`;
	const r = spawnSync("npx", ["jest", "--json", `--outputFile=${out}`, ...args], { stdio: "inherit", env: { ...process.env, TZ: "America/Los_Angeles" } });
	let passed = 0, failed = 0, skipped = 0;
	const reasons = new Map();
	if (existsSync(out)) {
		const j = JSON.parse(readFileSync(out, "utf8"));
		passed = j.numPassedTests; failed = j.numFailedTests + j.numRuntimeErrorTestSuites; skipped = j.numPendingTests + j.numTodoTests;
		for (const file of j.testResults ?? []) {
			for (const t of file.assertionResults ?? []) {
				if (t.status !== "pending" && t.status !== "todo") continue;
				const why = (t.fullName ?? [...(t.ancestorTitles ?? []), t.title].join(" ")).match(REASON)?.[1] ?? (t.status === "todo" ? "todo" : "no reason given");
				reasons.set(why, (reasons.get(why) ?? 0) + 1);
			}
		}
	} else failed = 1;
	if (r.status !== 0 && failed === 0) failed = 1;
	suites.push({ name, passed, failed, skipped, reasons });
}

/** "22 skipped: reference vault absent", or with several reasons "24 skipped: 22 reference vault absent, 2 no reason given". */
function skippedText(skipped, reasons) {
	if (skipped === 0) return "0 skipped";
	const list = [...reasons].sort((a, b) => b[1] - a[1]);
	if (list.length === 1 && list[0][1] === skipped) return `${skipped} skipped: ${list[0][0]}`;
	return `${skipped} skipped: ${list.map(([why, n]) => `${n} ${why}`).join(", ")}`;
}

// Arguments after `--` go to the unit run (a subset of files, with the same summary line).
const dashes = process.argv.indexOf("--");
runJest("unit", dashes < 0 ? [] : process.argv.slice(dashes + 1));
if (!process.argv.includes("--unit-only")) {
	runJest("checks", ["--config", "jest.checks.config.cjs"]);
	if (existsSync("test/e2e/jest.config.cjs")) runJest("e2e", ["--config", "test/e2e/jest.config.cjs"]);
}

let p = 0, f = 0, s = 0;
const all = new Map();
for (const x of suites) {
	p += x.passed; f += x.failed; s += x.skipped;
	for (const [why, n] of x.reasons) all.set(why, (all.get(why) ?? 0) + n);
	console.log(`${x.name}: ${x.passed} passed, ${x.failed} failed, ${skippedText(x.skipped, x.reasons)}`);
}
console.log(`${p} passed, ${f} failed, ${skippedText(s, all)}`);
process.exit(f > 0 ? 1 : 0);
