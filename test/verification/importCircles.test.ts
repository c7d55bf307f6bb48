/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * No import circles in the node code or the sandbox, type-only imports included (issue 46): a reader
 * can then follow every file from the bottom up. Imports are resolved by TypeScript itself
 * (tsconfig.dev.json's options), and also no file of one node imports a file of the other: what both
 * use lives on the floor, nodes/shared/.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

import { typeScriptSources } from '../support/sourceFiles';

const ROOT = path.resolve(__dirname, '../..');


const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.dev.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);

/** The package's own files a file imports or re-exports (type-only ones included). */
function importsOf(file: string): string[] {
	const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
	const specifiers = source.statements.flatMap((statement) =>
		(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
			? [statement.moduleSpecifier.text]
			: [],
	);
	return specifiers.flatMap((specifier) => {
		const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
		return resolved && !resolved.isExternalLibraryImport && resolved.resolvedFileName.startsWith(ROOT) ? [path.resolve(resolved.resolvedFileName)] : [];
	});
}

/** Every circle of a graph (file -> the files it imports), each as the files along it. */
function circlesOf(graph: Map<string, string[]>): string[][] {
	const found: string[][] = [];
	const done = new Set<string>();
	const walk = (file: string, trail: string[]) => {
		const at = trail.indexOf(file);
		if (at >= 0) {
			found.push(trail.slice(at));
			return;
		}
		if (done.has(file)) return;
		for (const target of graph.get(file) ?? []) walk(target, [...trail, file]);
		done.add(file);
	};
	for (const file of graph.keys()) walk(file, []);
	return found;
}

function circles(files: string[]): string[][] {
	const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))]));
	return circlesOf(graph).map((circle) => circle.map((step) => path.relative(ROOT, step)));
}

describe('import graph', () => {
	it.each(['nodes', 'sandbox'])('%s/ has no import circle', (dir) => {
		const files = typeScriptSources(path.join(ROOT, dir));
		expect(files.length).toBeGreaterThan(50);
		expect(circles(files)).toEqual([]);
	});

	it('no file of one node imports a file of the other', () => {
		const nodes = ['PropertyManagement', 'PropertyManagementTrigger'];
		const crossings = nodes.flatMap((node) => {
			const others = nodes.filter((other) => other !== node).map((other) => path.join(ROOT, 'nodes', other) + path.sep);
			return typeScriptSources(path.join(ROOT, 'nodes', node)).flatMap((file) =>
				importsOf(file)
					.filter((target) => others.some((other) => target.startsWith(other)))
					.map((target) => `${path.relative(ROOT, file)} -> ${path.relative(ROOT, target)}`),
			);
		});
		expect(crossings).toEqual([]);
	});

	it('the check is live: it resolves a type-only import, and finds a circle and only that', () => {
		const operations = path.join(ROOT, 'nodes/shared/descriptions/operations.ts');
		expect(importsOf(path.join(ROOT, 'nodes/shared/descriptions/filters.ts'))).toContain(path.join(ROOT, 'nodes/shared/descriptions/show.ts'));
		expect(importsOf(operations)).toContain(path.join(ROOT, 'nodes/shared/descriptions/filters.ts'));
		const graph = new Map([
			['a', ['b']],
			['b', ['c']],
			['c', ['a']],
			['d', ['a']],
		]);
		expect(circlesOf(graph)).toEqual([['a', 'b', 'c']]);
		expect(circlesOf(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
	});
});
