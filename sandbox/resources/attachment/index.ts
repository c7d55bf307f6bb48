import type { SandboxResource } from '../../types';
import { attachmentEndpoints } from './endpoints';
import { attachment, file } from './schema';

export const attachmentResource: SandboxResource = {
	endpoints: attachmentEndpoints,
	itemSchemas: {
		'GET /v1/attachments': attachment,
		'GET /v1/file': file,
	},
};
