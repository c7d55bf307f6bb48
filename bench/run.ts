/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * `npm run bench [-- --quick] [-- --only=<row>,…] [-- --n8n-workflow=dev,1.120,2.41] [-- --workers-seconds=N]
 * [-- --workers-processes=N,…] [-- --change-events=<event>,…] [-- --only=soak --soak-days=N --soak-units=N --soak-poll-minutes=N --soak-seeds=1,2,…]`: see bench/README.md.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runChild } from './lib/children';
import { commitLine, machineLine } from './lib/machine';
import { markdownTable, type Row } from './lib/table';
import { copyLabel, WORKFLOW_COPIES, type WorkflowCopy } from './lib/workflowCopies';
import type { BenchSettings, RowResult } from './rows/context';
import { ENGINE_ROWS } from './rows/engineRows';
import { fairTurnsRow } from './rows/fairTurns';
import { largeAccountRow } from './rows/largeAccount';
import { SMOKE, soakRow, YEAR, type SoakSettings } from './rows/soak';
import { throughputRow } from './rows/throughput';
import { triggerAtScaleRow } from './rows/triggerAtScale';
import { triggerChangesAtScaleRow } from './rows/triggerChangesAtScale';
import { triggerStateRow } from './rows/triggerState';
import { workersRow } from './rows/workers';
import { writesRow } from './rows/writes';
import type { EngineRowsResult } from './tasks/engineRows';
import { FULL, QUICK } from './settings';

/** Rows run in this process, on the dev dependency, after the engine rows. */
const OTHER_ROWS: Record<string, (settings: BenchSettings & { soak: SoakSettings }) => Promise<RowResult>> = {
	fairTurns: fairTurnsRow,
	largeAccount: largeAccountRow,
	throughput: throughputRow,
	triggerAtScale: triggerAtScaleRow,
	triggerChangesAtScale: triggerChangesAtScaleRow,
	triggerState: triggerStateRow,
	workers: workersRow,
	writes: writesRow,
	soak: soakRow,
};

/** Rows run only when `--only` names them: the soak's year takes hours (bench/README.md "Soak"). */
const OPT_IN = new Set(['soak']);

/** scripts/n8n-workflow-versions.js: `npm ci` in its folder unless its copies are installed already. */
function installCopies(): void {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	(require(path.join(__dirname, '..', 'scripts', 'n8n-workflow-versions.js')) as { ensureInstalled(): void }).ensureInstalled();
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);

/**
 * The engine rows once per n8n-workflow copy, one child process per copy (the dev dependency's too,
 * so all run alike): one after the other in a full run, at once in a quick one (settings.copiesAtOnce).
 * Rows of one kind side by side in the table. Summary keys of the dev dependency are unprefixed,
 * the others' carry `wf<key>_`.
 */
async function runEngineRows(names: string[], copies: WorkflowCopy[], settings: BenchSettings) {
	const runCopy = async (copy: WorkflowCopy) => {
		const started = performance.now();
		const label = copyLabel(copy);
		console.error(`bench: ${names.join(', ')} on n8n-workflow ${label}…`);
		const args = { copy: copy.key, rows: names, settings: { ...settings, naiveBaseline: !copy.alias } };
		const run = await runChild<EngineRowsResult>('engineRows', args, { n8nWorkflowAlias: copy.alias ?? '' });
		console.error(
			`bench: the package's code ran on ${run.copy.main} (n8n-workflow ${run.copy.version}, sleepWithAbort: ${run.copy.typeofSleepWithAbort}` +
				`${run.copy.redirectedFrom.length ? `; redirected from ${run.copy.redirectedFrom.join(', ')}` : ''}); ${seconds(started)} s`,
		);
		return { copy, label, run };
	};
	const byCopy: Array<Awaited<ReturnType<typeof runCopy>>> = [];
	if (settings.copiesAtOnce) {
		// every child runs to its end before a failure is reported, so none is left behind
		const outcomes = await Promise.allSettled(copies.map(runCopy));
		const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
		if (failure) throw failure.reason;
		byCopy.push(...outcomes.map((outcome) => (outcome as PromiseFulfilledResult<(typeof byCopy)[number]>).value));
	} else {
		for (const copy of copies) byCopy.push(await runCopy(copy));
	}
	const rows: Row[] = [];
	const summary: Record<string, string | number> = {};
	for (const name of names) {
		for (const { copy, label, run } of byCopy) {
			const result = run.results[name];
			rows.push(...result.rows.map((row) => ({ ...row, n8nWorkflow: label })));
			const prefix = copy.alias ? `wf${copy.key.replace('.', '')}_` : '';
			for (const [key, value] of Object.entries(result.summary ?? {})) summary[prefix + key] = value;
		}
	}
	return { rows, summary };
}

/** The value of `--<name>=<value>` on the command line, if given. */
function flagValue(name: string): string | undefined {
	const prefix = `--${name}=`;
	return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

async function main() {
	const quick = process.argv.includes('--quick');
	const only = flagValue('only')?.split(',');
	const copyKeys = flagValue('n8n-workflow')?.split(',');
	const workerSeconds = flagValue('workers-seconds');
	const workerProcesses = flagValue('workers-processes');
	const changeEvents = flagValue('change-events')?.split(',');
	const settings = {
		...(quick ? QUICK : FULL),
		...(changeEvents ? { changeEvents } : {}),
		...(workerSeconds ? { workerSeconds: Number(workerSeconds) } : {}),
		...(workerProcesses ? { workerProcessCounts: workerProcesses.split(',').map(Number) } : {}),
	};
	if (!(settings.workerSeconds > 0)) throw new Error(`--workers-seconds: ${workerSeconds} is not a number of seconds`);
	if (!settings.workerProcessCounts.every((count) => Number.isInteger(count) && count > 0)) {
		throw new Error(`--workers-processes: ${workerProcesses} is not a list of process counts (e.g. 4,8)`);
	}
	const wanted = (name: string) => (!only && !OPT_IN.has(name)) || only?.includes(name) === true;
	// the soak row: `--soak-days=365 --soak-units=10000 --soak-poll-minutes=120 --soak-seeds=1,2,3,4,5` (YEAR; quick: SMOKE)
	const soakDefaults = quick ? SMOKE : YEAR;
	const soakUnits = flagValue('soak-units');
	const soak = {
		days: Number(flagValue('soak-days') ?? soakDefaults.days),
		units: soakUnits ? Number(soakUnits) : soakDefaults.units,
		pollMinutes: Number(flagValue('soak-poll-minutes') ?? soakDefaults.pollMinutes),
		seeds: flagValue('soak-seeds')?.split(',').map(Number) ?? soakDefaults.seeds,
	};
	const copies = WORKFLOW_COPIES.filter((copy) => !copyKeys || copyKeys.includes(copy.key));
	if (!copies.length) throw new Error(`--n8n-workflow: none of ${copyKeys?.join(', ')} is one of ${WORKFLOW_COPIES.map((copy) => copy.key).join(', ')}`);
	const rows: Row[] = [];
	const summary: Record<string, string | number> = {};
	const started = performance.now();

	const engineNames = Object.keys(ENGINE_ROWS).filter(wanted);
	if (engineNames.length) {
		// the copies users run, installed once as jest's global set-up does (a fresh clone has none)
		if (copies.some((copy) => copy.alias)) installCopies();
		const engine = await runEngineRows(engineNames, copies, settings);
		rows.push(...engine.rows);
		Object.assign(summary, engine.summary);
	}
	for (const [name, row] of Object.entries(OTHER_ROWS)) {
		if (!wanted(name)) continue;
		const rowStarted = performance.now();
		console.error(`bench: ${name}…`);
		const result = await row({ ...settings, soak });
		rows.push(...result.rows);
		Object.assign(summary, result.summary);
		console.error(`bench: ${name} done in ${seconds(rowStarted)} s`);
	}
	const table = markdownTable(rows, copyLabel(WORKFLOW_COPIES[0]));
	const lastLine = `bench: ${Object.entries(summary).map(([key, value]) => `${key}=${value}`).join(' ')}`;
	const machine = `${machineLine()} · ${commitLine()}`;
	const mode = quick ? 'quick smoke run (sizes reduced, one timing per figure)' : `full run, median of ${settings.repeat}`;
	const total = `${seconds(started)} s in all`;
	// only a full run of every row on every copy is a result to publish; a quick run (CI) leaves the file alone
	if (!quick && !only && !copyKeys && !workerSeconds && !workerProcesses) {
		writeFileSync(path.join(__dirname, 'RESULTS.md'), `# Bench results\n\n${machine}\n\n${mode}; ${total}.\n\n${table}\n\n\`${lastLine}\`\n`);
	}
	console.log(`${machine}\n${mode}; ${total}\n\n${table}\n\n${lastLine}`);
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
