import type { SandboxResource } from '../../types';
import { BANK_ACCOUNTS, generateBankAccounts } from './data';
import { bankAccountEndpoints } from './endpoints';
import { bankAccount, bankAccountActivity } from './schema';

export const bankAccountResource: SandboxResource = {
	endpoints: bankAccountEndpoints,
	itemSchemas: {
		'GET /v1/bank-accounts': bankAccount,
		'GET /v1/bank-account-activity': bankAccountActivity,
	},
	// the account's bank accounts draw nothing at random: seeded from this folder, they are the same as before
	records: { name: BANK_ACCOUNTS, salt: 0xba4c, generate: (_db, _random, now) => generateBankAccounts(now) },
};
