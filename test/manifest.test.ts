/** The community release validator's rules, so a release is never refused for its manifest. */
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..');
const read = (f: string): any => JSON.parse(fs.readFileSync(path.join(root, f), 'utf8'));
const manifest = read('manifest.json');

describe('manifest.json', () => {
	it('has an id the directory accepts', () => {
		expect(manifest.id).toBe('logos-continuity');
		expect(manifest.id).toMatch(/^[a-z0-9-_]+$/);
		expect(manifest.id).not.toMatch(/obsidian|plugin$/);
	});
	it('has a name and description that follow the guidelines', () => {
		expect(manifest.name).toBe('Logos Continuity');
		expect(manifest.name).not.toMatch(/obsidian|plugin/i);
		expect(manifest.description).not.toMatch(/obsidian|^this plugin/i);
		expect(manifest.description.length).toBeLessThanOrEqual(250);
		expect(manifest.description).toMatch(/[.?!]$/);
	});
	it('versions agree everywhere and follow x.y.z', () => {
		expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
		expect(manifest.minAppVersion).toMatch(/^\d+\.\d+\.\d+$/);
		expect(read('package.json').version).toBe(manifest.version);
		expect(read('versions.json')[manifest.version]).toBe(manifest.minAppVersion);
		expect(manifest.isDesktopOnly).toBe(false);
	});
});
