/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The package's life cycle goes through n8n's own tool, `n8n-node` (@n8n/node-cli), as n8n's
 * verification asks: build, lint (strict, its default configuration unchanged) and release, and a
 * plain `npm publish` outside the tool's release is refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const ROOT = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const CLI = path.join(ROOT, 'node_modules', '@n8n', 'node-cli');

describe('n8n-node owns the life cycle', () => {
	it('build, lint, release and prepublishOnly run n8n-node; strict mode is on', () => {
		expect(manifest.scripts).toMatchObject({
			build: 'n8n-node build',
			lint: 'n8n-node lint',
			release: 'n8n-node release',
			prepublishOnly: 'n8n-node prerelease',
		});
		expect(manifest.n8n.strict).toBe(true);
		expect(manifest.devDependencies['@n8n/node-cli']).toBeDefined();
	});

	it("the shipped code's lint configuration is the tool's default, unchanged", () => {
		const template = fs.readFileSync(path.join(CLI, 'dist/template/templates/shared/default/eslint.config.mjs'), 'utf8');
		const ours = fs.readFileSync(path.join(ROOT, 'eslint.config.mjs'), 'utf8');
		expect(ours.replace(/\s+/g, ' ').trim()).toBe(template.replace(/\s+/g, ' ').trim());
	});

	it('a plain npm publish is refused; the release (RELEASE_MODE, set by n8n-node release) is let through', () => {
		const env = { ...process.env };
		delete env.RELEASE_MODE;
		const prerelease = (extra: NodeJS.ProcessEnv) =>
			spawnSync(process.execPath, [path.join(CLI, 'bin', 'n8n-node.mjs'), 'prerelease'], { cwd: ROOT, env: { ...env, ...extra }, encoding: 'utf8' });
		const plain = prerelease({});
		expect(plain.status).toBe(1);
		expect(plain.stdout + plain.stderr).toContain('run release');
		expect(prerelease({ RELEASE_MODE: 'true' }).status).toBe(0);
	}, 60_000);
});
