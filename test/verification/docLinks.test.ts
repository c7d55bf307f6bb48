/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The README and the docs point readers to each other: every relative link names a file of the
 * repository, and every #anchor a heading of that file (GitHub's slugs). Two links to pages that were
 * never written sat in the README's troubleshooting for days.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const DOCS = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'bench/README.md', 'sandbox/README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N} _-]/gu, '')
		.replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
	const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
	return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slugOf(match[1])));
}

/** Markdown links outside code: [text](target), without web addresses and mail links. */
function relativeLinksOf(file: string): string[] {
	const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
	return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]).filter((target) => !/^[a-z]+:/i.test(target));
}

describe('links between the README and the docs', () => {
	test.each(DOCS)('%s: every relative link names a file that exists, and its anchor a heading there', (doc) => {
		const file = path.join(ROOT, doc);
		const broken: string[] = [];
		for (const link of relativeLinksOf(file)) {
			const [target, anchor] = link.split('#');
			const linked = target ? path.resolve(path.dirname(file), decodeURIComponent(target)) : file;
			if (!fs.existsSync(linked)) {
				broken.push(`${link} (no such file)`);
				continue;
			}
			if (anchor && linked.endsWith('.md') && !anchorsOf(linked).has(anchor)) broken.push(`${link} (no such heading)`);
		}
		expect(broken).toEqual([]);
	});
});
