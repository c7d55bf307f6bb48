/**
 * The release path: semver bumps, CHANGELOG.md in Keep a Changelog form with a section for the
 * current version, and `scripts/release.js` run for real in a scratch git repository holding copies
 * of the package's manifest, lock file and changelog.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module without types
const { nextVersion, releaseChangelog } = require('../../scripts/release');

const ROOT = path.resolve(__dirname, '../..');
const changelog = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

describe('release path', () => {
	it('CHANGELOG.md has an Unreleased section first and a dated section for the current version', () => {
		const headings = changelog.match(/^## .*$/gm) ?? [];
		expect(headings[0]).toBe('## [Unreleased]');
		expect(headings).toContainEqual(expect.stringMatching(new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`)));
		expect(changelog).toContain('keepachangelog.com');
	});

	it('bumps by semver and refuses anything else', () => {
		expect([nextVersion('0.1.9', 'patch'), nextVersion('0.1.9', 'minor'), nextVersion('0.1.9', 'major')]).toEqual(['0.1.10', '0.2.0', '1.0.0']);
		expect(nextVersion('0.1.0', '0.3.0')).toBe('0.3.0');
		expect(() => nextVersion('0.1.0', '0.1.0')).toThrow('not newer');
		expect(() => nextVersion('0.1.0', 'v0.2')).toThrow('usage');
	});

	it('refuses to release with nothing written under Unreleased', () => {
		expect(() => releaseChangelog('# Changelog\n\n## [Unreleased]\n\n## [0.1.0] - 2026-01-01\n- x\n', '0.2.0', '2026-02-01')).toThrow(
			'lists no change',
		);
	});

	it('release minor: changelog section, bumped manifest and lock file, one commit, tag v<next>', () => {
		const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-release-'));
		for (const file of ['package.json', 'package-lock.json', 'CHANGELOG.md']) fs.copyFileSync(path.join(ROOT, file), path.join(repo, file));
		const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
		const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, env, encoding: 'utf8' }).trim();
		git('init', '-q');
		git('add', '-A');
		git('commit', '-qm', 'before the release');
		execFileSync(process.execPath, [path.join(ROOT, 'scripts/release.js'), 'minor'], { cwd: repo, env });

		const next = nextVersion(version, 'minor');
		expect(JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).version).toBe(next);
		const lock = JSON.parse(fs.readFileSync(path.join(repo, 'package-lock.json'), 'utf8'));
		expect([lock.version, lock.packages[''].version]).toEqual([next, next]);
		const released = fs.readFileSync(path.join(repo, 'CHANGELOG.md'), 'utf8');
		const headings = released.match(/^## .*$/gm) ?? [];
		expect(headings.slice(0, 2)).toEqual(['## [Unreleased]', `## [${next}] - ${new Date().toISOString().slice(0, 10)}`]);
		// everything that was under Unreleased is now under the new version, nothing lost
		const unreleasedBefore = changelog.slice(changelog.indexOf('## [Unreleased]') + 15, changelog.indexOf('\n## [', changelog.indexOf('## [Unreleased]'))).trim();
		expect(released).toContain(`## [${next}] - ${new Date().toISOString().slice(0, 10)}\n\n${unreleasedBefore}\n`);
		expect(git('tag', '--list')).toBe(`v${next}`);
		expect(git('log', '-1', '--format=%s')).toBe(`Release ${next}`);
		expect(git('status', '--porcelain')).toBe('');
		fs.rmSync(repo, { recursive: true, force: true });
	}, 60_000);
});
