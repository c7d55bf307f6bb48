const path = require('path');
const { task, src, dest } = require('gulp');

// tsc emits only JavaScript; n8n also needs the icons and codex files next to each node.
function copyAssets() {
	return src(['nodes/**/*.{png,svg}', 'nodes/**/*.node.json', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest(path.resolve('dist')));
}

task('build:assets', copyAssets);
