// @ts-check
'use strict';
/**
 * `npm run release -- <major|minor|patch|X.Y.Z>`: the next semver version, CHANGELOG.md's Unreleased
 * section moved under it, package.json and package-lock.json bumped, one commit and an annotated
 * tag vX.Y.Z. Pushing the tag (`git push --follow-tags`) publishes the package with provenance
 * (.github/workflows/publish.yml). Works in the current directory's repository.
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;
const UNRELEASED = '## [Unreleased]';

/**
 * @param {string} current
 * @param {string} bump major, minor, patch or X.Y.Z
 * @returns {string}
 */
function nextVersion(current, bump) {
	const parts = SEMVER.exec(current);
	if (!parts) throw new Error(`package.json version ${current} is not X.Y.Z`);
	const [major, minor, patch] = parts.slice(1).map(Number);
	/** @type {Record<string, string | undefined>} */
	const bumps = { major: `${major + 1}.0.0`, minor: `${major}.${minor + 1}.0`, patch: `${major}.${minor}.${patch + 1}` };
	const next = bumps[bump] ?? bump;
	if (!SEMVER.test(next ?? '')) throw new Error(`usage: npm run release -- <major|minor|patch|X.Y.Z> (got ${bump})`);
	// both match SEMVER here (tested above)
	const [a, b] = [current, next].map((v) => /** @type {RegExpExecArray} */ (SEMVER.exec(v)).slice(1).map(Number));
	const newer = a[0] !== b[0] ? b[0] > a[0] : a[1] !== b[1] ? b[1] > a[1] : b[2] > a[2];
	if (!newer) throw new Error(`${next} is not newer than ${current}`);
	return next;
}

/** The changelog with the Unreleased entries under `## [version] - date` and an empty Unreleased above. */
/**
 * @param {string} text CHANGELOG.md
 * @param {string} version
 * @param {string} date YYYY-MM-DD
 */
function releaseChangelog(text, version, date) {
	const start = text.indexOf(UNRELEASED);
	if (start === -1) throw new Error(`CHANGELOG.md has no "${UNRELEASED}" section`);
	const bodyStart = start + UNRELEASED.length;
	const next = text.indexOf('\n## [', bodyStart);
	const body = text.slice(bodyStart, next === -1 ? text.length : next).trim();
	if (!/^- /m.test(body)) throw new Error('CHANGELOG.md: the Unreleased section lists no change; write them down first');
	if (text.includes(`## [${version}]`)) throw new Error(`CHANGELOG.md already has a section for ${version}`);
	const rest = next === -1 ? '' : text.slice(next);
	return `${text.slice(0, start)}${UNRELEASED}\n\n## [${version}] - ${date}\n\n${body}\n${rest}`;
}

/**
 * @param {string} bump
 * @param {{ cwd?: string, date?: string }} [options]
 */
function release(bump, { cwd = process.cwd(), date = new Date().toISOString().slice(0, 10) } = {}) {
	/** @type {(cmd: string, args: string[]) => string} */
	const sh = (cmd, args) => execFileSync(cmd, args, { cwd, encoding: 'utf8' });
	if (sh('git', ['status', '--porcelain']).trim()) throw new Error('the working tree has uncommitted changes; commit or stash them first');
	const { version: current } = JSON.parse(fs.readFileSync(path.join(cwd, 'package.json'), 'utf8'));
	const version = nextVersion(current, bump);
	const changelogFile = path.join(cwd, 'CHANGELOG.md');
	fs.writeFileSync(changelogFile, releaseChangelog(fs.readFileSync(changelogFile, 'utf8'), version, date));
	sh('npm', ['version', version, '--no-git-tag-version', '--loglevel=error']);
	const files = ['package.json', 'CHANGELOG.md', 'package-lock.json'].filter((f) => fs.existsSync(path.join(cwd, f)));
	sh('git', ['add', ...files]);
	sh('git', ['commit', '-m', `Release ${version}`]);
	sh('git', ['tag', '-a', `v${version}`, '-m', `v${version}`]);
	return version;
}

module.exports = { nextVersion, releaseChangelog, release };

if (require.main === module) {
	try {
		const version = release(process.argv[2]);
		console.log(`Tagged v${version}. Publish it with: git push --follow-tags`);
	} catch (error) {
		console.error(error.message);
		process.exit(1);
	}
}
