// @ts-check
/**
 * n8n's community-package scan, run here as n8n's verification runs it, minus the registry and
 * provenance legs: `analyzePackage` from @n8n/scan-community-package on the packed tarball (every
 * .js/.ts/.json file in it) and on the source checkout (the files `n8n-node lint` covers). The
 * analysis reports errors only, so the same files are linted again with the scanner's own config
 * to count warnings too. Prints one JSON object; exits 1 unless both legs have 0 errors, 0 warnings.
 *
 *   node scripts/scan-package.mjs [tarball]   (default: build and pack the package first)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { ESLint } from 'eslint';
import { analyzePackage, buildScanConfig, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

const require = createRequire(import.meta.url);
const { ROOT, ensureTarball } = /** @type {typeof import('./package-tarball.js')} */ (require('./package-tarball.js'));
const TARBALL_FILE_PATTERNS = ['**/*.js', '**/*.ts', '**/*.json'];

/**
 * @param {string} dir
 * @param {string[]} patterns
 */
async function countProblems(dir, patterns) {
	const eslint = new ESLint({ cwd: dir, allowInlineConfig: false, errorOnUnmatchedPattern: false, overrideConfigFile: true, overrideConfig: await buildScanConfig() });
	const results = await eslint.lintFiles(patterns);
	const problems = results.flatMap((result) =>
		result.messages.map((m) => ({ file: path.relative(dir, result.filePath), line: m.line, rule: m.ruleId, severity: m.severity, message: m.message })),
	);
	return {
		files: results.length,
		errors: problems.filter((p) => p.severity === 2).length,
		warnings: problems.filter((p) => p.severity === 1).length,
		problems,
	};
}

/**
 * @param {string} dir
 * @param {string[]} patterns
 */
async function scanLeg(dir, patterns) {
	const analysis = await analyzePackage(dir, patterns);
	return { passed: analysis.passed, message: analysis.message, details: analysis.details, ...(await countProblems(dir, patterns)) };
}

/** @param {string} tarball */
export async function scanPackage(tarball) {
	const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-scan-'));
	try {
		execFileSync('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
		return {
			tarball: path.basename(tarball),
			tarballLeg: await scanLeg(unpacked, TARBALL_FILE_PATTERNS),
			sourceLeg: await scanLeg(ROOT, SOURCE_FILE_PATTERNS),
		};
	} finally {
		fs.rmSync(unpacked, { recursive: true, force: true });
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const tarball = process.argv[2] ? path.resolve(process.argv[2]) : await ensureTarball({ log: () => undefined });
	const report = await scanPackage(tarball);
	console.log(JSON.stringify(report, null, 2));
	const clean = [report.tarballLeg, report.sourceLeg].every((leg) => leg.passed && leg.errors === 0 && leg.warnings === 0);
	process.exit(clean ? 0 : 1);
}
