/**
 * The hostile profile reads parameters as the spec writes them (sandbox/README.md, "Hostile profile"):
 * each probe over HTTP is a 400 that names the parameter, and the spec's own form of the same request
 * is answered. The spec profile still reads the lenient forms, so the rule is the profile's.
 */
import { createDb } from '../../../sandbox/db';
import { DEFAULTS } from '../../../sandbox/server/options';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { call } from '../core/client';

const db = createDb(DEFAULTS.seed, new Date());
const [first, second] = db.properties.filter((p) => !p.invisible).map((p) => p.row.upstreamId);
const [rent, petRent] = ['4100', '4500'].map((number) => db.glAccounts.find((account) => account.number === number)!.upstreamId);

let hostile: TestSandbox;
let spec: TestSandbox;

beforeAll(async () => {
	[hostile, spec] = await Promise.all([
		startTestSandbox({ profile: 'hostile', jobSeconds: 0.1, rateLimit: false }),
		startTestSandbox({ profile: 'spec', jobSeconds: 0.1, rateLimit: false }),
	]);
});
afterAll(async () => {
	await Promise.all([hostile.close(), spec.close()]);
});

interface Probe {
	what: string;
	refused: string;
	headers?: Record<string, string>;
	parameter: string;
	/** the same request as the spec writes it */
	accepted: string;
	acceptedHeaders?: Record<string, string>;
}

const probes: Probe[] = [
	{ what: 'a comma list for a multi-value parameter', refused: '/v1/tenants?status=current,notice', parameter: 'status', accepted: '/v1/tenants?status=current&status=notice' },
	{ what: 'a comma list of property ids', refused: `/v1/tenants?propertyId=${first},${second}`, parameter: 'propertyId', accepted: `/v1/tenants?propertyId=${first}&propertyId=${second}` },
	{ what: 'an enum value in the wrong case', refused: '/v1/tenant-events?eventType=move-in', parameter: 'eventType', accepted: '/v1/tenant-events?eventType=Move-in' },
	{ what: '`all` in the wrong case', refused: '/v1/tenants?status=ALL', parameter: 'status', accepted: '/v1/tenants?status=all' },
	{ what: 'a date that is not MM/DD/YYYY', refused: '/v1/bills?billDateFrom=1/2/2026', parameter: 'billDateFrom', accepted: '/v1/bills?billDateFrom=01/02/2026' },
	{ what: 'an as-of date with a one-digit day', refused: '/v1/rent-roll?date=01/2/2026', parameter: 'date', accepted: '/v1/rent-roll?date=01/02/2026' },
	{
		what: 'a malformed X-API-MAX-AGE',
		refused: '/v1/vendors',
		headers: { 'X-API-MAX-AGE': '2m' },
		parameter: 'X-API-MAX-AGE',
		accepted: '/v1/vendors',
		acceptedHeaders: { 'X-API-MAX-AGE': '120' },
	},
];

describe.each(probes)('$what', ({ refused, headers, parameter, accepted, acceptedHeaders }) => {
	it('is a 400 naming the parameter in the hostile profile', async () => {
		const answer = await call(hostile, refused, { headers });
		expect(answer.status).toBe(400);
		expect(answer.body.errors[0].field).toBe(parameter);
		expect(answer.body.message).toContain(parameter);
	});

	it('is answered in its spec form, and read leniently by the spec profile', async () => {
		expect((await call(hostile, accepted, { headers: acceptedHeaders })).status).toBe(200);
		expect((await call(spec, refused, { headers })).status).toBe(200);
	});
});

it('a list that is one comma-separated parameter by definition (glAccountIds) is still read', async () => {
	expect((await call(hostile, `/v1/rent-roll-recurring?glAccountIds=${rent},${petRent}`)).status).toBe(200);
	const answer = await call(hostile, `/v1/rent-roll-recurring?glAccountIds=${rent},not-an-account`);
	expect([answer.status, answer.body.errors[0].field, answer.body.message]).toEqual([400, 'glAccountIds', 'glAccountIds not-an-account is not a GL account of the account']);
});
