/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { Container } from '@n8n/di';

/**
 * n8n-core's SSHClientsManager (created by every ExecuteContext) keeps a 60 s interval that holds a
 * test process open after its last test; n8n stops it on shutdown, so do the same. Not exported by
 * n8n-core's index, hence the dist path. Registered for every test file in jest.config.js.
 */
export function stopN8nTimers(): void {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { SSHClientsManager } = require('n8n-core/dist/execution-engine/ssh-clients-manager') as {
		SSHClientsManager: Parameters<typeof Container.get>[0];
	};
	(Container.get(SSHClientsManager) as { onShutdown(): void }).onShutdown();
}
