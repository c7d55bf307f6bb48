/** `npm run bench [-- --quick] [-- --only=<row>,…]`: see bench/README.md. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { machineLine } from './lib/machine';
import { markdownTable, type Row } from './lib/table';
import type { BenchSettings, RowResult } from './rows/context';
import { concurrentRow } from './rows/concurrent';
import { freshnessRow } from './rows/freshness';
import { returnAllRow } from './rows/returnAll';
import { throughputRow } from './rows/throughput';
import { triggerStateRow } from './rows/triggerState';
import { workersRow } from './rows/workers';
import { writesRow } from './rows/writes';
import { FULL, QUICK } from './settings';

const ROWS: Record<string, (settings: BenchSettings) => Promise<RowResult>> = {
	returnAll: returnAllRow,
	concurrent: concurrentRow,
	freshness: freshnessRow,
	throughput: throughputRow,
	triggerState: triggerStateRow,
	workers: workersRow,
	writes: writesRow,
};

const SUMMARY_KEYS = ['returnAll_wall_over_floor', 'returnAll_429', 'concurrent_wall_over_floor', 'concurrent_429', 'naive_429', 'create20_spec_wall_s', 'create20_documented_wall_s'];

async function main() {
	const quick = process.argv.includes('--quick');
	const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
	const settings = quick ? QUICK : FULL;
	const rows: Row[] = [];
	const summary: Record<string, string | number> = {};
	const started = performance.now();
	for (const [name, row] of Object.entries(ROWS)) {
		if (only && !only.includes(name)) continue;
		const rowStarted = performance.now();
		console.error(`bench: ${name}…`);
		const result = await row(settings);
		rows.push(...result.rows);
		Object.assign(summary, result.summary);
		console.error(`bench: ${name} done in ${((performance.now() - rowStarted) / 1000).toFixed(0)} s`);
	}
	const table = markdownTable(rows);
	const lastLine = `bench: ${SUMMARY_KEYS.map((key) => `${key}=${summary[key] ?? 'n/a'}`).join(' ')}`;
	const machine = machineLine();
	const mode = quick ? 'quick smoke run (sizes reduced, one timing per figure)' : `full run, median of ${settings.repeat}`;
	if (!only) {
		writeFileSync(
			path.join(__dirname, 'RESULTS.md'),
			`# Bench results\n\n${machine}\n\n${mode}; ${((performance.now() - started) / 1000).toFixed(0)} s in all.\n\n${table}\n\n\`${lastLine}\`\n`,
		);
	}
	console.log(`${machine}\n${mode}\n\n${table}\n\n${lastLine}`);
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
