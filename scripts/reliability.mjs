// `npm run reliability`: bundles the reliability checks (test/reliability/run.ts), the CLI
// and a second-writer process with esbuild, runs the checks in plain Node as two halves
// side by side, runs the checks other issues built (through jest, beside them), then
// prints the merged figures as `name: count`. Exits non-zero when a loss, exception,
// crash, stray write or failed check was counted.
import { build } from "esbuild";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const out = mkdtempSync(join(tmpdir(), "logos-reliability-"));
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const common = { bundle: true, platform: "node", format: "cjs", target: "node20", loader: { ".wasm": "binary" }, logLevel: "error", external: [...nodeBuiltins, "jsdom"] };
// NODE_PATH: the bundles run from a temporary folder and load jsdom (kept out of the bundle) from the project.
const env = { ...process.env, TZ: "America/Los_Angeles", LOGOS_RELIABILITY_ROOT: root, NODE_PATH: join(root, "node_modules") };

/** Checks other issues own: concurrent verdict appends (review), index reconciliation (index). */
const OTHER_CHECKS = ["test/vault/append-interleave.test.ts", "test/store/indexer.test.ts"].filter((f) => existsSync(join(root, f)));

function run(args, output = "inherit") {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", output, output], cwd: root, env });
    child.on("close", (code) => done(code ?? 1));
  });
}

/** The other issues' jest checks as figures: tests passed and failed. */
async function otherChecks(file) {
  const report = join(out, "others-jest.json");
  const figures = { "other issues' checks passed": 0, "other issues' checks failed": 0 };
  const failures = [];
  if (OTHER_CHECKS.length > 0) {
    await run([join(root, "node_modules/jest/bin/jest.js"), "--silent", "--json", `--outputFile=${report}`, ...OTHER_CHECKS], "ignore");
    if (existsSync(report)) {
      const j = JSON.parse(readFileSync(report, "utf8"));
      figures["other issues' checks passed"] = j.numPassedTests;
      figures["other issues' checks failed"] = j.numFailedTests + j.numRuntimeErrorTestSuites;
      for (const s of j.testResults) for (const a of s.assertionResults) if (a.status === "failed") failures.push(`other issues' checks failed: ${a.fullName}`);
    } else {
      figures["other issues' checks failed"] = 1;
      failures.push("other issues' checks failed: jest wrote no report");
    }
  }
  writeFileSync(file, JSON.stringify({ figures, failures }));
}

try {
  const started = Date.now();
  const [cli, worker, checks] = ["cli", "worker", "run"].map((n) => join(out, `${n}.cjs`));
  await build({ ...common, entryPoints: [join(root, "src/cli/main.ts")], outfile: cli });
  await build({ ...common, entryPoints: [join(root, "test/reliability/lib/append-worker.ts")], outfile: worker });
  await build({ ...common, entryPoints: [join(root, "test/reliability/run.ts")], outfile: checks });
  const results = ["a", "b", "others"].map((h) => join(out, `${h}.json`));
  const codes = await Promise.all([
    run([checks, "part", "a", cli, worker, results[0]]),
    run([checks, "part", "b", cli, worker, results[1]]),
    otherChecks(results[2]).then(() => 0),
  ]);
  if (codes.some((c) => c !== 0)) {
    process.stdout.write("exceptions: 1\nFAILED: a half of the reliability run did not finish\n");
    process.exitCode = 1;
  } else {
    const seconds = String(Math.round((Date.now() - started) / 1000));
    process.exitCode = spawnSync(process.execPath, [checks, "report", seconds, ...results], { stdio: "inherit", cwd: root, env }).status ?? 1;
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
