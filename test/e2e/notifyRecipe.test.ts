/**
 * The notify recipe (examples/fresh-data-with-notify-url.json) in a real n8n against the sandbox's
 * documented profile, where the service calls the notify URL at once when the data is already fresh
 * (sandbox/README.md, "Spec or docs"). Every branch of the recipe runs: a refresh that is running
 * (pending → Wait → cached read), data already fresh (the records go straight on), and a last refresh
 * that failed (no webhook will come: none-expected → cached read at once, no Wait).
 */
import { control, examples, itemsOf, runToEnd, sandboxLog, startE2eStack, type Json, type Stack } from './support';

const MINUTE = 60_000;
const { WORKFLOWS, SANDBOX_KEY } = examples;
const ASK = 'Rent roll, or a notification';

let stack: Stack;

beforeAll(async () => {
	// a refresh of 3 s: the service calls back after n8n has parked the execution in the Wait node
	stack = await startE2eStack({ profile: 'documented', jobSeconds: 3 });
	process.stderr.write(`[e2e] n8n ${stack.n8n.version} ready (documented profile); timings ${JSON.stringify(stack.timings)}\n`);
}, 20 * MINUTE);

afterAll(async () => {
	await stack?.stop();
});

/** Items of one output of a node's first run (an IF node: 0 = true, 1 = false). */
function outputOf(runData: Json, nodeName: string, output: number): Json[] {
	return (runData[nodeName]?.[0]?.data?.main?.[output] ?? []).map((item: Json) => item.json);
}

let freshRows: Json[] = [];

test('a refresh is running: one pending item → Wait resumes on the service POST → the cached read returns the fresh rows', async () => {
	await control(stack, 'POST', '/restart'); // no cache entry: the first answer is "updating"
	const execution = await runToEnd(stack, WORKFLOWS.freshDataNotify, 'Start', 3 * MINUTE);
	const runData = execution.data.resultData.runData;
	expect(execution.status).toBe('success');

	const asked = itemsOf(runData, ASK);
	expect(asked).toHaveLength(1);
	expect(asked[0]).toMatchObject({ pending: true, _meta: { status: 'updating' } });
	expect(outputOf(runData, 'Notification coming?', 0)).toHaveLength(1);
	expect(outputOf(runData, 'Notification coming?', 1)).toHaveLength(0);

	const [resumed] = itemsOf(runData, 'Wait for the service');
	expect(resumed.body).toMatchObject({ status: 'ok', jobId: expect.any(String), path: expect.stringContaining('rent-roll') });
	freshRows = itemsOf(runData, 'Read the fresh rent roll');
	expect(freshRows.length).toBeGreaterThan(0);
	expect(freshRows.every((row) => row._meta?.status === 'ok')).toBe(true);
	expect(itemsOf(runData, 'Rent roll')).toHaveLength(freshRows.length);

	const asks = (await sandboxLog(stack)).filter((entry) => entry.path.includes('rent-roll') && entry.notifyUrl);
	expect(asks).toHaveLength(1);
	expect(asks[0].notifyUrl).toContain(`/webhook-waiting/${execution.id}`);
}, 5 * MINUTE);

test('data already fresh: the records at once, the IF sends them on, no Wait node runs', async () => {
	expect(freshRows.length).toBeGreaterThan(0); // the refresh of the test above is under 60 s old
	const execution = await runToEnd(stack, WORKFLOWS.freshDataNotify, 'Start', 2 * MINUTE);
	const runData = execution.data.resultData.runData;
	expect(execution.status).toBe('success');

	const asked = itemsOf(runData, ASK);
	expect(asked.some((item) => item.pending !== undefined)).toBe(false);
	expect(asked.map((row) => row.upstreamId ?? row.unit)).toEqual(freshRows.map((row) => row.upstreamId ?? row.unit));
	expect(asked.every((row) => row._meta?.status === 'ok')).toBe(true);
	expect(outputOf(runData, 'Notification coming?', 0)).toHaveLength(0);
	expect(outputOf(runData, 'Notification coming?', 1)).toHaveLength(freshRows.length);
	expect(runData['Wait for the service']).toBeUndefined();
	expect(itemsOf(runData, 'Rent roll')).toHaveLength(freshRows.length);
}, 3 * MINUTE);

test('the last refresh failed: none-expected skips the Wait and reads the cached rows at once', async () => {
	expect(freshRows.length).toBeGreaterThan(0);
	const [ask] = (await sandboxLog(stack)).filter((entry) => entry.path.includes('rent-roll') && entry.notifyUrl);
	const query = new URLSearchParams(ask.query as Record<string, string>).toString();
	const sandboxNow = (await control(stack, 'GET', '/config')).clock as string;
	// the rows are now 2 minutes old, over Max Age 60; every refresh fails from here on
	await control(stack, 'POST', '/config', { failRefreshes: true, clock: new Date(Date.parse(sandboxNow) + 2 * MINUTE).toISOString() });
	try {
		// another client's read starts the refresh that fails, so the recipe's own read finds it failed
		await new Promise((resolve) => setTimeout(resolve, 1_100)); // the key's last request was n8n's, just now
		const started = await fetch(`${stack.sandbox.url}${ask.path}?${query}`, { headers: { 'X-API-Key': SANDBOX_KEY, 'X-API-MAX-AGE': '60' } });
		expect({ status: started.status, meta: ((await started.json()) as Json).meta?.status }).toEqual({ status: 200, meta: 'updating' });
		await new Promise((resolve) => setTimeout(resolve, 4_500));

		const execution = await runToEnd(stack, WORKFLOWS.freshDataNotify, 'Start', 2 * MINUTE);
		const runData = execution.data.resultData.runData;
		expect(execution.status).toBe('success');
		const asked = itemsOf(runData, ASK);
		expect(asked).toHaveLength(1);
		expect(asked[0]).toMatchObject({ pending: false, notify: 'none-expected', reason: expect.any(String) });
		expect(outputOf(runData, 'No notification coming?', 0)).toHaveLength(1);
		expect(runData['Wait for the service']).toBeUndefined();
		const rows = itemsOf(runData, 'Rent roll');
		expect(rows).toHaveLength(freshRows.length);
		// the rows the failed refresh left in the cache: the last good snapshot's
		const idOf = (row: Json) => row.upstreamId ?? row.unit;
		expect(rows.map(idOf)).toEqual(freshRows.map(idOf));
		expect(rows.some((row) => row.notify !== undefined)).toBe(false);
	} finally {
		await control(stack, 'POST', '/config', { failRefreshes: false });
	}
}, 3 * MINUTE);
