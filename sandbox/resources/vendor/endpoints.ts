import { noFilters, readEndpoint } from '../../shared/define';
import { glAccount } from '../../shared/lookups';
import { fullAddress, TRADES } from '../../shared/names';
import { dbOf } from '../../shared/params';
import type { PhoneNumber } from '../../shared/schemas';
import { type Body, bodyObject, optionalBoolean, optionalEnum, optionalId, optionalIdList, optionalString } from '../../shared/validation';
import { type CreateEndpoint, type EndpointDef, HttpError } from '../../types';
import { glAccountLabel } from '../glAccount/data';
import { type CreatedVendor, type Vendor, vendorTypes } from './schema';

const PHONE_LABELS = ['Office', 'Mobile', 'Home', 'Fax'] as const;
const ADDRESS_FIELDS = ['addressStreet', 'addressStreet2', 'addressCity', 'addressState', 'addressZip'];

function vendorName(body: Body) {
	const firstName = optionalString(body, 'firstName');
	const lastName = optionalString(body, 'lastName');
	const companyName = optionalString(body, 'companyName');
	if (!companyName && !(firstName && lastName)) {
		const field = firstName ? 'lastName' : lastName ? 'firstName' : 'companyName';
		throw new HttpError(400, `${field} is required: give firstName and lastName, or companyName`, field);
	}
	const useCompanyName = optionalBoolean(body, 'useCompanyNameAsDisplayName') ?? (companyName !== null && !(firstName && lastName));
	if (useCompanyName && !companyName) throw new HttpError(400, 'useCompanyNameAsDisplayName requires companyName', 'useCompanyNameAsDisplayName');
	return { firstName, lastName, companyName, useCompanyName };
}

function vendorAddress(body: Body) {
	const values = ADDRESS_FIELDS.map((field) => optionalString(body, field));
	const [street, street2, city, state, zip] = values;
	if (state !== null && !/^[A-Za-z]{2}$/.test(state)) throw new HttpError(400, 'addressState must be a two-letter region code', 'addressState');
	const country = optionalString(body, 'addressCountry');
	if (country !== null && !/^[A-Za-z]{2}$/.test(country)) throw new HttpError(400, 'addressCountry must be an ISO-2 country code', 'addressCountry');
	const anyField = values.some((v) => v !== null);
	return { street, street2, city, state: state?.toUpperCase() ?? null, zip, country: country?.toUpperCase() ?? (anyField ? 'US' : null) };
}

const createVendor: CreateEndpoint = {
	kind: 'create',
	path: '/v1/vendors',
	invalidates: ['/v1/vendors'],
	create(ctx, input) {
		const db = dbOf(ctx);
		const body = bodyObject(input);
		const { firstName, lastName, companyName, useCompanyName } = vendorName(body);
		const vendorType = optionalEnum(body, 'vendorType', vendorTypes) ?? 'general';
		const address = vendorAddress(body);
		const phone = optionalString(body, 'phoneNumber');
		const phoneLabel = optionalEnum(body, 'phoneLabel', PHONE_LABELS);
		if (phoneLabel && !phone) throw new HttpError(400, 'phoneLabel requires phoneNumber', 'phoneLabel');
		const email = optionalString(body, 'email');
		if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new HttpError(400, 'email must be an email address', 'email');
		const accountId = optionalId(body, 'glAccountId');
		const account = accountId ? glAccount(db, accountId) : null;
		const trades = optionalIdList(body, 'tradeIds').map((id, index) => {
			const trade = TRADES.find((t) => t.id === id);
			if (!trade) throw new HttpError(400, `tradeIds[${index}] ${id} is not a work order category`, `tradeIds[${index}]`);
			return trade.name;
		});
		optionalString(body, 'taxId');
		const personName = firstName && lastName ? `${firstName} ${lastName}` : null;
		const taxpayerName = optionalString(body, 'taxpayerName') ?? (useCompanyName ? companyName : (personName ?? companyName));
		const send1099 = optionalBoolean(body, 'send1099') ?? true;
		const phoneNumbers: PhoneNumber[] = phone ? [{ label: phoneLabel ?? 'Office', phone }] : [];
		const upstreamId = String(401 + db.vendors.length);
		const created: CreatedVendor = {
			upstreamId,
			name: useCompanyName ? companyName : `${lastName}, ${firstName}`,
			firstName,
			lastName,
			companyName,
			useCompanyNameAsDisplayName: useCompanyName,
			vendorType,
			taxpayerName,
			send1099,
			address,
			phoneNumbers,
			email,
			defaultGLAccount: account ? glAccountLabel(account) : null,
			vendorTrades: trades.length ? trades.join(', ') : null,
		};
		const hasAddress = address.street || address.city;
		const row: Vendor = {
			upstreamId,
			companyName,
			name: firstName && lastName ? `${lastName}, ${firstName}` : null,
			firstName,
			lastName,
			fullAddress: hasAddress ? fullAddress(address) : null,
			address: { street: address.street, street2: address.street2, city: address.city, state: address.state, zip: address.zip },
			phoneNumbers,
			email,
			defaultGLAccount: created.defaultGLAccount,
			paymentType: 'Check',
			send1099,
			workersCompExpires: null,
			liabilityInsExpires: null,
			epaCertExpires: null,
			stateLicExpires: null,
			contractExpires: null,
			tags: [],
			enrolledInNetVendor: false,
			autoInsExpires: null,
			vendorTrades: created.vendorTrades,
			doNotUseForWorkOrder: vendorType === 'utility',
			terms: null,
		};
		db.vendors.push({ row, invisible: false, created });
		return created;
	},
};

export const vendorEndpoints: EndpointDef[] = [
	readEndpoint('/v1/vendors', noFilters, (ctx) => dbOf(ctx).vendors.filter((v) => !v.invisible).map((v) => v.row)),
	createVendor,
];
