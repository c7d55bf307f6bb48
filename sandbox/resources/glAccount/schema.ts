import { z } from 'zod';
import { bool, nstr, str, strList } from '../../shared/schemas';

export const glAccount = z.strictObject({
	upstreamId: str,
	accountName: str,
	accountType: z.enum(['Header', 'Asset', 'Liability', 'Equity', 'Income', 'Expense']),
	number: str,
	subAccountOf: nstr,
	subAccountOfId: nstr,
	offsetAccount: nstr,
	offsetAccountId: nstr,
	options: strList.nullable(),
	hidden: bool,
	subjectToTaxAuthority: bool,
	fundAccount: nstr,
});

export type GLAccount = z.infer<typeof glAccount>;
