import type { Db, VendorRecord } from '../../db/db';
import { addDays, formatDate } from '../../shared/format';
import { emailFor, fullAddress, randomAddress, randomPerson, randomPhone, TRADES, UTILITIES } from '../../shared/names';
import type { Random } from '../../shared/random';
import { glAccountByNumber, glAccountLabel } from '../glAccount/data';
import type { Vendor } from './schema';

/** trade → the expense account its bills are coded to */
const TRADE_ACCOUNT: Record<string, string> = {
	Plumbing: '6110',
	Electrical: '6120',
	HVAC: '6130',
	Landscaping: '6200',
	Cleaning: '6300',
	Painting: '6140',
	Roofing: '6140',
	'Pest Control': '6700',
	'Appliance Repair': '6140',
	'General Contractor': '6140',
};
const UTILITY_ACCOUNT = ['6410', '6420', '6430', '6440', '6420'];
const INVISIBLE_EVERY = 17;

export function generateVendors(db: Db, random: Random, now: Date): void {
	const companyLast = ['Pacific', 'Summit', 'Golden State', 'Reliable', 'Precision', 'Blue Sky', 'Evergreen'];
	TRADES.forEach((trade) => {
		for (let n = 0; n < 5; n++) {
			const company = `${random.pick(companyLast)} ${random.pick(trade.companyWords)}`;
			addVendor(db, random, now, { companyName: company, trade: trade.name, accountNumber: TRADE_ACCOUNT[trade.name] });
		}
	});
	UTILITIES.forEach((utility, index) => addVendor(db, random, now, { companyName: utility, trade: null, accountNumber: UTILITY_ACCOUNT[index] }));
	for (let n = 0; n < 9; n++) {
		const trade = random.pick(TRADES);
		addVendor(db, random, now, { person: randomPerson(random), trade: trade.name, accountNumber: TRADE_ACCOUNT[trade.name] });
	}
}

function addVendor(
	db: Db,
	random: Random,
	now: Date,
	spec: { companyName?: string; person?: { firstName: string; lastName: string }; trade: string | null; accountNumber: string },
): void {
	const address = randomAddress(random);
	const person = spec.person ?? randomPerson(random);
	const insured = random.chance(0.8);
	const expiry = () => (insured ? formatDate(addDays(now, random.int(-30, 400))) : null);
	const row: Vendor = {
		upstreamId: String(401 + db.vendors.length),
		companyName: spec.companyName ?? null,
		name: spec.person ? `${spec.person.lastName}, ${spec.person.firstName}` : null,
		firstName: spec.person?.firstName ?? null,
		lastName: spec.person?.lastName ?? null,
		fullAddress: fullAddress(address),
		address: { street: address.street, street2: null, city: address.city, state: address.state, zip: address.zip },
		phoneNumbers: [{ label: 'Office', phone: randomPhone(random, address.areaCode) }],
		email: emailFor(person.firstName, person.lastName, random, 'vendors.example.com'),
		defaultGLAccount: glAccountLabel(glAccountByNumber(db, spec.accountNumber)),
		paymentType: random.pick(['Check', 'eCheck', 'ACH']),
		send1099: spec.trade !== null,
		workersCompExpires: expiry(),
		liabilityInsExpires: expiry(),
		epaCertExpires: null,
		stateLicExpires: expiry(),
		contractExpires: null,
		tags: spec.trade ? [spec.trade] : ['Utility'],
		enrolledInNetVendor: random.chance(0.3),
		autoInsExpires: expiry(),
		vendorTrades: spec.trade,
		doNotUseForWorkOrder: spec.trade === null,
		terms: random.pick(['Net 30', 'Net 15', 'Due on receipt']),
	};
	const record: VendorRecord = { row, invisible: db.vendors.length % INVISIBLE_EVERY === INVISIBLE_EVERY - 1, created: null };
	db.vendors.push(record);
}

/** the number of the expense account a vendor's bills default to */
export function vendorAccountNumber(vendor: Vendor): string {
	return (vendor.defaultGLAccount ?? '6140 - General Repairs').split(' - ')[0];
}
