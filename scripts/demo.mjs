// The README's main job until the browser host exists: the resume of every scope of the
// bundled demo vault, printed through the headless CLI (build first with `npm run build`).
import { execFileSync } from "node:child_process";

const vault = process.argv[2] ?? "demo-vault";
const cli = (...args) => execFileSync(process.execPath, ["dist/cli.cjs", ...args, "--vault", vault], { encoding: "utf8" });

const { scopes } = JSON.parse(cli("scopes", "--json"));
console.log(`Demo vault: ${vault} — ${scopes.length} scopes\n`);
console.log(cli("continuity"));
for (const { scope } of scopes) {
	console.log("─".repeat(72));
	console.log(cli("resume", "--scope", scope, "--markdown"));
}
