/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * n8n's UX guidelines for error copy: say what happened and how to get unstuck, without the words
 * "error" or "failure". Every sentence the package can show (a string or template literal of the
 * shipped code with a space in it: messages, descriptions, hints, notices) is read with TypeScript's
 * parser; comments are not literals, so they may say what they like.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';

import { typeScriptSources } from '../../support/sourceFiles';

const ROOT = path.resolve(__dirname, '../../..');
const SHIPPED = ['nodes', 'credentials'];
const BLAME_WORDS = /\b(errors?|failures?|failed|fails)\b/i;
/** the service's own field, named as it is in its answers */
const SERVICE_FIELD = 'errors[]';

/**
 * Sentences that quote the service's documentation word for word, kept so that a reader can find the
 * passage (the user never sees them as a message).
 */
const QUOTES_OF_THE_DOCS = [/^a webhook may not be triggered/, /^When an update completes with an error/];


/** The text of every string and template literal (each template part on its own) with a space in it. */
function sentencesOf(file: string): Array<{ line: number; text: string }> {
	const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
	const found: Array<{ line: number; text: string }> = [];
	const visit = (node: ts.Node) => {
		if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
			const isImport = ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent);
			if (!isImport && node.text.trim().includes(' ')) {
				found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
			}
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

test('no sentence the user can see says "error" or "failure"', () => {
	const files = SHIPPED.flatMap((dir) => typeScriptSources(path.join(ROOT, dir)));
	expect(files.length).toBeGreaterThan(50);
	const offending = files.flatMap((file) =>
		sentencesOf(file)
			.filter(({ text }) => BLAME_WORDS.test(text.replaceAll(SERVICE_FIELD, '')) && !QUOTES_OF_THE_DOCS.some((quote) => quote.test(text.trim())))
			.map(({ line, text }) => `${path.relative(ROOT, file)}:${line} ${text.trim()}`),
	);
	expect(offending).toEqual([]);
});

test('the check is live: it finds the words in a sentence and leaves code values alone', () => {
	const scratch = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'error-copy-')), 'sample.ts');
	fs.writeFileSync(scratch, "const a = 'error';\n// an error in a comment\nconst b = `The request failed for ${a}`;\nconst c = 'Could not reach the service';\n");
	try {
		const texts = sentencesOf(scratch).map(({ text }) => text);
		expect(texts.filter((text) => BLAME_WORDS.test(text))).toEqual(['The request failed for ']);
		expect(texts).toContain('Could not reach the service');
	} finally {
		fs.rmSync(path.dirname(scratch), { recursive: true });
	}
});
