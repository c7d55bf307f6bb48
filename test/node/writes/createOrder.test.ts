/**
 * Creates of one run go out one at a time in item order; without Continue On Fail the first refusal
 * stops every POST not yet sent and its error lists what was already created (docs/writes.md). Runs
 * against both profiles: in `documented` a refusal arrives when its job ends, so a POST already sent
 * by then is created and listed too.
 */
import type { IDataObject } from 'n8n-workflow';

import { answered, testProfile } from '../../support/sandbox';
import { isJobPoll, nodeType, startWritesSandbox, type WritesSandbox } from './harness';

let env: WritesSandbox;
beforeAll(async () => {
	env = await startWritesSandbox();
});
afterAll(async () => await env.close());
beforeEach(async () => await env.clear());

const documented = testProfile() === 'documented';
const UNKNOWN_GL_ACCOUNT = '999999';

/** One vendor create per input item; `gl` on an item makes the service refuse it (unknown GL account). */
const vendorCreate = {
	resource: 'vendor',
	operation: 'create',
	companyName: '={{ $json.name }}',
	additionalFields: { glAccountId: '={{ $json.gl ?? "" }}' },
};

function itemsNamed(tag: string, refusedIndex?: number) {
	return [0, 1, 2].map((index) => ({
		json: {
			name: `${tag} Vendor ${index}`,
			...(index === refusedIndex ? { gl: UNKNOWN_GL_ACCOUNT } : {}),
		} as IDataObject,
	}));
}

async function storedNamed(tag: string): Promise<IDataObject[]> {
	const vendors = await env.sandbox.control.records<IDataObject>('vendors');
	return vendors.filter((vendor) => String(vendor.companyName ?? '').startsWith(tag));
}

async function postedNames(): Promise<string[]> {
	return env.received.filter((entry) => entry.path === '/v1/vendors').map((entry) => String(entry.body.companyName));
}

describe('creates: one at a time, in item order, nothing lost', () => {
	it('sends one POST per item, in item order, and returns every record paired to its item', async () => {
		const tag = `Order ${Date.now()}`;
		const { items, error } = await env.run(vendorCreate, { items: itemsNamed(tag) });
		expect(error).toBeUndefined();
		const posts = (await env.apiLog()).filter((entry) => entry.method === 'POST');
		expect(posts).toHaveLength(3);
		expect(await postedNames()).toEqual([0, 1, 2].map((index) => `${tag} Vendor ${index}`));
		expect(items.map((item) => [item.json.companyName, item.pairedItem])).toEqual(
			[0, 1, 2].map((index) => [answered(`${tag} Vendor ${index}`), { item: index }]),
		);
		// each output item is the record made for its item, whatever fields the answer left null
		const stored = await storedNamed(tag);
		expect(items.map((item) => stored.find((vendor) => vendor.upstreamId === item.json.upstreamId)?.companyName)).toEqual(
			[0, 1, 2].map((index) => `${tag} Vendor ${index}`),
		);
	});

	it('without Continue On Fail stops at the refused item and lists the records already created', async () => {
		const tag = `Stop ${Date.now()}`;
		const { items, error } = await env.run(vendorCreate, { items: itemsNamed(tag, 1) });
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/^Item 1: /);
		expect(error?.message).toContain(`glAccountId ${UNKNOWN_GL_ACCOUNT}`);
		const stored = await storedNamed(tag);
		const idOf = (index: number) =>
			String(stored.find((vendor) => vendor.companyName === `${tag} Vendor ${index}`)?.upstreamId);
		expect(error?.description).toContain(`item 0 → ${idOf(0)}`);
		const posts = (await env.apiLog()).filter((entry) => entry.method === 'POST');
		if (documented) {
			// item 2 was POSTed while item 1's job ran: it is created, and the error lists it
			expect(posts).toHaveLength(3);
			expect(stored.map((vendor) => vendor.companyName).sort()).toEqual([`${tag} Vendor 0`, `${tag} Vendor 2`]);
			expect(error?.description).toContain(`item 2 → ${idOf(2)}`);
		} else {
			expect(posts).toHaveLength(2);
			expect(await postedNames()).toEqual([`${tag} Vendor 0`, `${tag} Vendor 1`]);
			expect(stored.map((vendor) => vendor.companyName)).toEqual([`${tag} Vendor 0`]);
		}
	});

	it('an item the node itself refuses (nothing sent for it) stops the items after it too', async () => {
		const tag = `Invalid ${Date.now()}`;
		const items = itemsNamed(tag);
		items[1].json.name = '';
		const { error } = await env.run(vendorCreate, { items });
		expect(error?.message).toMatch(/\[item 1\]$/);
		expect(error?.message).toContain('Company Name');
		expect(await postedNames()).toEqual([`${tag} Vendor 0`]);
		const stored = await storedNamed(tag);
		expect(stored.map((vendor) => vendor.companyName)).toEqual([`${tag} Vendor 0`]);
		expect(error?.description).toContain(`item 0 → ${String(stored[0].upstreamId)}`);
	});

	it('with Continue On Fail sends every item and outputs records and the error, each paired', async () => {
		const tag = `Continue ${Date.now()}`;
		const { items, error } = await env.run(vendorCreate, {
			items: itemsNamed(tag, 1),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect((await env.apiLog()).filter((entry) => entry.method === 'POST')).toHaveLength(3);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.companyName).toEqual(answered(`${tag} Vendor 0`));
		expect(String(items[1].json.error)).toContain(`glAccountId ${UNKNOWN_GL_ACCOUNT}`);
		expect(items[2].json.companyName).toEqual(answered(`${tag} Vendor 2`));
		expect(await storedNamed(tag)).toHaveLength(2);
	});

	it('polls a write job only where the service made one (documented: every create; hostile: a seeded share), never re-sending the POST', async () => {
		const tag = `Polls ${Date.now()}`;
		const { error } = await env.run(vendorCreate, { items: itemsNamed(tag).slice(0, 1) });
		expect(error).toBeUndefined();
		const log = await env.apiLog();
		expect(log.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		const polls = log.filter(isJobPoll);
		if (documented) expect(polls.length).toBeGreaterThanOrEqual(1);
		// the hostile profile makes a job of a share of creates drawn from the body, which holds the time
		// (sandbox/README.md, "write jobs"): polls, if any, are of the one job the POST was answered with
		else if (testProfile() === 'hostile') expect(new Set(polls.map((poll) => String(poll.query.jobId))).size).toBeLessThanOrEqual(1);
		else expect(polls).toEqual([]);
	});
});

describe("a create's options", () => {
	it('offer what a write uses (Include Meta, Max Wait for its job, Processing Mode), not freshness or paging', () => {
		const createOptions = nodeType.description.properties.filter(
			(property) => property.name === 'options' && property.displayOptions?.show?.operation?.includes('create'),
		);
		expect(createOptions.length).toBeGreaterThanOrEqual(4);
		for (const collection of createOptions) {
			const names = (collection.options as Array<{ name: string }>).map((option) => option.name).sort();
			expect(names).toEqual(['includeMeta', 'maxWait', 'processingMode']);
		}
	});
});
