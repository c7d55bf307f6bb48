/**
 * The code that never ships (the sandbox, the tests, the bench, the scripts) is linted too, with
 * ESLint's and typescript-eslint's recommended sets (`npm run lint:dev`, eslint.config.js), so that
 * CI fails on it as it does on the node's own rules.
 */
import path from 'node:path';

import { ROOT, runEslint } from '../support/eslint';

test('npm run lint:dev finds nothing', async () => {
	const targets = ['sandbox', 'test', 'bench', 'scripts', 'eslint.config.js', 'jest.config.js', 'gulpfile.js'];
	const results = await runEslint(targets);
	const problems = results.flatMap((result) =>
		result.messages.map((m) => `${path.relative(ROOT, result.filePath)}:${m.line} ${m.ruleId ?? 'parse'}: ${m.message}`),
	);
	expect(problems).toEqual([]);
	expect(results.length).toBeGreaterThan(100);
}, 180_000);
