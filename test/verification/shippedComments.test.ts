/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * A shipped comment says why the code is as it is; which issue, review finding or soak run led to it
 * is git's and the CHANGELOG's to tell, and the service's local stand-in is not what users run.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(full);
		return entry.name.endsWith('.ts') ? [full] : [];
	});
}

test('no comment in nodes/ or credentials/ names an issue, a finding, the soak or the sandbox', () => {
	const history = /\b(issue|finding)s? \d+|\bsoak\b|\bsandbox\b/i;
	const offending: string[] = [];
	for (const file of [...sourceFiles(path.join(ROOT, 'nodes')), ...sourceFiles(path.join(ROOT, 'credentials'))]) {
		const lines = fs.readFileSync(file, 'utf8').split('\n');
		lines.forEach((line, at) => {
			const comment = /(\/\/|\/\*|^\s*\*)(.*)$/.exec(line)?.[2];
			if (comment && history.test(comment)) offending.push(`${path.relative(ROOT, file)}:${at + 1}: ${line.trim()}`);
		});
	}
	expect(offending).toEqual([]);
});
