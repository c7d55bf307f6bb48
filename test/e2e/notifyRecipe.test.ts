/**
 * The notify recipe (examples/fresh-data-with-notify-url.json) in a real n8n against the sandbox's
 * documented profile, where the service calls the notify URL at once when the data is already fresh
 * (sandbox/README.md, "Spec or docs"). Both branches of the recipe run: a refresh that is running
 * (pending → Wait → cached read) and data already fresh (the records go straight on).
 */
import { control, examples, itemsOf, runToEnd, sandboxLog, startE2eStack, type Json, type Stack } from './support';

const MINUTE = 60_000;
const { WORKFLOWS } = examples;
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
