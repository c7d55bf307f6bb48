/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import fs from 'node:fs';
import path from 'node:path';

/** The TypeScript sources under `dir` (declaration files left out), for checks that read the code itself. */
export function typeScriptSources(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return typeScriptSources(full);
		return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
	});
}
