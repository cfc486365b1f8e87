import type { SqlJsStatic } from 'sql.js';
import { IndexStore } from '../../src/store/store';
import { createSaver } from '../../src/store/persist';
import { storeSaver } from '../../src/store';
import { loadSql, ManualTimers, MemoryDisk, note, settle } from '../helpers/store';

const PATH = '.obsidian/plugins/logos-continuity/index.db';

let sql: SqlJsStatic;
beforeAll(async () => {
	sql = await loadSql();
});

describe('createSaver', () => {
	it('saves once for a burst of changes, after the delay', async () => {
		const timers = new ManualTimers();
		let saves = 0;
		const saver = createSaver({ save: async () => void saves++, timers });
		saver.scheduleSave();
		saver.scheduleSave();
		saver.scheduleSave();
		expect(saves).toBe(0);
		expect(timers.due.size).toBe(1);
		timers.fire();
		await settle();
		expect(saves).toBe(1);
		expect(saver.pending).toBe(false);
	});

	it('flush saves at once and only when something waits', async () => {
		const timers = new ManualTimers();
		let saves = 0;
		const saver = createSaver({ save: async () => void saves++, timers });
		await saver.flush();
		expect(saves).toBe(0);
		saver.scheduleSave();
		await saver.flush();
		expect(saves).toBe(1);
		expect(timers.due.size).toBe(0);
	});

	it('never runs two saves at once, and saves a change made during a save', async () => {
		let active = 0;
		let most = 0;
		let saves = 0;
		let release: () => void = () => undefined;
		const saver = createSaver({
			timers: new ManualTimers(),
			save: () => new Promise<void>((resolve) => {
				active++;
				most = Math.max(most, active);
				release = () => {
					active--;
					saves++;
					resolve();
				};
			}),
		});
		saver.scheduleSave();
		const first = saver.flush();
		await settle();
		saver.scheduleSave();
		const second = saver.flush();
		await settle();
		release();
		await first;
		await settle();
		release();
		await second;
		expect(most).toBe(1);
		expect(saves).toBe(2);
	});

	it('reports a failed timed save and tries again on the next', async () => {
		const timers = new ManualTimers();
		const errors: unknown[] = [];
		let fail = true;
		let saves = 0;
		const saver = createSaver({
			timers,
			onError: (e) => errors.push(e),
			save: async () => {
				if (fail) throw new Error('disk full');
				saves++;
			},
		});
		saver.scheduleSave();
		timers.fire();
		await settle();
		expect(errors).toHaveLength(1);
		expect(saver.pending).toBe(true);
		fail = false;
		await saver.flush();
		expect(saves).toBe(1);
	});

	it('flush rejects when the save fails', async () => {
		const saver = createSaver({ timers: new ManualTimers(), save: async () => { throw new Error('disk full'); } });
		saver.scheduleSave();
		await expect(saver.flush()).rejects.toThrow('disk full');
	});

	it('cancel forgets a waiting save', async () => {
		const timers = new ManualTimers();
		let saves = 0;
		const saver = createSaver({ save: async () => void saves++, timers });
		saver.scheduleSave();
		saver.cancel();
		await saver.flush();
		expect(saves).toBe(0);
		expect(timers.due.size).toBe(0);
	});

	it('a store change schedules a save of the store', async () => {
		const timers = new ManualTimers();
		const disk = new MemoryDisk();
		const store = IndexStore.create(sql);
		const saver = storeSaver(store, disk, PATH, { timers });
		store.importNotes('kestrel', [note('one', 1)]);
		expect(timers.due.size).toBe(1);
		timers.fire();
		await settle();
		await saver.flush();
		expect(disk.files.has(PATH)).toBe(true);
		store.close();
	});
});
