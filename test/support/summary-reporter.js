// Prints the closing line CI reads: "N passed, N failed". Also writes each test file's duration, per
// project, slowest first, added to .tmp/jest-file-times.txt (where CI's time goes; not read by any test).
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
	onRunComplete(_contexts, results) {
		const rows = results.testResults
			.map((file) => ({
				seconds: (file.perfStats.end - file.perfStats.start) / 1000,
				project: file.displayName?.name ?? '',
				file: path.relative(process.cwd(), file.testFilePath),
			}))
			.sort((a, b) => b.seconds - a.seconds);
		const total = rows.reduce((sum, row) => sum + row.seconds, 0);
		const lines = rows.map((row) => `${row.seconds.toFixed(1).padStart(7)} s  ${row.project.padEnd(18)} ${row.file}`);
		fs.mkdirSync('.tmp', { recursive: true });
		const heading = `# ${new Date().toISOString()} jest ${process.argv.slice(2).join(' ')}: ${rows.length} files, ${total.toFixed(0)} s of suite time`;
		fs.appendFileSync('.tmp/jest-file-times.txt', [heading, ...lines, ''].join('\n'));
		const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
		process.stdout.write(`\n${results.numPassedTests} passed, ${failed} failed\n`);
	}
}
module.exports = SummaryReporter;
