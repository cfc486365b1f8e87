// The README's test command: unit tests (Jest), then a plain summary line CI reads.
// Jest's own summary is not read by CI, so the counts are taken from its JSON report.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, existsSync } from "node:fs";

mkdirSync("test-results", { recursive: true });
const suites = [];

function runJest(name, args) {
	const out = `test-results/${name}.json`;
	const r = spawnSync("npx", ["jest", "--json", `--outputFile=${out}`, ...args], { stdio: "inherit", env: { ...process.env, TZ: "America/Los_Angeles" } });
	let passed = 0, failed = 0, skipped = 0;
	if (existsSync(out)) {
		const j = JSON.parse(readFileSync(out, "utf8"));
		passed = j.numPassedTests; failed = j.numFailedTests + j.numRuntimeErrorTestSuites; skipped = j.numPendingTests + j.numTodoTests;
	} else failed = 1;
	if (r.status !== 0 && failed === 0) failed = 1;
	suites.push({ name, passed, failed, skipped });
}

runJest("unit", []);
if (!process.argv.includes("--unit-only") && existsSync("test/e2e/jest.config.cjs")) {
	runJest("e2e", ["--config", "test/e2e/jest.config.cjs"]);
}

let p = 0, f = 0, s = 0;
for (const x of suites) { p += x.passed; f += x.failed; s += x.skipped; console.log(`${x.name}: ${x.passed} passed, ${x.failed} failed, ${x.skipped} skipped`); }
console.log(`${p} passed, ${f} failed, ${s} skipped`);
process.exit(f > 0 ? 1 : 0);
