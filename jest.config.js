/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json', diagnostics: false }],
	},
	testTimeout: 120000,
	maxWorkers: 2,
	setupFilesAfterEnv: ['<rootDir>/test/support/stop-n8n-timers.ts'],
	reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};
