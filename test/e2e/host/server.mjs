// The browser host's server: the host page, the built plugin (main.js, manifest.json,
// styles.css from the repository root) and one folder served as the vault. node:http only.
// A test and demo tool: nothing here goes into main.js.
import { createServer } from 'node:http';
import { mkdir, readFile, readdir, realpath, rename, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import esbuild from 'esbuild';

const HOST_DIR = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(HOST_DIR, '../../..');
/** Files larger than this are listed with their stat but no text: the plugin reads markdown only. */
const MAX_TEXT_BYTES = 8 * 1024 * 1024;
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** The host page's script: test/e2e/host/host.ts and the obsidian-test-mocks it is built on. */
export async function buildHostBundle() {
	const out = await esbuild.build({
		entryPoints: [join(HOST_DIR, 'host.ts')],
		bundle: true,
		platform: 'browser',
		format: 'iife',
		target: 'es2021',
		sourcemap: 'inline',
		write: false,
		logLevel: 'silent',
	});
	return out.outputFiles[0].text;
}

/** Obsidian leaves dot-folders (.obsidian, .git, .trash) out of the vault. */
function hidden(name) {
	return name.startsWith('.');
}

// ignoreBOM keeps a leading BOM in the text, as Obsidian's read does (TextDecoder drops it by default).
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** Obsidian reads a note with bytes that are not UTF-8 as text all the same, with U+FFFD for them. */
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

/** Every file under the vault folder as {path, text, mtime, size}, and every folder. */
export async function readVault(dir) {
	const files = [];
	const folders = [];
	const walk = async (rel) => {
		const entries = await readdir(join(dir, rel), { withFileTypes: true });
		for (const e of entries) {
			if (hidden(e.name)) continue;
			const childRel = rel === '' ? e.name : `${rel}/${e.name}`;
			if (e.isDirectory()) {
				folders.push(childRel);
				await walk(childRel);
			} else if (e.isFile()) {
				const abs = join(dir, childRel);
				const st = await stat(abs);
				let text = null;
				if (st.size <= MAX_TEXT_BYTES) {
					const bytes = await readFile(abs);
					try {
						text = utf8.decode(bytes);
					} catch {
						// binary: listed, never read by the plugin; a note is read all the same
						text = e.name.toLowerCase().endsWith('.md') ? lenient.decode(bytes) : null;
					}
				}
				files.push({ path: childRel, text, mtime: Math.floor(st.mtimeMs), size: st.size });
			}
		}
	};
	await walk('');
	const byPath = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
	files.sort((a, b) => byPath(a.path, b.path));
	folders.sort(byPath);
	return { files, folders };
}

/**
 * A vault path the page may write: relative, no empty, `.` or `..` segment, nothing hidden
 * (the config folder and .git stay out of reach). Returns the absolute path or null.
 */
function writablePath(vaultDir, p) {
	if (typeof p !== 'string' || p === '' || p.includes('\\') || p.includes('\0')) return null;
	const parts = p.split('/');
	if (parts.some((s) => s === '' || s === '.' || s === '..' || hidden(s))) return null;
	const abs = resolve(vaultDir, ...parts);
	return abs.startsWith(vaultDir + sep) ? abs : null;
}

/** True when the nearest existing folder of `dir` is, once links are resolved, the vault or inside it. */
async function insideVault(vaultDir, dir) {
	let probe = dir;
	for (;;) {
		try {
			const real = await realpath(probe);
			return real === vaultDir || real.startsWith(vaultDir + sep);
		} catch {
			const up = dirname(probe);
			if (up === probe) return false;
			probe = up;
		}
	}
}

async function readBody(req) {
	const chunks = [];
	let size = 0;
	for await (const c of req) {
		size += c.length;
		if (size > MAX_BODY_BYTES) throw new Error('body too large');
		chunks.push(c);
	}
	return Buffer.concat(chunks).toString('utf8');
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8' };

/**
 * Starts the host over `vault`. `write`: writes the page makes reach the folder (POST /write);
 * otherwise they stay in the page's memory. Port 0 picks a free one.
 */
export async function startHost({ vault, port = 0, write = false, bundle } = {}) {
	const vaultDir = await realpath(resolve(vault ?? join(REPO_ROOT, 'demo-vault')));
	if (!(await stat(vaultDir)).isDirectory()) throw new Error(`${vaultDir} is not a folder`);
	const hostJs = bundle ?? (await buildHostBundle());
	const manifest = JSON.parse(await readFile(join(REPO_ROOT, 'manifest.json'), 'utf8'));
	let origin = '';

	const send = (res, status, body, type = 'text/plain; charset=utf-8') => {
		res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
		res.end(body);
	};
	const sendFile = async (res, abs) => {
		try {
			send(res, 200, await readFile(abs), TYPES[abs.slice(abs.lastIndexOf('.'))] ?? 'application/octet-stream');
		} catch {
			send(res, 404, `missing ${relative(REPO_ROOT, abs)}: run npm run build`);
		}
	};

	const handle = async (req, res) => {
		// Only this machine's names: a page elsewhere cannot reach the server through DNS tricks.
		const host = req.headers.host ?? '';
		if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return send(res, 421, 'wrong host');
		const url = new URL(req.url ?? '/', origin);
		if (req.method === 'POST' && url.pathname === '/write') {
			if (!write) return send(res, 403, 'writes go to memory: start the host with --write');
			// JSON only, from this origin: another site's form or no-cors fetch cannot write the vault.
			if (req.headers['content-type'] !== 'application/json') return send(res, 415, 'json only');
			if (req.headers.origin !== undefined && req.headers.origin !== origin) return send(res, 403, 'foreign origin');
			let body;
			try {
				body = JSON.parse(await readBody(req));
			} catch {
				return send(res, 400, 'bad body');
			}
			const abs = writablePath(vaultDir, body?.path);
			if (!abs || typeof body.text !== 'string') return send(res, 400, 'bad path or text');
			// A link inside the vault must not lead the write (or a folder it creates) outside it.
			if (!(await insideVault(vaultDir, dirname(abs)))) return send(res, 400, 'outside the vault');
			await mkdir(dirname(abs), { recursive: true });
			const tmp = `${abs}.host-${process.pid}.tmp`;
			await writeFile(tmp, body.text, 'utf8');
			await rename(tmp, abs);
			return send(res, 204, '');
		}
		if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed');
		switch (url.pathname) {
			case '/':
			case '/index.html':
				return sendFile(res, join(HOST_DIR, 'index.html'));
			case '/host.js':
				return send(res, 200, hostJs, TYPES['.js']);
			case '/host.css':
				return sendFile(res, join(HOST_DIR, 'host.css'));
			// The plugin as the community installer ships it, read on each request so a rebuild shows on reload.
			case '/main.js':
			case '/manifest.json':
			case '/styles.css':
				return sendFile(res, join(REPO_ROOT, url.pathname.slice(1)));
			case '/vault.json': {
				const { files, folders } = await readVault(vaultDir);
				return send(res, 200, JSON.stringify({ name: basename(vaultDir), folder: vaultDir, writes: write, files, folders }), TYPES['.json']);
			}
			case '/plugin-files.json': {
				// The plugin's own folder as the adapter sees it (its saved index, say), data.json aside.
				const dir = join(vaultDir, '.obsidian', 'plugins', manifest.id);
				const files = [];
				try {
					for (const e of await readdir(dir, { withFileTypes: true })) {
						if (!e.isFile() || e.name === 'data.json') continue;
						files.push({ name: e.name, base64: (await readFile(join(dir, e.name))).toString('base64') });
					}
				} catch {
					// No folder: the plugin starts without saved files, as on a first run.
				}
				return send(res, 200, JSON.stringify(files), TYPES['.json']);
			}
			case '/plugin-data.json': {
				// What loadData() returns: the plugin's data.json in the vault's config folder, or null.
				try {
					return send(res, 200, await readFile(join(vaultDir, '.obsidian', 'plugins', manifest.id, 'data.json')), TYPES['.json']);
				} catch {
					return send(res, 200, 'null', TYPES['.json']);
				}
			}
			case '/favicon.ico':
				return send(res, 204, '');
			default:
				return send(res, 404, 'not found');
		}
	};

	const server = createServer((req, res) => {
		handle(req, res).catch((e) => {
			if (!res.headersSent) send(res, 500, String(e instanceof Error ? e.message : e));
			else res.destroy();
		});
	});
	await new Promise((ok, fail) => {
		server.once('error', fail);
		server.listen(port, '127.0.0.1', ok);
	});
	port = server.address().port;
	origin = `http://127.0.0.1:${port}`;
	return {
		url: `${origin}/`,
		port,
		vaultDir,
		close: () =>
			new Promise((ok) => {
				server.close(() => ok());
				server.closeAllConnections();
			}),
	};
}
