// The rules `n8n-node lint` (@n8n/node-cli 0.48) runs: ESLint's and typescript-eslint's recommended
// sets, @n8n/eslint-plugin-community-nodes (recommended) on the sources and package.json, and the
// eslint-plugin-n8n-nodes-base sets, plus no-console as n8n's scanner adds it. Not its import-x rules
// (that plugin is not a dependency here); @n8n/node-cli itself does not install on Node 20
// (docs/compatibility.md).
// package.json goes through the TypeScript parser, as in n8n's scanner and `n8n-node lint`: the
// package.json rules of both plugins walk an `ObjectExpression`, which jsonc-eslint-parser never
// produces (its nodes are `JSONObjectExpression`), so under it they silently check nothing.
const js = require('@eslint/js'); // ESLint's own dependency
const tseslint = require('typescript-eslint');
const communityNodes = require('@n8n/eslint-plugin-community-nodes');
const n8nNodesBase = require('eslint-plugin-n8n-nodes-base');

const tsFiles = ['nodes/**/*.ts', 'credentials/**/*.ts'];
// The code that never ships (`npm run lint:dev`): ESLint's and typescript-eslint's recommended sets,
// none of n8n's node rules.
const devTsFiles = ['sandbox/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'];
const devJsFiles = ['scripts/**/*.js', 'test/**/*.js', '*.js'];
const nodeGlobals = Object.fromEntries(
	['require', 'module', 'exports', 'process', '__dirname', '__filename', 'console', 'Buffer', 'URL', 'URLSearchParams', 'fetch', 'AbortController', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate'].map((name) => [name, 'readonly']),
);
// `_name` marks what a destructuring leaves out on purpose, or an argument a signature needs
const unusedVars = ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }];

module.exports = [
	{ ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'scripts/n8n-workflow-versions/**'] },
	{
		files: tsFiles,
		languageOptions: {
			parser: tseslint.parser,
			parserOptions: { project: './tsconfig.json', sourceType: 'module' },
		},
	},
	{ ...js.configs.recommended, files: tsFiles },
	...tseslint.configs.recommended.map((config) => ({ ...config, files: tsFiles })),
	{ files: tsFiles, rules: { 'prefer-spread': 'off' } },
	{ ...communityNodes.configs.recommended, files: [...tsFiles, 'package.json'] },
	{
		files: ['credentials/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// these two predate NodeConnectionTypes and accept only the 'main' literal, which the
			// community rules (what n8n's verification runs) forbid
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'no-console': 'error',
		},
	},
	{
		files: ['package.json'],
		languageOptions: { parser: tseslint.parser, parserOptions: { extraFileExtensions: ['.json'] } },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: { ...n8nNodesBase.configs.community.rules },
	},
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
