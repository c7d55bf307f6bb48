/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The example workflows in a real n8n (scripts/stack.js): the package installed as a community
 * package, the sandbox as the service, an SMTP sink and a Slack-like webhook sink.
 *
 * n8n polls a trigger at most once a minute, so the trigger assertions take two poll cycles.
 * The suite overlaps them with everything else: the trigger workflows are activated and the first
 * records injected early, the every-resource run starts in the background (a separate `n8n execute`
 * process) and is checked last. The rescheduled move-in (issue 28, item 2) is edited right after the
 * welcome mails and checked after the bill minutes, so the full-window read it needs overlaps them. The
 * refresh outage (issue 28, item 1) runs last: it makes every refresh fail.
 *
 * The five recipes of issue 48 (examples 7-11) are activated with the other triggers; staff's changes
 * (a work order completed, two applications decided, a lease renewed, two balances charged, a vendor's
 * insurance lapsing) are made at once after their first polls, so their minutes overlap the welcome and
 * bill minutes. Their outputs are checked after the bill minutes, and checked again at the end. The
 * team-channel recipes (examples 12-14) are staged with them: a new work order and a new application
 * are entered, one seeded bill is approved and another paid; one post each to the team channel. The
 * welcome example's move-in without an e-mail address posts to the same channel (its marker tells it apart).
 */
import {
	activateWorkflow,
	waitForCompletedPoll,
	control,
	examples,
	executeByCli,
	getExecution,
	inject,
	itemsOf,
	listExecutions,
	runManually,
	runToEnd,
	sandboxLog,
	startE2eStack,
	waitFor,
	type Json,
	type Stack,
} from './support';

const MINUTE = 60_000;
const { WORKFLOWS, CREDENTIALS, RECIPES, SANDBOX_KEY } = examples;
/**
 * The node names of test/e2e/workflows/every-resource.json, one operation of each resource (test/node/coverage.test.ts
 * checks the workflow against the resource registry, so a new resource cannot be left out here).
 */
const EVERY_RESOURCE_NODES: string[] = (examples.loadWorkflows({ includeTestWorkflows: true }) as Json[])
	.find((workflow) => workflow.id === WORKFLOWS.everyResource)!
	.nodes.filter((node: Json) => String(node.type).endsWith('.propertyManagement'))
	.map((node: Json) => String(node.name));
/** Resources whose seeded data may legitimately be empty for the one tenant the workflow picks. */
const MAY_BE_EMPTY = new Set(['Attachments', 'Emails', 'Letters', 'Text messages']);

/**
 * The rent roll recipes watch one property here: the whole rent roll (about 10 pages) is read again only
 * every 20 minutes (docs/trigger.md "Dates coming up"), one property's page every 2. The late notice's
 * five-day Wait becomes 64 s: under n8n's 65 s, so the execution stays in memory, and over the 60 s Max
 * Age of *Rent roll again*, whose query is the trigger's own here: the look after the wait refreshes the
 * snapshot the trigger read before the payment.
 */
const RECIPE_PROPERTY = '101';
const LATE_NOTICE_WAIT_SECONDS = 64;

function withRecipeTestSettings(workflow: Json): Json {
	const watchesRentRoll = workflow.id === WORKFLOWS.leaseRenewalEmail || workflow.id === WORKFLOWS.rentPastDueNotice;
	for (const node of workflow.nodes) {
		if (watchesRentRoll && String(node.type).endsWith('.propertyManagementTrigger')) {
			node.parameters.filters = { propertyId: { __rl: true, mode: 'id', value: RECIPE_PROPERTY } };
		}
		if (workflow.id === WORKFLOWS.rentPastDueNotice && node.type === 'n8n-nodes-base.wait') {
			node.parameters = { ...node.parameters, amount: LATE_NOTICE_WAIT_SECONDS, unit: 'seconds' };
		}
	}
	return workflow;
}

/** What staff changed for the recipes, and the addresses their outputs go to. */
interface RecipeStage {
	completed: Json;
	scheduled: Json;
	/** [approved, denied], as listed before the decision */
	decided: Json[];
	lease: { occupancyId: string; email: string; leaseTo: string };
	/** charged 250.00 each; `pays` pays it as soon as its late notice arrives */
	pays: { occupancyId: string; email: string };
	owes: { occupancyId: string; email: string };
	vendor: Json;
	/** the team-channel recipes' records: entered, approved, paid */
	feed: { workOrder: Json; application: Json; approvedBill: Json; paidBill: Json };
	at: number;
	/** when every output had come and every late-notice execution had ended */
	doneAt?: number;
	/** the payment made once the paying tenant's late notice came */
	payment: Promise<{ error?: Error }>;
}

let stack: Stack;
let recipes: RecipeStage | undefined;
/** occupancies and addresses the recipes use: no move-in is injected on them */
const reservedOccupancies = new Set<string>();
const reservedEmails = new Set<string>();
let everyResource: Promise<{ runData?: Json; error?: Error }>;
const moveIns: Json[] = [];
let pendingBill: Json;
/** entered after activation with a bill date 45 days back, before the trigger's Lookback (issue 30) */
let lateBill: Json;
let billFromOrder: Json | undefined;
/** issue 28 item 2: the first move-in after its date was moved, and a move-in dated ahead that only the full window sees */
let rescheduled: { moved: Json; ahead: Json; at: number } | undefined;

beforeAll(async () => {
	stack = await startE2eStack({ prepareWorkflow: withRecipeTestSettings });
	process.stderr.write(`[e2e] n8n ${stack.n8n.version} ready; timings ${JSON.stringify(stack.timings)}\n`);
}, 20 * MINUTE); // a fresh machine installs n8n first (about 9 minutes)

afterAll(async () => {
	await stack?.stop();
});

const mailsTo = (email: string) => stack.smtp.mails.filter((mail) => mail.to.includes(email));
const mailsFrom = (sender: string) => stack.smtp.mails.filter((mail) => mail.from === sender);
const welcomeMails = () => mailsFrom('welcome@example.com');
const postsTo = (path: string) => stack.webhook.posts.filter((post) => post.path === path);
const slackPosts = () => postsTo('/slack/bill-approvals');
const postsFor = (billId: string) => slackPosts().filter((post) => JSON.stringify(post.body).includes(billId));

/**
 * The two long trigger cases of issue 28 (a rescheduled move-in, a refresh outage: about 9 to 10
 * minutes of a run together) run on one n8n line per CI run: `.ci/run`'s second line (2.41.1) sets
 * E2E_TRIGGER_CASES_ON_ONE_LINE=1 and skips them, visibly, since `npm test` ran them on 1.123.81 just
 * before (both lines passed them when they were written). Without the variable they run, so
 * `N8N_VERSION=2.41.1 npx jest test/e2e` alone runs them on 2.41.1.
 */
const onOneLine = process.env.E2E_TRIGGER_CASES_ON_ONE_LINE === '1' ? test.skip : test;

test('n8n loads both node types of the package and the credential test reaches the sandbox', async () => {
	const types: Json[] = await fetch(`${stack.server.baseUrl}/types/nodes.json`, {
		headers: { 'browser-id': 'pm-e2e-browser' },
	}).then((r) => r.json() as Promise<Json[]>).catch(() => []);
	const credential = { ...CREDENTIALS.propertyManagement, data: { apiKey: SANDBOX_KEY, baseUrl: stack.sandbox.url } };
	const ok = await stack.session.call('POST', '/credentials/test', { credentials: credential });
	expect(ok).toMatchObject({ status: 'OK' });
	const rejected = await stack.session.call('POST', '/credentials/test', {
		credentials: { ...credential, data: { ...credential.data, apiKey: 'wrong-key' } },
	});
	expect(rejected.status).toBe('Error');
	expect(JSON.stringify(rejected)).not.toContain('wrong-key');
	// types/nodes.json is checked by the stack already (it throws otherwise); this documents the names
	if (types.length) expect(types.map((t) => t.name)).toContain('n8n-nodes-property-management.propertyManagementTrigger');

	// every node waits for fresh data (about 10 s each); run it alongside the trigger minutes
	everyResource = executeByCli(stack, WORKFLOWS.everyResource).then(
		(runData) => ({ runData }),
		(error) => ({ error }),
	);
});

/**
 * The recipes' tenants must owe nothing when Rent Past Due records the present, or their charge in
 * part 1 would find them already above the amount and fire nothing. The sandbox dates its ledgers by
 * today, and on the first days of a month the seed's rent is unpaid on every lease of the property
 * (seen on 12/03: all six current leases of property 101 past due): what each owes is paid first, and
 * the rent roll's snapshot expired (a payment does not expire it).
 */
async function payOffRecipeProperty(): Promise<void> {
	const occupancies = ((await control(stack, 'GET', '/records/occupancies')) as Json[]).filter(
		(occupancy) => occupancy.propertyId === RECIPE_PROPERTY && occupancy.status === 'current',
	);
	for (const occupancy of occupancies) {
		const { pastDue } = await control(stack, 'POST', '/update', { kind: 'occupancy', id: occupancy.occupancyId, set: {} });
		if (Number(pastDue) > 0) await control(stack, 'POST', '/update', { kind: 'occupancy', id: occupancy.occupancyId, set: { payment: pastDue } });
	}
	await control(stack, 'POST', '/expire', { path: '/v1/rent-roll' });
}

test('the trigger examples activate, and their first poll records the present', async () => {
	await payOffRecipeProperty();
	await activateWorkflow(stack, WORKFLOWS.welcomeEmail);
	await activateWorkflow(stack, WORKFLOWS.billApproval);
	await Promise.all((RECIPES as string[]).map((id) => activateWorkflow(stack, id)));
	const occupancy = await pickOccupancies(1);
	moveIns.push(await inject(stack, 'tenantEvent', { event: 'Move-in', occupancy: occupancy[0] }));
	pendingBill = await inject(stack, 'bill', { approvalStatus: 'Pending Approval', amount: '1234.50' });
	const sandboxToday = new Date((await control(stack, 'GET', '/config')).clock as string);
	const billDate = new Date(sandboxToday.getTime() - 45 * 24 * 3600_000);
	const mmddyyyy = [billDate.getUTCMonth() + 1, billDate.getUTCDate()].map((n) => String(n).padStart(2, '0')).join('/') + `/${billDate.getUTCFullYear()}`;
	lateBill = await inject(stack, 'bill', { approvalStatus: 'Pending Approval', amount: '845.00', billDate: mmddyyyy });
	expect(lateBill.billDate).toBe(mmddyyyy);
	expect(moveIns[0].tenant.email).toMatch(/@/);
	expect(pendingBill.upstreamId).toBeTruthy();
	// activation records the present: nothing was sent for the seeded records
	expect(stack.smtp.mails).toHaveLength(0);
	expect(stack.webhook.posts).toHaveLength(0);
}, 3 * MINUTE);

test('recipes (issue 48), part 1: a work order is completed and another scheduled, two applications are decided, a lease is renewed, two tenants are charged, a vendor insurance lapses', async () => {
	const hiddenProperties = new Set((await control(stack, 'GET', '/records/properties')).filter((p: Json) => p.invisible).map((p: Json) => String(p.upstreamId)));
	const closed = ['Completed', 'Completed No Need To Bill', 'Canceled'];
	const openOrders = ((await control(stack, 'GET', '/records/workOrders')) as Json[]).filter(
		(order) => String(order.property?.upstreamId) === RECIPE_PROPERTY && !closed.includes(order.status) && order.primaryTenantPhoneNumber,
	);
	const openApplications = ((await control(stack, 'GET', '/records/rentalApplications')) as Json[]).filter(
		(application) => ['New', 'Decision Pending'].includes(application.status) && !hiddenProperties.has(String(application.propertyId)),
	);
	const vendor = ((await control(stack, 'GET', '/records/vendors')) as Json[]).find(
		(candidate) => candidate.visible && candidate.companyName && ['autoInsExpires', 'liabilityInsExpires', 'stateLicExpires', 'workersCompExpires'].every((field) => candidate[field] === null),
	);
	expect({ openOrders: openOrders.length >= 2, openApplications: openApplications.length >= 2, vendor: vendor !== undefined }).toEqual({ openOrders: true, openApplications: true, vendor: true });

	// occupancies of the property: current, a tenant with an e-mail of its own, nothing owed, not used by a move-in
	const tenants: Json[] = await control(stack, 'GET', '/records/tenants');
	const used = new Set(moveIns.map((m) => String(m.occupancy.upstreamId)));
	const usedEmails = new Set(moveIns.map((m) => m.tenant.email));
	const occupancies = ((await control(stack, 'GET', '/records/occupancies')) as Json[]).filter(
		(occupancy) => occupancy.propertyId === RECIPE_PROPERTY && occupancy.status === 'current' && !used.has(String(occupancy.occupancyId)),
	);
	const candidates: Array<{ occupancyId: string; email: string; leaseTo: string }> = [];
	for (const occupancy of occupancies) {
		const onLease = tenants.filter((tenant) => String(tenant.occupancyUpstreamId) === String(occupancy.occupancyId));
		const email = onLease[0]?.emailAddresses?.[0];
		if (!email || usedEmails.has(email) || onLease.some((tenant) => !tenant.emailAddresses?.length)) continue;
		const { pastDue } = await control(stack, 'POST', '/update', { kind: 'occupancy', id: occupancy.occupancyId, set: {} });
		if (Number(pastDue) !== 0) continue;
		candidates.push({ occupancyId: String(occupancy.occupancyId), email, leaseTo: occupancy.leaseTo });
		if (candidates.length === 3) break;
	}
	expect(candidates).toHaveLength(3);
	const [pays, owes, leased] = candidates;
	for (const { occupancyId, email } of candidates) {
		reservedOccupancies.add(occupancyId);
		reservedEmails.add(email);
	}

	const [completing, scheduling] = openOrders;
	const completed = await control(stack, 'POST', '/update', { kind: 'workOrder', id: completing.upstreamId, set: { status: 'Completed' } });
	const scheduled = await control(stack, 'POST', '/update', { kind: 'workOrder', id: scheduling.upstreamId, set: { status: scheduling.status === 'Scheduled' ? 'Assigned' : 'Scheduled' } });
	const decided = openApplications.slice(0, 2);
	await control(stack, 'POST', '/update', { kind: 'rentalApplication', id: String(decided[0].rentalApplicationId), set: { status: 'Approved' } });
	await control(stack, 'POST', '/update', { kind: 'rentalApplication', id: String(decided[1].rentalApplicationId), set: { status: 'Denied' } });
	const leaseTo = await sandboxDate(50); // within Days Before 60
	await control(stack, 'POST', '/update', { kind: 'occupancy', id: leased.occupancyId, set: { leaseTo } });
	for (const { occupancyId } of [pays, owes]) await control(stack, 'POST', '/update', { kind: 'occupancy', id: occupancyId, set: { charge: '250.00' } });
	const lapsing = await control(stack, 'POST', '/update', { kind: 'vendor', id: vendor!.upstreamId, set: { liabilityInsExpires: await sandboxDate(20) } });
	expect(completed.status).toBe('Completed');
	const feed = await stageTeamChannelRecipes();

	// the tenant who pays does so once the late notice came, well within the notice's Wait
	const payment = waitFor('the late notice of the tenant who pays', () => mailsTo(pays.email).length > 0, 12 * MINUTE, 1000).then(
		async () => {
			await control(stack, 'POST', '/update', { kind: 'occupancy', id: pays.occupancyId, set: { payment: '250.00' } });
			return {};
		},
		(error: Error) => ({ error }),
	);
	recipes = { completed, scheduled, decided, lease: { ...leased, leaseTo }, pays, owes, vendor: lapsing, feed, at: Date.now(), payment };
});

test('create bill from purchase order: the bill is linked to the order in the service', async () => {
	const runData = await executeByCli(stack, WORKFLOWS.billFromPurchaseOrder);
	const [order] = itemsOf(runData, 'Purchase order');
	const [bill] = itemsOf(runData, 'Create bill');
	expect(bill.upstreamId).toBeTruthy();
	billFromOrder = bill; // pending approval and dated today: the bill trigger reports it too
	const [stored] = await control(stack, 'GET', `/records/purchaseOrders?id=${encodeURIComponent(order.upstreamId)}`);
	expect(stored.billIds).toContain(bill.upstreamId);
	const [storedBill] = await control(stack, 'GET', `/records/bills?id=${encodeURIComponent(bill.upstreamId)}`);
	expect(storedBill.purchaseOrderNumber).toBe(order.number);
	const [reread] = itemsOf(runData, 'Purchase order after');
	expect(reread.billIds).toContain(bill.upstreamId);
}, 5 * MINUTE);

test('monthly owner report: the summary of the property set in Settings is e-mailed to the owner address set there', async () => {
	const startedAt = Date.now();
	const execution = await runToEnd(stack, WORKFLOWS.monthlyOwnerReport, 'First of the month', 4 * MINUTE);
	const runData = execution.data.resultData.runData;
	expect(execution.status).toBe('success');
	const [settings] = itemsOf(runData, 'Settings');
	expect(settings).toMatchObject({ propertyId: expect.any(String), ownerEmail: expect.stringMatching(/@/) });
	const rows = itemsOf(runData, 'Rent roll');
	expect(rows.length).toBeGreaterThan(0);
	// both report nodes asked for the property of Settings (only this workflow reads the cash flow)
	const log = (await sandboxLog(stack)).filter((entry) => entry.time >= startedAt);
	expect(log.some((entry) => entry.path === '/v1/rent-roll' && entry.query?.propertyId === settings.propertyId)).toBe(true);
	const cashFlowReads = log.filter((entry) => entry.path === '/v1/cash-flow');
	expect(cashFlowReads.length).toBeGreaterThan(0);
	expect([...new Set(cashFlowReads.map((entry) => entry.query?.propertyId))]).toEqual([settings.propertyId]);
	const [summary] = itemsOf(runData, 'Owner summary');
	expect(summary.units).toBe(rows.length);
	// the month's figures are the cash flow report's top rows
	expect(summary).toMatchObject({ income: expect.stringMatching(/\d/), expenses: expect.stringMatching(/\d/), netOperatingIncome: expect.stringMatching(/\d/) });
	const reports = mailsTo(settings.ownerEmail);
	expect(reports).toHaveLength(1);
	expect(reports[0].from).toBe(settings.fromEmail);
	expect(reports[0].subject).toContain(`Owner report ${summary.month}`);
}, 5 * MINUTE);

test('fresh data with the notify URL (spec profile): the branch the service answer asks for, and only that one', async () => {
	const executionId = await runManually(stack, WORKFLOWS.freshDataNotify, 'Start');
	const execution = await waitFor(
		'the notify example to finish',
		async () => {
			const current = await getExecution(stack, executionId);
			return ['success', 'error', 'crashed', 'canceled'].includes(current.status) ? current : undefined;
		},
		3 * MINUTE,
	);
	const runData = execution.data.resultData.runData;
	expect(execution.status).toBe('success');
	const asked = itemsOf(runData, 'Rent roll, or a notification');
	const out = itemsOf(runData, 'Rent roll');
	expect(out.length).toBeGreaterThan(0);
	if (asked[0]?.pending === true) {
		// a refresh ran: the Wait node resumed on the sandbox's POST, then the cache was read
		expect(asked).toHaveLength(1);
		const [resumed] = itemsOf(runData, 'Wait for the service');
		expect(resumed.body).toMatchObject({ status: 'ok', path: expect.stringContaining('rent-roll') });
		expect(out).toHaveLength(itemsOf(runData, 'Read the fresh rent roll').length);
	} else {
		// the cache was under 60 s old: the records came at once and no Wait node ran
		expect(runData['Wait for the service']).toBeUndefined();
		expect(out).toHaveLength(asked.length);
	}
	const log = await sandboxLog(stack);
	const notified = log.filter((entry) => entry.path.includes('rent-roll') && entry.notifyUrl);
	expect(notified.length).toBeGreaterThan(0);
	expect(notified[0].notifyUrl).toContain(`/webhook-waiting/${executionId}`);
}, 5 * MINUTE);

test('welcome email: exactly one mail per move-in, two more move-ins give exactly two more mails; one without an address on file is posted to the team channel instead', async () => {
	const first = moveIns[0];
	await waitFor('the welcome mail of the first move-in', () => mailsTo(first.tenant.email).length > 0, 3 * MINUTE);
	const [more1, more2, noAddress] = await pickOccupancies(3, [first.occupancy.upstreamId]);
	const before = await listExecutions(stack, WORKFLOWS.welcomeEmail);
	moveIns.push(await inject(stack, 'tenantEvent', { event: 'Move-in', occupancy: more1 }));
	moveIns.push(await inject(stack, 'tenantEvent', { event: 'Move-in', occupancy: more2 }));
	// later move-ins keep off its occupancy: another move-in there would be the same tenant event, rescheduled
	reservedOccupancies.add(noAddress);
	const unmailable = await inject(stack, 'tenantEvent', { event: 'Move-in', occupancy: noAddress, tenant: { email: null } });
	expect(unmailable.tenant.email).toBeNull();
	// the poll that emits the two new move-ins is one execution; wait for it to finish
	await waitFor(
		'the execution of the next poll',
		async () => {
			const runs = await listExecutions(stack, WORKFLOWS.welcomeEmail);
			const fresh = runs.filter((run) => !before.some((old) => old.id === run.id));
			return fresh.length > 0 && fresh.every((run) => run.status === 'success') ? fresh : undefined;
		},
		// the recent day is read again after Max Age plus a minute per request its last read took beyond
		// two (schedule.ts frequentReadPeriodMs): under load that is minutes (CI on 2.41.1, 2026-11-28: none in 3)
		6 * MINUTE,
		2000,
	);
	for (const moveIn of moveIns) expect({ to: moveIn.tenant.email, mails: mailsTo(moveIn.tenant.email).length }).toEqual({ to: moveIn.tenant.email, mails: 1 });
	expect(welcomeMails()).toHaveLength(3);
	const mail = mailsTo(first.tenant.email)[0];
	expect(mail.subject).toContain(first.tenant.name);
	expect(mail.from).toBe('welcome@example.com');
	// the move-in without an address: the same poll's execution posted it to the team channel (IF Email on file? false)
	const noAddressPosts = postsTo('/slack/operations').filter((post) => String(post.body?.text).includes(NO_ADDRESS_MARKER));
	expect(noAddressPosts).toHaveLength(1);
	expect(noAddressPosts[0].body.text).toContain(unmailable.tenant.name);
}, 11 * MINUTE);

/** The welcome example's post for a move-in without an e-mail address (its "No email on file" branch) */
const NO_ADDRESS_MARKER = 'No welcome email sent: no email on file';
/** The team channel's posts of the recipes 12-14 (the welcome example's no-address post goes to the same channel) */
const feedPosts = () => postsTo('/slack/operations').filter((post) => !String(post.body?.text).includes(NO_ADDRESS_MARKER));

onOneLine('rescheduled move-in (issue 28, item 2), part 1: the welcomed move-in is moved 3 days on upstream, and a move-in 2 days ahead is entered', async () => {
	// checked in part 2, after the bill minutes: the trigger's next full-window read sees both
	const [first] = moveIns;
	const where = { occupancy: first.occupancy.upstreamId, tenant: first.tenant.upstreamId, event: 'Move-in', occurredDate: first.occurredDate };
	const moved = await control(stack, 'POST', '/edit', { kind: 'tenantEvent', where, set: { occurredDate: await sandboxDate(3) } });
	expect(moved.occurredDate).not.toBe(first.occurredDate);
	// entered after the edit: any snapshot holding it holds the moved date too
	const [occupancy] = await pickOccupancies(1);
	const ahead = await inject(stack, 'tenantEvent', { event: 'Move-in', occupancy, occurredDate: await sandboxDate(2) });
	rescheduled = { moved, ahead, at: Date.now() };
});

test('bill approval: exactly one Slack post per pending bill, with payee, amount, due date and link', async () => {
	// the late bill comes through the trigger's read of unpaid bills of any date (docs/trigger.md)
	const expected = [pendingBill, lateBill, ...(billFromOrder ? [billFromOrder] : [])];
	await waitFor('a Slack post for each pending bill', () => expected.every((bill) => postsFor(bill.upstreamId).length > 0), 6 * MINUTE);
	// exactly once: the next poll after the last post must not post them again (the in-process
	// test/trigger/lateBills.test.ts also runs the unpaid-bills read again; here its timing under load varies)
	const lastPost = Math.max(...slackPosts().map((post) => Date.parse(post.receivedAt)));
	// the recent day is read again after Max Age plus a minute per request its last read took beyond two
	// (schedule.ts frequentReadPeriodMs): a read that waited for a refresh under load puts the next one minutes off
	await waitForCompletedPoll(stack, (entry) => entry.path === '/v1/bills' && entry.query?.billDateFrom !== undefined, lastPost, 5 * MINUTE);
	for (const bill of expected) expect({ bill: bill.upstreamId, posts: postsFor(bill.upstreamId).length }).toEqual({ bill: bill.upstreamId, posts: 1 });
	expect(slackPosts()).toHaveLength(expected.length);
	const text: string = postsFor(pendingBill.upstreamId)[0].body.text;
	expect(text).toContain(pendingBill.payeeName);
	expect(text).toContain('1234.50');
	expect(text).toContain(pendingBill.dueDate);
	expect(text).toContain(`|Open bill ${pendingBill.upstreamId}>`);
	expect(postsFor(lateBill.upstreamId)[0].body.text).toContain('845.00');
}, 13 * MINUTE);

test('recipes (issue 48), part 2: one text for the completed order, one CRM post per decision, one renewal e-mail, a late notice each and a second one only to the tenant who did not pay', async () => {
	expect(recipes).toBeDefined();
	const stage = recipes!;
	const started = Date.now();
	// the vendor alert comes last (the vendors' two pages and their refresh wait spread over 6 minutes or so): part 3
	await waitForRecipes(stage, EARLY_RECIPE_OUTPUTS, 10 * MINUTE);
	const { error } = await stage.payment;
	if (error) throw error;
	// every late-notice execution has run to its end (the paying tenant's second look included)
	await waitFor(
		'the late-notice executions to end',
		async () => {
			const runs = await listExecutions(stack, WORKFLOWS.rentPastDueNotice);
			return runs.length > 0 && runs.every((run) => ['success', 'error', 'crashed', 'canceled'].includes(run.status)) ? runs : undefined;
		},
		3 * MINUTE,
		2000,
	);
	expect(recipeProgress(stage)).toMatchObject(EARLY_RECIPE_OUTPUTS);
	stage.doneAt = Date.now();
	for (const recipe of RECIPES) {
		// a run still going is not a failure (clean-clone run of 89f72fe: the vendor alert's was 'running' here)
		const failed = (await listExecutions(stack, recipe)).filter((run) => ['error', 'crashed', 'canceled'].includes(run.status));
		// each failed run with the node and the error n8n recorded, so that a failure says why
		const why = await Promise.all(failed.map(async (run) => {
			const resultData = (await getExecution(stack, run.id)).data?.resultData;
			return `${run.status} in ${resultData?.lastNodeExecuted}: ${resultData?.error?.message} ${resultData?.error?.description ?? ''}`.trim();
		}));
		expect({ recipe, failed: why }).toEqual({ recipe, failed: [] });
	}

	const [text] = postsTo('/sms/messages');
	expect(text.body).toMatchObject({ to: stage.completed.primaryTenantPhoneNumber, reference: stage.completed.workOrderNumber });
	expect(text.body.message).toContain('is completed');
	const crm = postsTo('/crm/rental-applications').map((post) => post.body);
	expect(crm.map((body) => [body.externalId, body.decision, body.previousStatus]).sort()).toEqual(
		[
			[String(stage.decided[0].rentalApplicationId), 'Approved', stage.decided[0].status],
			[String(stage.decided[1].rentalApplicationId), 'Denied', stage.decided[1].status],
		].sort(),
	);
	const [renewal] = mailsFrom('leasing@example.com');
	expect(renewal.to).toContain(stage.lease.email);
	expect(renewal.subject).toContain(stage.lease.leaseTo);
	expect(mailsTo(stage.pays.email).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Late notice: \$250 past due/)]);
	expect(mailsTo(stage.owes.email).map((mail) => mail.subject).sort()).toEqual([expect.stringMatching(/^Late notice: \$250 past due/), expect.stringMatching(/^Second notice: \$250\.00 still past due/)]);
	expectOneFeedPostEach(stage);
	const after = (at: string) => `${((Date.parse(at) - stage.at) / 1000).toFixed(0)} s`;
	const arrivals = [...stack.smtp.mails.filter((mail) => !['welcome@example.com', 'reports@example.com'].includes(mail.from)), ...postsTo('/sms/messages'), ...postsTo('/crm/rental-applications'), ...feedPosts()].map(
		(output) => `${'subject' in output ? output.subject.slice(0, 14) : output.path} ${after(output.receivedAt)}`,
	);
	process.stderr.write(`[e2e] n8n ${stack.n8n.version}: recipe outputs after the changes: ${arrivals.join('; ')}\n`);
	process.stderr.write(`[e2e] n8n ${stack.n8n.version}: recipes checked ${((Date.now() - started) / 1000).toFixed(0)} s after part 2 began (${((Date.now() - stage.at) / 1000).toFixed(0)} s after the changes)\n`);
}, 14 * MINUTE);

onOneLine('rescheduled move-in, part 2: the full-window read welcomes the move-in ahead and not the moved one again', async () => {
	expect(rescheduled).toBeDefined();
	const { moved, ahead, at } = rescheduled!;
	const started = Date.now();
	// only the full window (checkpoint - Lookback ... today + Look Ahead) lists a move-in 2 days ahead
	await waitFor('the welcome mail of the move-in entered 2 days ahead', () => mailsTo(ahead.tenant.email).length > 0, 10 * MINUTE, 2000);
	const execution = await waitFor(
		'the execution that sent it',
		async () => (await listExecutions(stack, WORKFLOWS.welcomeEmail)).find((run) => Date.parse(run.startedAt) > at && run.status === 'success'),
		2 * MINUTE,
		2000,
	);
	// that poll read the moved move-in too (its snapshot was taken after the edit): one item, the one ahead
	const runData = (await getExecution(stack, execution.id)).data.resultData.runData;
	expect(itemsOf(runData, 'On move-in').map((item) => [item.tenant.upstreamId, item.occurredDate])).toEqual([[ahead.tenant.upstreamId, ahead.occurredDate]]);
	expect(mailsTo(moved.tenant.email)).toHaveLength(1);
	expect(mailsTo(ahead.tenant.email)).toHaveLength(1);
	process.stderr.write(`[e2e] n8n ${stack.n8n.version}: rescheduled move-in checked ${((Date.now() - started) / 1000).toFixed(0)} s after part 2 began (${((Date.now() - at) / 1000).toFixed(0)} s after the edit)\n`);
}, 12 * MINUTE);

test('every resource: one operation of each resource returns items in n8n', async () => {
	const { runData, error } = await everyResource;
	if (error) throw error;
	for (const node of EVERY_RESOURCE_NODES) {
		const items = itemsOf(runData!, node); // throws when the node failed
		if (!MAY_BE_EMPTY.has(node)) expect({ node, hasItems: items.length > 0 }).toEqual({ node, hasItems: true });
	}
	expect(itemsOf(runData!, 'Current user')[0]).toHaveProperty('email');
}, 10 * MINUTE);

onOneLine('refresh outage (issue 28, item 1): n8n records the failed poll, and after recovery the move-in entered meanwhile is welcomed once, nothing twice', async () => {
	const started = Date.now();
	const welcomed = [...moveIns, ...(rescheduled ? [rescheduled.ahead] : [])];
	const mailsBefore = welcomeMails().length;
	const postsBefore = slackPosts().length;
	// the service's clock 16 minutes behind: the next refresh stamps the data 16 minutes back, as data
	// left over from before an outage would be (the bound counts from lastUpdated, docs/trigger.md)
	const stamped = Date.now();
	await control(stack, 'POST', '/config', { clock: new Date(stamped - 16 * MINUTE).toISOString() });
	await control(stack, 'POST', '/expire', {});
	// Both of the trigger's reads (today's, and the full window's, due every few minutes) must hold data
	// stamped 16 minutes back: a snapshot refreshed before the skew is younger, and an outage whose polls
	// are full reads then rightly counts from it (CI, 2026-11-26: no failed execution within 8 minutes)
	const moveInRead = (full: boolean) => (entry: Json) =>
		entry.path === '/v1/tenant-events' && entry.status === 200 && entry.query?.eventType === 'Move-in' && (entry.query?.dateFrom !== entry.query?.dateTo) === full;
	await waitForCompletedPoll(stack, moveInRead(true), stamped, 12 * MINUTE);
	// the recent day is read again after Max Age plus a minute per request its last read took beyond two
	// (schedule.ts frequentReadPeriodMs): under load that read can be 5 minutes off (CI, 2026-11-28: none in 4)
	await waitForCompletedPoll(stack, moveInRead(false), stamped, 8 * MINUTE).catch(async (error: Error) => {
		// what the trigger read instead, to tell a starved recent day from polls that did not come
		const reads = (await sandboxLog(stack)).filter((entry) => entry.path === '/v1/tenant-events' && entry.query?.eventType === 'Move-in' && entry.time > stamped - 5 * MINUTE);
		const lines = reads.map((entry) => `${((entry.time - stamped) / 1000).toFixed(0)} s ${entry.query.dateFrom}..${entry.query.dateTo}${entry.query['page[after]'] ? ' later page' : ''} ${entry.status} max-age ${entry.maxAge}`);
		error.message += `; Move-in reads from 5 min before the skew (s after it): ${lines.join('; ')}`;
		throw error;
	});
	process.stderr.write(`[e2e] n8n ${stack.n8n.version}: outage test: both reads stamped 16 min back after ${((Date.now() - stamped) / 1000).toFixed(0)} s\n`);
	const outageStart = Date.now();
	await control(stack, 'POST', '/config', { failRefreshes: true });
	let recovered = false;
	try {
		const [occupancy] = await pickOccupancies(1, welcomed.map((m) => String(m.occupancy.upstreamId)));
		const entered = await inject(stack, 'tenantEvent', { event: 'Move-in', occupancy });
		const failed = await waitFor(
			'a failed execution of the welcome workflow',
			async () => (await listExecutions(stack, WORKFLOWS.welcomeEmail)).find((run) => run.status === 'error' && Date.parse(run.startedAt ?? run.stoppedAt) > outageStart),
			8 * MINUTE,
			2000,
		);
		const failedAfter = Date.now() - outageStart;
		const failedExecution = await getExecution(stack, failed.id);
		expect(failedExecution.mode).toBe('trigger');
		const error = failedExecution.data.resultData.error;
		expect(error.message).toMatch(/has not returned fresh tenant events for \d+ minutes \(\d+ polls in a row\): its last answer was "(stale|updating)".*data last updated \d{4}-/);
		expect(mailsTo(entered.tenant.email)).toHaveLength(0);

		await control(stack, 'POST', '/config', { failRefreshes: false, clock: new Date().toISOString() });
		recovered = true;
		const recoveredAt = Date.now();
		await waitFor('the welcome mail of the move-in entered during the outage', () => mailsTo(entered.tenant.email).length > 0, 5 * MINUTE, 2000);
		// the poll that recovered emitted that move-in alone: nothing welcomed before comes again
		const recovery = await waitFor(
			'the execution of the recovering poll',
			async () => (await listExecutions(stack, WORKFLOWS.welcomeEmail)).find((run) => Date.parse(run.startedAt ?? run.stoppedAt) > recoveredAt && run.status === 'success'),
			MINUTE,
			2000,
		);
		const recoveryItems = itemsOf((await getExecution(stack, recovery.id)).data.resultData.runData, 'On move-in');
		expect(recoveryItems.map((item) => item.tenant.upstreamId)).toEqual([entered.tenant.upstreamId]);
		for (const moveIn of [...welcomed, entered]) expect({ to: moveIn.tenant.email, mails: mailsTo(moveIn.tenant.email).length }).toEqual({ to: moveIn.tenant.email, mails: 1 });
		expect(welcomeMails()).toHaveLength(mailsBefore + 1);
		expect(slackPosts()).toHaveLength(postsBefore);
		const recoveryAfter = Date.now() - recoveredAt;
		process.stderr.write(
			`[e2e] n8n ${stack.n8n.version}: outage test ${((Date.now() - started) / 1000).toFixed(0)} s; the failed execution came ${(failedAfter / 1000).toFixed(0)} s after refreshes began failing; the recovery mail ${(recoveryAfter / 1000).toFixed(0)} s after recovery\n`,
		);
	} finally {
		if (!recovered) await control(stack, 'POST', '/config', { failRefreshes: false, clock: new Date().toISOString() });
	}
}, 36 * MINUTE);

test('recipes (issue 48), part 3: one vendor alert, and nothing fired twice by the end of the run', async () => {
	// on 1.123.81 the rescheduled move-in and the outage ran since part 2 (about 10 minutes of polls)
	expect(recipes?.doneAt).toBeDefined();
	const stage = recipes!;
	await waitForRecipes(stage, EXPECTED_RECIPE_OUTPUTS, 8 * MINUTE);
	const [alert] = mailsFrom('alerts@example.com');
	expect(alert.to).toEqual(['pm@example.com']);
	expect(alert.subject).toContain(stage.vendor.companyName);
	expect(alert.subject).toContain('Liability Insurance');
	expect(recipeProgress(stage)).toEqual(EXPECTED_RECIPE_OUTPUTS);
	expectOneFeedPostEach(stage);
	process.stderr.write(
		`[e2e] n8n ${stack.n8n.version}: recipes: the vendor alert ${((Date.parse(alert.receivedAt) - stage.at) / 1000).toFixed(0)} s after the changes; no output again ${((Date.now() - stage.doneAt!) / 1000).toFixed(0)} s after part 2\n`,
	);
}, 9 * MINUTE);

const EXPECTED_RECIPE_OUTPUTS = { texts: 1, crmPosts: 2, renewalMails: 1, lateNotices: 2, secondNotices: 1, feedPosts: 4, vendorAlerts: 1 };
type RecipeOutputs = Partial<typeof EXPECTED_RECIPE_OUTPUTS>;
/** what part 2 waits for: all but the vendor alert */
const EARLY_RECIPE_OUTPUTS: RecipeOutputs = Object.fromEntries(Object.entries(EXPECTED_RECIPE_OUTPUTS).filter(([output]) => output !== 'vendorAlerts'));

function recipeProgress(stage: RecipeStage) {
	const accounts = mailsFrom('accounts@example.com');
	return {
		texts: postsTo('/sms/messages').length,
		crmPosts: postsTo('/crm/rental-applications').length,
		renewalMails: mailsFrom('leasing@example.com').length,
		lateNotices: accounts.filter((mail) => mail.subject.startsWith('Late notice')).length,
		secondNotices: accounts.filter((mail) => mail.subject.startsWith('Second notice') && mail.to.includes(stage.owes.email)).length,
		feedPosts: feedPosts().length,
		vendorAlerts: mailsFrom('alerts@example.com').length,
	};
}

/**
 * The team-channel recipes (examples 12-14): a work order and an application entered, and two seeded unpaid
 * bills the API lists (not the bill approval test's), the newest pending one approved and the newest
 * approved one paid.
 */
async function stageTeamChannelRecipes(): Promise<RecipeStage['feed']> {
	const workOrder = await inject(stack, 'workOrder', {});
	const application = await inject(stack, 'rentalApplication', {});
	const unpaid = ((await control(stack, 'GET', '/records/bills')) as Json[])
		.filter((bill) => bill.visible && bill.status === 'Unpaid' && ![pendingBill.upstreamId, lateBill.upstreamId].includes(bill.upstreamId))
		.sort((a, b) => Date.parse(b.billDate) - Date.parse(a.billDate));
	const pending = unpaid.find((bill) => bill.approvalStatus === 'Pending Approval');
	const approved = unpaid.find((bill) => bill.approvalStatus === 'Approved');
	expect({ pending: pending !== undefined, approved: approved !== undefined }).toEqual({ pending: true, approved: true });
	await control(stack, 'POST', '/update', { kind: 'bill', id: pending!.upstreamId, set: { approvalStatus: 'Approved' } });
	await control(stack, 'POST', '/update', { kind: 'bill', id: approved!.upstreamId, set: { status: 'Paid' } });
	return { workOrder, application, approvedBill: pending!, paidBill: approved! };
}

/** One team-channel post per staged record, saying what happened to it, and no other post. */
function expectOneFeedPostEach(stage: RecipeStage): void {
	const texts: string[] = feedPosts().map((post) => post.body.text);
	const { workOrder, application, approvedBill, paidBill } = stage.feed;
	const postsAbout = (marker: string) => texts.filter((text) => text.includes(marker));
	expect({
		workOrder: postsAbout(`New work order ${workOrder.workOrderNumber}*`).length,
		application: postsAbout(`New rental application ${application.rentalApplicationId}*`).length,
		approvedBill: postsAbout(`|Open bill ${approvedBill.upstreamId}>`).map((text) => text.includes('*Bill approved*')),
		paidBill: postsAbout(`|Open bill ${paidBill.upstreamId}>`).map((text) => text.includes('*Bill paid*')),
		all: texts.length,
	}).toEqual({ workOrder: 1, application: 1, approvedBill: [true], paidBill: [true], all: 4 });
	expect(postsAbout(`New rental application ${application.rentalApplicationId}*`)[0]).toContain(application.applicants);
	expect(postsAbout(`|Open bill ${paidBill.upstreamId}>`)[0]).toContain('(was Unpaid)');
	expect(postsAbout(`|Open bill ${approvedBill.upstreamId}>`)[0]).toContain('(was Pending Approval)');
}

/** Waits until each output has come at least as often as `expected` says; the counts so far in the error. */
async function waitForRecipes(stage: RecipeStage, expected: RecipeOutputs, timeoutMs: number): Promise<void> {
	const done = () => {
		const progress = recipeProgress(stage);
		return Object.entries(expected).every(([key, count]) => progress[key as keyof RecipeOutputs] >= count);
	};
	await waitFor('the recipes\' outputs', done, timeoutMs, 2000).catch((error: Error) => {
		throw new Error(`${error.message}: ${JSON.stringify(recipeProgress(stage))}, expected ${JSON.stringify(expected)}`);
	});
}

/** MM/DD/YYYY of the sandbox's today plus `days`, as the service writes dates. */
async function sandboxDate(days: number): Promise<string> {
	const day = new Date(Date.parse((await control(stack, 'GET', '/config')).clock as string) + days * 24 * 3600_000);
	return `${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')}/${day.getUTCFullYear()}`;
}

/** Ids of current occupancies not used yet, so each injected move-in has its own tenant and mail. */
async function pickOccupancies(count: number, exclude: string[] = []): Promise<string[]> {
	const tenants: Json[] = await control(stack, 'GET', '/records/tenants');
	const used = new Set([...exclude.map(String), ...moveIns.map((m) => String(m.occupancy.upstreamId)), ...reservedOccupancies]);
	const emails = new Set([...moveIns.map((m) => m.tenant.email), ...reservedEmails]);
	const picked: string[] = [];
	for (const tenant of tenants) {
		const occupancy = String(tenant.occupancyUpstreamId ?? '');
		const email = tenant.emailAddresses?.[0];
		if (!occupancy || !email || used.has(occupancy) || emails.has(email) || /past/i.test(String(tenant.status))) continue;
		used.add(occupancy);
		emails.add(email);
		picked.push(occupancy);
		if (picked.length === count) return picked;
	}
	throw new Error(`the sandbox has fewer than ${count} unused current occupancies with an email`);
}
