// Re-approves the golden files: runs the approval tests with APPROVE=1, so each writes what
// it received as its new `.approved.` file. Review the result with `git diff` before committing.
// Extra arguments go to Jest (e.g. `npm run approve -- -t kestrel`).
import { spawnSync } from "node:child_process";

const tests = ["test/cli/golden.test.ts", "test/cli/why-golden.test.ts", "test/ui/plugin.test.ts", "test/ui/pane-golden.test.ts", "test/cli/diff-golden.test.ts"];
const r = spawnSync("npx", ["jest", ...tests, ...process.argv.slice(2)], {
	stdio: "inherit",
	env: { ...process.env, APPROVE: "1", TZ: "America/Los_Angeles" },
});
process.exit(r.status ?? 1);
