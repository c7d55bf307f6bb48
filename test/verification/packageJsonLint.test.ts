/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * `npm run lint` really checks package.json: n8n-node's default ESLint config (eslint.config.mjs) run
 * on the real manifest and on broken copies of it, linted as if they were the package's package.json.
 */
import fs from 'node:fs';
import path from 'node:path';

import { ROOT, runEslint } from '../support/eslint';

const original = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

/** package.json's problems as `rule: message`, the given manifest linted as ./package.json. */
async function lintManifest(manifest: Record<string, unknown>): Promise<string[]> {
	const [result] = await runEslint(['--stdin-filename', 'package.json'], { stdin: JSON.stringify(manifest, null, 2) });
	return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a manifest edited at any depth
const broken: Array<[string, (m: Record<string, any>) => void, string]> = [
	['licence ISC', (m) => (m.license = 'ISC'), 'n8n-nodes-base/community-package-json-license-not-default'],
	[
		'community keyword removed',
		(m) => (m.keywords = m.keywords.filter((k: string) => k !== 'n8n-community-node-package')),
		'n8n-nodes-base/community-package-json-keywords-without-official-tag',
	],
	['author email removed', (m) => delete m.author.email, '@n8n/community-nodes/valid-author'],
	['a runtime dependency', (m) => (m.dependencies = { axios: '^1.0.0' }), '@n8n/community-nodes/no-runtime-dependencies'],
	['a node path outside dist/', (m) => (m.n8n.nodes = ['nodes/PropertyManagement/PropertyManagement.node.ts']), '@n8n/community-nodes/n8n-object-validation'],
];

describe('lint of package.json', () => {
	it('passes the real package.json with no message at all', async () => {
		expect(await lintManifest(original)).toEqual([]);
	}, 60_000);

	it.each(broken)('fails a copy with %s', async (_name, breakIt, rule) => {
		const copy = structuredClone(original);
		breakIt(copy);
		const messages = await lintManifest(copy);
		expect(messages).toContainEqual(expect.stringMatching(new RegExp(`^${rule.replace(/[/@]/g, '\\$&')}:`)));
	}, 60_000);
});
