import type { SandboxResource } from '../../types';
import { emailEndpoints } from './endpoints';
import { email, emailSummary } from './schema';

export const emailResource: SandboxResource = {
	endpoints: emailEndpoints,
	itemSchemas: {
		'GET /v1/emails': emailSummary,
		'GET /v1/email': email,
	},
};
