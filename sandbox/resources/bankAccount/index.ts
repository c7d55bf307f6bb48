import type { SandboxResource } from '../../types';
import { bankAccountEndpoints } from './endpoints';
import { bankAccount, bankAccountActivity } from './schema';

export const bankAccountResource: SandboxResource = {
	endpoints: bankAccountEndpoints,
	itemSchemas: {
		'GET /v1/bank-accounts': bankAccount,
		'GET /v1/bank-account-activity': bankAccountActivity,
	},
};
