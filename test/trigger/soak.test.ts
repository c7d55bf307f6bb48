/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * A simulated month (issue 49): a seeded random history of an account (test/trigger/soak/world.ts)
 * against the trigger's documented meaning (soak/oracle.ts, docs/trigger.md "What the soak checks").
 * Every tenant event, bill and guest card that had to fire fired exactly once and in time; nothing
 * else fired; requests per idle poll and the state stay small.
 *
 * The long run (a virtual year of a 10,000-unit account, bench/README.md "Soak"):
 * SOAK_DAYS=365 SOAK_UNITS=10000 SOAK_POLL_MINUTES=120 SOAK_SEEDS=1,2,3,4,5 npx jest test/trigger/soak.test.ts --selectProjects spec
 */
import { serviceDateOfDay } from '../../nodes/PropertyManagementTrigger/days';
import { judge, type OracleVerdict } from './soak/oracle';
import { DAY_MS, KINDS, World, type Kind } from './soak/world';

const numberList = (text: string | undefined, fallback: number[]) => (text ? text.split(',').map(Number) : fallback);
const SEEDS = numberList(process.env.SOAK_SEEDS, [1, 2]);
const DAYS = Number(process.env.SOAK_DAYS ?? 30);
const UNITS = process.env.SOAK_UNITS ? Number(process.env.SOAK_UNITS) : undefined;
const POLL_MINUTES = Number(process.env.SOAK_POLL_MINUTES ?? 60);

/** docs/trigger.md "Worst-case delay": the full-window period (at most 6 h) + Max Wait + a poll interval; one more interval when another read goes first. */
const BOUND_MS = 6 * 3600_000 + 5_000 + 2 * POLL_MINUTES * 60_000;
const KEPT_DAYS = 366;

beforeAll(() => {
	jest.useFakeTimers({
		doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
		advanceTimers: true,
	});
});

afterAll(() => {
	jest.useRealTimers();
});

function line(kind: Kind, verdict: OracleVerdict, world: World, idle?: Record<Kind, number>): string {
	const workflow = world.workflows.find((one) => one.kind === kind)!;
	return [
		kind.padEnd(12),
		`expected ${verdict.expected}`,
		`emitted ${verdict.emitted}`,
		`missed ${verdict.missed.length}`,
		`doubled ${verdict.doubled.length}`,
		`unexpected ${verdict.unexpected.length}`,
		`late ${verdict.late.length}`,
		`max delay ${(verdict.maxDelayMs / 60_000).toFixed(0)} min`,
		...(idle ? [`requests/idle poll ${idle[kind].toFixed(2)}`] : []),
		`seen keys max ${workflow.maxSeen}`,
		`state max ${workflow.maxBytes} B`,
	].join(' | ');
}

describe.each(SEEDS)('soak, seed %i', (seed) => {
	test(`${DAYS} virtual days: every record fires once, in time; nothing else fires`, async () => {
		const world = new World({ seed, days: DAYS, pollMinutes: POLL_MINUTES, units: UNITS, start: '2027-01-04T08:00:00Z', entriesPerDay: 6 });
		const started = performance.now();
		try {
			await world.start();
			const judgeAll = () =>
				Object.fromEntries(
					KINDS.map((kind) => {
						const workflow = world.workflows.find((one) => one.kind === kind)!;
						const verdict = judge([...world.records[kind].values()], workflow.polls, {
							openEnded: kind === 'bill',
							boundMs: BOUND_MS,
							keepAfterLeavingDays: KEPT_DAYS,
							forgetsAgedOut: kind !== 'tenantEvent',
							pollIntervalMs: POLL_MINUTES * 60_000,
						});
						return [kind, verdict];
					}),
				) as Record<Kind, OracleVerdict>;
			await world.run((day) => {
				if (day % 30 !== 0 || DAYS <= 60) return;
				// the long run's figures so far (a record still due at this instant may yet fire)
				const sofar = judgeAll();
				console.log(`seed ${seed}: day ${day}, ${((performance.now() - started) / 1000).toFixed(0)} s\n${KINDS.map((kind) => line(kind, sofar[kind], world)).join('\n')}`);
			});
			const idle = await world.idleHour();
			const verdicts = judgeAll();
			const report = [
				`seed ${seed}, ${DAYS} days (${(DAYS * DAY_MS) / DAY_MS} virtual), ${UNITS ?? 'default'} units, polls every ${POLL_MINUTES} min, ${((performance.now() - started) / 1000).toFixed(0)} s`,
				`script: ${JSON.stringify(world.counts)}`,
				...KINDS.map((kind) => line(kind, verdicts[kind], world, idle)),
				...KINDS.flatMap((kind) => [...verdicts[kind].missed.map((key) => `MISSED ${key}`), ...verdicts[kind].doubled.map((key) => `DOUBLED ${key}`), ...verdicts[kind].unexpected.map((key) => `UNEXPECTED ${key}`), ...verdicts[kind].late.map((key) => `LATE ${key}`)]).slice(0, 40),
			].join('\n');
			console.log(report);
			if (process.env.SOAK_DEBUG) {
				for (const kind of KINDS) {
					const verdict = verdicts[kind];
					for (const problem of [...verdict.missed, ...verdict.doubled, ...verdict.unexpected, ...verdict.late].slice(0, 4)) {
						const key = [...world.records[kind].keys()].find((one) => problem.startsWith(one));
						if (!key) continue;
						const history = world.records[kind].get(key)!.history.map((change) => `${new Date(change.at).toISOString()} day ${change.day === null ? 'deleted' : serviceDateOfDay(change.day)}${change.open ? ' open' : ''}`);
						const polls = world.workflows.find((one) => one.kind === kind)!.polls.filter((poll) => poll.emitted.includes(key)).map((poll) => `${new Date(poll.at).toISOString()} ${poll.outcome} today ${serviceDateOfDay(poll.today)}`);
						console.log(`${problem}\n  history: ${history.join('; ')}\n  emitted by: ${polls.join('; ')}`);
					}
				}
			}
			for (const kind of KINDS) {
				expect({ kind, missed: verdicts[kind].missed, doubled: verdicts[kind].doubled, unexpected: verdicts[kind].unexpected, late: verdicts[kind].late }).toEqual({
					kind,
					missed: [],
					doubled: [],
					unexpected: [],
					late: [],
				});
				expect(idle[kind]).toBeLessThanOrEqual(2);
			}
		} finally {
			await world.close();
		}
	}, DAYS * 10 * 60_000);
});
