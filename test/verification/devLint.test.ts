/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The code that never ships (the sandbox, the tests, the bench, the scripts) is linted too, with
 * ESLint's and typescript-eslint's recommended sets (`npm run lint:dev`, eslint.dev.config.js), so that
 * CI fails on it as it does on the node's own rules.
 */
import path from 'node:path';

import { ROOT, runEslint } from '../support/eslint';

test('npm run lint:dev finds nothing', async () => {
	const targets = ['-c', 'eslint.dev.config.js', 'sandbox', 'test', 'bench', 'scripts', 'eslint.dev.config.js', 'jest.config.js'];
	const results = await runEslint(targets);
	const problems = results.flatMap((result) =>
		result.messages.map((m) => `${path.relative(ROOT, result.filePath)}:${m.line} ${m.ruleId ?? 'parse'}: ${m.message}`),
	);
	expect(problems).toEqual([]);
	expect(results.length).toBeGreaterThan(100);
}, 180_000);
