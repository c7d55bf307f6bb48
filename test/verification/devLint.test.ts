/**
 * The code that never ships (the sandbox, the tests, the bench, the scripts) is linted too, with
 * ESLint's and typescript-eslint's recommended sets (`npm run lint:dev`, eslint.config.js), so that
 * CI fails on it as it does on the node's own rules.
 */
import path from 'node:path';
import { execFile } from 'node:child_process';

const ROOT = path.resolve(__dirname, '../..');

interface LintResult {
	filePath: string;
	messages: Array<{ line: number; ruleId: string | null; message: string }>;
}

test('npm run lint:dev finds nothing', async () => {
	const eslint = path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');
	const targets = ['sandbox', 'test', 'bench', 'scripts', 'eslint.config.js', 'jest.config.js', 'gulpfile.js'];
	const results = await new Promise<LintResult[]>((resolve, reject) => {
		execFile(process.execPath, [eslint, '--format', 'json', ...targets], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
			try {
				resolve(JSON.parse(stdout));
			} catch {
				reject(new Error(`eslint printed no report (${error?.message}):\n${stdout}\n${stderr}`));
			}
		});
	});
	const problems = results.flatMap((result) =>
		result.messages.map((m) => `${path.relative(ROOT, result.filePath)}:${m.line} ${m.ruleId ?? 'parse'}: ${m.message}`),
	);
	expect(problems).toEqual([]);
	expect(results.length).toBeGreaterThan(100);
}, 180_000);
