/** A second writer process for the two-process verdict check: `node worker.cjs VAULT NAME COUNT`. */
import { appendAsWorker } from './concurrent-verdicts';

const [vault, name, count] = process.argv.slice(2);
appendAsWorker(vault, name, Number(count)).then(
	() => process.exit(0),
	(e: unknown) => {
		process.stderr.write(`${String(e)}\n`);
		process.exit(1);
	},
);
