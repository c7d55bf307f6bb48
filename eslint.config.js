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

module.exports = [
	{ ignores: ['dist/**', 'node_modules/**', 'sandbox/**', 'test/**', 'bench/**', 'scripts/**', '*.js'] },
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
];
