// Lints planted source text as if it were the file at each given path, with the
// repository's own eslint.config.mjs, and prints the messages as JSON. Run in its
// own Node process because ESLint loads its flat config as an ES module, which
// Jest's module sandbox does not.
// stdin: [{ "filePath": "src/core/x.ts", "text": "..." }, …]
// stdout: [[{ "ruleId": "...", "message": "..." }, …], …] in the same order.
import { ESLint } from "eslint";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const cases = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const root = resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });
const out = [];
for (const c of cases) {
	const filePath = resolve(root, c.filePath);
	const [result] = await eslint.lintText(c.text, { filePath });
	out.push((result?.messages ?? []).map((m) => ({ ruleId: m.ruleId, message: m.message, line: m.line })));
	// The type checker keeps the last text it saw for a path: give it the file back, so the
	// next case sees the real exports of this one.
	await eslint.lintText(readFileSync(filePath, "utf8"), { filePath });
}
process.stdout.write(JSON.stringify(out));
