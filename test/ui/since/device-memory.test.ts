/**
 * What "since I last looked" keeps on this device: when each scope was last looked at and the
 * verdict lines this device wrote, in the app's device-local storage (never data.json), kept
 * across restarts, at the injected clock's time.
 */
import { LAST_LOOKED_KEY, LastLooked, OWN_VERDICTS_KEPT, OWN_VERDICTS_KEY, OwnVerdicts, type DeviceStorage } from '../../../src/ui/since/device-memory';

/** app.loadLocalStorage / saveLocalStorage over a map, values copied as Obsidian's JSON storage does. */
function deviceStorage(): DeviceStorage & { saved: Map<string, unknown> } {
	const saved = new Map<string, unknown>();
	return {
		saved,
		loadLocalStorage: (key) => (saved.has(key) ? JSON.parse(JSON.stringify(saved.get(key))) as unknown : null),
		saveLocalStorage: (key, data) => void saved.set(key, JSON.parse(JSON.stringify(data))),
	};
}

describe('last looked', () => {
	test('a scope never looked at has no moment; the first look starts it, later looks leave it until the look ends', () => {
		let now = 1000;
		const storage = deviceStorage();
		const looked = new LastLooked(storage, () => now);
		expect(looked.get('kestrel')).toBeNull();
		looked.begin('kestrel');
		expect(looked.get('kestrel')).toBe(1000);
		now = 2000;
		looked.begin('kestrel');
		expect(looked.get('kestrel')).toBe(1000);
		looked.touch('kestrel');
		expect(looked.get('kestrel')).toBe(2000);
	});

	test('it survives a restart, per scope, and ignores what it did not write', () => {
		const storage = deviceStorage();
		const first = new LastLooked(storage, () => 5000);
		first.touch('kestrel');
		first.touch('kestrel/disputes');
		const again = new LastLooked(storage, () => 9000);
		expect(again.entries()).toEqual([['kestrel', 5000], ['kestrel/disputes', 5000]]);
		storage.saved.set(LAST_LOOKED_KEY, { kestrel: 'yesterday', rivet: 7000, sluice: null });
		expect(new LastLooked(storage).entries()).toEqual([['rivet', 7000]]);
	});

	test('without device storage (an older Obsidian) nothing is remembered and nothing fails', () => {
		const looked = new LastLooked({}, () => 10);
		looked.touch('kestrel');
		expect(new LastLooked({}).get('kestrel')).toBeNull();
	});
});

describe('own verdict lines', () => {
	test('kept across restarts, the newest ones when there are too many', () => {
		const storage = deviceStorage();
		const own = new OwnVerdicts(storage);
		own.add('- retired: a <!-- ts=1 -->\n');
		expect(new OwnVerdicts(storage).all()).toEqual(['- retired: a <!-- ts=1 -->']);
		for (let i = 0; i < OWN_VERDICTS_KEPT + 5; i++) own.add(`- retired: r${i} <!-- ts=${i} -->`);
		const kept = new OwnVerdicts(storage).all();
		expect(kept.length).toBe(OWN_VERDICTS_KEPT);
		expect(kept[kept.length - 1]).toBe(`- retired: r${OWN_VERDICTS_KEPT + 4} <!-- ts=${OWN_VERDICTS_KEPT + 4} -->`);
		expect(storage.saved.get(OWN_VERDICTS_KEY)).toEqual(kept);
	});
});
