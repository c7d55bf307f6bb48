// The rules `n8n-node lint` runs (@n8n/eslint-plugin-community-nodes, recommended) plus the
// eslint-plugin-n8n-nodes-base sets and no-console that n8n's community package scanner adds.
const tseslint = require('typescript-eslint');
const jsoncParser = require('jsonc-eslint-parser');
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
	{ ...communityNodes.configs.recommended, files: tsFiles },
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
		languageOptions: { parser: jsoncParser },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: { ...n8nNodesBase.configs.community.rules },
	},
];
