/**
 * Two projects in one run (one "N passed, N failed" line): every suite against the sandbox's `spec`
 * profile, and the node's read/write and trigger suites again against its `documented` profile
 * (sandbox/README.md lists where the two readings of the service differ).
 */
const shared = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json', diagnostics: false }],
	},
	setupFilesAfterEnv: ['<rootDir>/test/support/stop-n8n-timers.ts'],
};

/** @type {import('jest').Config} */
module.exports = {
	testTimeout: 120000,
	maxWorkers: 2,
	reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
	projects: [
		{ ...shared, displayName: 'spec', testMatch: ['**/*.test.ts'] },
		{
			...shared,
			displayName: 'documented',
			testMatch: ['<rootDir>/test/node/**/*.test.ts', '<rootDir>/test/trigger/**/*.test.ts'],
			setupFiles: ['<rootDir>/test/support/documented-profile.js'],
		},
	],
};
