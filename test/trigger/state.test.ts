/* eslint-disable no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import type { IDataObject } from 'n8n-workflow';
import { TRIGGER_DEFAULTS, triggerProperties } from '../../nodes/PropertyManagementTrigger/events/description';
import { serviceDateOfDay } from '../../nodes/PropertyManagementTrigger/kernel/days';
import { dayOfServiceDate } from '../../nodes/shared/dates';
import { EVENT_DEFINITIONS } from '../../nodes/PropertyManagementTrigger/events/recordLists';
import { readState, SeenRecords, shortHash, writeState, type TriggerState } from '../../nodes/PropertyManagementTrigger/newRecords/state';

const FIRST_DAY = dayOfServiceDate('01/01/2026') as number;

function stateOf(scope: string, checkpoint: number, seen: SeenRecords): TriggerState {
	return { scope, checkpoint, seen, span: { back: 14, ahead: 60 }, legacyKeys: false, reads: {} };
}

function stateBytes(staticData: IDataObject): number {
	return Buffer.byteLength(JSON.stringify(staticData), 'utf8');
}

/** A tenant-event-like dedupe key per record: event|occupancy|tenant|day (the date-changes key, the longest) */
function syntheticKey(index: number, day: number): string {
	return EVENT_DEFINITIONS.tenantEvent.dedupeKey({
		event: ['Move-in', 'Move-out', 'Notice'][index % 3],
		occupancy: { upstreamId: 100000 + index },
		occurredDate: serviceDateOfDay(day),
	}, { dateChanges: true });
}

describe('trigger state', () => {
	test('10,000 records all inside the window stay compact and round-trip through JSON', () => {
		const seen = new SeenRecords();
		for (let index = 0; index < 10_000; index++) {
			const day = FIRST_DAY + (index % 74); // 14 days back + 60 ahead
			seen.add(shortHash(syntheticKey(index, day)), day);
		}
		const staticData: IDataObject = {};
		writeState(staticData, stateOf(shortHash('scope'), FIRST_DAY + 14, seen));
		const bytes = stateBytes(staticData);
		console.log(`trigger state after 10,000 records in the window: ${bytes} bytes of JSON`);
		expect(seen.size).toBe(10_000);
		expect(bytes).toBeLessThan(90_000);

		const restored = readState(JSON.parse(JSON.stringify(staticData)) as IDataObject, shortHash('scope'));
		expect(restored?.seen.size).toBe(10_000);
		expect(restored?.seen.has(shortHash(syntheticKey(1234, FIRST_DAY + (1234 % 74))))).toBe(true);
		expect(restored?.seen.has(shortHash(syntheticKey(1234, FIRST_DAY + 1)))).toBe(false);
	});

	test('10,000 records processed over 100 days: pruning keeps only the lookback window', () => {
		const seen = new SeenRecords();
		const lookback = TRIGGER_DEFAULTS.lookbackDays;
		let checkpoint = FIRST_DAY;
		for (let index = 0; index < 10_000; index++) {
			const day = FIRST_DAY + Math.floor(index / 100); // 100 records a day
			seen.add(shortHash(syntheticKey(index, day)), day);
			if (day > checkpoint) {
				checkpoint = day;
				seen.pruneBefore(checkpoint - lookback);
			}
		}
		const staticData: IDataObject = {};
		writeState(staticData, stateOf('abcdefgh', checkpoint, seen));
		const bytes = stateBytes(staticData);
		console.log(`trigger state after 10,000 records over 100 days (lookback ${lookback}): ${seen.size} keys, ${bytes} bytes`);
		expect(seen.size).toBe((lookback + 1) * 100);
		expect(bytes).toBeLessThan(15_000);
	});

	test('a record met again with a later date is kept until that date leaves the window', () => {
		const seen = new SeenRecords();
		seen.add('AAAAAAAA', FIRST_DAY);
		seen.add('AAAAAAAA', FIRST_DAY + 20);
		seen.add('AAAAAAAA', FIRST_DAY + 5);
		seen.pruneBefore(FIRST_DAY + 10);
		expect(seen.has('AAAAAAAA')).toBe(true);
		seen.pruneBefore(FIRST_DAY + 21);
		expect(seen.has('AAAAAAAA')).toBe(false);
	});

	test('a dated key a complete read of its day no longer lists is kept until the day given; one it lists, or of a day it did not read, is not', () => {
		const seen = new SeenRecords();
		seen.place('MOVEDAWY', FIRST_DAY + 3);
		seen.place('LISTEDxx', FIRST_DAY + 3);
		seen.place('AGEDOUTx', FIRST_DAY - 1);
		seen.place('MOVEDxxx', FIRST_DAY + 1);
		seen.place('MOVEDxxx', FIRST_DAY + 2); // listed again with a moved date: the latest counts
		expect(seen.keepMovedAway(new Set(['LISTEDxx']), FIRST_DAY, undefined, FIRST_DAY + 366)).toBe(2);
		const staticData: IDataObject = {};
		writeState(staticData, stateOf('scope-1', FIRST_DAY, seen));
		const restored = readState(JSON.parse(JSON.stringify(staticData)) as IDataObject, 'scope-1')?.seen as SeenRecords;
		expect(staticData.seen).toEqual({ [String(FIRST_DAY + 366)]: 'MOVEDAWYMOVEDxxx' });
		restored.pruneBefore(FIRST_DAY + 4);
		expect(['MOVEDAWY', 'LISTEDxx', 'AGEDOUTx', 'MOVEDxxx'].map((hash) => restored.has(hash))).toEqual([true, false, false, true]);
		restored.pruneBefore(FIRST_DAY + 367);
		expect(restored.size).toBe(0);
	});

	test('state of other filters, another version or a broken checkpoint is not used', () => {
		const staticData: IDataObject = {};
		writeState(staticData, stateOf('scope-1', FIRST_DAY, new SeenRecords()));
		expect(readState(staticData, 'scope-1')?.checkpoint).toBe(FIRST_DAY);
		expect(readState(staticData, 'scope-2')).toBeUndefined();
		expect(readState({ ...staticData, version: 99 }, 'scope-1')).toBeUndefined();
		expect(readState({ ...staticData, checkpoint: 'x' }, 'scope-1')).toBeUndefined();
		expect(readState({}, 'scope-1')).toBeUndefined();
	});

	test('service dates: MM/DD/YYYY, M/D/YYYY and stamps parse; nonsense does not', () => {
		expect(serviceDateOfDay(dayOfServiceDate('02/29/2028') as number)).toBe('02/29/2028');
		expect(dayOfServiceDate('2/9/2026')).toBe(dayOfServiceDate('02/09/2026'));
		expect(dayOfServiceDate('11/21/2026 at 09:30 AM')).toBe(dayOfServiceDate('11/21/2026'));
		expect(dayOfServiceDate('02/30/2026')).toBeUndefined();
		expect(dayOfServiceDate(null)).toBeUndefined();
	});

	test('the option fields show the defaults the code falls back to', () => {
		const options = triggerProperties.find((property) => property.name === 'options');
		const defaults = Object.fromEntries(
			(options?.options as Array<{ name: string; default: unknown }>).map((option) => [option.name, option.default]),
		);
		expect(defaults).toEqual({ ...TRIGGER_DEFAULTS });
	});
});
