/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/** Entry point of bench child processes (lib/children.ts): loads, says ready, runs on "go", reports. */
import { tasks } from './tasks';

const [task, json] = process.argv.slice(2);
const run = tasks[task as keyof typeof tasks];

function finish(message: object) {
	process.send?.(message, () => process.exit(0));
}

if (!run) {
	finish({ error: `unknown bench task ${task}` });
} else {
	process.once('message', () => {
		run(JSON.parse(json ?? '{}')).then(
			(result) => finish({ result }),
			(error: Error) => finish({ error: error?.stack ?? String(error) }),
		);
	});
	process.send?.({ ready: true });
}
