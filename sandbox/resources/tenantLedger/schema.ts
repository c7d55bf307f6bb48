import { z } from 'zod';
import { date, int, isoTimestamp, money, nmoney, nstr, str, strList } from '../../shared/schemas';

export const tenantLedger = z.strictObject({
	rowId: int,
	credit: nmoney,
	debit: nmoney,
	balance: money,
	date,
	description: nstr,
	payer: nstr,
	transaction: z.strictObject({ id: int, type: z.enum(['Charge', 'Payment', 'Credit']), createdAt: isoTimestamp }),
});

/** echoed as M/DD/YYYY per the spec */
const shortDate = z.string().regex(/^\d{1,2}\/\d{2}\/\d{4}$/);

export const tenantCharge = z.strictObject({
	tenantChargeId: int,
	occupancyId: int,
	amount: money,
	chargeDate: shortDate,
	postingDate: shortDate,
	glAccountId: str,
	description: nstr,
	warnings: strList,
});

export type TenantLedger = z.infer<typeof tenantLedger>;
export type TenantCharge = z.infer<typeof tenantCharge>;
