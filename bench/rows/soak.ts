/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The soak (issue 49) as a bench row: test/trigger/soak.test.ts needs jest's fake Date (virtual time
 * shared by the sandbox and the trigger), so the row runs it in a child jest process with the SOAK_*
 * environment and reads the figures it prints. Opt-in (`--only=soak`): a virtual year of a
 * 10,000-unit account takes hours (bench/README.md "Soak").
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Row } from '../lib/table';
import type { BenchSettings, RowResult } from './context';

export interface SoakSettings {
	days: number;
	/** the sandbox's --units; undefined: its default portfolio */
	units?: number;
	pollMinutes: number;
	seeds: number[];
}

/** A full run's soak: the year of a 10,000-unit account over five seeds. */
export const YEAR: SoakSettings = { days: 365, units: 10_000, pollMinutes: 120, seeds: [1, 2, 3, 4, 5] };
/** `--quick --only=soak`: three days of the default account, one seed. */
export const SMOKE: SoakSettings = { days: 3, pollMinutes: 60, seeds: [1] };

/** One workflow's line of a seed's report (soak.test.ts `line`). */
export interface SoakLine {
	seed: number;
	label: string;
	expected: number;
	emitted: number;
	missed: number;
	doubled: number;
	unexpected: number;
	late: number;
	maxDelayMinutes: number;
	requestsPerIdlePoll: number;
	/** requests of the reads due when the idle polls began (world.ts idlePolls) */
	catchUp: number;
	seenKeys: number;
	bound: number;
	stateBytes: number;
}

const NUMBER = '([0-9.]+)';
const LINE = new RegExp(
	`^\\s*(.+?)\\s*\\| expected ${NUMBER} \\| emitted ${NUMBER} \\| missed ${NUMBER} \\| doubled ${NUMBER} \\| unexpected ${NUMBER} \\| late ${NUMBER} \\| max delay ${NUMBER} min \\| requests/idle poll ${NUMBER} \\(catch-up ${NUMBER}\\) \\| seen keys max ${NUMBER} \\(bound ${NUMBER}\\) \\| state max ${NUMBER} B\\s*$`,
);
const SEED = /^\s*seed (\d+), (\d+) virtual days, .*, (\d+) s\s*$/;

/** The final report lines of every seed in jest's output (the 30-day progress lines carry no idle figure). */
export function parseSoakOutput(output: string): { lines: SoakLine[]; seconds: Record<number, number> } {
	const lines: SoakLine[] = [];
	const seconds: Record<number, number> = {};
	let seed: number | undefined;
	for (const text of output.split('\n')) {
		const header = SEED.exec(text);
		if (header) {
			seed = Number(header[1]);
			seconds[seed] = Number(header[3]);
			continue;
		}
		const match = LINE.exec(text);
		if (!match || seed === undefined) continue;
		const [, label, ...figures] = match;
		const [expected, emitted, missed, doubled, unexpected, late, maxDelayMinutes, requestsPerIdlePoll, catchUp, seenKeys, bound, stateBytes] = figures.map(Number);
		lines.push({ seed, label, expected, emitted, missed, doubled, unexpected, late, maxDelayMinutes, requestsPerIdlePoll, catchUp, seenKeys, bound, stateBytes });
	}
	return { lines, seconds };
}

function runJest(soak: SoakSettings): Promise<{ code: number | null; output: string }> {
	const root = path.join(__dirname, '..', '..');
	const env = {
		...process.env,
		SOAK_DAYS: String(soak.days),
		SOAK_POLL_MINUTES: String(soak.pollMinutes),
		SOAK_SEEDS: soak.seeds.join(','),
		...(soak.units ? { SOAK_UNITS: String(soak.units) } : {}),
	};
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), 'test/trigger/soak.test.ts', '--selectProjects', 'spec'], {
			cwd: root,
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		const collect = (chunk: Buffer) => {
			output += chunk.toString();
		};
		child.stdout.on('data', collect);
		child.stderr.on('data', collect);
		child.on('error', reject);
		child.on('exit', (code) => resolve({ code, output }));
	});
}

const sum = (lines: SoakLine[], pick: (line: SoakLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
const max = (lines: SoakLine[], pick: (line: SoakLine) => number) => Math.max(...lines.map(pick));

/** The soak over `settings.soak` (YEAR in a full run, SMOKE in a quick one): one row per workflow, figures over all seeds. */
export async function soakRow(settings: BenchSettings & { soak?: SoakSettings }): Promise<RowResult> {
	const soak = settings.soak ?? (settings.quick ? SMOKE : YEAR);
	console.error(`bench: soak, ${soak.days} virtual days, ${soak.units ?? 'default'} units, polls every ${soak.pollMinutes} min, seeds ${soak.seeds.join(', ')}`);
	const { code, output } = await runJest(soak);
	const { lines, seconds } = parseSoakOutput(output);
	const seedsReported = Object.keys(seconds).length;
	if (seedsReported !== soak.seeds.length || !lines.length) {
		throw new Error(`soak: ${seedsReported} of ${soak.seeds.length} seeds reported (jest exit ${code})\n${output.slice(-4000)}`);
	}
	const labels = [...new Set(lines.map((line) => line.label))];
	const rows: Row[] = labels.map((label) => {
		const of = lines.filter((line) => line.label === label);
		return {
			measured: `soak (issue 49), ${label}: ${soak.days} virtual days of a ${soak.units ?? 'default'}-unit account, polls every ${soak.pollMinutes} min, seeds ${soak.seeds.join(', ')}`,
			baseline: 'the oracle: docs/trigger.md "What the soak checks"',
			figure:
				`expected ${sum(of, (line) => line.expected)}, missed ${sum(of, (line) => line.missed)}, doubled ${sum(of, (line) => line.doubled)}, ` +
				`unexpected ${sum(of, (line) => line.unexpected)}, late ${sum(of, (line) => line.late)} (max delay ${max(of, (line) => line.maxDelayMinutes)} min); ` +
				`requests/idle poll ≤ ${max(of, (line) => line.requestsPerIdlePoll).toFixed(2)} (catch-up before the idle polls ≤ ${max(of, (line) => line.catchUp)}); ` +
				`state ≤ ${max(of, (line) => line.seenKeys)} keys (bound ${max(of, (line) => line.bound)}), ${max(of, (line) => line.stateBytes)} B`,
		};
	});
	const problems = sum(lines, (line) => line.missed + line.doubled + line.unexpected + line.late);
	const summary = {
		soak_missed: sum(lines, (line) => line.missed),
		soak_doubled: sum(lines, (line) => line.doubled),
		soak_late: sum(lines, (line) => line.late),
		soak_requests_per_idle_poll_max: max(lines, (line) => line.requestsPerIdlePoll).toFixed(2),
		soak_seconds: Object.values(seconds).reduce((total, one) => total + one, 0),
	};
	// a row checks counts, never times: the oracle's verdict and jest's exit status (the figures are printed either way)
	if (code !== 0 || problems) console.error(rows.map((row) => `${row.measured}: ${row.figure}`).join('\n'));
	if (code !== 0 || problems) throw new Error(`soak: jest exit ${code}, ${problems} missed/doubled/unexpected/late\n${output.slice(-4000)}`);
	return { rows, summary };
}
