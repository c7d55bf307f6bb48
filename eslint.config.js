// The rules `n8n-node lint` runs (@n8n/eslint-plugin-community-nodes, recommended) plus the
// eslint-plugin-n8n-nodes-base sets and no-console that n8n's community package scanner adds.
// package.json goes through the TypeScript parser, as in n8n's scanner and `n8n-node lint`: the
// package.json rules of both plugins walk an `ObjectExpression`, which jsonc-eslint-parser never
// produces (its nodes are `JSONObjectExpression`), so under it they silently check nothing.
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
