/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * n8n's community-package scanner (scripts/scan-package.mjs runs `analyzePackage` from
 * @n8n/scan-community-package on the packed tarball and on the sources). It runs in a child process:
 * the scanner is an ES module, which jest's CommonJS runtime cannot import.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, execFileSync } from 'node:child_process';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module without types
const { ROOT, ensureTarball } = require('../../scripts/package-tarball');

type Leg = { passed: boolean; errors: number; warnings: number; files: number; problems: Array<{ file: string; rule: string }> };
type Report = { tarballLeg: Leg; sourceLeg: Leg };

/** Without jest's NODE_ENV=test, under which eslint-plugin-n8n-nodes-base runs in its own test mode. */
function scan(tarball: string): Promise<{ code: number; report: Report }> {
	// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the rest leaves this field out on purpose
	const { NODE_ENV: _jestEnv, ...env } = process.env;
	return new Promise((resolve, reject) => {
		execFile(process.execPath, [path.join(ROOT, 'scripts/scan-package.mjs'), tarball], { cwd: ROOT, env }, (error, stdout, stderr) => {
			const code = error ? Number(error.code) : 0;
			try {
				resolve({ code, report: JSON.parse(stdout) });
			} catch {
				reject(new Error(`scan-package printed no report (exit ${code}):\n${stdout}\n${stderr}`));
			}
		});
	});
}

/** The packed tarball with its package.json changed, as a maintainer's slip would ship it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a manifest edited at any depth
function repackWith(tarball: string, change: (manifest: Record<string, any>) => void): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-repack-'));
	execFileSync('tar', ['-xzf', tarball, '-C', dir]);
	const file = path.join(dir, 'package', 'package.json');
	const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
	change(manifest);
	fs.writeFileSync(file, JSON.stringify(manifest, null, 2));
	const broken = path.join(dir, 'broken.tgz');
	execFileSync('tar', ['-czf', broken, '-C', dir, 'package']);
	return broken;
}

describe("n8n's community package scanner", () => {
	let tarball: string;
	beforeAll(async () => {
		tarball = await ensureTarball({ log: () => undefined });
	}, 300_000);

	it('finds 0 errors and 0 warnings in the packed tarball and in the sources', async () => {
		const { code, report } = await scan(tarball);
		for (const leg of [report.tarballLeg, report.sourceLeg]) {
			expect(leg.problems).toEqual([]);
			expect(leg).toMatchObject({ passed: true, errors: 0, warnings: 0 });
			expect(leg.files).toBeGreaterThan(10);
		}
		expect(code).toBe(0);
	}, 120_000);

	it("reads the tarball's package.json: a missing author email fails the scan", async () => {
		const broken = repackWith(tarball, (manifest) => delete manifest.author.email);
		const { code, report } = await scan(broken);
		expect(code).toBe(1);
		expect(report.tarballLeg.passed).toBe(false);
		expect(report.tarballLeg.problems).toContainEqual(expect.objectContaining({ file: 'package.json', rule: '@n8n/community-nodes/valid-author' }));
	}, 120_000);
});
