// The code that never ships (`npm run lint:dev`): the sandbox, the tests, the bench and the scripts,
// with ESLint's and typescript-eslint's recommended sets and none of n8n's node rules.
// What ships (nodes/, credentials/, package.json) is linted by n8n's own tool (`npm run lint` is
// `n8n-node lint`) with its default configuration, eslint.config.mjs, unchanged. That tool lints every
// .ts file of the repository, so a development file that needs what shipped node code may not use
// (timers, process, node: imports, child processes, console) says so in an eslint-disable header.
const js = require('@eslint/js'); // ESLint's own dependency
const tseslint = require('typescript-eslint');
const communityNodes = require('@n8n/eslint-plugin-community-nodes');
const importX = require('eslint-plugin-import-x');

const devTsFiles = ['sandbox/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'];
const devJsFiles = ['scripts/**/*.js', 'test/**/*.js', '*.js'];
const nodeGlobals = Object.fromEntries(
	['require', 'module', 'exports', 'process', '__dirname', '__filename', 'console', 'Buffer', 'URL', 'URLSearchParams', 'fetch', 'AbortController', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate'].map((name) => [name, 'readonly']),
);
// `_name` marks what a destructuring leaves out on purpose, or an argument a signature needs
const unusedVars = ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }];

module.exports = [
	{ ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'scripts/n8n-workflow-versions/**'] },
	// the headers name n8n's rules, which are not enabled here: known, and not reported as unused
	{ plugins: { '@n8n/community-nodes': communityNodes, 'import-x': importX }, linterOptions: { reportUnusedDisableDirectives: 'off' } },
	{ files: devTsFiles, languageOptions: { parser: tseslint.parser, parserOptions: { sourceType: 'module' } } },
	{ ...js.configs.recommended, files: devTsFiles },
	...tseslint.configs.recommended.map((config) => ({ ...config, files: devTsFiles })),
	{
		files: devTsFiles,
		rules: { '@typescript-eslint/no-unused-vars': unusedVars },
	},
	{
		...js.configs.recommended,
		files: devJsFiles,
		languageOptions: { ecmaVersion: 2023, sourceType: 'commonjs', globals: nodeGlobals },
	},
	{ files: devJsFiles, rules: { 'no-unused-vars': unusedVars } },
	{
		...js.configs.recommended,
		files: ['scripts/**/*.mjs'],
		languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: nodeGlobals },
	},
];
